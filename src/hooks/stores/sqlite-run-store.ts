/**
 * The local store of answer facts: `.svc/local/answer-facts.db`, one row per run (the record
 * as JSON, keyed by run id). Kept apart from the thread store so answering never waits on a
 * thread commit. Records wait in the store's write queue (write-queue.ts) and are committed
 * together a few milliseconds later, read from the queue meanwhile; WAL, so a crash keeps every
 * committed record and loses at most the queued ones (close() and a normal exit commit them).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { WriteQueue } from '../../traces/write-queue.js';
import type { RunRecord, RunStore } from './run-store.js';

export const RUN_STORE_FILE = '.svc/local/answer-facts.db';

/** The store's file at `root`, created when needed, in WAL mode with its one table. */
function openDatabase(root: string): Database.Database {
  const file = join(root, RUN_STORE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS run_facts (run_id TEXT PRIMARY KEY, owner TEXT, record TEXT NOT NULL)');
  return db;
}

/** The store's statements: one record read by run id, and many written in one transaction. */
function statements(db: Database.Database) {
  const insert = db.prepare('INSERT OR REPLACE INTO run_facts (run_id, owner, record) VALUES (?, ?, ?)');
  return {
    select: db.prepare<[string], { record: string }>('SELECT record FROM run_facts WHERE run_id = ?'),
    writeAll: db.transaction((records: readonly RunRecord[]) => {
      for (const r of records) insert.run(r.runId, r.owner ?? null, JSON.stringify(r));
    }),
  };
}

/** Opens (creating when needed) the local answer-facts store of the project at `root`. */
export function openSqliteRunStore(root: string): RunStore {
  const db = openDatabase(root);
  const { select, writeAll } = statements(db);
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
