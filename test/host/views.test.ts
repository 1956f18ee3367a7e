/**
 * Views are judged on the tables they read (issue 27), two people on a hosted server over real
 * HTTP, on each engine where views exist (SQLite, DuckDB, PostgreSQL, ClickHouse): the host
 * narrows `orders` to each person's state and refuses `salaries` to bob, comparing relations by
 * the names the engine resolves. A view over orders (and a view over that view) gives each
 * person their own state; a CTE of the person's own named like the table cannot stand in for
 * what the view reads; a view over salaries is refused to bob and read by ada; a ClickHouse
 * materialized view, whose kept rows are not its query, and a view whose definition svc cannot
 * read with certainty are refused (fail closed), and a view over
 * the engine's record of other sessions is refused as that record is. DESCRIBE and TABLE of a
 * view are judged as a SELECT from it (each engine's own forms), and a TABLE after a set
 * operator is judged as the table it reads.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

const hosted = hostedCommerce();
let pg: PostgresServer | undefined;
let ch: ClickHouseCluster | undefined;
afterAll(async () => {
  await hosted.closeAll();
  await pg?.stop();
  await ch?.stop();
  cleanupProjects();
});

const STATE: Record<string, string> = { ada: 'CA', bob: 'TX' };

/** Words after a relation that are not its alias. */
const NO_ALIAS = /^\s*(where|group|order|limit|join|left|inner|on|union|\)|,|$)/i;

/** The host: `orders` narrowed to the person's state by the spans the relations give, `salaries` refused to bob. */
const hooks: Partial<HostHooks> = {
  resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }),
  rowPolicy: (q: QueryContext) => {
    const who = q.principal?.id ?? '';
    if (who !== 'ada' && q.relations.some((r) => r.name.endsWith('.salaries'))) return { refuse: 'Pay is for HR only.' };
    let sql = q.sql;
    for (const r of [...q.relations].filter((x) => x.name.endsWith('.orders')).sort((a, b) => b.start - a.start)) {
      const alias = NO_ALIAS.test(sql.slice(r.end)) ? ' AS orders' : '';
      sql = `${sql.slice(0, r.start)}(SELECT * FROM ${r.written} WHERE state = '${STATE[who]}')${alias}${sql.slice(r.end)}`;
    }
    return { sql, params: q.params };
  },
};

/** Tables and views every engine gets, in its own words. */
const TABLES = (text: string, int: string, engine = '') => [
  `CREATE TABLE orders (id ${int}, state ${text}, amount ${int})${engine}`,
  "INSERT INTO orders VALUES (1, 'CA', 10), (2, 'CA', 20), (3, 'TX', 5), (4, 'NY', 7)",
  `CREATE TABLE salaries (person ${text}, pay ${int})${engine}`,
  "INSERT INTO salaries VALUES ('ada', 100), ('bob', 90)",
  'CREATE VIEW state_orders AS SELECT state, count(*) AS n FROM orders GROUP BY state',
  'CREATE VIEW order_states AS SELECT state FROM state_orders',
  'CREATE VIEW pay AS SELECT person, pay FROM salaries',
];

const project = (connection: Record<string, unknown>, files: Record<string, string> = {}) =>
  makeProject({ 'svc.config.json': JSON.stringify({ project: 'views', connections: { default: connection } }), ...files });

async function sqliteRoot(): Promise<string> {
  const root = project({ driver: 'sqlite', path: 'data/w.db' });
  mkdirSync(join(root, 'data'), { recursive: true });
  const db = new Database(join(root, 'data/w.db'));
  for (const sql of TABLES('TEXT', 'INTEGER')) db.exec(sql);
  // SQLite reads this comment as closed at its first `*/`; svc reads no comment that opens another.
  db.exec('CREATE VIEW odd_orders AS SELECT /* a /* b */ state FROM orders');
  db.close();
  return root;
}

