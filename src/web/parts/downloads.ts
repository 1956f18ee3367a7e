/**
 * Downloads of a table through the server's export routes: the rows rerun as the person, with
 * the host's export policy, written by the server (formula-like CSV text behind a single quote,
 * Excel cells never formulas). Nothing is saved from the screen.
 */
import { backgroundHeader, signInOn } from '../client/host.js';

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
