/**
 * What one result value reads as in an exported file: text for a spreadsheet cell or a CSV field,
 * or a number kept as a number. Every export format reads values through here, so a value never
 * reads one way in CSV and another in Excel.
 */

/** A cell: a finite number stays a number; everything else is text (null is empty text). */
export type Cell = { kind: 'number'; value: number } | { kind: 'text'; value: string };

/** The cell a result value becomes. */
export function cellOf(value: unknown): Cell {
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
  if (value === null || value === undefined) return { kind: 'text', value: '' };
  if (typeof value === 'string') return { kind: 'text', value };
  if (typeof value === 'bigint' || typeof value === 'boolean' || typeof value === 'number') return { kind: 'text', value: String(value) };
  if (value instanceof Uint8Array) return { kind: 'text', value: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return { kind: 'text', value: value.toISOString() };
  return { kind: 'text', value: JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) ?? '' };
}

/**
 * Text a spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) with a single quote put before it, so the spreadsheet shows it as text.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
