/**
 * Compiled name patterns: `pg_stat*`, `performance_schema.*`, `information_schema.*privileges`.
 * A pattern of k segments matches a qualified name when any k consecutive parts match, so a
 * name matches however it is qualified (`pg_catalog.pg_settings`, `db.pg_catalog.pg_settings`)
 * and a column reference under a matching table matches too. Lookups go by exact first
 * segment or by bucketed glob, never a scan of every pattern.
 */
import { compileLookup, globExpression, lookupWord, type WordLookup } from './word-lookup.js';

type Segment = string | RegExp;

export interface NamePatterns {
  readonly single: WordLookup<true>;
  /** Multi-segment patterns, by their exact first segment. */
  readonly multi: ReadonlyMap<string, ReadonlyArray<readonly Segment[]>>;
}

/** Compiles patterns. A multi-segment pattern's first segment must be exact. */
export function compilePatterns(patterns: readonly string[]): NamePatterns {
  const single: Array<[string, true]> = [];
  const multi = new Map<string, Segment[][]>();
  for (const pattern of patterns) {
    const parts = pattern.split('.');
    const first = parts[0] as string;
    if (parts.length === 1) {
      single.push([first, true]);
      continue;
    }
    if (first.includes('*')) throw new Error(`name pattern ${pattern} must start with an exact segment`);
    const list = multi.get(first) ?? [];
    list.push(parts.map((p) => (p.includes('*') ? globExpression(p) : p)));
    multi.set(first, list);
  }
  return { single: compileLookup(single), multi };
}

function segmentMatches(segment: Segment, part: string): boolean {
  return typeof segment === 'string' ? segment === part : segment.test(part);
}

/** True when any window of `parts` matches any pattern. */
export function matchesName(patterns: NamePatterns, parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (lookupWord(patterns.single, part) !== undefined) return true;
    const candidates = patterns.multi.get(part);
    if (candidates === undefined) continue;
    for (const segments of candidates) {
      if (i + segments.length > parts.length) continue;
      let all = true;
      for (let k = 1; k < segments.length && all; k++) all = segmentMatches(segments[k] as Segment, parts[i + k] as string);
      if (all) return true;
    }
  }
  return false;
}
