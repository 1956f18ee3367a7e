/**
 * Lookup of one lower-case word against exact words and globs (`read_*`, `pg_stat*`,
 * `*privileges` after a literal prefix). Globs are bucketed by their first two literal
 * characters, so a lookup tests a handful of patterns at most, whatever the table's size.
 */

export interface WordLookup<T> {
  readonly exact: ReadonlyMap<string, T>;
  readonly globs: ReadonlyMap<string, ReadonlyArray<readonly [RegExp, T]>>;
}

/** A glob segment as an anchored expression. */
export function globExpression(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Compiles entries; a glob needs two literal characters before its first `*`. */
export function compileLookup<T>(entries: Iterable<readonly [string, T]>): WordLookup<T> {
  const exact = new Map<string, T>();
  const globs = new Map<string, Array<readonly [RegExp, T]>>();
  for (const [pattern, value] of entries) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      exact.set(pattern, value);
      continue;
    }
    if (star < 2) throw new Error(`glob ${pattern} needs two literal characters before *`);
    const key = pattern.slice(0, 2);
    const list = globs.get(key) ?? [];
    list.push([globExpression(pattern), value]);
    globs.set(key, list);
  }
  return { exact, globs };
}

/** The value for `word`, or undefined. */
export function lookupWord<T>(table: WordLookup<T>, word: string): T | undefined {
  const hit = table.exact.get(word);
  if (hit !== undefined) return hit;
  const globs = table.globs.get(word.slice(0, 2));
  if (globs === undefined) return undefined;
  for (const [expression, value] of globs) if (expression.test(word)) return value;
  return undefined;
}
