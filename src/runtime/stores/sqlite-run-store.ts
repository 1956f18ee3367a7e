/**
 * The local store of answer facts: `.svc/local/answer-facts.db`, one row per run (the record
 * as JSON, keyed by run id). Kept apart from the thread store so answering never waits on a
 * thread commit; WAL, so a crash keeps every committed record.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunRecord, RunStore } from './run-store.js';

export const RUN_STORE_FILE = '.svc/local/answer-facts.db';

/** Opens (creating when needed) the local answer-facts store of the project at `root`. */
export function openSqliteRunStore(root: string): RunStore {
  const file = join(root, RUN_STORE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS run_facts (run_id TEXT PRIMARY KEY, owner TEXT, record TEXT NOT NULL)');
  const insert = db.prepare('INSERT OR REPLACE INTO run_facts (run_id, owner, record) VALUES (?, ?, ?)');
  const select = db.prepare<[string], { record: string }>('SELECT record FROM run_facts WHERE run_id = ?');
  return {
    async put(record) {
      insert.run(record.runId, record.owner ?? null, JSON.stringify(record));
    },
    async get(runId) {
      const row = select.get(runId);
      return row === undefined ? undefined : (JSON.parse(row.record) as RunRecord);
    },
    async close() {
      db.close();
    },
  };
}
