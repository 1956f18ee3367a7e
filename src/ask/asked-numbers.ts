/**
 * Numbers in a question that say which rows: "where the amount is over 100", "for the top 1%",
 * "customers with at least 3 orders", "90-day retention". A number that no top-N, period or
 * filter value took is a condition on the rows or a qualifier of the measure, and the block
 * gives it only when its owner declared that number (its name, description, example questions,
 * columns or parameters say it). Ignored, it would answer for every row, which a certified label
 * must never cover. A number glued to letters is a code or a name ("LDS1", "Q3", "FY24", "A320"),
 * an ordinal is part of a date, and "per 1000" is the unit of a rate (question-shape.ts reads it).
 */

export interface AskedNumber {
  /** The number as compared: digits without thousands separators, `%` when it is a percentage. */
  key: string;
  /** As written, with a comparison word right before it ("over 100", "at least 3"). */
  text: string;
  start: number;
  end: number;
  /** The few characters right before and after the number, where a side may be said ("at least", "or more"). */
  around: { before: string; after: string };
}

const NUMBER =
  /(?<![\p{L}\p{N}_.,/-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s*(?:%|percent\b|per\s*cent\b))?(?!\.\d|[\p{N}])(?!(?:st|nd|rd|th)\b)(?!\p{L}*\p{N})/giu;
const CUE_BEFORE =
  /\b(?:over|above|under|below|exceeding|more\s+than|less\s+than|fewer\s+than|greater\s+than|higher\s+than|lower\s+than|at\s+least|at\s+most|no\s+more\s+than|up\s+to)\s*[$£€]?\s*$/i;

/** Every number of `text` that is neither part of a code nor an ordinal, with its key. */
export function numbersIn(text: string): AskedNumber[] {
  const out: AskedNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const digits = (m[1] ?? '').replaceAll(',', '');
    const key = m[2] === undefined ? digits : `${digits}%`;
    const cue = CUE_BEFORE.exec(text.slice(Math.max(0, m.index - 24), m.index));
    const start = cue === null ? m.index : m.index - cue[0].length;
    const end = m.index + m[0].length;
    const around = { before: text.slice(Math.max(0, m.index - 24), m.index), after: text.slice(end, end + 16) };
    out.push({ key, text: text.slice(start, end).trim(), start: m.index, end, around });
  }
  return out;
}

/** The numbers of a question outside `spans` (its top-N, period, filter values and the words naming a block) and not a rate's unit. */
export function looseNumbers(question: string, spans: ReadonlyArray<readonly [number, number]>): AskedNumber[] {
  return numbersIn(question).filter(
    (n) => !spans.some(([a, b]) => n.start < b && n.end > a) && !/\bper\s*$/i.test(question.slice(Math.max(0, n.start - 8), n.start)),
  );
}

/** The keys of every number an owner's text declares. */
export function declaredNumbers(text: string): Set<string> {
  const out = new Set(numbersIn(text).map((n) => n.key));
  // "missed_bins_per_100k", "per 1m passengers", "per thousand": the number a rate is per, in full.
  for (const m of text.matchAll(/\b(\d+(?:\.\d+)?)[\s_]*(k|thousand|m|mn|million)\b/gi)) {
    const times = /^(?:k|thousand)$/i.test(m[2] ?? '') ? 1_000 : 1_000_000;
    out.add(String(Math.round(Number(m[1]) * times)));
  }
  return out;
}
