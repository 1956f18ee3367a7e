/**
 * Values JSON cannot carry between the server and a statement process (see
 * sqlite-child-source.ts for the markers): a blob travels as base64, a non-finite number as
 * its text. The parent encodes such parameters and revives such cells; ordinary values pass
 * untouched, and a reply without `special` is never walked. A blob is answered as
 * `{ base64 }` (as the MCP tools show it), never as bytes that JSON would turn into a map of
 * numbers four times the size.
 */
import type { ConnectorResult, SqlValue } from './connector.js';

type Marker = { $svc: 'num'; v: string } | { $svc: 'blob'; b64: string };

function isMarker(value: unknown): value is Marker {
  return value !== null && typeof value === 'object' && typeof (value as { $svc?: unknown }).$svc === 'string';
}

/** Parameters ready for JSON, and whether any needed a marker. */
export function encodeParams(params: readonly SqlValue[]): { params: unknown[]; special: boolean } {
  let special = false;
  const out = params.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0; // SQLite stores booleans as 1 and 0.
    if (typeof value === 'number' && !Number.isFinite(value)) {
      special = true;
      return { $svc: 'num', v: String(value) };
    }
    return value;
  });
  return { params: out, special };
}

function revive(value: unknown): unknown {
  if (!isMarker(value)) return value;
  return value.$svc === 'num' ? Number(value.v) : { base64: value.b64 };
}

/** Rows with every marker turned back into its value (in place). */
export function reviveRows(rows: ConnectorResult['rows']): ConnectorResult['rows'] {
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (isMarker(row[key])) row[key] = revive(row[key]);
    }
  }
  return rows;
}
