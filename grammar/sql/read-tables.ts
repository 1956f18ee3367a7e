/**
 * `readTables(sql, driver)`: the tables a statement reads, from the dialect lexer alone. This
 * is the compiler's hot path (every block, every compile), so it never parses: it follows
 * FROM / JOIN / comma joins / USING in the token stream. CTE names are left out, qualified
 * names are kept qualified (`schema.table`), quoted names are unquoted, everything is
 * lower-cased, sorted and de-duplicated. Throws `UnreadableStatement` like `lexStatement`.
 */
import { lexStatement } from './lex-statement.js';
import { readRelations } from './relations.js';
import type { SqlToken } from './sql-token.js';

/** Sorted, de-duplicated, lower-cased names of the tables `sql` reads. */
export function readTables(sql: string, driver: string): string[] {
  return tablesOfTokens(lexStatement(sql, driver));
}

/** The same reading from tokens already lexed (the compiler lexes a block's query once). */
export function tablesOfTokens(tokens: readonly SqlToken[]): string[] {
  const { refs, cteNames } = readRelations(tokens);
  const names = new Set<string>();
  for (const ref of refs) {
    if (ref.kind !== 'name') continue;
    if (ref.parts.length === 1 && cteNames.has(ref.parts[0] as string)) continue;
    names.add(ref.parts.join('.'));
  }
  return [...names].sort();
}
