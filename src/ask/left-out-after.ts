/**
 * "booking window since 2025, cancellations left out", "ADR by segment YTD, cancelled bookings
 * excluded": what is left out said before the words that leave it out. After a comma, a full stop
 * or the question's start, a phrase of one to four words followed by "left out", "excluded",
 * "taken out", "stripped out" or "removed" is read as "excluding" that phrase, the order the
 * shape reader reads exclusions in. Anything longer is left as written.
 */

const LEFT_OUT_AFTER =
  /(^|[,.;:?!]\s*)((?:[\p{L}\d'’-]+\s+){0,3}[\p{L}\d'’-]+)\s+(?:left out|excluded|taken out|stripped out|removed)(?=\s*(?:$|[,.;:?!]|please\b))/giu;

/** A phrase holding one of these is a clause ("which orders were removed?"), not a thing left out. */
const CLAUSE_WORDS = /\b(?:is|are|was|were|be|been|being|has|have|had|which|what|who|how|did|do|does|we|they)\b/i;

/** The question with each "X left out" read as "excluding X". */
export function leftOutFirst(question: string): string {
  return question.replace(LEFT_OUT_AFTER, (all: string, lead: string, phrase: string) => (CLAUSE_WORDS.test(phrase) ? all : `${lead}excluding ${phrase}`));
}
