/**
 * Second walls in the server engines (issue 25, item 4), against real servers, statements sent
 * to the connectors past the check on purpose; and the differential: every statement the check
 * lets through from the corpora leaves the server's state (settings, relations, rows, sequences,
 * locks) unchanged.
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
import { hostedStatementRefusal } from '../../src/rules/statement-check/index.js';
import { openClickhouseConnector } from '../../src/warehouse/connectors/clickhouse.js';
import type { Connector } from '../../src/warehouse/connectors/connector.js';
import { openPostgresqlConnector } from '../../src/warehouse/connectors/postgresql.js';
import { BLIND_TUNING } from '../corpus/blind/tuning.js';
import { statementCorpus } from '../corpus/statement-corpus.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';

/** Statements of the corpora (conformance and the blind tuning half) the check lets through on `driver`. */
function allowedStatements(driver: string): string[] {
  const cases = [...statementCorpus(), ...BLIND_TUNING].filter((c) => c.driver === driver);
  return [...new Set(cases.filter((c) => hostedStatementRefusal(c.sql, c.driver, [], { readOnly: true }) === null).map((c) => c.sql))];
}

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
    await server.client.query(`CREATE TABLE orders (id integer, email text, customer_id integer, total numeric, state text, status text, region text, created_at timestamp, shipped_at timestamp, items jsonb);
      INSERT INTO orders (id, email) VALUES (1, 'ada@example.test');
      CREATE TABLE customers (id integer, name text, region text, email text, state text);
      CREATE TABLE payments (id integer, order_id integer, amount numeric);
      CREATE TABLE archived_orders (id integer, state text, total numeric);
      CREATE SEQUENCE s; CREATE SEQUENCE order_seq;`);
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

describe('PostgreSQL: the statements the check allows leave the server as they found it', () => {
  let server: PostgresServer;
  let root = '';
  let reader: Connector;

  beforeAll(async () => {
    server = await startPostgres({ password: 'root-pw' });
    root = mkdtempSync(join(tmpdir(), 'svc-pgstate-'));
    await server.client.query(`CREATE TABLE orders (id integer, customer_id integer, total numeric, state text, status text, region text, created_at timestamp, shipped_at timestamp, items jsonb);
      INSERT INTO orders VALUES (1, 1, 120.5, 'CA', 'paid', 'West', '2024-01-02', NULL, '[1]');
      CREATE TABLE customers (id integer, name text, region text, email text, state text);
      CREATE TABLE payments (id integer, order_id integer, amount numeric);
      CREATE TABLE archived_orders (id integer, state text, total numeric);
      CREATE SEQUENCE order_seq;`);
    await server.client.query(READER_ROLE);
    process.env['SVC_TEST_PG_READER2'] = 'reader-pw';
    reader = openPostgresqlConnector({
      name: 'wh',
      root,
      connection: { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'svc_reader', database: 'postgres', passwordEnv: 'SVC_TEST_PG_READER2' },
    });
  }, 240_000);

  afterAll(async () => {
    await reader?.close();
    await server?.stop();
    delete process.env['SVC_TEST_PG_READER2'];
    rmSync(root, { recursive: true, force: true });
  });

  /** Settings (the server's and the reader's defaults), relations, rows, sequences, advisory locks, prepared transactions. */
  async function stateOf(): Promise<string> {
    const q = async (sql: string) => JSON.stringify((await server.client.query(sql)).rows);
    return [
      await q(
        "SELECT name, setting FROM pg_settings WHERE context IN ('postmaster', 'sighup', 'superuser', 'user') AND name NOT LIKE '%timeout%' ORDER BY name",
      ),
      await q('SELECT setconfig FROM pg_db_role_setting ORDER BY setrole'),
      await q(
        "SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1, 2",
      ),
      await q('SELECT (SELECT count(*) FROM orders) AS o, (SELECT count(*) FROM customers) AS c, (SELECT count(*) FROM payments) AS p'),
      await q('SELECT last_value, is_called FROM order_seq'),
      await q("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"),
      await q('SELECT count(*) FROM pg_prepared_xacts'),
    ].join('|');
  }

  it('for every allowed statement of the postgresql corpora, run by svc under the read-only role', async () => {
    const statements = allowedStatements('postgresql');
    expect(statements.length).toBeGreaterThan(80);
    const changed: string[] = [];
    let ran = 0;
    for (const sql of statements) {
      const before = await stateOf();
      if ((await codeOf(runOn(reader, sql, [], {}, 5_000))) === 'ok') ran++;
      if ((await stateOf()) !== before) changed.push(sql);
    }
    expect(changed).toEqual([]);
    expect(ran).toBeGreaterThan(statements.length / 3);
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

  it('leaves the server as it found it for every allowed statement of the clickhouse corpora', async () => {
    const stateOf = async () =>
      [
        await cluster.query("SELECT database, name, engine FROM system.tables WHERE database NOT IN ('system') ORDER BY database, name FORMAT JSONEachRow"),
        await cluster.query('SELECT name FROM system.databases ORDER BY name FORMAT JSONEachRow'),
        await cluster.query('SELECT count() FROM orders FORMAT JSONEachRow'),
        await cluster.query('SELECT name, value FROM system.settings WHERE changed ORDER BY name FORMAT JSONEachRow'),
      ].join('|');
    const statements = allowedStatements('clickhouse');
    expect(statements.length).toBeGreaterThan(60);
    const changed: string[] = [];
    for (const sql of statements) {
      const before = await stateOf();
      await codeOf(runOn(ch, sql, [], {}, 5_000));
      if ((await stateOf()) !== before) changed.push(sql);
    }
    expect(changed).toEqual([]);
  });
});
