/**
 * "Did you mean": the command nearest to what was typed, when one is close enough to be a
 * typo (within two edits), else undefined. Paths are compared whole (`agent ask`).
 */
import { closest, distance } from 'fastest-levenshtein';

export function nearestCommand(argv: readonly string[], paths: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words.length === 0 || paths.length === 0) return undefined;
  for (const n of [2, 1]) {
    const typed = words.slice(0, n).join(' ');
    const candidates = paths.filter((p) => p.split(' ').length === n);
    if (candidates.length === 0) continue;
    const guess = closest(typed, candidates);
    if (guess !== typed && distance(typed, guess) <= 2) return guess;
  }
  return undefined;
}
