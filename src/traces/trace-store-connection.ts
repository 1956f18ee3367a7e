/**
 * One open connection to the trace store file, read-only (command line) or writable (runtime):
 * its pragmas, schema check or migration, prepared statements and the one write transaction.
 * TraceStore (store.ts) owns the connection's life: failures, retries and closing.
 *
 * Writable connections run WAL with synchronous=NORMAL (a commit does not wait for the disk),
 * a page cache of 256 KiB (store-sweeper.ts), a hard size cap (max_page_count) so a full store
 * fails a write instead of growing, and no automatic checkpoint: checkpoints are scheduled after
 * every 256th write with setImmediate, so an Ask never pays for one inside its own write.
 */

import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { summarise, type TraceDetail } from './content.js';
import { TraceError } from './errors.js';
import { Retention, type RetentionLimits } from './retention.js';
import { migrate, readSchema, type SchemaInfo, schemaUnsupported } from './schema.js';
import { capPageCache } from './store-sweeper.js';
import { type Reads, readRows } from './trace-store-read.js';

const CHECKPOINT_EVERY_WRITES = 256;

/** One trace as written: plain data, so it can be posted to the store-writer thread as it is. */
export interface TraceRow {
  traceId: string;
  runId: string;
  status: string;
  /** Owner key of the asker (see ownerKey); written with the summary's first row only. */
  owner: string | null;
  fresh: boolean;
  summaryJson: string;
  /** Absent while the trace is recording (a recording trace has no evidence worth a second row yet). */
  detailJson?: string;
  startedAt: number;
}

/** Traces as the rows written for them: each one's summary, and its detail once it is no longer recording. */
export function traceRows(traces: ReadonlyArray<{ detail: TraceDetail; fresh: boolean; owner: string | null }>): TraceRow[] {
  return traces.map(({ detail, fresh, owner }) => {
    const row: TraceRow = {
      traceId: detail.traceId,
      runId: detail.runId,
      status: detail.status,
      owner,
      fresh,
      summaryJson: JSON.stringify(summarise(detail)),
      startedAt: Date.parse(detail.startedAt),
    };
    if (detail.status !== 'recording') row.detailJson = JSON.stringify(detail);
    return row;
  });
}

export interface ConnectionOptions {
  path: string;
  readonly: boolean;
  limits: RetentionLimits;
  busyTimeoutMs?: number;
  now: () => number;
}

function openWritable(opts: ConnectionOptions): Database.Database {
  mkdirSync(dirname(opts.path), { recursive: true });
  const db = new Database(opts.path, { timeout: opts.busyTimeoutMs ?? 5 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    capPageCache(db);
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('journal_size_limit = 4194304');
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    db.pragma(`max_page_count = ${Math.max(1, Math.floor(opts.limits.maxBytes / pageSize))}`);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function openReadonly(opts: ConnectionOptions): Database.Database {
  if (!existsSync(opts.path)) throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'missing' });
  return new Database(opts.path, { readonly: true, fileMustExist: true, timeout: opts.busyTimeoutMs ?? 1000 });
}

export class StoreConnection {
  readonly schema: SchemaInfo;
  readonly reads: Reads;
  private readonly writeTx: Database.Transaction<(rows: readonly TraceRow[]) => void> | undefined;
  private readonly retention: Retention | undefined;
  private sinceCheckpoint = 0;
  private closed = false;

  /** Opens (and for a writable connection creates and migrates) the store. Throws on failure. */
  constructor(
    readonly db: Database.Database,
    opts: ConnectionOptions,
  ) {
    this.schema = readSchema(db);
    if (this.schema.state === 'newer') throw schemaUnsupported(this.schema);
    if (this.schema.state === 'empty') throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'missing' });
    this.reads = readRows(db);
    if (opts.readonly) return;
    // Plain INSERT for a new trace and UPDATE for a known one: an upsert would use up a
    // sequence number on every update, and retention relies on numbers without gaps.
    const insertSummary = db.prepare('INSERT INTO summaries (trace_id, run_id, status, started_at, summary_json, owner) VALUES (?, ?, ?, ?, ?, ?)');
    const updateSummary = db.prepare('UPDATE summaries SET status = ?, summary_json = ? WHERE trace_id = ? RETURNING seq').pluck();
    const upsertDetail = db.prepare(`INSERT INTO details (seq, written_at, detail_json, bytes) VALUES (?, ?, ?, ?)
      ON CONFLICT(seq) DO UPDATE SET detail_json = excluded.detail_json, bytes = excluded.bytes`);
    const retention = new Retention(db, opts.limits);
    this.retention = retention;
    this.writeTx = db.transaction((rows: readonly TraceRow[]) => {
      for (const r of rows) {
        let seq = r.fresh ? undefined : (updateSummary.get(r.status, r.summaryJson, r.traceId) as number | undefined);
        const inserted = seq === undefined;
        if (inserted) seq = Number(insertSummary.run(r.traceId, r.runId, r.status, r.startedAt, r.summaryJson, r.owner).lastInsertRowid);
        if (r.detailJson !== undefined) upsertDetail.run(seq, r.startedAt, r.detailJson, r.detailJson.length);
        if (inserted) retention.afterInsert(seq!, opts.now());
        // Per row: a batch of large traces must not reach the hard cap before its end.
        retention.afterRow(r.summaryJson.length + (r.detailJson?.length ?? 0));
      }
      retention.enforceSize();
    });
  }

  static open(opts: ConnectionOptions): StoreConnection {
    const db = opts.readonly ? openReadonly(opts) : openWritable(opts);
    try {
      return new StoreConnection(db, opts);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Writes one trace in one transaction (see writeAll). */
  write(detail: TraceDetail, fresh: boolean, owner: string | null): void {
    this.writeAll([{ detail, fresh, owner }]);
  }

  /** Writes traces in one transaction (see traceRows and writeRows). */
  writeAll(traces: ReadonlyArray<{ detail: TraceDetail; fresh: boolean; owner: string | null }>): void {
    this.writeRows(traceRows(traces));
  }

  /** Writes trace rows in one transaction; a trace stored for the first time (`fresh`) also enforces retention there. */
  writeRows(rows: readonly TraceRow[]): void {
    if (this.writeTx === undefined || this.retention === undefined) throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'readonly' });
    try {
      this.writeTx.immediate(rows);
    } catch (error) {
      // Full: free a quarter of the budget from the oldest evidence and try once more; a
      // store that still cannot take the traces is reported full.
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
      this.db.transaction(() => this.retention!.enforceSize(0.25)).immediate();
      this.writeTx.immediate(rows);
    }
    this.sinceCheckpoint += rows.length;
    if (this.sinceCheckpoint >= CHECKPOINT_EVERY_WRITES) this.scheduleCheckpoint();
  }

  private scheduleCheckpoint(): void {
    this.sinceCheckpoint = 0;
    setImmediate(() => {
      if (this.closed) return;
      try {
        this.db.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // a busy or failing checkpoint is retried after the next batch of writes
      }
    });
  }

  usedBytes(): number {
    return this.retention?.usedBytes() ?? this.reads.usedBytes();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.db.close();
    } catch {
      // already unusable; nothing else to release
    }
  }
}
