/**
 * Read side of the trace store: prepared statements shared by the read-write runtime and the
 * read-only command line, and the opaque list cursor. The `status` column and the presence of
 * a detail row are the truth; the JSON beside them is overlaid with them on every read.
 */
import type { Database } from 'better-sqlite3';
import { TRACE_FORMAT, TRACE_FORMAT_VERSION, type TraceDetail, type TraceStatus, type TraceSummary } from './content.js';
import { TraceError } from './errors.js';

export interface ListPage {
  items: TraceSummary[];
  /** Present when more summaries follow; pass it back unchanged. */
  nextCursor?: string;
}

interface Row {
  seq: number;
  status: TraceStatus;
  summary_json: string;
  /** The detail JSON, or for list rows 1 when a detail exists; null once it expired. */
  detail_json: string | number | null;
}

/**
 * Whose traces a read may see: the owner key of the reader (see ownerKey). A trace is read only
 * by its asker; null (no one placed) reads none.
 */
export type Viewer = string | null;

export interface Reads {
  detail(traceId: string, viewer: Viewer): TraceDetail;
  summary(traceId: string, viewer: Viewer): TraceSummary;
  byRun(runId: string, viewer: Viewer): string | undefined;
  /** Unfiltered: whether the id exists at all (the recorder's own bookkeeping). */
  exists(traceId: string): boolean;
  status(traceId: string): TraceStatus | undefined;
  page(beforeSeq: number | undefined, limit: number, viewer: Viewer): Array<{ seq: number; summary: TraceSummary }>;
  counts(): { summaries: number; details: number };
  usedBytes(): number;
}

function parse<T>(json: string): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    // a row that does not read is damage, not a missing trace
    throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'corrupt' });
  }
}

function summaryOf(row: Row): TraceSummary {
  const s = parse<TraceSummary>(row.summary_json);
  s.status = row.status;
  s.detail = row.detail_json !== null || row.status === 'recording' || row.status === 'abandoned' ? 'present' : 'expired';
  return s;
}

/** Evidence of a trace that never finished: what its summary knows (it has no detail row). */
function recordingDetail(row: Row): TraceDetail {
  const s = parse<TraceSummary>(row.summary_json);
  return {
    format: TRACE_FORMAT,
    version: TRACE_FORMAT_VERSION,
    traceId: s.traceId,
    runId: s.runId,
    kind: s.kind,
    status: row.status,
    startedAt: s.startedAt,
    phases: [],
    candidates: [],
    attempts: [],
    outcome: {},
    sources: { used: [], considered: 0, eligible: 0 },
    fingerprints: {},
    dropped: 0,
  };
}

/** The read statements; the owner-filtered ones take the reader's owner key after their own arguments. */
function readStatements(db: Database) {
  const FROM = 'FROM summaries s LEFT JOIN details d ON d.seq = s.seq';
  // A store made before owners were kept (read without migrating) holds the local owner's traces only.
  const owned = Number(db.prepare("SELECT count(*) FROM pragma_table_info('summaries') WHERE name = 'owner'").pluck().get()) > 0;
  const OWN = owned ? 's.owner = ?' : "? = ''";
  return {
    one: db.prepare(`SELECT s.seq, s.status, s.summary_json, d.detail_json ${FROM} WHERE s.trace_id = ? AND ${OWN}`),
    page: db.prepare(
      `SELECT s.seq, s.status, s.summary_json, CASE WHEN d.seq IS NULL THEN NULL ELSE 1 END AS detail_json ${FROM} WHERE s.seq < ? AND ${OWN} ORDER BY s.seq DESC LIMIT ?`,
    ),
    byRun: db.prepare(`SELECT s.trace_id FROM summaries s WHERE s.run_id = ? AND ${OWN} ORDER BY s.seq DESC LIMIT 1`).pluck(),
    status: db.prepare('SELECT status FROM summaries WHERE trace_id = ?').pluck(),
    countS: db.prepare('SELECT count(*) FROM summaries').pluck(),
    countD: db.prepare('SELECT count(*) FROM details').pluck(),
    pages: db.prepare('PRAGMA page_count').pluck(),
    free: db.prepare('PRAGMA freelist_count').pluck(),
    pageSize: db.prepare('PRAGMA page_size').pluck(),
  };
}

/** A trace row's detail: its evidence, what a trace that never finished knows, or TRACE_DETAIL_EXPIRED. */
function detailOf(r: Row): TraceDetail {
  if (typeof r.detail_json !== 'string' && (r.status === 'recording' || r.status === 'abandoned')) return recordingDetail(r);
  if (typeof r.detail_json !== 'string') throw new TraceError('TRACE_DETAIL_EXPIRED', { data: { summary: summaryOf(r) } });
  const d = parse<TraceDetail>(r.detail_json);
  d.status = r.status;
  return d;
}

/** The reads over the trace store `db`. */
export function readRows(db: Database): Reads {
  const q = readStatements(db);
  // Another person's trace reads as not found, exactly like a missing one.
  const row = (traceId: string, viewer: Viewer): Row => {
    const r = viewer === null ? undefined : (q.one.get(traceId, viewer) as Row | undefined);
    if (r === undefined) throw new TraceError('TRACE_NOT_FOUND');
    return r;
  };
  return {
    detail: (traceId, viewer) => detailOf(row(traceId, viewer)),
    summary: (traceId, viewer) => summaryOf(row(traceId, viewer)),
    byRun: (runId, viewer) => (viewer === null ? undefined : (q.byRun.get(runId, viewer) as string | undefined)),
    exists: (traceId) => q.status.get(traceId) !== undefined,
    status: (traceId) => q.status.get(traceId) as TraceStatus | undefined,
    page: (beforeSeq, limit, viewer) =>
      (viewer === null ? [] : (q.page.all(beforeSeq ?? Number.MAX_SAFE_INTEGER, viewer, limit) as Row[])).map((r) => ({ seq: r.seq, summary: summaryOf(r) })),
    counts: () => ({ summaries: Number(q.countS.get()), details: Number(q.countD.get()) }),
    usedBytes: () => (Number(q.pages.get()) - Number(q.free.get())) * Number(q.pageSize.get()),
  };
}

const CURSOR = /^c1\.(\d{1,15})$/;

/** Opaque to clients: a version tag and the last sequence number seen, base64url-encoded. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`c1.${seq}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (m === null || cursor.length > 64) throw new TraceError('TRACE_REQUEST_INVALID', { message: 'cursor is not one this store issued.' });
  return Number(m[1]);
}
