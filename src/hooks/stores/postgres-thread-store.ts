/**
 * A conversation store on PostgreSQL, shipped for hosts that run several copies of the server
 * behind a load balancer: every copy given the same database continues the others' threads.
 * Tables `svc_threads` and `svc_thread_runs` are created when missing (in the connection's
 * first schema). A run's place in its thread is given by the database (one statement per
 * append), so two copies appending to one thread never take the same place.
 */
import { randomUUID } from 'node:crypto';
import { type PostgresStoreSettings, postgresPool } from './postgres-pool.js';
import { newThreadId, type Thread, type ThreadRun, type ThreadStore } from './thread-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS svc_threads (id text PRIMARY KEY, owner text, created_at text NOT NULL);
CREATE TABLE IF NOT EXISTS svc_thread_runs (
  run_id text PRIMARY KEY, thread_id text NOT NULL REFERENCES svc_threads(id), seq bigserial, record jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS svc_thread_runs_by_thread ON svc_thread_runs (thread_id, seq);
`;

export type { PostgresStoreSettings } from './postgres-pool.js';

/** Opens the store on `settings`; nothing is sent until its first call. */
export function createPostgresThreadStore(settings: PostgresStoreSettings, ids: () => string = randomUUID): ThreadStore {
  const { pool, ready: schema } = postgresPool(settings, 'svc-threads', SCHEMA);
  return {
    async create(owner, at) {
      await schema();
      const id = newThreadId(ids);
      await pool.query('INSERT INTO svc_threads (id, owner, created_at) VALUES ($1, $2, $3)', [id, owner ?? null, at]);
      return id;
    },
    async get(threadId) {
      await schema();
      const head = await pool.query<{ id: string; owner: string | null; created_at: string }>('SELECT id, owner, created_at FROM svc_threads WHERE id = $1', [
        threadId,
      ]);
      const row = head.rows[0];
      if (row === undefined) return undefined;
      const runs = await pool.query<{ record: ThreadRun }>('SELECT record FROM svc_thread_runs WHERE thread_id = $1 ORDER BY seq', [threadId]);
      const thread: Thread = { id: row.id, createdAt: row.created_at, runs: runs.rows.map((r) => r.record) };
      if (row.owner !== null) thread.owner = row.owner;
      return thread;
    },
    async append(run) {
      await schema();
      await pool.query('INSERT INTO svc_thread_runs (run_id, thread_id, record) VALUES ($1, $2, $3)', [run.runId, run.threadId, JSON.stringify(run)]);
    },
    async threadOf(runId) {
      await schema();
      return (await pool.query<{ thread_id: string }>('SELECT thread_id FROM svc_thread_runs WHERE run_id = $1', [runId])).rows[0]?.thread_id;
    },
    async close() {
      await pool.end();
    },
  };
}
