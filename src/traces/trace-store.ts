/**
 * The local trace store: one better-sqlite3 database at `.svc/local/ask-observability` (WAL),
 * separate from agent-run persistence. The runtime opens it read-write (through the trace
 * recorder); the command line opens it read-only and never migrates or writes it.
 *
 * Every method throws only TraceError. Opening is lazy and retried: after a failure (missing,
 * locked, full, corrupt) the store waits `retryAfterMs` before it tries to open again, so a
 * broken store costs an Ask nothing but one cheap check. `status()` never throws.
 */

import { join } from 'node:path';
import type { TraceCode } from './codes.js';
import { storedRunId, TRACE_ID, type TraceDetail, type TraceStatus, type TraceSummary } from './content.js';
import { TraceError, toTraceError, type UnavailableReason } from './errors.js';
import { DEFAULT_LIMITS, type RetentionLimits } from './retention.js';
import { SCHEMA_VERSION, type SchemaInfo } from './schema.js';
import { writerModule } from './store-writer.js';
import { StoreConnection, traceRows } from './trace-store-connection.js';
import { decodeCursor, encodeCursor, type ListPage, type Viewer } from './trace-store-read.js';
import type { TraceWriterOptions } from './trace-store-writer.js';
import { WriteQueue } from './write-queue.js';

export const TRACE_STORE_FILE = join('.svc', 'local', 'ask-observability');

export function traceStorePath(root: string): string {
  return join(root, TRACE_STORE_FILE);
}

export interface TraceStoreOptions {
  root: string;
  readonly?: boolean;
  limits?: Partial<RetentionLimits>;
  /** Store clock in ms since the epoch (retention ages); tests move it. */
  now?: () => number;
  /** How long a write waits for another writer's lock; short, because an Ask is waiting. */
  busyTimeoutMs?: number;
  retryAfterMs?: number;
  /**
   * Writes wait in a write queue (write-queue.ts) and are committed together a few ms later;
   * a trace begun and finished within one batch is written once. Reads commit the queue first.
   */
  batched?: boolean;
  /** Told of the traces of a batch that did not commit (batched stores; already counted). */
  onBatchFailed?: (traceIds: string[], error: TraceError) => void;
}

/** A trace waiting in the write queue. */
interface QueuedTrace {
  detail: TraceDetail;
  fresh: boolean;
  owner: Viewer;
}

export interface TraceStoreStatus {
  available: boolean;
  mode: 'readwrite' | 'readonly';
  code?: Extract<TraceCode, 'TRACE_STORE_UNAVAILABLE' | 'TRACE_SCHEMA_UNSUPPORTED'>;
  reason?: UnavailableReason;
  schema: { version: number | null; supported: number; state: SchemaInfo['state'] | 'unknown' };
  counts?: { summaries: number; details: number };
  bytes?: number;
  limits: RetentionLimits;
  /** Failed operations since this process opened the store (rule 3: counted, changes nothing). */
  failures: number;
}

export class TraceStore {
  readonly root: string;
  readonly readonly: boolean;
  readonly limits: RetentionLimits;
  private readonly now: () => number;
  private conn: StoreConnection | undefined;
  private lastError: TraceError | undefined;
  private failedAt = -Infinity;
  private closed = false;
  private readonly queue: WriteQueue<QueuedTrace> | undefined;
  failures = 0;

  constructor(private readonly opts: TraceStoreOptions) {
    this.root = opts.root;
    this.readonly = opts.readonly ?? false;
    this.limits = { ...DEFAULT_LIMITS, ...(opts.limits ?? {}) };
    this.now = opts.now ?? Date.now;
    if (opts.batched === true && !this.readonly)
      this.queue = new WriteQueue<QueuedTrace>({
        commit: (batch) => this.use((c) => c.writeAll(batch), false),
        offThread: { writer: { module: writerModule('traces/trace-store-writer.js'), options: this.writerOptions() }, rows: traceRows, now: this.now },
        failed: (batch, error, offThread) => this.batchFailed(batch, toTraceError(error), offThread),
        key: (t) => t.detail.traceId,
        // Begun and finished in one batch: one row, first stored as it ends.
        merge: (earlier, later) => ({ ...later, fresh: earlier.fresh || later.fresh, owner: earlier.owner }),
      });
  }

  get path(): string {
    return traceStorePath(this.root);
  }

  private writerOptions(): TraceWriterOptions {
    const opts: TraceWriterOptions = { path: this.path, limits: this.limits };
    if (this.opts.busyTimeoutMs !== undefined) opts.busyTimeoutMs = this.opts.busyTimeoutMs;
    return opts;
  }

  /** A batch that did not commit: counted as a failed write on this thread would be (the writer thread's too), then told. */
  private batchFailed(batch: readonly QueuedTrace[], err: TraceError, offThread: boolean): void {
    if (offThread && err.code === 'TRACE_STORE_UNAVAILABLE') this.fail(err, err.reason !== 'locked');
    this.opts.onBatchFailed?.(
      batch.map((t) => t.detail.traceId),
      err,
    );
  }

