/**
 * The CSV of an export (RFC 4180): a header row of column names, then one record per row, each
 * line ending in CRLF; a field holding a comma, a double quote, CR or LF is quoted and its quotes
 * doubled. Text a spreadsheet would read as a formula is prefixed with a single quote
 * (cell-text.ts); numbers are written as numbers and never prefixed.
 */
import { cellOf, formulaSafe } from './cell-text.js';

function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvCell(value: unknown): string {
  const cell = cellOf(value);
  return cell.kind === 'number' ? String(cell.value) : field(formulaSafe(cell.value));
}

/** The CSV text of a result. */
export function csvText(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map((c) => field(formulaSafe(c))).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
