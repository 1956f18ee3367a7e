/**
 * The PostgreSQL connector against a real PostgreSQL 15 server (started in a temp folder on a
 * free loopback port, passwords required): values in svc's JSON shapes, bound parameters that
 * never become SQL, the row cap read through a cursor, the read-only transaction refusing a
 * write the statement check were to miss, a deadline that leaves no query on the server, the
 * password from the environment or the local vault, catalog reads, and, through the executor
 * with a host, `credentials` switching the signed-in user and `rowPolicy` narrowing rows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionConfig } from '../../../src/compiler/project/config.js';
import type { RequestContext } from '../../../src/hooks/context/request-context.js';
import type { HostHooks } from '../../../src/hooks/hooks.js';
import type { Connector, ConnectorStatement } from '../../../src/warehouse/connectors/connector.js';
import { openPostgresqlConnector } from '../../../src/warehouse/connectors/postgresql.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import { type PostgresServer, startPostgres } from '../../helpers/postgres-server.js';
import { codeOf, runOn } from './run-helpers.js';

const ROOT_PASSWORD = 'root pw with spaces';
let server: PostgresServer;
let root = '';
let connector: Connector;
const opened: Connector[] = [];

function open(connection: Partial<ConnectionConfig> = {}): Connector {
  const c = openPostgresqlConnector(
    {
      name: 'wh',
      root,
      connection: { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'postgres', passwordEnv: 'SVC_TEST_PG_PASSWORD', ...connection },
    },
    { connections: 2 },
  );
  opened.push(c);
  return c;
}
const run = (sql: string, params: ConnectorStatement['params'] = [], more: Partial<ConnectorStatement> = {}) => runOn(connector, sql, params, more, 10_000);

beforeAll(async () => {
  server = await startPostgres({ password: ROOT_PASSWORD });
  process.env['SVC_TEST_PG_PASSWORD'] = ROOT_PASSWORD;
  root = mkdtempSync(join(tmpdir(), 'svc-pgc-'));
  await server.client.query(`
    CREATE TABLE orders (id integer, region text, amount numeric(10,2), placed date, at timestamp, big bigint, note text, raw bytea);
    INSERT INTO orders VALUES (1, 'North', 12.50, '2024-01-02', '2024-01-02 03:04:05', 9007199254740993, NULL, '\\x6162'),
      (2, 'O''Brien', 7.25, '2024-02-03', '2024-02-03 00:00:00', 5, 'x', NULL), (3, 'North', 1.00, '2024-03-04', '2024-03-04 00:00:00', 6, 'y', NULL);
    CREATE TABLE "it's" (x integer);
    CREATE SEQUENCE counter;
    CREATE ROLE alice LOGIN PASSWORD 'alice-pw'; CREATE ROLE bob LOGIN PASSWORD 'bob-pw';
    GRANT SELECT ON orders TO alice, bob;`);
  connector = open();
}, 240_000);

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  delete process.env['SVC_TEST_PG_PASSWORD'];
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('values and parameters', () => {
  it('answers each type in the shared JSON shape', async () => {
    const r = await run('SELECT id, amount, placed, at, big, note, raw, SUM(amount) OVER () AS total, 12::bigint AS small FROM orders WHERE id = 1');
    expect(r.columns).toEqual(['id', 'amount', 'placed', 'at', 'big', 'note', 'raw', 'total', 'small']);
    expect(r.rows).toEqual([
      {
        id: 1,
        amount: 12.5,
        placed: '2024-01-02',
        at: '2024-01-02 03:04:05',
        big: '9007199254740993',
        note: null,
        raw: { base64: 'YWI=' },
        total: 12.5,
        small: 12,
      },
    ]);
  });

  it.each([
    ['text with a quote', 'SELECT id FROM orders WHERE region = ?', ["O'Brien"], [{ id: 2 }]],
    ['a date as text', 'SELECT id FROM orders WHERE placed >= ?::date ORDER BY id', ['2024-02-01'], [{ id: 2 }, { id: 3 }]],
    ['an integer limit', 'SELECT id FROM orders ORDER BY id LIMIT ?', [1], [{ id: 1 }]],
    ['text that looks like SQL', 'SELECT COUNT(*) AS n FROM orders WHERE region = ?', ["x' OR '1'='1"], [{ n: 0 }]],
    ['a ? inside a string is not a placeholder', "SELECT '?' AS q, id FROM orders WHERE id = ?", [3], [{ q: '?', id: 3 }]],
    ['a final semicolon', 'SELECT id FROM orders WHERE id = ?;', [2], [{ id: 2 }]],
  ] as const)('binds %s', async (_name, sql, params, rows) => {
    expect((await run(sql, [...params])).rows).toEqual(rows);
  });

  it('refuses a statement whose placeholders and values disagree', async () => {
    expect(await codeOf(run('SELECT id FROM orders WHERE id = ?', [1, 2]))).toBe('WAREHOUSE_ERROR');
  });
});

describe('bounds, the read-only wall and the deadline', () => {
  it('keeps the row cap through the cursor', async () => {
    const r = await run('SELECT g FROM generate_series(1, 100000) g', [], { maxRows: 250 });
    expect(r.rows).toHaveLength(250);
    expect(r.rows[249]).toEqual({ g: 250 });
    expect(r.truncated).toBe(true);
    expect((await run('SELECT g FROM generate_series(1, 3) g', [], { maxRows: 3 })).truncated).toBe(false);
  });

  it('stops a result over its byte bounds', async () => {
    expect(await codeOf(run("SELECT repeat('x', 100000) AS v"))).toBe('RESULT_TOO_LARGE');
  });

  it.each([
    ['a function that writes', "SELECT nextval('counter')"],
    ['a data-modifying CTE', 'WITH gone AS (DELETE FROM orders RETURNING id) SELECT * FROM gone'],
  ])('refuses %s in the read-only transaction', async (_name, sql) => {
    expect(await codeOf(run(sql))).toBe('WAREHOUSE_ERROR');
    expect((await server.client.query('SELECT COUNT(*)::int AS n FROM orders')).rows).toEqual([{ n: 3 }]);
  });

  it('stops a long statement at its deadline and leaves nothing running on the server', async () => {
    const started = performance.now();
    expect(await codeOf(run('SELECT pg_sleep(60), 1 AS marker_long_sleep', [], { deadlineMs: 500 }))).toBe('STATEMENT_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(15_000);
    const active = await server.client.query(
      "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%marker_long_sleep%' AND state = 'active' AND pid <> pg_backend_pid()",
    );
    expect(active.rows).toEqual([{ n: 0 }]);
    expect((await run('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
  });
});

describe('sign-in', () => {
  it('takes the password from the local vault when no variable holds one', async () => {
    mkdirSync(join(root, '.svc', 'local', 'private'), { recursive: true });
    writeFileSync(join(root, '.svc', 'local', 'private', 'credentials.json'), JSON.stringify({ wh: { password: 'alice-pw' } }), { mode: 0o600 });
    const vault = open({ user: 'alice', passwordEnv: 'SVC_TEST_PG_NO_SUCH_VARIABLE' });
    expect((await runOn(vault, 'SELECT current_user AS u')).rows).toEqual([{ u: 'alice' }]);
  });

  it('answers CONNECTION_UNAVAILABLE for a wrong password or an unreachable server', async () => {
    expect(await codeOf(runOn(open({ user: 'bob', passwordEnv: 'SVC_TEST_PG_NO_SUCH_VARIABLE' }), 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
    expect(await codeOf(runOn(open({ port: 1 }), 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
    expect(() => open({ host: '' })).toThrow(/names no server/);
    // TLS required of a server that offers none: refused, never sent in the clear instead.
    expect(await codeOf(runOn(open({ sslmode: 'require' }), 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
    expect(() => open({ sslmode: 'prefer' })).toThrow(/sslmode/);
  });
});

describe('catalog and lifecycle', () => {
  it('lists tables and binds a table name', async () => {
    expect(await connector.listTables?.(5_000)).toEqual(["it's", 'orders']);
    expect((await connector.listColumns?.('orders', 5_000))?.map((c) => c.name)).toEqual(['id', 'region', 'amount', 'placed', 'at', 'big', 'note', 'raw']);
    expect(await connector.listColumns?.("it's", 5_000)).toEqual([{ name: 'x', type: 'integer' }]);
    expect(await connector.listColumns?.("orders' OR '1'='1", 5_000)).toEqual([]);
  });

  it('has the engine read a statement without running it', async () => {
    await expect(connector.prepareStatement?.('SELECT id FROM orders', 5_000)).resolves.toBeUndefined();
    // Placeholders without values, as certification validates a block: typed from their use.
    await expect(connector.prepareStatement?.('SELECT id FROM orders WHERE placed >= ?\nGROUP BY id LIMIT ?', 5_000)).resolves.toBeUndefined();
    await expect(connector.prepareStatement?.('SELECT id FROM orders WHERE id = ?', 5_000)).resolves.toBeUndefined();
    expect(await codeOf(connector.prepareStatement?.('SELECT nope FROM orders', 5_000) ?? Promise.resolve())).toBe('WAREHOUSE_ERROR');
  });

  it('refuses statements after close', async () => {
    const once = open();
    await runOn(once, 'SELECT 1');
    await once.close();
    expect(await codeOf(runOn(once, 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
  });
});

describe('the result cache on a server', () => {
  it('caches nothing without cacheSeconds, and with it serves a block result again', async () => {
    const connection = { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'postgres', passwordEnv: 'SVC_TEST_PG_PASSWORD' };
    const count = async (cacheSeconds?: number) => {
      const executor = createExecutor({
        root,
        config: { project: 'p', connections: { default: { ...connection, ...(cacheSeconds !== undefined ? { cacheSeconds } : {}) } } },
        resultCache: true,
      });
      try {
        const first = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM orders', params: [], origin: 'block' });
        await server.client.query("INSERT INTO orders (id, region) VALUES (99, 'Later')");
        const second = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM orders', params: [], origin: 'block' });
        await server.client.query('DELETE FROM orders WHERE id = 99');
        return [first.rows[0]?.['n'], second.rows[0]?.['n']];
      } finally {
        await executor.close();
      }
    };
    expect(await count()).toEqual([3, 4]);
    expect(await count(60)).toEqual([3, 3]);
  });
});

describe('with a host, through the executor', () => {
  const config = () => ({
    project: 'p',
    connections: { default: { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'postgres', passwordEnv: 'SVC_TEST_PG_PASSWORD' } },
  });
  const hooks: HostHooks = {
    credentials: ({ principal }) => ({
      settings: { user: principal?.id ?? '', password: `${principal?.id ?? ''}-pw` },
      credentialId: `${principal?.id ?? ''}-1`,
    }),
    rowPolicy: ({ principal, sql, params }) => ({
      sql: `SELECT * FROM (${sql}) AS mine WHERE region = ?`,
      params: [...params, principal?.id === 'alice' ? 'North' : "O'Brien"],
    }),
  };
  const as = (id: string): RequestContext => ({
    principal: { id, kind: 'person', source: 'host' },
    host: { hooks, timeoutMs: 2_000, log: () => undefined },
    requestId: id,
    action: 'blocks.run',
  });

  it('signs in as each person and narrows rows by their policy', async () => {
    const executor = createExecutor({ root, config: config(), resultCache: true });
    try {
      const who = (id: string) =>
        executor.execute({ asker: as(id), sql: 'SELECT current_user AS u, region FROM orders ORDER BY id', params: [], origin: 'block' });
      expect((await who('alice')).rows).toEqual([
        { u: 'alice', region: 'North' },
        { u: 'alice', region: 'North' },
      ]);
      expect((await who('bob')).rows).toEqual([{ u: 'bob', region: "O'Brien" }]);
      expect((await who('alice')).rows).toHaveLength(2);
    } finally {
      await executor.close();
    }
  });
});
