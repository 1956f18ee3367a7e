/**
 * Matching a value from a question to the values a field can take: case, accents and
 * underscores aside ("sales", "Sales", "SALES"; "zurich", "Zürich"; "small business",
 * "small_business"), the value is bound in the spelling the data (or the project) has. A value
 * that matches none is not bound: the person is told, with the closest values.
 */
import { distance } from 'fastest-levenshtein';
import { words } from './tokens.js';

const fold = (value: string): string =>
  words(value)
    .map((w) => w.word)
    .join(' ');

/** The spelling in `values` that `asked` means, if any. */
export function matchValue(asked: string, values: readonly string[]): string | undefined {
  const key = fold(asked);
  return values.find((v) => fold(v) === key);
}

/** Up to `n` values closest to `asked` by edit distance over folded text, nearest first. */
export function closestValues(asked: string, values: readonly string[], n = 3): string[] {
  const key = fold(asked);
  const limit = Math.max(2, Math.floor(key.length / 3));
  return values
    .map((v) => ({ v, d: distance(key, fold(v)) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || (a.v < b.v ? -1 : a.v > b.v ? 1 : 0))
    .slice(0, n)
    .map((x) => x.v);
}
