/**
 * The local store of answer facts: `.svc/local/answer-facts.db`, one row per run (the record
 * as JSON, keyed by run id). Kept apart from the thread store so answering never waits on a
 * thread commit. Records wait in the store's write queue (write-queue.ts) and are committed
 * together a few milliseconds later, read from the queue meanwhile; WAL, so a crash keeps every
 * committed record and loses at most the queued ones (close() and a normal exit commit them).
 * Capped like the trace store (store-sweeper.ts, swept in each batch's transaction): the newest
 * 5,000 records, for 90 days, the file within 256 MiB.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { capFile, type StoreLimits, StoreSweeper, writeOrFree } from '../../traces/store-sweeper.js';
import { writerModule } from '../../traces/store-writer.js';
import { WriteQueue } from '../../traces/write-queue.js';
import type { RunRecord, RunStore } from './run-store.js';

export const RUN_STORE_FILE = '.svc/local/answer-facts.db';

const DAY = 86_400_000;

/** What the local answer-facts store keeps (README "Local stores"). */
export const ANSWER_FACTS_LIMITS: StoreLimits = { maxRows: 5_000, maxAgeMs: 90 * DAY, maxBytes: 256 * 1024 * 1024 };

export interface SqliteRunStoreOptions {
  limits?: Partial<StoreLimits>;
  /** Clock in ms since the epoch (retention ages); tests move it. */
  now?: () => number;
}

/** The store's file at `root`, created when needed, in WAL mode with its one table (an older file gains the `written_at` column). */
function openDatabase(root: string, limits: StoreLimits): Database.Database {
  const file = join(root, RUN_STORE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  capFile(db, limits.maxBytes);
  db.exec('CREATE TABLE IF NOT EXISTS run_facts (run_id TEXT PRIMARY KEY, owner TEXT, record TEXT NOT NULL)');
  const columns = db.prepare('PRAGMA table_info(run_facts)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'written_at')) db.exec('ALTER TABLE run_facts ADD COLUMN written_at TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS run_facts_by_at ON run_facts (written_at)');
  return db;
}

/** One record as written: plain data, so it can be posted to the store-writer thread as it is. */
interface FactRow {
  runId: string;
  owner: string | null;
  record: string;
}

const factRows = (records: readonly RunRecord[]): FactRow[] => records.map((r) => ({ runId: r.runId, owner: r.owner ?? null, record: JSON.stringify(r) }));

/** Writes rows in one transaction with the sweep; ages count from `now`, the store's clock when the batch was sent. */
function rowWriter(db: Database.Database, sweeper: StoreSweeper): (rows: readonly FactRow[], now: number) => void {
  const insert = db.prepare('INSERT OR REPLACE INTO run_facts (run_id, owner, record, written_at) VALUES (?, ?, ?, ?)');
  const tx = db.transaction((rows: readonly FactRow[], now: number) => {
    const writtenAt = new Date(now).toISOString();
    for (const r of rows) {
      insert.run(r.runId, r.owner, r.record, writtenAt);
      sweeper.afterRow(r.record.length);
    }
    sweeper.afterBatch(now);
  });
  return (rows, now) => writeOrFree(db, sweeper, () => tx(rows, now));
}

export interface RunWriterOptions {
  root: string;
  limits: StoreLimits;
}

/** The store's writer on the store-writer thread (store-writer-worker.ts): its own connection to the file. */
export function openWriter(opts: RunWriterOptions): { commit(rows: readonly FactRow[], now: number): void; close(): void } {
  const db = openDatabase(opts.root, opts.limits);
  const write = rowWriter(db, new StoreSweeper(db, SWEPT, opts.limits));
  return { commit: write, close: () => db.close() };
}

const SWEPT = { table: 'run_facts', atColumn: 'written_at' };

/** Opens (creating when needed) the local answer-facts store of the project at `root`. */
export function openSqliteRunStore(root: string, opts: SqliteRunStoreOptions = {}): RunStore {
  const limits = { ...ANSWER_FACTS_LIMITS, ...opts.limits };
  const db = openDatabase(root, limits);
  const now = opts.now ?? Date.now;
  const select = db.prepare<[string], { record: string }>('SELECT record FROM run_facts WHERE run_id = ?');
  let write: ((rows: readonly FactRow[], now: number) => void) | undefined;
  // A batch that fails loses its runs' facts, as a failed put always did; the answers stand.
  const queue = new WriteQueue<RunRecord>({
    // Only without the writer thread does this connection write (and sweep).
    commit: (records) => {
      write ??= rowWriter(db, new StoreSweeper(db, SWEPT, limits));
      write(factRows(records), now());
    },
    offThread: {
      writer: { module: writerModule('hooks/stores/sqlite-run-store.js'), options: { root, limits } satisfies RunWriterOptions },
      rows: factRows,
      now,
    },
    key: (r) => r.runId,
  });
  let closed = false;
  return {
    async put(record) {
      // A run that ends after the server closed keeps no facts: the file is no longer open.
      if (closed) return;
      queue.push(record);
    },
    async get(runId) {
      const waiting = queue.get(runId);
      if (waiting !== undefined) return structuredClone(waiting);
      const row = select.get(runId);
      return row === undefined ? undefined : (JSON.parse(row.record) as RunRecord);
    },
    async close() {
      if (closed) return;
      queue.close();
      closed = true;
      db.close();
    },
  };
}
