/**
 * The local thread store: `.svc/local/agent-runs.db`, one SQLite file apart from the Ask trace
 * store (spec 01: traces are separate from agent-run persistence). Writes are single statements
 * in WAL mode, so a crash leaves every earlier run intact.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { newThreadId, type Thread, type ThreadRun, type ThreadStore } from './thread-store.js';

export const THREAD_STORE_FILE = '.svc/local/agent-runs.db';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, owner TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL REFERENCES threads(id), seq INTEGER NOT NULL, record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_by_thread ON runs (thread_id, seq);
`;

interface ThreadRow {
  id: string;
  owner: string | null;
  created_at: string;
}

/** Opens (creating when needed) the local store of the project at `root`. */
export function openSqliteThreadStore(root: string, ids: () => string = randomUUID): ThreadStore {
  const file = join(root, THREAD_STORE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  const insertThread = db.prepare('INSERT INTO threads (id, owner, created_at) VALUES (?, ?, ?)');
  const selectThread = db.prepare<[string], ThreadRow>('SELECT id, owner, created_at FROM threads WHERE id = ?');
  const selectRuns = db.prepare<[string], { record: string }>('SELECT record FROM runs WHERE thread_id = ? ORDER BY seq');
  const insertRun = db.prepare('INSERT INTO runs (run_id, thread_id, seq, record) VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM runs WHERE thread_id = ?), ?)');
  const selectThreadOf = db.prepare<[string], { thread_id: string }>('SELECT thread_id FROM runs WHERE run_id = ?');
  return {
    async create(owner, at) {
      const id = newThreadId(ids);
      insertThread.run(id, owner ?? null, at);
      return id;
    },
    async get(threadId) {
      const row = selectThread.get(threadId);
      if (row === undefined) return undefined;
      const runs = selectRuns.all(threadId).map((r) => JSON.parse(r.record) as ThreadRun);
      const thread: Thread = { id: row.id, createdAt: row.created_at, runs };
      if (row.owner !== null) thread.owner = row.owner;
      return thread;
    },
    async append(run) {
      insertRun.run(run.runId, run.threadId, run.threadId, JSON.stringify(run));
    },
    async threadOf(runId) {
      return selectThreadOf.get(runId)?.thread_id;
    },
    async close() {
      db.close();
    },
  };
}
