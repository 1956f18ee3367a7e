/**
 * The shipped PostgreSQL stores make their tables on first use, and several server copies start
 * at once. Every copy's first call must find the tables made, never fail on another copy's
 * half-finished creation (a failed first call is a store failure, a 503, for that request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPool } from '../../../src/hooks/stores/postgres-pool.js';
import { type PostgresServer, startPostgres } from '../../helpers/postgres-server.js';

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 180_000);
afterAll(async () => {
  await postgres?.stop();
});

const SCHEMA =
  "CREATE TABLE IF NOT EXISTS race_a (id text PRIMARY KEY, body jsonb); CREATE TABLE IF NOT EXISTS race_b (id text PRIMARY KEY); CREATE INDEX IF NOT EXISTS race_a_body ON race_a ((body->>'k'));";

describe('postgresPool: tables made once, whoever comes first', () => {
  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('round %i: twelve copies start on a fresh database and all are ready', async (round) => {
    const database = `svc_race_${round}`;
    await postgres.client.query(`CREATE DATABASE ${database}`);
    const pools = Array.from({ length: 12 }, (_, i) =>
      postgresPool({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database }, `copy-${i}`, SCHEMA),
    );
    try {
      const outcomes = await Promise.allSettled(pools.map((p) => p.ready()));
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      const tables = await pools[0]?.pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('race_a', 'race_b')");
      expect(tables?.rows[0]?.n).toBe('2');
    } finally {
      await Promise.all(pools.map((p) => p.pool.end()));
    }
  });
});

describe('postgresPool: a failed creation', () => {
  it('fails that call, leaves no connection mid-transaction, and is tried again on the next', async () => {
    await postgres.client.query('CREATE DATABASE svc_retry');
    const settings = { host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'svc_retry', max: 1 };
    // The schema needs a table a person has not made yet: the first call fails, the second (once it exists) succeeds.
    const { pool, ready } = postgresPool(settings, 'retry', 'CREATE TABLE IF NOT EXISTS child (id int REFERENCES parent (id));');
    try {
      await expect(ready()).rejects.toThrow(/parent/);
      // With one connection in the pool, a connection left in an aborted transaction would fail this.
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await pool.query('CREATE TABLE parent (id int PRIMARY KEY)');
      await expect(ready()).resolves.toBeUndefined();
      expect((await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'child'")).rows[0]?.n).toBe('1');
    } finally {
      await pool.end();
    }
  });
});
