/**
 * An export as a file: its bytes in the asked format (CSV, JSON `{ columns, rows }` or an Excel
 * workbook), its media type and a file name made from the title. The name keeps only letters,
 * digits, `-`, `_` and `.` so it is safe inside a content-disposition header as it is.
 */
import { csvText } from './csv-file.js';
import { xlsxBytes } from './xlsx-file.js';

export type ExportFormat = 'csv' | 'json' | 'xlsx';

export interface ExportedFile {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file name of an export titled `title` (`export` without one). */
export function exportFilename(title: string | undefined, format: ExportFormat): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base === '' ? 'export' : base}.${format}`;
}

function jsonText(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return JSON.stringify({ columns, rows }, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
}

/** The file of a result. */
export function exportFile(
  result: { columns: readonly string[]; rows: ReadonlyArray<Record<string, unknown>> },
  format: ExportFormat,
  title?: string,
): ExportedFile {
  const { columns, rows } = result;
  const bytes =
    format === 'csv'
      ? Buffer.from(csvText(columns, rows), 'utf8')
      : format === 'json'
        ? Buffer.from(jsonText(columns, rows), 'utf8')
        : Buffer.from(xlsxBytes(columns, rows, title));
  return { bytes, contentType: CONTENT_TYPES[format], filename: exportFilename(title, format) };
}
