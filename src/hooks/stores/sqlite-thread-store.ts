/**
 * The local thread store: `.svc/local/agent-runs.db`, one SQLite file apart from the Ask trace
 * store (spec 01: traces are separate from agent-run persistence). Appended runs wait in the
 * store's write queue (write-queue.ts) and are committed together in WAL mode, so a crash leaves
 * every committed run intact and loses at most the queued ones (close() and a normal exit commit
 * them). Capped like the trace store (store-sweeper.ts, swept in each batch's transaction): the
 * newest 5,000 runs, for 90 days, the file within 64 MiB; a thread goes with its last run.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { capFile, type StoreLimits, StoreSweeper, writeOrFree } from '../../traces/store-sweeper.js';
import { writerModule } from '../../traces/store-writer.js';
import { WriteQueue } from '../../traces/write-queue.js';
import { newThreadId, type Thread, type ThreadRun, type ThreadStore } from './thread-store.js';

export const THREAD_STORE_FILE = '.svc/local/agent-runs.db';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, owner TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL REFERENCES threads(id), seq INTEGER NOT NULL, record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_by_thread ON runs (thread_id, seq);
`;

const DAY = 86_400_000;

/** What the local thread store keeps (README "Local stores"). */
export const THREAD_STORE_LIMITS: StoreLimits = { maxRows: 5_000, maxAgeMs: 90 * DAY, maxBytes: 64 * 1024 * 1024 };

export interface SqliteThreadStoreOptions {
  limits?: Partial<StoreLimits>;
  /** Clock in ms since the epoch (retention ages); tests move it. */
  now?: () => number;
}

/** Threads whose every run is gone: swept with them. */
const ORPHAN_THREADS = 'DELETE FROM threads WHERE NOT EXISTS (SELECT 1 FROM runs WHERE runs.thread_id = threads.id)';

interface ThreadRow {
  id: string;
  owner: string | null;
  created_at: string;
}

/** Threads started but not yet written: the first run's append writes the thread with it. */
const MAX_PENDING = 10_000;

interface Queued {
  /** The thread row, when this is the thread's first run. */
  row?: ThreadRow;
  run: ThreadRun;
  done: () => void;
  failed: (e: unknown) => void;
}

function statements(db: Database.Database) {
  return {
    insertThread: db.prepare('INSERT INTO threads (id, owner, created_at) VALUES (?, ?, ?)'),
    selectThread: db.prepare<[string], ThreadRow>('SELECT id, owner, created_at FROM threads WHERE id = ?'),
    selectRuns: db.prepare<[string], { record: string }>('SELECT record FROM runs WHERE thread_id = ? ORDER BY seq'),
    insertRun: db.prepare(
      'INSERT INTO runs (run_id, thread_id, seq, record, written_at) VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM runs WHERE thread_id = ?), ?, ?)',
    ),
    selectThreadOf: db.prepare<[string], { thread_id: string }>('SELECT thread_id FROM runs WHERE run_id = ?'),
  };
}

