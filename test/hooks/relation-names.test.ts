/**
 * Hooks are told names as the engine resolves them (src/hooks/relation-names.ts), checked against
 * the engines that run here: in SQLite, DuckDB and PostgreSQL every table holds one row whose
 * `who` is its own catalog-qualified name, so `SELECT who FROM <spelling>` makes the engine say
 * which relation it read. For each spelling (schema, catalog, quoting, case, aliases, joins, CTEs
 * shadowing a table in their scope only) the names svc tells equal the names the engine read; a
 * view is named as the view (the engine reads through it to the table it holds). Engines that do
 * not run here (ClickHouse, MySQL) keep the table of expected names alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionConfig } from '../../src/compiler/project/config.js';
import { relationNames, relationOf } from '../../src/hooks/relation-names.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';

interface Case {
  name: string;
  sql: string;
  names: string[];
  /** A view: the engine reads the table behind it, svc names the view. */
  view?: string;
}

const CTE = "WITH orders AS (SELECT 'cte' AS who)";

const SQLITE: Case[] = [
  { name: 'bare', sql: 'SELECT who FROM orders', names: ['main.orders'] },
  { name: 'schema', sql: 'SELECT who FROM main.orders', names: ['main.orders'] },
  { name: 'quoted', sql: 'SELECT who FROM "main"."orders"', names: ['main.orders'] },
  { name: 'case', sql: 'SELECT who FROM MAIN.Orders', names: ['main.orders'] },
  { name: 'quoted case', sql: 'SELECT who FROM "ORDERS"', names: ['main.orders'] },
  { name: 'another schema', sql: 'SELECT who FROM other.orders', names: ['other.orders'] },
  {
    name: 'alias and join',
    sql: "SELECT o.who || ',' || p.who AS who FROM main.orders o JOIN other.orders p ON 1 = 1",
    names: ['main.orders', 'other.orders'],
  },
  { name: 'CTE shadows the bare name', sql: `${CTE} SELECT who FROM orders`, names: [] },
  { name: 'CTE does not shadow a qualified name', sql: `${CTE} SELECT who FROM main.orders`, names: ['main.orders'] },
  { name: "a subquery's CTE shadows only inside it", sql: `SELECT who FROM orders WHERE who NOT IN (${CTE} SELECT who FROM orders)`, names: ['main.orders'] },
  { name: 'view', sql: 'SELECT who FROM recent', names: ['main.recent'], view: 'main.orders' },
];

const DUCKDB: Case[] = [
  { name: 'bare', sql: 'SELECT who FROM orders', names: ['wh.main.orders'] },
  { name: 'schema', sql: 'SELECT who FROM main.orders', names: ['wh.main.orders'] },
  { name: 'catalog and table', sql: 'SELECT who FROM wh.orders', names: ['wh.main.orders'] },
  { name: 'catalog, schema and table', sql: 'SELECT who FROM wh.sales.orders', names: ['wh.sales.orders'] },
  { name: 'quoted case', sql: 'SELECT who FROM "Sales"."ORDERS"', names: ['wh.sales.orders'] },
  {
    name: 'alias and join',
    sql: "SELECT o.who || ',' || p.who AS who FROM sales.orders AS o JOIN orders p ON true",
    names: ['wh.sales.orders', 'wh.main.orders'],
  },
  { name: 'CTE shadows the bare name', sql: `${CTE} SELECT who FROM orders`, names: [] },
  { name: 'CTE does not shadow a qualified name', sql: `${CTE} SELECT who FROM sales.orders`, names: ['wh.sales.orders'] },
  { name: 'view', sql: 'SELECT who FROM recent', names: ['wh.main.recent'], view: 'wh.sales.orders' },
];

const POSTGRESQL: Case[] = [
  { name: 'bare', sql: 'SELECT who FROM orders', names: ['postgres.public.orders'] },
  { name: 'schema', sql: 'SELECT who FROM public.orders', names: ['postgres.public.orders'] },
  { name: 'catalog', sql: 'SELECT who FROM postgres.sales.orders', names: ['postgres.sales.orders'] },
  { name: 'unquoted case folds', sql: 'SELECT who FROM ORDERS', names: ['postgres.public.orders'] },
  { name: 'quoted case is kept', sql: 'SELECT who FROM "Orders"', names: ['postgres.public.Orders'] },
  {
    name: 'alias and join',
    sql: `SELECT o.who || ',' || p.who AS who FROM "sales".orders o JOIN public."Orders" p ON true`,
    names: ['postgres.sales.orders', 'postgres.public.Orders'],
  },
  { name: 'CTE shadows the bare name', sql: `${CTE} SELECT who FROM orders`, names: [] },
  { name: 'CTE does not shadow a qualified name', sql: `${CTE} SELECT who FROM sales.orders`, names: ['postgres.sales.orders'] },
  {
    name: "a subquery's CTE shadows only inside it",
    sql: `SELECT who FROM orders WHERE who NOT IN (${CTE} SELECT who FROM orders)`,
    names: ['postgres.public.orders'],
  },
  { name: 'view', sql: 'SELECT who FROM recent', names: ['postgres.public.recent'], view: 'postgres.sales.orders' },
];

