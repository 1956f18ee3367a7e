/**
 * ClickHouse values as svc answers carry them (docs/warehouses.md), read from its JSON output
 * with each column's type: 64-bit integers arrive quoted and become numbers within 2^53;
 * decimals become numbers when a double holds them exactly; Date and DateTime stay the text
 * the server wrote; Nullable NULL is null; everything else is as the JSON had it.
 */
import { decimalCell, integerCell } from './json-numbers.js';

/** The type without Nullable(...) and LowCardinality(...) around it. */
function baseType(type: string): string {
  const m = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(type);
  return m === null ? type : baseType(m[1] as string);
}

/** One cell of a column of `type`. */
export function clickhouseCell(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  const base = baseType(type);
  if (/^U?Int(64|128|256)$/.test(base) && (typeof value === 'string' || typeof value === 'number')) return integerCell(String(value));
  if (base.startsWith('Decimal') && (typeof value === 'string' || typeof value === 'number')) return decimalCell(String(value));
  return value;
}
