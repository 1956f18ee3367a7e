/**
 * Comparing a result cell with a test's value the way a reader of the test expects: numbers
 * and numeric strings compare as numbers (SQLite may return `'12.5'` from a text column),
 * strings compare as strings, true and false are 1 and 0 (SQLite stores them so). Anything
 * else (a blob, an object, a number against a word) is not comparable.
 */

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** True for SQL NULL as a driver hands it over. */
export function isNull(value: unknown): boolean {
  return value === null || value === undefined;
}

/**
 * Sign of `cell - value` (-1, 0, 1), or undefined when the two cannot be compared. Callers
 * handle NULL first: any comparison with NULL is not true in SQL.
 */
export function compareValues(cell: unknown, value: unknown): -1 | 0 | 1 | undefined {
  const bothText = typeof cell === 'string' && typeof value === 'string';
  const a = asNumber(cell);
  const b = asNumber(value);
  // Two numeric strings compare as numbers too: '10' > '9' is what a reader means.
  if (a !== undefined && b !== undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (bothText) return cell < value ? -1 : cell > value ? 1 : 0;
  return undefined;
}