async function duckdbRoot(): Promise<string> {
  const root = project({ driver: 'duckdb', path: 'data/w.duckdb' });
  mkdirSync(join(root, 'data'), { recursive: true });
  const instance = await DuckDBInstance.create(join(root, 'data/w.duckdb'));
  const c = await instance.connect();
  for (const sql of TABLES('VARCHAR', 'INTEGER')) await c.run(sql);
  c.closeSync();
  instance.closeSync();
  return root;
}

async function postgresRoot(): Promise<string> {
  pg = await startPostgres();
  for (const sql of TABLES('text', 'integer')) await pg.client.query(sql);
  await pg.client.query('CREATE VIEW sessions AS SELECT pid, query FROM pg_stat_activity');
  return project({ driver: 'postgresql', host: '127.0.0.1', port: pg.port, user: 'postgres', database: 'postgres' });
}

async function clickhouseRoot(): Promise<string> {
  ch = await startClickHouseCluster(1);
  for (const sql of TABLES('String', 'UInt32', ' ENGINE = MergeTree ORDER BY tuple()')) await ch.query(sql);
  await ch.query('CREATE VIEW sessions AS SELECT query_id, query FROM system.processes');
  await ch.query('CREATE MATERIALIZED VIEW kept_orders ENGINE = MergeTree ORDER BY tuple() POPULATE AS SELECT state, amount FROM orders');
  return project({ driver: 'clickhouse', host: '127.0.0.1', port: ch.nodes[0]!.httpPort, user: 'default', database: 'default' });
}

const ENGINES = { sqlite: sqliteRoot, duckdb: duckdbRoot, postgresql: postgresRoot, clickhouse: clickhouseRoot };

const REFUSED = 'ROW_POLICY_REFUSED';
const COLUMNS = ['state', 'n'];
/** Per engine, DESCRIBE and TABLE of a view: the statement, then what ada and bob get (column names, their rows' first values, or a refusal). */
const NAME_ONLY: Record<string, Array<[string, string, string[] | string, string[] | string]>> = {
  duckdb: [
    ['DESCRIBE of a view over orders', 'DESCRIBE state_orders', COLUMNS, COLUMNS],
    ['DESC of a view over a view', 'DESC order_states', ['state'], ['state']],
    ['DESCRIBE TABLE of a view', 'DESCRIBE TABLE state_orders', COLUMNS, COLUMNS],
    ['TABLE of a view over orders', 'TABLE order_states', ['CA'], ['TX']],
    ['DESCRIBE of a view over salaries', 'DESCRIBE pay', ['person', 'pay'], REFUSED],
    ['TABLE of a view over salaries', 'TABLE pay', ['ada', 'bob'], REFUSED],
  ],
  postgresql: [
    ['TABLE of a view over orders', 'TABLE order_states', ['CA'], ['TX']],
    ['TABLE of a view over salaries', 'TABLE pay ORDER BY person', ['ada', 'bob'], REFUSED],
  ],
  clickhouse: [
    ['DESCRIBE of a view over orders', 'DESCRIBE state_orders', COLUMNS, COLUMNS],
    ['DESC TABLE of a view over a view', 'DESC TABLE order_states', ['state'], ['state']],
    ['DESCRIBE of a view over salaries', 'DESCRIBE pay', ['person', 'pay'], REFUSED],
  ],
};

