/**
 * DuckDB values as svc answers carry them, the same JSON shapes every driver gives for the
 * same data (docs/warehouses.md has the table):
 * - integers within 2^53 as numbers, larger ones (BIGINT, HUGEINT, UBIGINT) as their digits;
 * - DECIMAL as a number when 15 significant digits or fewer hold it exactly, else as its text;
 * - DATE as `YYYY-MM-DD`, TIMESTAMP as `YYYY-MM-DD HH:MM:SS[.ffffff]`, TIME, INTERVAL, UUID and
 *   nested values (lists, structs, maps) as DuckDB writes them;
 * - BLOB as `{ base64 }`; NULL as null; booleans, doubles and text unchanged.
 */
import { DuckDBBlobValue, DuckDBDecimalValue } from '@duckdb/node-api';
import { decimalCell, integerCell } from './json-numbers.js';

/** One DuckDB value as svc's JSON shape. */
export function duckdbCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return integerCell(value);
  if (typeof value !== 'object') return value;
  if (value instanceof DuckDBDecimalValue) return decimalCell(value.toString());
  if (value instanceof DuckDBBlobValue) return { base64: Buffer.from(value.bytes).toString('base64') };
  return String(value);
}
