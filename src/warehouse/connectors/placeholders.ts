/**
 * Placeholders in the form an engine binds. Statements reach a connector with `?` for each
 * bound value (run-block.ts writes them); PostgreSQL wants `$1`, `$2`, ..., and a server that
 * binds nothing wants the values themselves as literals. Each `?` is found with the engine's
 * own reading of the text (grammar/sql), so a `?` inside a string, a quoted name or a comment
 * is never taken for one.
 */
import { lexStatement } from '../../../grammar/sql/index.js';
import { StatementError } from './connector.js';

/** How many `?` placeholders `sql` has as `driver`'s engine reads it (0 when it cannot be read). */
export function countPlaceholders(sql: string, driver: string): number {
  try {
    return lexStatement(sql, driver).filter((t) => t.kind === 'parameter' && t.text === '?').length;
  } catch {
    return 0;
  }
}

/**
 * `sql` with its `count` `?` placeholders replaced by `render(index)` (0-based, in order).
 * Without values the text is returned as written. A count that differs from the values is a
 * WAREHOUSE_ERROR: binding some values and not others would run a different statement.
 */
export function rewritePlaceholders(sql: string, driver: string, count: number, render: (index: number) => string): string {
  if (count === 0) return sql;
  let tokens;
  try {
    tokens = lexStatement(sql, driver);
  } catch {
    throw new StatementError('WAREHOUSE_ERROR', 'The statement could not be read to bind its values.');
  }
  const marks = tokens.filter((t) => t.kind === 'parameter' && t.text === '?');
  if (marks.length !== count) {
    throw new StatementError('WAREHOUSE_ERROR', `The statement has ${marks.length} value placeholders but ${count} values were given.`);
  }
  let out = '';
  let at = 0;
  marks.forEach((mark, index) => {
    out += sql.slice(at, mark.start) + render(index);
    at = mark.end;
  });
  return out + sql.slice(at);
}
