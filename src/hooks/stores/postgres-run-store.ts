/**
 * An answer-facts store on PostgreSQL (`stores.runs`), shipped so server copies behind a load
 * balancer read each other's answer facts. Table `svc_run_facts` is made when missing.
 */
import { type PostgresStoreSettings, postgresPool } from './postgres-pool.js';
import type { RunRecord, RunStore } from './run-store.js';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS svc_run_facts (run_id text PRIMARY KEY, owner text, record jsonb NOT NULL);';

/** Opens the store on `settings`; nothing is sent until its first call. */
export function createPostgresRunStore(settings: PostgresStoreSettings): RunStore {
  const { pool, ready } = postgresPool(settings, 'svc-run-facts', SCHEMA);
  return {
    async put(record) {
      await ready();
      await pool.query(
        'INSERT INTO svc_run_facts (run_id, owner, record) VALUES ($1, $2, $3) ON CONFLICT (run_id) DO UPDATE SET owner = EXCLUDED.owner, record = EXCLUDED.record',
        [record.runId, record.owner ?? null, JSON.stringify(record)],
      );
    },
    async get(runId) {
      await ready();
      return (await pool.query<{ record: RunRecord }>('SELECT record FROM svc_run_facts WHERE run_id = $1', [runId])).rows[0]?.record;
    },
    async close() {
      await pool.end();
    },
  };
}