const ELSEWHERE: Array<[string, ConnectionConfig, Case]> = [
  ['clickhouse', { driver: 'clickhouse', database: 'shop' }, { name: 'bare', sql: 'SELECT * FROM orders', names: ['shop.orders'] }],
  ['clickhouse', { driver: 'clickhouse' }, { name: 'database and table', sql: 'SELECT * FROM logs.Orders', names: ['logs.orders'] }],
  ['clickhouse', { driver: 'clickhouse' }, { name: 'quoted case is kept', sql: 'SELECT * FROM `Orders`', names: ['default.Orders'] }],
  ['mysql', { driver: 'mysql', database: 'shop' }, { name: 'quoted', sql: 'SELECT * FROM `Orders` o', names: ['shop.orders'] }],
];

/** The names svc tells, as a sorted list. */
const told = (sql: string, driver: string, connection: ConnectionConfig) => [...new Set(relationNames(sql, driver, connection).map((r) => r.name))].sort();
/** The relations the engine read, from the `who` values (a join's joined by commas; a CTE's own row is no relation). */
const read = (rows: Array<Record<string, unknown>>) => [...new Set(rows.flatMap((r) => String(r['who']).split(',')).filter((w) => w !== 'cte'))].sort();

function agrees(c: Case, driver: string, connection: ConnectionConfig, rows: Array<Record<string, unknown>>): void {
  expect(told(c.sql, driver, connection)).toEqual([...c.names].sort());
  expect(read(rows)).toEqual(c.view !== undefined ? [c.view] : [...c.names].sort());
}

const dir = mkdtempSync(join(tmpdir(), 'svc-relations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite', () => {
  let db: Database.Database;
  beforeAll(() => {
    db = new Database(join(dir, 'wh.db'));
    db.exec(`ATTACH '${join(dir, 'other.db')}' AS other`);
    db.exec("CREATE TABLE orders (who TEXT); INSERT INTO orders VALUES ('main.orders')");
    db.exec("CREATE TABLE other.orders (who TEXT); INSERT INTO other.orders VALUES ('other.orders')");
    db.exec('CREATE VIEW recent AS SELECT who FROM orders');
  });
  afterAll(() => db.close());
  it.each(SQLITE)('$name', (c) => agrees(c, 'sqlite', { driver: 'sqlite', path: 'wh.db' }, db.prepare(c.sql).all() as Array<Record<string, unknown>>));
});

describe('DuckDB', () => {
  let instance: DuckDBInstance;
  const run = async (sql: string) => (await (await instance.connect()).runAndReadAll(sql)).getRowObjectsJS() as Array<Record<string, unknown>>;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(join(dir, 'wh.duckdb'));
    await run("CREATE SCHEMA sales; CREATE TABLE main.orders (who VARCHAR); INSERT INTO main.orders VALUES ('wh.main.orders')");
    await run("CREATE TABLE sales.orders (who VARCHAR); INSERT INTO sales.orders VALUES ('wh.sales.orders')");
    await run('CREATE VIEW recent AS SELECT who FROM sales.orders');
  });
  afterAll(() => instance.closeSync());
  it.each(DUCKDB)('$name', async (c) => agrees(c, 'duckdb', { driver: 'duckdb', path: 'data/wh.duckdb' }, await run(c.sql)));
});

describe('PostgreSQL', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
    await server.client.query(`CREATE SCHEMA sales;
      CREATE TABLE public.orders (who text); INSERT INTO public.orders VALUES ('postgres.public.orders');
      CREATE TABLE public."Orders" (who text); INSERT INTO public."Orders" VALUES ('postgres.public.Orders');
      CREATE TABLE sales.orders (who text); INSERT INTO sales.orders VALUES ('postgres.sales.orders');
      CREATE VIEW recent AS SELECT who FROM sales.orders;`);
  }, 120_000);
  afterAll(async () => server?.stop());
  it.each(POSTGRESQL)('$name', async (c) => agrees(c, 'postgresql', { driver: 'postgresql', database: 'postgres' }, (await server.client.query(c.sql)).rows));
});

describe('engines that do not run here', () => {
  it.each(ELSEWHERE)('%s: %s', (driver, connection, c) => {
    expect(told(c.sql, driver, connection)).toEqual(c.names);
  });
});

describe('a table a schema route names', () => {
  it.each([
    ['orders', 'sqlite', 'main.orders'],
    ['Main.Customers', 'sqlite', 'main.customers'],
    ['customers', 'postgresql', 'postgres.public.customers'],
    ['not a name at all (', 'sqlite', 'not a name at all ('],
  ])('%s on %s is %s', (written, driver, name) => {
    expect(relationOf(written, driver, { driver })).toEqual({ name, written });
  });
});
