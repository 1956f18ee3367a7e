/**
 * The program each SQLite statement process runs, as JavaScript text for `node -e`.
 *
 * Why a child process and not a worker thread: better-sqlite3 offers no interrupt, and a
 * worker's `terminate()` waits for the native step loop to return to JavaScript, which a long
 * aggregate never does; only killing the process stops the engine. Why text and not a file:
 * the same source then runs from `dist/` and from the TypeScript sources under vitest.
 *
 * Protocol (one statement in flight per process): the parent sends
 * `{ id, sql, params, maxRows, maxBytes, maxCellBytes }` (or `{ id, sql, prepareOnly: true }`
 * to have the statement prepared and not run); the child answers `{ id, kind: 'ok',
 * columns, rows, truncated }`, `{ id, kind: 'too-large', what: 'cell' | 'result' }` (the rows
 * went over a byte bound: reading stopped there), `{ id, kind: 'error', message }` (the
 * engine's words) or `{ id, kind: 'unavailable', message }` (the database could not be opened).
 * Messages are JSON (three times cheaper per statement than structured clone here), so values
 * JSON cannot carry are sent as markers and revived by the parent (wire-values.ts): a blob as
 * `{ $svc: 'blob', b64 }`, a non-finite number as `{ $svc: 'num', v }`; `special: true` on a
 * reply says markers are present, so an ordinary result is never walked twice.
 * Invariant: the database is opened read-only, defensive and query-only, and must already exist.
 */
export const SQLITE_CHILD_SOURCE = String.raw`
'use strict';
const Database = require(process.env.SVC_SQLITE_DRIVER);
let db = null;
let openError = '';
try {
  db = new Database(process.env.SVC_SQLITE_PATH, { readonly: true, fileMustExist: true });
  // Second walls behind the statement check: defensive mode (SQLITE_DBCONFIG_DEFENSIVE: no
  // writes to the schema, shadow tables or sqlite_dbpage), query_only (no statement may change
  // the database even where read-only opening would not stop it), and an untrusted schema
  // (functions a view or trigger calls must be innocuous).
  db.unsafeMode(false);
  db.pragma('query_only = 1');
  db.pragma('trusted_schema = 0');
} catch (error) {
  openError = error && error.message ? String(error.message) : String(error);
}
// Prepared statements are reused by text; cleared whole when full, which keeps it simple.
const prepared = new Map();
function statementFor(sql) {
  let stmt = prepared.get(sql);
  if (stmt === undefined) {
    stmt = db.prepare(sql);
    if (prepared.size >= 256) prepared.clear();
    prepared.set(sql, stmt);
  }
  return stmt;
}
function needsMarker(v) {
  return (typeof v === 'number' && !Number.isFinite(v)) || typeof v === 'bigint' || (v !== null && typeof v === 'object');
}
function marker(v) {
  if (typeof v === 'number' || typeof v === 'bigint') return { $svc: 'num', v: String(v) };
  return { $svc: 'blob', b64: Buffer.from(v).toString('base64') };
}
function param(v) {
  return v !== null && typeof v === 'object' && v.$svc === 'num' ? Number(v.v) : v;
}
// Bytes a cell holds as the answer carries it: text as UTF-8, a blob as its bytes, else 8.
function cellBytes(v) {
  if (typeof v === 'string') return v.length < 64 ? v.length * 3 : Buffer.byteLength(v);
  if (v !== null && typeof v === 'object') return v.byteLength;
  return 8;
}
function runOne(m) {
  if (db === null) return { id: m.id, kind: 'unavailable', message: openError };
  const stmt = statementFor(m.sql);
  // Prepared, never run: the engine has read the statement and resolved its tables and columns.
  if (m.prepareOnly === true) return { id: m.id, kind: 'ok', columns: stmt.reader ? stmt.columns().map((c) => c.name) : [], rows: [], truncated: false };
  const params = m.special ? m.params.map(param) : m.params;
  if (!stmt.reader) {
    stmt.run(...params);
    return { id: m.id, kind: 'ok', columns: [], rows: [], truncated: false };
  }
  const columns = stmt.columns().map((c) => c.name);
  const rows = [];
  let truncated = false;
  let special = false;
  let bytes = 0;
  // Stops reading one row past the cap, or at the first row over a byte bound, so a huge
  // result is never materialised (leaving the loop resets the statement).
  for (const row of stmt.iterate(...params)) {
    if (rows.length >= m.maxRows) { truncated = true; break; }
    for (const key in row) {
      const size = cellBytes(row[key]);
      if (size > m.maxCellBytes) return { id: m.id, kind: 'too-large', what: 'cell' };
      bytes += size + key.length;
      if (needsMarker(row[key])) { row[key] = marker(row[key]); special = true; }
    }
    if (bytes > m.maxBytes) return { id: m.id, kind: 'too-large', what: 'result' };
    rows.push(row);
  }
  return { id: m.id, kind: 'ok', columns, rows, truncated, special };
}
process.on('message', (m) => {
  let reply;
  try {
    reply = runOne(m);
  } catch (error) {
    reply = { id: m.id, kind: 'error', message: error && error.message ? String(error.message) : String(error) };
  }
  process.send(reply);
});
// The parent went away (or closed the channel): nothing can reach this process any more.
process.on('disconnect', () => process.exit(0));
`;
