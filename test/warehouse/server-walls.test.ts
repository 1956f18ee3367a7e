/**
 * Second walls in the server engines (issue 25, item 4), against real servers, statements sent
 * to the connectors past the check on purpose:
 *
 * - PostgreSQL, under the read-only role docs/warehouses.md asks for: `default_transaction_read_only`
 *   on, no membership in pg_read_server_files, pg_write_server_files, pg_execute_server_program or
 *   pg_signal_backend, SELECT on the tables it reads. Each statement also runs in svc's own
 *   read-only transaction.
 * - ClickHouse: every query with `readonly=2` and `allow_ddl=0`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClickhouseConnector } from '../../src/warehouse/connectors/clickhouse.js';
import type { Connector } from '../../src/warehouse/connectors/connector.js';
import { openPostgresqlConnector } from '../../src/warehouse/connectors/postgresql.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { codeOf, runOn } from './connectors/run-helpers.js';

/** The role svc expects (docs/warehouses.md, "The read-only role"). */
const READER_ROLE = `
  CREATE ROLE svc_reader LOGIN PASSWORD 'reader-pw' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
  ALTER ROLE svc_reader SET default_transaction_read_only = on;
  GRANT USAGE ON SCHEMA public TO svc_reader;
  GRANT SELECT ON ALL TABLES IN SCHEMA public TO svc_reader;
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;`;

describe('PostgreSQL under the read-only role', () => {
  let server: PostgresServer;
  let root = '';
  let reader: Connector;

  beforeAll(async () => {
    server = await startPostgres({ password: 'root-pw' });
    root = mkdtempSync(join(tmpdir(), 'svc-pgwall-'));
    await server.client.query("CREATE TABLE orders (id integer, email text); INSERT INTO orders VALUES (1, 'ada@example.test'); CREATE SEQUENCE s;");
    await server.client.query(READER_ROLE);
    process.env['SVC_TEST_PG_READER'] = 'reader-pw';
    reader = openPostgresqlConnector({
      name: 'wh',
      root,
      connection: { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'svc_reader', database: 'postgres', passwordEnv: 'SVC_TEST_PG_READER' },
    });
  }, 240_000);

  afterAll(async () => {
    await reader?.close();
    await server?.stop();
    delete process.env['SVC_TEST_PG_READER'];
    rmSync(root, { recursive: true, force: true });
  });

  it('holds none of the roles that read or write server files, run programs or signal sessions', async () => {
    const r = await server.client.query(`SELECT r.rolname FROM pg_roles r WHERE pg_has_role('svc_reader', r.oid, 'MEMBER') AND r.rolname <> 'svc_reader'`);
    expect(r.rows).toEqual([]);
    const settings = await server.client.query(
      "SELECT setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname = 'svc_reader'",
    );
    expect(settings.rows[0]?.setconfig).toContain('default_transaction_read_only=on');
  });

  it('reads its tables', async () => {
    expect((await runOn(reader, 'SELECT count(*)::int AS n FROM orders')).rows).toEqual([{ n: 1 }]);
  });

  it('refuses what the statement check refuses, should it miss it', async () => {
    for (const sql of [
      "INSERT INTO orders VALUES (2, 'x')",
      "SELECT nextval('s')",
      "SELECT pg_read_file('/etc/passwd')",
      "SELECT * FROM pg_ls_dir('.')",
      // The root connection's session: a role without pg_signal_backend may not end it.
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'postgres'",
      "COPY orders TO PROGRAM 'id'",
      'CREATE TABLE t (a int)',
      "SELECT set_config('transaction_read_only', 'off', true)",
    ])
      expect(await codeOf(runOn(reader, sql)), sql).toBe('WAREHOUSE_ERROR');
    expect((await server.client.query('SELECT count(*)::int AS n FROM orders')).rows).toEqual([{ n: 1 }]);
  });
});

describe('ClickHouse with readonly=2 and DDL off', () => {
  let cluster: ClickHouseCluster;
  let ch: Connector;

  beforeAll(async () => {
    cluster = await startClickHouseCluster(1, 'reader pw');
    await cluster.query('CREATE TABLE orders (id UInt32, email String) ENGINE = Memory');
    await cluster.query("INSERT INTO orders VALUES (1, 'ada@example.test')");
    process.env['SVC_TEST_CH_READER'] = 'reader pw';
    ch = openClickhouseConnector({
      name: 'ch',
      root: '/nonexistent',
      connection: { driver: 'clickhouse', host: '127.0.0.1', port: cluster.nodes[0]?.httpPort, user: 'reader', passwordEnv: 'SVC_TEST_CH_READER' },
    });
  }, 240_000);

  afterAll(async () => {
    await ch?.close();
    await cluster?.stop();
    delete process.env['SVC_TEST_CH_READER'];
  });

  it('reads, and refuses writes and DDL (temporary tables included)', async () => {
    expect((await runOn(ch, 'SELECT count() AS n FROM orders')).rows).toEqual([{ n: 1 }]);
    for (const sql of [
      "INSERT INTO orders VALUES (2, 'x')",
      'CREATE TEMPORARY TABLE t (a UInt8) ENGINE = Memory',
      'CREATE TABLE t2 (a UInt8) ENGINE = Memory',
      'DROP TABLE orders',
      'TRUNCATE TABLE orders',
      'SET readonly = 0',
    ])
      expect(await codeOf(runOn(ch, sql)), sql).toBe('WAREHOUSE_ERROR');
    expect((await runOn(ch, 'SELECT count() AS n FROM orders')).rows).toEqual([{ n: 1 }]);
  });
});
