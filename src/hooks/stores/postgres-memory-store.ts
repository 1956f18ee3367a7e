/**
 * A memory store on PostgreSQL (`stores.memory`), shipped so server copies share each person's
 * memory items (follows). One row per owner, kind and key; setting an item is one statement, so
 * two copies changing one person's items never lose either change.
 */
import type { MemoryItem, MemoryStore } from './memory-store.js';
import { type PostgresStoreSettings, postgresPool } from './postgres-pool.js';

const SCHEMA =
  'CREATE TABLE IF NOT EXISTS svc_memory (owner text NOT NULL, kind text NOT NULL, key text NOT NULL, value jsonb NOT NULL, at text NOT NULL, seq bigserial, PRIMARY KEY (owner, kind, key));';

/** Opens the store on `settings`; nothing is sent until its first call. */
export function createPostgresMemoryStore(settings: PostgresStoreSettings): MemoryStore {
  const { pool, ready } = postgresPool(settings, 'svc-memory', SCHEMA);
  return {
    async list(owner, kind) {
      await ready();
      const rows = await pool.query<MemoryItem>('SELECT kind, key, value, at FROM svc_memory WHERE owner = $1 AND kind = $2 ORDER BY seq', [owner, kind]);
      return rows.rows;
    },
    async set(owner, item) {
      await ready();
      if (item.value === undefined) await pool.query('DELETE FROM svc_memory WHERE owner = $1 AND kind = $2 AND key = $3', [owner, item.kind, item.key]);
      else
        await pool.query(
          'INSERT INTO svc_memory (owner, kind, key, value, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner, kind, key) DO UPDATE SET value = EXCLUDED.value, at = EXCLUDED.at',
          [owner, item.kind, item.key, JSON.stringify(item.value), item.at],
        );
    },
    async close() {
      await pool.end();
    },
  };
}
