/**
 * SQLite reads a string literal as a name wherever a name must stand and a string cannot: in a
 * table position (`FROM 'orders'`, `JOIN 'dbstat'`, `FROM 'pragma_table_info'('t')`) and beside
 * a dot (`main.'orders'`, `o.'salary'`, `'o'.total`). Every reader of names (the statement check's
 * allow lists, the tables a row policy is told, the compiler's lineage) must see those as the
 * names the engine reads, so the SQLite reading turns them into quoted names before anyone reads
 * the tokens. Anywhere else a string stays a string.
 */
import { readRelations } from './relations.js';
import type { SqlToken } from './sql-token.js';

const isDot = (t: SqlToken | undefined) => t?.kind === 'punctuation' && t.value === '.';
const asName = (t: SqlToken): SqlToken => ({ ...t, kind: 'quoted-name' });

/** Where a string could stand in a name position: after FROM, JOIN, a comma or `(`, or beside a dot. */
function mayBeName(tokens: readonly SqlToken[], i: number): boolean {
  const before = tokens[i - 1];
  if (isDot(before) || isDot(tokens[i + 1])) return true;
  const v = before?.value;
  return (before?.kind === 'word' && (v === 'from' || v === 'join')) || (before?.kind === 'punctuation' && (v === ',' || v === '('));
}

/** The tokens with every string SQLite would read as a name turned into a quoted name. */
export function sqliteTextNames(tokens: SqlToken[]): SqlToken[] {
  if (!tokens.some((t, i) => t.kind === 'string' && mayBeName(tokens, i))) return tokens;
  const out = tokens.map((t, i) => (t.kind === 'string' && (isDot(tokens[i - 1]) || isDot(tokens[i + 1])) ? asName(t) : t));
  for (const ref of readRelations(out).refs) {
    const t = out[ref.first];
    if (ref.kind === 'other' && t?.kind === 'string') out[ref.first] = asName(t);
  }
  return out;
}
