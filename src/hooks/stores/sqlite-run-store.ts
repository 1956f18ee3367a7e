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

/** The store's statements: one record read by run id, and many written in one transaction with the sweep. */
function statements(db: Database.Database, sweeper: StoreSweeper, now: () => number) {
  const insert = db.prepare('INSERT OR REPLACE INTO run_facts (run_id, owner, record, written_at) VALUES (?, ?, ?, ?)');
  const tx = db.transaction((records: readonly RunRecord[]) => {
    // Ages count from when a record was stored, by the store's clock.
    const writtenAt = new Date(now()).toISOString();
    for (const r of records) {
      const record = JSON.stringify(r);
      insert.run(r.runId, r.owner ?? null, record, writtenAt);
      sweeper.afterRow(record.length);
    }
    sweeper.afterBatch(now());
  });
  return {
    select: db.prepare<[string], { record: string }>('SELECT record FROM run_facts WHERE run_id = ?'),
    writeAll: (records: readonly RunRecord[]) => writeOrFree(db, sweeper, () => tx(records)),
  };
}

/** Opens (creating when needed) the local answer-facts store of the project at `root`. */
export function openSqliteRunStore(root: string, opts: SqliteRunStoreOptions = {}): RunStore {
  const limits = { ...ANSWER_FACTS_LIMITS, ...opts.limits };
  const db = openDatabase(root, limits);
  const sweeper = new StoreSweeper(db, { table: 'run_facts', atColumn: 'written_at' }, limits);
  const { select, writeAll } = statements(db, sweeper, opts.now ?? Date.now);
  // A batch that fails loses its runs' facts, as a failed put always did; the answers stand.
  const queue = new WriteQueue<RunRecord>({ commit: (records) => writeAll(records), key: (r) => r.runId });
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
