/**
 * The embedded DuckDB connector on real DuckDB files: values in svc's JSON shapes, bound
 * parameters, the row cap and byte bounds, a deadline that interrupts the engine, catalog
 * reads with bound names, and the engine restriction refusing what the statement check were to
 * miss (statements sent to the connector directly, past the check, on purpose).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks } from '../../../src/hooks/hooks.js';
import type { Connector, ConnectorStatement } from '../../../src/warehouse/connectors/connector.js';
import { openDuckdbConnector } from '../../../src/warehouse/connectors/duckdb.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import { codeOf, runOn } from './run-helpers.js';

let root = '';
let connector: Connector;
const run = (sql: string, params: ConnectorStatement['params'] = [], more: Partial<ConnectorStatement> = {}) => runOn(connector, sql, params, more);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-duckdb-'));
  mkdirSync(join(root, 'data', 'allowed'), { recursive: true });
  mkdirSync(join(root, 'elsewhere'));
  writeFileSync(join(root, 'data', 'allowed', 'in.csv'), 'a,b\n1,2\n');
  writeFileSync(join(root, 'elsewhere', 'secret.csv'), 'token\nhunter2\n');
  const instance = await DuckDBInstance.create(join(root, 'data', 'shop.duckdb'));
  const c = await instance.connect();
  await c.run(`CREATE TABLE orders (id INTEGER, region VARCHAR, amount DECIMAL(10,2), placed DATE, big UBIGINT, note VARCHAR, raw BLOB)`);
  await c.run(`INSERT INTO orders VALUES (1, 'North', 12.50, DATE '2024-01-02', 18446744073709551615, NULL, 'ab'::BLOB),
    (2, 'O''Brien', 7.25, DATE '2024-02-03', 5, 'x', NULL), (3, 'North', 1.00, DATE '2024-03-04', 6, 'y', NULL)`);
  await c.run(`CREATE TABLE "it's" (x INTEGER)`);
  c.closeSync();
  instance.closeSync();
  connector = openDuckdbConnector(
    { name: 'wh', root, connection: { driver: 'duckdb', path: 'data/shop.duckdb', allowedDirectories: ['data/allowed'] } },
    { connections: 2 },
  );
});
afterAll(async () => {
  await connector.close();
  rmSync(root, { recursive: true, force: true });
});

describe('values and parameters', () => {
  it('answers each type in the shared JSON shape', async () => {
    const r = await run('SELECT id, amount, placed, big, note, raw, SUM(amount) OVER () AS total, 9007199254740993::BIGINT AS huge FROM orders WHERE id = 1');
    expect(r.columns).toEqual(['id', 'amount', 'placed', 'big', 'note', 'raw', 'total', 'huge']);
    expect(r.rows).toEqual([
      { id: 1, amount: 12.5, placed: '2024-01-02', big: '18446744073709551615', note: null, raw: { base64: 'YWI=' }, total: 12.5, huge: '9007199254740993' },
    ]);
  });

  it.each([
    ['text with a quote', 'SELECT id FROM orders WHERE region = ?', ["O'Brien"], [{ id: 2 }]],
    ['a date as text', 'SELECT id FROM orders WHERE placed >= ? ORDER BY id', ['2024-02-01'], [{ id: 2 }, { id: 3 }]],
    ['an integer limit', 'SELECT id FROM orders ORDER BY id LIMIT ?', [1], [{ id: 1 }]],
    ['a number', 'SELECT id FROM orders WHERE amount > ? ORDER BY id', [5.5], [{ id: 1 }, { id: 2 }]],
    ['a boolean and a null', 'SELECT ? AS b, ? AS n', [true, null], [{ b: true, n: null }]],
    ['text that looks like SQL', 'SELECT COUNT(*) AS n FROM orders WHERE region = ?', ["x' OR '1'='1"], [{ n: 0 }]],
  ] as const)('binds %s', async (_name, sql, params, rows) => {
    expect((await run(sql, [...params])).rows).toEqual(rows);
  });
});

describe('bounds and deadline', () => {
  it('keeps the row cap and says the result was cut, then keeps working', async () => {
    const r = await run('SELECT * FROM range(50) t(i)', [], { maxRows: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.truncated).toBe(true);
    expect((await run('SELECT COUNT(*) AS n FROM orders')).rows).toEqual([{ n: 3 }]);
  });

  it('stops a result over its byte bounds', async () => {
    expect(await codeOf(run("SELECT repeat('x', 100000) AS v"))).toBe('RESULT_TOO_LARGE');
    expect(await codeOf(run("SELECT repeat('x', 1000) AS v FROM range(5000)", [], { maxRows: 10_000 }))).toBe('RESULT_TOO_LARGE');
  });

  it('interrupts a long statement at its deadline and the connection answers after', async () => {
    const started = performance.now();
    expect(await codeOf(run('SELECT COUNT(*) FROM range(1000000000000) a', [], { deadlineMs: 300 }))).toBe('STATEMENT_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(20_000);
    // Both connections free again: two statements at once both answer.
    const both = await Promise.all([run('SELECT 1 AS x'), run('SELECT 2 AS x')]);
    expect(both.map((r) => r.rows)).toEqual([[{ x: 1 }], [{ x: 2 }]]);
  });
});

describe('the engine restriction', () => {
  it('reads a file inside an allowed folder', async () => {
    expect((await run(`SELECT a FROM read_csv('${join(root, 'data', 'allowed', 'in.csv')}')`)).rows).toEqual([{ a: 1 }]);
  });

  it.each([
    ['a file reader outside the allowed folders', () => `SELECT * FROM read_csv('${join(root, 'elsewhere', 'secret.csv')}')`],
    ['a replacement scan of a path', () => `SELECT * FROM '${join(root, 'elsewhere', 'secret.csv')}'`],
    ['a path that climbs out of an allowed folder', () => `SELECT * FROM read_csv('${join(root, 'data', 'allowed', '..', '..', 'elsewhere', 'secret.csv')}')`],
    ['turning external access back on', () => 'SET enable_external_access = true'],
    ['unlocking the configuration', () => 'SET lock_configuration = false'],
    ['installing an extension', () => 'INSTALL httpfs'],
    ['attaching another database', () => `ATTACH '${join(root, 'elsewhere', 'other.duckdb')}'`],
    ['writing a file outside the allowed folders', () => `COPY orders TO '${join(root, 'elsewhere', 'out.csv')}'`],
    ['writing a table', () => 'CREATE TABLE stolen AS SELECT 1'],
  ])('refuses %s in the engine itself', async (_name, sql) => {
    expect(await codeOf(run(sql()))).toBe('WAREHOUSE_ERROR');
  });
});

describe('catalog and lifecycle', () => {
  it('lists tables and binds a table name', async () => {
    expect(await connector.listTables?.(5_000)).toEqual(["it's", 'orders']);
    expect((await connector.listColumns?.('orders', 5_000))?.map((c) => c.name)).toEqual(['id', 'region', 'amount', 'placed', 'big', 'note', 'raw']);
    expect(await connector.listColumns?.("it's", 5_000)).toEqual([{ name: 'x', type: 'INTEGER' }]);
    expect(await connector.listColumns?.("orders' OR '1'='1", 5_000)).toEqual([]);
  });

  it('prepares without running, and names a bad statement', async () => {
    await expect(connector.prepareStatement?.('SELECT id FROM orders', 5_000)).resolves.toBeUndefined();
    expect(await codeOf(connector.prepareStatement?.('SELECT nope FROM orders', 5_000) ?? Promise.resolve())).toBe('WAREHOUSE_ERROR');
  });

  it('refuses a missing file and statements after close', async () => {
    expect(() => openDuckdbConnector({ name: 'wh', root, connection: { driver: 'duckdb', path: 'data/none.duckdb' } })).toThrow(
      /not found at data\/none.duckdb/,
    );
    const once = openDuckdbConnector({ name: 'wh', root, connection: { driver: 'duckdb', path: 'data/shop.duckdb' } }, { connections: 1 });
    await once.runStatement({ sql: 'SELECT 1 AS x', params: [], maxRows: 1, deadlineMs: 5_000, maxBytes: 1000, maxCellBytes: 100 });
    await once.close();
    expect(await codeOf(once.runStatement({ sql: 'SELECT 1', params: [], maxRows: 1, deadlineMs: 5_000, maxBytes: 1000, maxCellBytes: 100 }))).toBe(
      'CONNECTION_UNAVAILABLE',
    );
  });

  it('runs through the executor with the DuckDB statement check', async () => {
    const executor = createExecutor({ root, config: { project: 'p', connections: { default: { driver: 'duckdb', path: 'data/shop.duckdb' } } } });
    try {
      expect((await executor.execute({ asker: undefined, sql: 'FROM orders SELECT COUNT(*) AS n', params: [], origin: 'person' })).rows).toEqual([{ n: 3 }]);
      expect(
        await codeOf(
          executor.execute({ asker: undefined, sql: `SELECT * FROM read_text('${join(root, 'elsewhere', 'secret.csv')}')`, params: [], origin: 'model' }),
        ),
      ).toBe('ROW_POLICY_REFUSED');
      // The engine lets a statement write inside an allowed folder; the statement check is the wall there.
      expect(
        await codeOf(executor.execute({ asker: undefined, sql: `COPY orders TO '${join(root, 'data', 'allowed', 'out.csv')}'`, params: [], origin: 'person' })),
      ).toBe('ROW_POLICY_REFUSED');
    } finally {
      await executor.close();
    }
  });

  it('narrows rows by a host row policy, cache on, each person their own rows', async () => {
    const hooks: HostHooks = {
      rowPolicy: ({ principal, sql, params }) => ({
        sql: `SELECT * FROM (${sql}) AS mine WHERE region = ?`,
        params: [...params, principal?.id === 'ada' ? 'North' : "O'Brien"],
      }),
    };
    const executor = createExecutor({
      root,
      config: { project: 'p', connections: { default: { driver: 'duckdb', path: 'data/shop.duckdb' } } },
      resultCache: true,
    });
    const as = (id: string) =>
      executor.execute({
        asker: {
          principal: { id, kind: 'person', source: 'host' },
          host: { hooks, timeoutMs: 2_000, log: () => undefined },
          requestId: id,
          action: 'blocks.run',
        },
        sql: 'SELECT id, region FROM orders ORDER BY id',
        params: [],
        origin: 'block',
      });
    try {
      const ids = async (id: string) => (await as(id)).rows.map((r) => r['id']);
      expect(await ids('ada')).toEqual([1, 3]);
      expect(await ids('bob')).toEqual([2]);
      expect(await ids('ada')).toEqual([1, 3]);
    } finally {
      await executor.close();
    }
  });
});
