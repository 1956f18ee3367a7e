/**
 * Downloads of a table: through the server's export routes where the table has one (the rows
 * rerun as the person, with the host's export policy), else CSV and JSON of the table on screen.
 * A CSV cell a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a
 * carriage return) is prefixed with a single quote.
 */
import { backgroundHeader, signInOn } from '../client/host.js';

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, header first. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return [columns.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n';
}

/** Offers `text` (or bytes) as a file named `name`. */
export function download(name: string, type: string, text: string | Blob): void {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An export route and the body that names what it exports (the format is added per button). */
export interface ExportRoute {
  path: string;
  body: Record<string, unknown>;
}

/** The file name a server's content-disposition gives, else `fallback`. */
function filenameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/** Downloads the export in `format` through its route; undefined when done, else the server's words. */
export async function downloadExport(route: ExportRoute, format: 'csv' | 'json' | 'xlsx'): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(route.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...backgroundHeader() },
      body: JSON.stringify({ ...route.body, format }),
      credentials: 'same-origin',
    });
  } catch {
    return 'The svc server could not be reached.';
  }
  signInOn(response);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; code?: string } };
    const said = body.error?.message ?? `The server answered ${response.status}.`;
    return body.error?.code !== undefined ? `${said} (${body.error.code})` : said;
  }
  download(filenameOf(response, `export.${format}`), response.headers.get('content-type') ?? '', await response.blob());
  return undefined;
}
