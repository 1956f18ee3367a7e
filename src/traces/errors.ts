/**
 * The trace error vocabulary of spec 01 ("Errors") and how a failure of SQLite or the file system
 * maps onto it. Messages are fixed sentences: an error raised here never carries the text of the
 * underlying failure, which could name a local path. The codes, their sentences and statuses
 * are the traces table's (codes.ts).
 */
import type { CodesWhere } from '../rules/code-table.js';
import { TRACE_CODES } from './codes.js';

/** The codes a trace error carries: the entries of the traces table with an HTTP status. */
export type TraceErrorCode = CodesWhere<typeof TRACE_CODES, { status: number }>;

const coded = Object.entries(TRACE_CODES).flatMap(([code, entry]) => ('status' in entry ? [[code as TraceErrorCode, entry] as const] : []));

export const TRACE_ERROR_CODES: readonly TraceErrorCode[] = coded.map(([code]) => code);

/** Why the store cannot be used; a stable code, shown in status and counted. */
export type UnavailableReason = 'missing' | 'locked' | 'full' | 'corrupt' | 'readonly' | 'io' | 'closed';

/** HTTP status of each code on the local trace endpoints. */
export const TRACE_HTTP_STATUS = Object.fromEntries(coded.map(([code, entry]) => [code, entry.status])) as Readonly<Record<TraceErrorCode, number>>;

const REASON_TEXT: Record<UnavailableReason, string> = {
  missing: 'no trace store exists yet',
  locked: 'the trace store is locked by another process',
  full: 'the trace store is full',
  corrupt: 'the trace store file is damaged',
  readonly: 'the trace store cannot be written',
  io: 'the trace store cannot be read or written',
  closed: 'the trace store is closed',
};

export class TraceError extends Error {
  readonly code: TraceErrorCode;
  readonly reason: UnavailableReason | undefined;
  /** Extra machine-readable facts (a summary for TRACE_DETAIL_EXPIRED, a check name, ...). */
  readonly data: Record<string, unknown> | undefined;

  constructor(code: TraceErrorCode, opts: { reason?: UnavailableReason; message?: string; data?: Record<string, unknown> } = {}) {
    const reasonText = opts.reason === undefined ? '' : ` (${REASON_TEXT[opts.reason]})`;
    super(opts.message ?? `${TRACE_CODES[code].meaning}${reasonText}`);
    this.name = 'TraceError';
    this.code = code;
    this.reason = opts.reason;
    this.data = opts.data;
  }
}

export function isTraceError(error: unknown): error is TraceError {
  return error instanceof TraceError;
}

/** SQLite result codes (better-sqlite3 `SqliteError.code`) mapped to a stable reason. */
function reasonOfSqliteCode(code: string): UnavailableReason {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code.startsWith('SQLITE_FULL')) return 'full';
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) return 'corrupt';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'missing';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_AUTH')) return 'readonly';
  return 'io';
}

/**
 * Any failure as a TraceError: trace errors pass through; SQLite and file-system errors become
 * TRACE_STORE_UNAVAILABLE with a reason. Nothing of the original message is kept.
 */
export function toTraceError(error: unknown): TraceError {
  if (error instanceof TraceError) return error;
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
  if (code.startsWith('SQLITE_')) return new TraceError('TRACE_STORE_UNAVAILABLE', { reason: reasonOfSqliteCode(code) });
  if (code === 'ENOENT') return new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'missing' });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'readonly' });
  if (code === 'ENOSPC' || code === 'EDQUOT') return new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'full' });
  return new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'io' });
}

/** The JSON error body of the local endpoints and of `--format json` on the command line. */
export function errorBody(error: TraceError): { error: { code: TraceErrorCode; message: string; reason?: UnavailableReason } } & Record<string, unknown> {
  const body: { code: TraceErrorCode; message: string; reason?: UnavailableReason } = { code: error.code, message: error.message };
  if (error.reason !== undefined) body.reason = error.reason;
  return { error: body, ...(error.data ?? {}) };
}
