/**
 * The ClickHouse connector against real Debian clickhouse-server processes (18.16 here): two
 * servers as the two shards of a cluster, with a `Distributed` table on the first, so reads
 * that span machines are exercised. Values in svc's JSON shapes; the literal fallback (this
 * server predates query parameters) proven against the server's own reader with values that
 * try to end the literal; the row cap; readonly=2 refusing writes the statement check were to
 * miss; a deadline that leaves no query running on the server; catalog reads; sign-in; and,
 * through the executor with a host, the row policy narrowing rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionConfig } from '../../../src/compiler/project/config.js';
import type { HostHooks } from '../../../src/hooks/hooks.js';
import { openClickhouseConnector } from '../../../src/warehouse/connectors/clickhouse.js';
import { clickhouseLiteral } from '../../../src/warehouse/connectors/clickhouse-literal.js';
import type { Connector, ConnectorStatement } from '../../../src/warehouse/connectors/connector.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import { CLUSTER, type ClickHouseCluster, startClickHouseCluster } from '../../helpers/clickhouse-cluster.js';
import { codeOf, runOn } from './run-helpers.js';

let cluster: ClickHouseCluster;
let connector: Connector;
const opened: Connector[] = [];
const connection = (more: Partial<ConnectionConfig> = {}): ConnectionConfig => ({
  driver: 'clickhouse',
  host: '127.0.0.1',
  port: cluster.nodes[0]?.httpPort,
  user: 'reader',
  passwordEnv: 'SVC_TEST_CH_PASSWORD',
  ...more,
});
function open(more: Partial<ConnectionConfig> = {}): Connector {
  const c = openClickhouseConnector({ name: 'ch', root: '/nonexistent', connection: connection(more) });
  opened.push(c);
  return c;
}
const run = (sql: string, params: ConnectorStatement['params'] = [], more: Partial<ConnectorStatement> = {}) => runOn(connector, sql, params, more, 20_000);

beforeAll(async () => {
  cluster = await startClickHouseCluster(2, 'reader pw');
  process.env['SVC_TEST_CH_PASSWORD'] = 'reader pw';
  for (const at of [0, 1]) {
    await cluster.query('CREATE TABLE orders_local (id UInt32, region String, amount Float64, placed Date) ENGINE = MergeTree ORDER BY id', at);
  }
  await cluster.query(`CREATE TABLE orders AS orders_local ENGINE = Distributed(${CLUSTER}, default, orders_local, id)`);
  // Each shard holds its own rows: a total over `orders` must read both servers.
  await cluster.query("INSERT INTO orders_local VALUES (1, 'North', 12.5, '2024-01-02'), (2, 'O''Brien', 7.25, '2024-02-03')", 0);
  await cluster.query("INSERT INTO orders_local VALUES (3, 'North', 1, '2024-03-04'), (4, 'South', 100, '2024-04-05')", 1);
  await cluster.query("CREATE TABLE `it's` (x UInt8) ENGINE = Memory");
  connector = open();
}, 240_000);

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  delete process.env['SVC_TEST_CH_PASSWORD'];
  await cluster?.stop();
});

describe('a table spread over two shards', () => {
  it('reads both shards through the Distributed table', async () => {
    expect((await run('SELECT count() AS n, sum(amount) AS total FROM orders')).rows).toEqual([{ n: 4, total: 120.75 }]);
    expect((await run('SELECT count() AS n FROM orders_local')).rows).toEqual([{ n: 2 }]);
    expect((await run('SELECT region, count() AS n FROM orders GROUP BY region ORDER BY region')).rows).toEqual([
      { region: 'North', n: 2 },
      { region: "O'Brien", n: 1 },
      { region: 'South', n: 1 },
    ]);
  });
});

describe('values and parameters', () => {
  it('answers each type in the shared JSON shape', async () => {
    const r = await run(
      "SELECT toUInt64(18446744073709551615) AS big, toInt64(12) AS small, toDate('2024-01-02') AS d, toDateTime('2024-01-02 03:04:05') AS t, CAST(NULL AS Nullable(String)) AS n, toDecimal64(12.5, 2) AS dec, 1.5 AS f, 'x' AS s",
    );
    expect(r.columns).toEqual(['big', 'small', 'd', 't', 'n', 'dec', 'f', 's']);
    expect(r.rows).toEqual([{ big: '18446744073709551615', small: 12, d: '2024-01-02', t: '2024-01-02 03:04:05', n: null, dec: 12.5, f: 1.5, s: 'x' }]);
  });

  it.each([
    ['text with a quote', 'SELECT id FROM orders WHERE region = ? ORDER BY id', ["O'Brien"], [{ id: 2 }]],
    ['a date as text', 'SELECT id FROM orders WHERE placed >= ? ORDER BY id', ['2024-02-10'], [{ id: 3 }, { id: 4 }]],
    ['an integer limit', 'SELECT id FROM orders ORDER BY id LIMIT ?', [1], [{ id: 1 }]],
    ['text that looks like SQL', 'SELECT count() AS n FROM orders WHERE region = ?', ["x' OR '1'='1"], [{ n: 0 }]],
    ['a ? inside a string is not a placeholder', "SELECT '?' AS q, id FROM orders WHERE id = ?", [3], [{ q: '?', id: 3 }]],
  ] as const)('binds %s', async (_name, sql, params, rows) => {
    expect((await run(sql, [...params])).rows).toEqual(rows);
  });

  const hostile = [
    "'",
    '\\',
    "\\'",
    "\\\\'",
    "''",
    "'; DROP TABLE orders; --",
    'line\nbreak',
    'tab\there',
    'nul\u0000byte',
    'bell\u0007',
    'del\u007f',
    'é and 字 and 🙂',
    '\\x27',
    '\\0',
    "a\\' OR 1 --",
    'x'.repeat(10_000),
    '',
  ];
  it.each(hostile.map((v) => [JSON.stringify(v).slice(0, 40), v]))('reads back %s exactly as one literal', async (_name, value) => {
    const r = await run(`SELECT ${clickhouseLiteral(value)} AS v, 1 AS one`);
    expect(r.rows).toEqual([{ v: value, one: 1 }]);
    expect((await run('SELECT ? AS v', [value])).rows).toEqual([{ v: value }]);
  });

  it.each([
    [0, '0'],
    [-5, '-5'],
    [1.25, '1.25'],
    [9007199254740991, '9007199254740991'],
    [true, '1'],
    [false, '0'],
    [null, 'NULL'],
  ] as const)('writes %s as %s', async (value, literal) => {
    expect(clickhouseLiteral(value)).toBe(literal);
    expect((await run(`SELECT ${literal} AS v`)).rows[0]?.['v']).toEqual(value === true ? 1 : value === false ? 0 : value);
  });

  it('refuses a number that is not finite', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY]) expect(() => clickhouseLiteral(v)).toThrow(RangeError);
  });
});

describe('bounds, readonly and the deadline', () => {
  it('keeps the row cap and says the result was cut', async () => {
    const r = await run('SELECT number AS n FROM system.numbers LIMIT 100000', [], { maxRows: 250 });
    expect(r.rows).toHaveLength(250);
    expect(r.truncated).toBe(true);
    expect((await run('SELECT number AS n FROM system.numbers LIMIT 3', [], { maxRows: 3 })).truncated).toBe(false);
  });

  it('stops a result over its byte bounds', async () => {
    expect(
      await codeOf(
        run("SELECT replicateString('x', 100000) AS v".replace("replicateString('x', 100000)", "arrayStringConcat(arrayMap(i -> 'x', range(100000)))")),
      ),
    ).toBe('RESULT_TOO_LARGE');
  });

  it.each([
    ['an insert', "INSERT INTO orders_local VALUES (9, 'x', 1, '2024-01-01')"],
    ['a create', 'CREATE TABLE stolen (x UInt8) ENGINE = Memory'],
    ['a drop', 'DROP TABLE orders_local'],
  ])('refuses %s on the server (readonly=2)', async (_name, sql) => {
    expect(await codeOf(run(sql))).toBe('WAREHOUSE_ERROR');
    expect((await run('SELECT count() AS n FROM orders')).rows).toEqual([{ n: 4 }]);
  });

  it('stops a long statement at its deadline and leaves nothing running on the server', async () => {
    const started = performance.now();
    expect(await codeOf(run('SELECT count() AS marker_long_count FROM system.numbers WHERE sipHash64(number) = 1', [], { deadlineMs: 1_500 }))).toBe(
      'STATEMENT_TIMEOUT',
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    let running = '1';
    for (let i = 0; i < 50 && running.trim() !== '0'; i += 1) {
      running = await cluster.query("SELECT count() FROM system.processes WHERE query LIKE '%marker_long_count%' AND query NOT LIKE '%system.processes%'");
      if (running.trim() !== '0') await new Promise((done) => setTimeout(done, 100));
    }
    expect(running.trim()).toBe('0');
    expect((await run('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
  });
});

describe('catalog, sign-in and lifecycle', () => {
  it('lists tables and binds a table name', async () => {
    expect(await connector.listTables?.(5_000)).toEqual(["it's", 'orders', 'orders_local']);
    expect(await connector.listColumns?.('orders', 5_000)).toEqual([
      { name: 'id', type: 'UInt32' },
      { name: 'region', type: 'String' },
      { name: 'amount', type: 'Float64' },
      { name: 'placed', type: 'Date' },
    ]);
    expect(await connector.listColumns?.("it's", 5_000)).toEqual([{ name: 'x', type: 'UInt8' }]);
    expect(await connector.listColumns?.("orders' OR '1'='1", 5_000)).toEqual([]);
  });

  it('answers CONNECTION_UNAVAILABLE for a wrong password or an unreachable server', async () => {
    expect(await codeOf(runOn(open({ passwordEnv: 'SVC_TEST_CH_NO_SUCH_VARIABLE' }), 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
    expect(await codeOf(runOn(open({ port: 1 }), 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
  });

  it('refuses statements after close', async () => {
    const once = open();
    await runOn(once, 'SELECT 1');
    await once.close();
    expect(await codeOf(runOn(once, 'SELECT 1'))).toBe('CONNECTION_UNAVAILABLE');
  });

  it('narrows rows by a host row policy through the executor, with the ClickHouse statement check', async () => {
    const hooks: HostHooks = { rowPolicy: ({ sql, params }) => ({ sql: `SELECT * FROM (${sql}) WHERE region = ?`, params: [...params, 'North'] }) };
    const executor = createExecutor({ root: '/nonexistent', config: { project: 'p', connections: { default: connection() } } });
    try {
      const asked = () =>
        executor.execute({
          asker: {
            principal: { id: 'ada', kind: 'person', source: 'host' },
            host: { hooks, timeoutMs: 2_000, log: () => undefined },
            requestId: 'r',
            action: 'blocks.run',
          },
          sql: 'SELECT id, region FROM orders ORDER BY id',
          params: [],
          origin: 'block',
        });
      expect((await asked()).rows).toEqual([
        { id: 1, region: 'North' },
        { id: 3, region: 'North' },
      ]);
      expect(
        await codeOf(executor.execute({ asker: undefined, sql: "SELECT * FROM url('http://127.0.0.1:1/', CSV, 'x String')", params: [], origin: 'model' })),
      ).toBe('ROW_POLICY_REFUSED');
    } finally {
      await executor.close();
    }
  });
});