const run = async (url: string, user: string, sql: string) => {
  const res = await fetch(`${url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ question: 'Plugh views', proposedSql: sql }),
  });
  const body = (await res.json()) as { rows?: Array<Record<string, unknown>>; refusal?: { code: string; checkReason?: string } };
  return { status: res.status, rows: body.rows, refusal: body.refusal };
};

const states = (rows: Array<Record<string, unknown>> | undefined) => (rows ?? []).map((r) => String(r['state']));

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('views on %s', (engine) => {
  let url = '';
  beforeAll(async () => {
    url = (await hosted.start(hooks, await ENGINES[engine]())).server.url;
  }, 180_000);

  const cases = [
    ['a view over orders', 'SELECT state, n FROM state_orders ORDER BY state'],
    ['a view over orders, aliased', 'SELECT s.state FROM state_orders AS s ORDER BY s.state'],
    ['a view over a view', 'SELECT state FROM order_states ORDER BY state'],
  ];
  // ClickHouse 18.16 reads no WITH of named queries.
  if (engine !== 'clickhouse')
    cases.push(['a CTE named like the table beside the view', "WITH orders AS (SELECT 'NY' AS state) SELECT state FROM state_orders ORDER BY state"]);

  it.each(cases)('narrows %s to each person', async (_name, sql) => {
    for (const user of ['ada', 'bob']) {
      const res = await run(url, user, sql);
      expect([res.status, res.refusal?.code, states(res.rows)]).toEqual([200, undefined, [STATE[user]]]);
    }
  });

  it('refuses a view over salaries to bob and lets ada read it', async () => {
    const ada = await run(url, 'ada', 'SELECT person FROM pay ORDER BY person');
    expect(ada.rows?.map((r) => r['person'])).toEqual(['ada', 'bob']);
    const bob = await run(url, 'bob', 'SELECT person FROM pay ORDER BY person');
    expect([bob.refusal?.code, bob.rows ?? []]).toEqual(['ROW_POLICY_REFUSED', []]);
  });

  // DESCRIBE and TABLE of a view, judged as a SELECT from it (SQLite has neither statement).
  const named = NAME_ONLY[engine] ?? [];
  if (named.length > 0)
    it.each(named)('%s: allowed when the person may read the tables under the view, refused otherwise', async (_name, view, ada, bob) => {
      const answer = async (user: string, sql: string) => {
        const res = await run(url, user, sql);
        // The first column: DESCRIBE's column names, TABLE's states or people.
        return res.refusal !== undefined ? res.refusal.code : (res.rows ?? []).map((r) => String(Object.values(r)[0]));
      };
      expect([await answer('ada', view), await answer('bob', view)]).toEqual([ada, bob]);
    });

  if (engine === 'postgresql' || engine === 'duckdb')
    it('judges a TABLE after a set operator as the table it reads', async () => {
      const sql = "SELECT 'x' AS person, 1 AS pay UNION ALL TABLE salaries";
      expect((await run(url, 'ada', sql)).rows?.length).toBe(3);
      const bob = await run(url, 'bob', sql);
      expect([bob.refusal?.code, bob.rows ?? []]).toEqual(['ROW_POLICY_REFUSED', []]);
    });

  if (engine === 'sqlite')
    it('refuses a view whose definition svc cannot read with certainty', async () => {
      for (const user of ['ada', 'bob']) {
        const res = await run(url, user, 'SELECT state FROM odd_orders');
        expect([res.refusal?.code, res.refusal?.checkReason, res.rows ?? []]).toEqual(['ROW_POLICY_REFUSED', 'view-unreadable', []]);
      }
    });

  if (engine === 'postgresql' || engine === 'clickhouse')
    it("refuses a view over the engine's record of other sessions to everyone, as the record itself is", async () => {
      for (const user of ['ada', 'bob']) {
        const res = await run(url, user, 'SELECT query FROM sessions');
        expect([res.refusal?.code, res.refusal?.checkReason, res.rows ?? []]).toEqual(['ROW_POLICY_REFUSED', 'system-catalog', []]);
      }
    });

  if (engine === 'clickhouse')
    it('refuses a materialized view, whose kept rows are not its query', async () => {
      for (const user of ['ada', 'bob']) {
        const res = await run(url, user, 'SELECT state FROM kept_orders');
        expect([res.refusal?.code, res.refusal?.checkReason, res.rows ?? []]).toEqual(['ROW_POLICY_REFUSED', 'view-unreadable', []]);
      }
    });
});
