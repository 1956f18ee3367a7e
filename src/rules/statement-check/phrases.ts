/**
 * Phrase tables: runs of words (`alter system`, `for no key update`) looked up from a token.
 * Statement phrases skip the optional words that may sit between a statement's keywords
 * (OR REPLACE, TEMPORARY, IF NOT EXISTS ...), so `CREATE OR REPLACE TEMP SECRET` is
 * `create secret`.
 */
import type { SqlToken } from '../../../grammar/sql/index.js';

/** Phrases by first word; each entry is the full word list. */
export type PhraseTable<T> = ReadonlyMap<string, ReadonlyArray<readonly [readonly string[], T]>>;

const OPTIONAL = new Set([
  'or',
  'replace',
  'temporary',
  'temp',
  'persistent',
  'if',
  'not',
  'exists',
  'global',
  'local',
  'unlogged',
  'transient',
  'volatile',
  'secure',
  'recursive',
  'materialized',
]);

/** Compiles `phrase -> value` entries; longer phrases are tried first. */
export function compilePhrases<T>(entries: Iterable<readonly [string, T]>): PhraseTable<T> {
  const table = new Map<string, Array<readonly [readonly string[], T]>>();
  for (const [phrase, value] of entries) {
    const words = phrase.split(' ');
    const list = table.get(words[0] as string) ?? [];
    list.push([words, value]);
    list.sort((a, b) => b[0].length - a[0].length);
    table.set(words[0] as string, list);
  }
  return table;
}

function wordAt(tokens: readonly SqlToken[], i: number): string | undefined {
  const t = tokens[i];
  return t !== undefined && t.kind === 'word' ? t.value : undefined;
}

/** The value of the longest phrase starting at `i`; `skipOptional` for statement phrases. */
export function matchPhrase<T>(table: PhraseTable<T>, tokens: readonly SqlToken[], i: number, skipOptional = false): T | undefined {
  const first = wordAt(tokens, i);
  if (first === undefined) return undefined;
  const candidates = table.get(first);
  if (candidates === undefined) return undefined;
  for (const [words, value] of candidates) {
    let j = i + 1;
    let k = 1;
    while (k < words.length) {
      const w = wordAt(tokens, j);
      if (w === words[k]) k++;
      else if (!(skipOptional && w !== undefined && OPTIONAL.has(w))) break;
      j++;
    }
    if (k === words.length) return value;
  }
  return undefined;
}
