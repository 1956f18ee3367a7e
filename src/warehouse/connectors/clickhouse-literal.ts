/**
 * Values as ClickHouse literals, for servers that predate query parameters (18.16 answers
 * `{name:Type}` with "Unknown setting param_name"). This is the one place svc writes a value
 * into statement text, and only for such servers: text goes between single quotes with every
 * backslash, quote and control character escaped the way ClickHouse reads escapes, so no value
 * can end the literal; numbers only when finite; booleans as 1 and 0; null as NULL.
 */
import type { SqlValue } from './connector.js';

const NAMED: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0', '\b': '\\b', '\f': '\\f' };

function escapeChar(c: string): string {
  return NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** `value` as a ClickHouse literal; throws a RangeError for a number that is not finite. */
export function clickhouseLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('a number that is not finite has no ClickHouse literal');
    // Plain digits, never an exponent the reader might take differently.
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  // Backslash, quote, and every C0 control character and DEL.
  return `'${value.replace(/[\\'\u0000-\u001f\u007f]/g, escapeChar)}'`;
}
