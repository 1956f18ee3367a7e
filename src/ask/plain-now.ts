/**
 * "ARR by region right now", "customers at the moment": ways of saying "now" that use ordinary
 * words ("right", "moment", "present", "stand") would otherwise be read as part of a grouping or
 * as a measure no block holds. Each is read as the one word "now", which asks for the current
 * state and takes no period.
 */

const SAYS_NOW = /\b(?:right now|just now|as of (?:now|today|right now)|at (?:the )?(?:moment|present)|as (?:things|it) stands?|at this (?:point|time))\b/gi;

/** The question with every multi-word "now" read as the word "now". */
export function plainNow(question: string): string {
  return question.replace(SAYS_NOW, 'now');
}
