/**
 * What a hosted request learns of a warehouse failure (spec 03 "Query path" 6): the engine's
 * words may quote the rewritten statement, values the row policy added included, so they go to
 * the server log under an eight-letter reference with the failure's kind and the statement's own
 * tables, and the caller gets a WarehouseStatementError carrying only the diagnosis.
 */
import { tablesRead } from '../compiler/sql-tables.js';
import { errorReference } from '../hooks/context/error-reference.js';
import { type StatementError, WarehouseStatementError } from './types.js';

type Params = ReadonlyArray<string | number | boolean | null>;

/**
 * The diagnosis: the first line, cut where engines start quoting the statement (`near "…"`,
 * `LINE n:`, `at or near`, ` in statement`), with any value the rewrite added left out.
 */
export function diagnosisOf(message: string, added: readonly string[]): string {
  let d = (message.split('\n')[0] ?? '').trim();
  const near = /^near ".*": (.*)$/s.exec(d);
  if (near !== null) d = near[1] ?? '';
  for (const cut of [/ at or near .*$/s, / LINE \d+:.*$/s, / in statement.*$/is, / at character \d+.*$/s]) d = d.replace(cut, '');
  for (const value of added) if (value.length > 0) d = d.split(value).join('…');
  d = d.trim();
  return d === '' ? 'the warehouse refused the statement' : d.slice(0, 300);
}

/** Logs the engine's words and returns what the caller may carry. */
export function warehouseFailure(
  failure: StatementError,
  asked: { sql: string; params: Params },
  ran: { sql: string; params: Params },
  driver: string,
  log: (line: string) => void,
): WarehouseStatementError {
  const reference = errorReference();
  const tables = tablesRead(asked.sql, driver);
  // Literals only the rewrite holds: its text minus what was asked, and its values minus the asked ones.
  const askedValues = new Set(asked.params.map(String));
  const added = [
    ...ran.params.map(String).filter((v) => !askedValues.has(v)),
    ...[...ran.sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1] ?? '').filter((v) => !asked.sql.includes(v)),
  ];
  const diagnosis = diagnosisOf(failure.message, added);
  log(`[${reference}] WAREHOUSE_ERROR (tables: ${tables.join(', ') || 'unknown'}; diagnosis: ${diagnosis}): ${failure.message}`);
  return new WarehouseStatementError(diagnosis, reference, tables);
}