function openDatabase(root: string, limits: StoreLimits): Database.Database {
  const file = join(root, THREAD_STORE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A commit does not wait for the disk: an application crash keeps every committed run, a
  // power cut may lose the last few, which costs a conversation's memory, never an answer.
  db.pragma('synchronous = NORMAL');
  capFile(db, limits.maxBytes);
  db.exec(SCHEMA);
  // An older file gains the runs' time column (its rows never age out; the count cap still holds).
  const columns = db.prepare('PRAGMA table_info(runs)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'written_at')) db.exec('ALTER TABLE runs ADD COLUMN written_at TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS runs_by_at ON runs (written_at)');
  return db;
}

type Statements = ReturnType<typeof statements>;

/** One run as written (with its thread's row when it is the thread's first): plain data, so it can be posted to the store-writer thread as it is. */
interface RunRow {
  row?: ThreadRow;
  runId: string;
  threadId: string;
  record: string;
}

const runRows = (batch: readonly Queued[]): RunRow[] =>
  batch.map((item) => ({
    ...(item.row !== undefined ? { row: item.row } : {}),
    runId: item.run.runId,
    threadId: item.run.threadId,
    record: JSON.stringify(item.run),
  }));

/** Writes rows in one transaction with the sweep; ages count from `now`, the store's clock when the batch was sent. */
function rowWriter(db: Database.Database, sweeper: StoreSweeper): (rows: readonly RunRow[], now: number) => void {
  const q = statements(db);
  const tx = db.transaction((rows: readonly RunRow[], now: number) => {
    const writtenAt = new Date(now).toISOString();
    for (const r of rows) {
      if (r.row !== undefined) q.insertThread.run(r.row.id, r.row.owner, r.row.created_at);
      q.insertRun.run(r.runId, r.threadId, r.threadId, r.record, writtenAt);
      sweeper.afterRow(r.record.length);
    }
    sweeper.afterBatch(now);
  });
  return (rows, now) => writeOrFree(db, sweeper, () => tx(rows, now));
}

const sweeperOf = (db: Database.Database, limits: StoreLimits): StoreSweeper =>
  new StoreSweeper(db, { table: 'runs', atColumn: 'written_at', after: [ORPHAN_THREADS] }, limits);

export interface ThreadWriterOptions {
  root: string;
  limits: StoreLimits;
}

/** The store's writer on the store-writer thread (store-writer-worker.ts): its own connection to the file. */
export function openWriter(opts: ThreadWriterOptions): { commit(rows: readonly RunRow[], now: number): void; close(): void } {
  const db = openDatabase(opts.root, opts.limits);
  return { commit: rowWriter(db, sweeperOf(db, opts.limits)), close: () => db.close() };
}

/** The write queue of the store whose database is `db`: each batch in one transaction (on the writer thread when there is one), each run's promise settled by it. */
function commitQueue(db: Database.Database, root: string, limits: StoreLimits, now: () => number): WriteQueue<Queued> {
  let write: ((rows: readonly RunRow[], now: number) => void) | undefined;
  return new WriteQueue<Queued>({
    // Only without the writer thread does this connection write (and sweep).
    commit: (batch) => {
      write ??= rowWriter(db, sweeperOf(db, limits));
      write(runRows(batch), now());
    },
    offThread: {
      writer: { module: writerModule('hooks/stores/sqlite-thread-store.js'), options: { root, limits } satisfies ThreadWriterOptions },
      rows: runRows,
      now,
    },
    done: (batch) => {
      for (const item of batch) item.done();
    },
    failed: (batch, error) => {
      for (const item of batch) item.failed(error);
    },
  });
}

/** A thread as written, started but not yet written, or queued with its first run; its runs committed, then queued. */
function readThread(q: Statements, pending: ReadonlyMap<string, ThreadRow>, queue: readonly Queued[], threadId: string): Thread | undefined {
  const row = q.selectThread.get(threadId) ?? pending.get(threadId) ?? queue.find((i) => i.row?.id === threadId)?.row;
  if (row === undefined) return undefined;
  const stored = q.selectRuns.all(threadId).map((r) => JSON.parse(r.record) as ThreadRun);
  // A run committed on the writer thread may still be read from the queue until its batch is answered.
  const committed = new Set(stored.map((r) => r.runId));
  const thread: Thread = {
    id: row.id,
    createdAt: row.created_at,
    runs: [...stored, ...queue.filter((i) => i.run.threadId === threadId && !committed.has(i.run.runId)).map((i) => i.run)],
  };
  if (row.owner !== null) thread.owner = row.owner;
  return thread;
}

/**
 * Opens (creating when needed) the local store of the project at `root`. A new thread costs no
 * write of its own (its row goes in with its first run), and the runs appended within a few
 * milliseconds are committed together in one transaction: many people asking at once share a
 * commit. Until its commit a run is read from the queue, so a follow-up sees it at once; close()
 * commits what is queued.
 */
export function openSqliteThreadStore(root: string, ids: () => string = randomUUID, opts: SqliteThreadStoreOptions = {}): ThreadStore {
  const limits = { ...THREAD_STORE_LIMITS, ...opts.limits };
  const db = openDatabase(root, limits);
  const q = statements(db);
  const pending = new Map<string, ThreadRow>();
  const queue = commitQueue(db, root, limits, opts.now ?? Date.now);
  return {
    async create(owner, at) {
      const id = newThreadId(ids);
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
      pending.set(id, { id, owner: owner ?? null, created_at: at });
      return id;
    },
    async get(threadId) {
      return readThread(q, pending, queue.items(), threadId);
    },
    append(run) {
      const row = pending.get(run.threadId);
      pending.delete(run.threadId);
      return new Promise<void>((done, failed) => {
        if (!queue.push({ ...(row !== undefined ? { row } : {}), run, done, failed })) failed(new Error('the thread store is closed'));
      });
    },
    async threadOf(runId) {
      return q.selectThreadOf.get(runId)?.thread_id ?? queue.items().find((i) => i.run.runId === runId)?.run.threadId;
    },
    async close() {
      if (!db.open) return;
      queue.close();
      db.close();
    },
  };
}
