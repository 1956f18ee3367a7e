/**
 * "Who drives for MAN1?" asks for the drivers of MAN1: `who` and a verb whose doer the project
 * names (drive -> driver, pay -> payer, sell -> seller) is read as "which drivers". Nothing is
 * listed by hand: the doer must be a word some block uses, else the question stays as written.
 */

const WHO_VERB = /\bwho\s+([a-z]{3,})s\b/i;

/** The question with "who <verb>s" read as "which <doer>s" when the project names the doer. */
export function whoAsDoer(question: string, isKnown: (word: string) => boolean): string {
  const m = WHO_VERB.exec(question);
  const base = m?.[1]?.toLowerCase();
  if (m === null || base === undefined) return question;
  const doer = base.endsWith('e') ? `${base}r` : `${base}er`;
  if (!isKnown(doer)) return question;
  return `${question.slice(0, m.index)}which ${doer}s${question.slice(m.index + m[0].length)}`;
}
