/**
 * Coercing a block parameter's value to its declared type before it is bound. Values arrive
 * from JSON bodies, query strings and questions, so a numeric string is a number and "true" is
 * a boolean; anything that would change meaning (NaN, 1.5 for an integer, 2024-02-30 for a
 * date) is refused. Messages name the parameter and its type, never the value given.
 */
import type { ParamType } from '../../compiler/types.js';
import type { SqlValue } from '../../warehouse/connectors/connector.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type Coerced = { ok: true; value: SqlValue } | { ok: false; expected: string };

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Round-tripping through UTC rejects days a month does not have (2024-02-30, 2023-02-29).
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function toDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  return typeof value === 'string' && isCalendarDate(value) ? value : undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === '1') return true;
  if (word === 'false' || word === '0') return false;
  return undefined;
}

function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

const EXPECTED: Readonly<Record<ParamType, string>> = {
  string: 'a string',
  number: 'a finite number',
  integer: 'an integer',
  boolean: 'true or false',
  date: 'a date written YYYY-MM-DD',
};

/** The bindable value of `value` as `type`; null stays null (SQL NULL) for every type. */
export function coerceParam(type: ParamType, value: unknown): Coerced {
  if (value === null) return { ok: true, value: null };
  let out: SqlValue | undefined;
  switch (type) {
    case 'string':
      out = toText(value);
      break;
    case 'number':
      out = toNumber(value);
      break;
    case 'integer': {
      const n = toNumber(value);
      out = n !== undefined && Number.isSafeInteger(n) ? n : undefined;
      break;
    }
    case 'boolean':
      out = toBoolean(value);
      break;
    case 'date':
      out = toDate(value);
      break;
  }
  return out === undefined ? { ok: false, expected: EXPECTED[type] ?? 'a value of its declared type' } : { ok: true, value: out };
}