  /** Runs `fn` on the open store (queued writes committed first); any failure becomes a counted TraceError. */
  private use<T>(fn: (c: StoreConnection) => T, commitFirst = true): T {
    if (commitFirst) this.queue?.flush();
    const c = this.open();
    try {
      return fn(c);
    } catch (error) {
      const err = toTraceError(error);
      if (err.code === 'TRACE_STORE_UNAVAILABLE') this.fail(err, err.reason !== 'locked');
      throw err;
    }
  }

  private fail(err: TraceError, drop: boolean): void {
    this.failures++;
    this.lastError = err;
    this.failedAt = Date.now();
    if (drop && this.conn !== undefined) {
      this.conn.close();
      this.conn = undefined;
    }
  }

  private open(): StoreConnection {
    if (this.conn !== undefined) return this.conn;
    if (this.closed) throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'closed' });
    if (this.lastError !== undefined && Date.now() - this.failedAt < (this.opts.retryAfterMs ?? 2000)) throw this.lastError;
    try {
      const opts = { path: this.path, readonly: this.readonly, limits: this.limits, now: this.now };
      this.conn = StoreConnection.open(this.opts.busyTimeoutMs !== undefined ? { ...opts, busyTimeoutMs: this.opts.busyTimeoutMs } : opts);
      this.lastError = undefined;
      return this.conn;
    } catch (error) {
      const err = toTraceError(error);
      this.fail(err, true);
      throw err;
    }
  }

  /**
   * Writes a trace (see StoreConnection.write) kept under its asker's owner key; throws TraceError.
   * A batched store queues it: a store that cannot be opened throws now, a batch that then fails
   * to commit is counted and told to `onBatchFailed`.
   */
  write(detail: TraceDetail, fresh: boolean, owner: Viewer = ''): void {
    if (this.readonly) throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'readonly' });
    if (this.queue === undefined) return this.use((c) => c.write(detail, fresh, owner));
    this.open();
    this.queue.push({ detail, fresh, owner });
  }

  /** Commits the queued writes now (batched stores; reads do it themselves). */
  flush(): void {
    this.queue?.flush();
  }

  /**
   * One detailed trace by trace id, as `viewer` may read it (default: the local owner; another
   * person's trace is TRACE_NOT_FOUND); TRACE_DETAIL_EXPIRED carries the surviving summary.
   */
  detail(traceId: string, viewer: Viewer = ''): TraceDetail {
    return this.use((c) => c.reads.detail(traceId, viewer));
  }

  summary(traceId: string, viewer: Viewer = ''): TraceSummary {
    return this.use((c) => c.reads.summary(traceId, viewer));
  }

  /** The newest trace of an Ask run that `viewer` asked. */
  traceIdOfRun(runId: string, viewer: Viewer = ''): string {
    return this.use((c) => {
      const id = c.reads.byRun(storedRunId(runId), viewer);
      if (id === undefined) throw new TraceError('TRACE_NOT_FOUND');
      return id;
    });
  }

  /** A trace id, or else the run id of an Ask: what `svc agent trace show` accepts. */
  resolve(traceOrRunId: string, viewer: Viewer = ''): string {
    if (TRACE_ID.test(traceOrRunId) && this.use((c) => c.reads.exists(traceOrRunId))) return traceOrRunId;
    return this.traceIdOfRun(traceOrRunId, viewer);
  }

  statusOf(traceId: string): TraceStatus | undefined {
    return this.use((c) => c.reads.status(traceId));
  }

  /** Newest first, `limit` 1..100, `cursor` from the previous page; only `viewer`'s own traces. */
  list(opts: { limit?: number; cursor?: string; viewer?: Viewer } = {}): ListPage {
    const limit = opts.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new TraceError('TRACE_REQUEST_INVALID', { message: 'limit must be an integer from 1 to 100.' });
    const before = opts.cursor === undefined ? undefined : decodeCursor(opts.cursor);
    return this.use((c) => {
      const rows = c.reads.page(before, limit + 1, opts.viewer === undefined ? '' : opts.viewer);
      const items = rows.slice(0, limit).map((r) => r.summary);
      const last = rows[limit - 1];
      return rows.length > limit && last !== undefined ? { items, nextCursor: encodeCursor(last.seq) } : { items };
    });
  }

  status(): TraceStoreStatus {
    const base = { mode: this.readonly ? ('readonly' as const) : ('readwrite' as const), limits: this.limits };
    try {
      return this.use((c) => ({
        available: true,
        ...base,
        schema: { version: c.schema.version, supported: SCHEMA_VERSION, state: c.schema.state },
        counts: c.reads.counts(),
        bytes: c.usedBytes(),
        failures: this.failures,
      }));
    } catch (error) {
      const err = toTraceError(error);
      const found = (err.data?.['schema'] as { found?: number } | undefined)?.found;
      const state = err.code === 'TRACE_SCHEMA_UNSUPPORTED' ? ('newer' as const) : ('unknown' as const);
      const out: TraceStoreStatus = {
        available: false,
        ...base,
        code: err.code === 'TRACE_SCHEMA_UNSUPPORTED' ? err.code : 'TRACE_STORE_UNAVAILABLE',
        schema: { version: found ?? null, supported: SCHEMA_VERSION, state },
        failures: this.failures,
      };
      if (err.reason !== undefined) out.reason = err.reason;
      return out;
    }
  }

  close(): void {
    this.queue?.close();
    this.closed = true;
    this.conn?.close();
    this.conn = undefined;
  }
}
