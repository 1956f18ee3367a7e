/**
 * Where in a query an engine's error points. Engines name the word they stumbled on (`near
 * "FORM"`, `no such column: produkt`, `relation "sale" does not exist`, `Referenced column
 * "produkt" not found`, `Unknown expression identifier 'produkt'`, `failed at position 8
 * (FORM)`); the first token of the query that reads as that word is the place. Undefined when the
 * message names no word or the query holds none that matches: the caller keeps the query's span.
 */
import { isNameToken, lexStatement, type SqlToken } from '../../../grammar/sql/index.js';
import { sameLengthParams } from '../../compiler/analyze/sql.js';

const PATTERNS: readonly RegExp[] = [
  /near "([^"]+)"/,
  /no such (?:table|column): (\S+)/,
  /relation "([^"]+)" does not exist/,
  /column "([^"]+)" does not exist/,
  /column (\S+) does not exist/,
  /Table with name (\S+) does not exist/,
  /Referenced column "([^"]+)" not found/,
  /Missing columns: '([^']+)'/,
  /identifier '([^']+)'/,
  /Table (\S+) does not exist/,
  /failed at position \d+ \(['‘]?([^)'’]+)['’]?\)/,
];

/** The word an engine message names, without quotes or qualifiers. */
export function namedWord(message: string): string | undefined {
  for (const pattern of PATTERNS) {
    const found = pattern.exec(message)?.[1];
    if (found !== undefined && found !== '') return found.replace(/[!.,]+$/, '');
  }
  return undefined;
}

function matches(token: SqlToken, word: string): boolean {
  const lower = word.toLowerCase();
  if (token.text === word || token.text.toLowerCase() === lower) return true;
  return isNameToken(token) && token.value.toLowerCase() === lower;
}

/** The offsets in `query` of the word the engine's message names, or undefined. */
export function enginePosition(message: string, query: string, driver: string): { start: number; end: number } | undefined {
  const word = namedWord(message);
  if (word === undefined) return undefined;
  let tokens: SqlToken[];
  try {
    tokens = lexStatement(sameLengthParams(query), driver);
  } catch {
    return undefined;
  }
  const last = word.split('.').at(-1) ?? word;
  const hit = tokens.find((t) => matches(t, word)) ?? tokens.find((t) => matches(t, last));
  return hit === undefined ? undefined : { start: hit.start, end: hit.end };
}
