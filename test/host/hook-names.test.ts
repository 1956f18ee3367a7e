/**
 * Every hook is told names as the engine's catalog resolves them (issue 27), on a hosted server
 * over real HTTP on each engine (SQLite, DuckDB, PostgreSQL with a sign-in role whose own
 * search_path reaches `hr`, ClickHouse). The host hides the `pay` column of the salaries table
 * it knows by its catalog-qualified name, and records what `columnsVisible` and `sourceAccess`
 * are told. The schema routes list no `pay` for the table, however it is reached: by its plain
 * name (which PostgreSQL's path resolves to `hr`), or through a view, which is judged as the
 * table it reads; `sourceAccess` is told each certified block's relations by the same catalog
 * names, a block over the view naming the salaries table under it. A read through a view sees
 * the table as the columns shown: a view naming the hidden column is refused, a `*` shows no more.
 * `figuresDependOnReader` (adding an answer's text to an App build, and its preflight) and
 * `isInBoundary` (a follow-up continuing a certified answer, with a model on loopback) are told
 * the same catalog names for an answer read from the table or through a view; where the catalog
 * can no longer name what an answer read, neither is asked and each refuses.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks } from '../../src/hooks/hooks.js';
import type { RelationName } from '../../src/hooks/relation-names.js';
import { appBlockSourceId } from '../../src/hooks/source-access.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { writeReceipts } from '../helpers/receipts.js';
import { KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';

const hosted = hostedCommerce();
let pg: PostgresServer | undefined;
let ch: ClickHouseCluster | undefined;
// The model Tier 2 asks after a certified answer (a follow-up), on loopback.
let model: FakeOpenAi;
beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  model = await startFakeOpenAi();
});
afterAll(async () => {
  await hosted.closeAll();
  await pg?.stop();
  await ch?.stop();
  await model?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

/** A certified block reading `from`. */
const block = (name: string, from: string) => `block "${name}" {
  domain = "people"
  status = "certified"
  description = "Pay per person, read from ${from}."
  owner = "hr@acme.test"
  outputs = ["person", "pay"]
  query = """
    SELECT person, pay FROM ${from}
  """
}
`;

/** A certified count over the view, which a follow-up can continue. */
const HEADCOUNT = `block "headcount" {
  domain = "people"
  status = "certified"
  description = "How many people are paid, counted from people_view."
  owner = "hr@acme.test"
  outputs = ["people"]
  examples = [
    { question = "How many people are paid?" }
  ]
  query = """
    SELECT COUNT(*) AS people FROM people_view
  """
  tests {
    assert row_count == 1
  }
}
`;

/** A project on `connection` with two certified blocks: one on the table, one on the view. */
function project(connection: Record<string, unknown>): string {
  const root = makeProject({
    'svc.config.json': JSON.stringify({
      project: 'names',
      connections: { default: connection },
      ask: { provider: { kind: 'openai-compatible', baseUrl: model.baseUrl, model: 'fake-model', apiKeyEnv: KEY_ENV } },
    }),
    'domains/people/blocks/pay_from_table.svc': block('pay_from_table', 'salaries'),
    'domains/people/blocks/pay_from_view.svc': block('pay_from_view', 'pay_view'),
    'domains/people/blocks/headcount.svc': HEADCOUNT,
  });
  writeReceipts(root);
  return root;
}

const TABLES = (text: string, int: string, engine = '') => [
  `CREATE TABLE salaries (person ${text}, pay ${int})${engine}`,
  "INSERT INTO salaries VALUES ('ada', 100), ('bob', 90)",
  'CREATE VIEW pay_view AS SELECT person, pay FROM salaries',
  'CREATE VIEW people_view AS SELECT person FROM salaries',
  'CREATE VIEW star_view AS SELECT * FROM salaries',
];

interface Engine {
  root: () => Promise<string>;
  /** The salaries table and the view as the engine's catalog names them. */
  salaries: string;
  view: string;
}

const ENGINES: Record<string, Engine> = {
  sqlite: {
    salaries: 'main.salaries',
    view: 'main.pay_view',
    root: async () => {
      const root = project({ driver: 'sqlite', path: 'data/w.db' });
      mkdirSync(join(root, 'data'), { recursive: true });
      const db = new Database(join(root, 'data/w.db'));
      for (const sql of TABLES('TEXT', 'INTEGER')) db.exec(sql);
      db.close();
      return root;
    },
  },
  duckdb: {
    salaries: 'w.main.salaries',
    view: 'w.main.pay_view',
    root: async () => {
      const root = project({ driver: 'duckdb', path: 'data/w.duckdb' });
      mkdirSync(join(root, 'data'), { recursive: true });
      const instance = await DuckDBInstance.create(join(root, 'data/w.duckdb'));
      const c = await instance.connect();
      for (const sql of TABLES('VARCHAR', 'INTEGER')) await c.run(sql);
      c.closeSync();
      instance.closeSync();
      return root;
    },
  },
  postgresql: {
    // The role's path finds salaries in hr, not in public.
    salaries: 'postgres.hr.salaries',
    view: 'postgres.public.pay_view',
    root: async () => {
      pg = await startPostgres();
      for (const sql of [
        'CREATE ROLE reader LOGIN',
        'CREATE SCHEMA hr',
        'CREATE TABLE hr.salaries (person text, pay integer)',
        "INSERT INTO hr.salaries VALUES ('ada', 100), ('bob', 90)",
        'CREATE VIEW public.pay_view AS SELECT person, pay FROM hr.salaries',
        'CREATE VIEW public.people_view AS SELECT person FROM hr.salaries',
        'CREATE VIEW public.star_view AS SELECT * FROM hr.salaries',
        'GRANT USAGE ON SCHEMA hr TO reader',
        'GRANT SELECT ON ALL TABLES IN SCHEMA public, hr TO reader',
        'ALTER ROLE reader SET search_path = "$user", public, hr',
      ])
        await pg.client.query(sql);
      return project({ driver: 'postgresql', host: '127.0.0.1', port: pg.port, user: 'reader', database: 'postgres' });
    },
  },
  clickhouse: {
    salaries: 'default.salaries',
    view: 'default.pay_view',
    root: async () => {
      ch = await startClickHouseCluster(1);
      for (const sql of TABLES('String', 'UInt32', ' ENGINE = MergeTree ORDER BY tuple()')) await ch.query(sql);
      return project({ driver: 'clickhouse', host: '127.0.0.1', port: ch.nodes[0]!.httpPort, user: 'default', database: 'default' });
    },
  },
};

type Told = RelationName & { view?: string };

/** True when `relations` names exactly `tables`. */
const names = (relations: readonly string[] | undefined, tables: readonly string[]) => JSON.stringify(relations) === JSON.stringify(tables);

describe.each(Object.keys(ENGINES))('hooks told catalog names on %s', (engine) => {
  const { salaries, view, root } = ENGINES[engine] as Engine;
  const columnsTold: Told[] = [];
  const sourcesTold: Array<Record<string, RelationName[]>> = [];
  const boundaryTold: Array<string[] | undefined> = [];
  const figuresTold: Array<string[] | undefined> = [];
  // The host lets values reach its model, and keeps answer text, only for the salaries table it knows by its catalog name.
  const hooks: Partial<HostHooks> = {
    isInBoundary: (_model, context) => {
      boundaryTold.push(context.relations);
      return names(context.relations, [salaries]);
    },
    figuresDependOnReader: (context) => {
      figuresTold.push(context.relations);
      return !names(context.relations, [salaries]);
    },
    columnsVisible: (_p, _relation, columns, resolved) => {
      columnsTold.push(resolved);
      return resolved.name === salaries ? columns.filter((c) => c !== 'pay') : columns;
    },
    sourceAccess: (_p, ids, context) => {
      sourcesTold.push(context.relations);
      return ids;
    },
  };
  let url = '';
  beforeAll(async () => {
    url = (await hosted.start(hooks, await root())).server.url;
  }, 180_000);

  const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { 'x-user': 'bob' } })).json() as Promise<Record<string, any>>;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': 'bob' }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  /** Waits until the run's facts are kept (they are written after the answer). */
  const kept = async (runId: string) => {
    for (let i = 0; i < 250 && (await fetch(`${url}/api/host/answers/${runId}`, { headers: { 'x-user': 'bob' } })).status === 404; i += 1)
      await new Promise((d) => setTimeout(d, 20));
  };

  it.each([
    ['the table by its plain name', 'salaries', { name: salaries, written: 'salaries' }],
    ['a view over the table', 'pay_view', { name: salaries, written: 'pay_view', view }],
  ])('describe-table of %s lists no pay and tells the table', async (_name, table, told) => {
    columnsTold.length = 0;
    const body = await get(`/api/describe-table?table=${table}`);
    expect((body['columns'] as Array<{ name: string }>).map((c) => c.name)).toEqual(['person']);
    expect(columnsTold).toEqual([told]);
  });

  it('the schema route lists no pay for the table or the view', async () => {
    const body = await get('/api/schema');
    const listed = Object.fromEntries(
      (body['tables'] as Array<{ name: string; columns: Array<{ name: string }> }>).map((t) => [t.name, t.columns.map((c) => c.name)]),
    );
    expect([listed['salaries'], listed['pay_view']]).toEqual([['person'], ['person']]);
  });

  it.each([
    ['a view naming the hidden column is refused', 'SELECT person FROM pay_view', 'ROW_POLICY_REFUSED'],
    ['a view without it reads the table as the columns shown', 'SELECT * FROM people_view ORDER BY person', [['ada'], ['bob']]],
    // PostgreSQL keeps a view's `*` as the columns it named then, the hidden one among them.
    [
      'a view reading * shows only the columns shown',
      'SELECT * FROM star_view ORDER BY person',
      engine === 'postgresql' ? 'ROW_POLICY_REFUSED' : [['ada'], ['bob']],
    ],
  ])('reading through a view: %s', async (_name, sql, expected) => {
    const res = await fetch(`${url}/api/agent-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'bob' },
      body: JSON.stringify({ question: 'Plugh names', proposedSql: sql }),
    });
    const body = (await res.json()) as { rows?: Array<Record<string, unknown>>; refusal?: { code: string } };
    expect(body.refusal?.code ?? (body.rows ?? []).map((r) => Object.values(r))).toEqual(expected);
  });

  it('sourceAccess is told each block by the tables it reads, as the catalog names them', async () => {
    sourcesTold.length = 0;
    await fetch(`${url}/api/agent-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'bob' },
      body: JSON.stringify({ question: 'pay per person' }),
    });
    const id = (name: string) => appBlockSourceId({ domain: 'people', name, file: `domains/people/blocks/${name}.svc` });
    const names = (name: string) => sourcesTold[0]?.[id(name)]?.map((r) => r.name);
    expect([names('pay_from_table'), names('pay_from_view')]).toEqual([[salaries], [salaries]]);
  });

  it.each([
    ['the table by its plain name', 'SELECT person FROM salaries ORDER BY person'],
    ['a view over the table', 'SELECT person FROM people_view ORDER BY person'],
  ])('figuresDependOnReader is told an answer read from %s as the table, so its text is kept and published', async (_name, sql) => {
    const run = (await post('/api/agent-runs', { question: 'Plugh names', proposedSql: sql, saveDraft: false })).json;
    await kept(run['runId']);
    const build = (await post('/api/app-builds', { trustMode: 'include_review_required' })).json;
    figuresTold.length = 0;
    const added = await post(`/api/app-builds/${build['id']}/ask-results`, { baseRevision: 1, runId: run['runId'], mode: 'text' });
    const preflight = await post(`/api/app-builds/${build['id']}/preflight`, { revision: 2, appId: 'names' });
    expect([added.status, preflight.status, figuresTold]).toEqual([200, 200, [[salaries], [salaries]]]);
  });

  it("isInBoundary is told a follow-up's earlier answer by the tables its block reads, as the catalog names them", async () => {
    const first = (await post('/api/agent-runs', { question: 'How many people are paid?' })).json;
    model.script(sqlReply('SELECT COUNT(*) AS n FROM salaries'));
    boundaryTold.length = 0;
    const next = (await post('/api/agent-runs', { question: 'how many plugh xyzzy were there?', threadId: first['threadId'] })).json;
    expect([first['tier'], first['block'] !== undefined, next['tier'], boundaryTold]).toEqual([1, true, 2, [[salaries]]]);
  });
});

/**
 * Fail closed: once the catalog cannot name what an answer read (here its view now reads a table
 * whose name svc will not write), the hooks are not asked: the figures depend on the reader and
 * the earlier answer's values stay from the model. SQLite: its catalog is read again as soon as
 * the file changes.
 */
describe('hooks not told names the catalog cannot give, on sqlite', () => {
  const told: Array<{ hook: string; relations: string[] | undefined }> = [];
  const hooks: Partial<HostHooks> = {
    isInBoundary: (_model, context) => {
      told.push({ hook: 'isInBoundary', relations: context.relations });
      return true;
    },
    figuresDependOnReader: (context) => {
      told.push({ hook: 'figuresDependOnReader', relations: context.relations });
      return false;
    },
  };
  let url = '';
  let root = '';
  const UNNAMEABLE = '"sal""aries"';
  beforeAll(async () => {
    root = await (ENGINES['sqlite'] as Engine).root();
    const db = new Database(join(root, 'data/w.db'));
    db.exec(`CREATE TABLE ${UNNAMEABLE} (person TEXT)`);
    db.close();
    url = (await hosted.start(hooks, root)).server.url;
  });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': 'bob' }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  /** people_view read from `from`. */
  const viewOver = (from: string) => {
    const db = new Database(join(root, 'data/w.db'));
    db.exec(`DROP VIEW people_view; CREATE VIEW people_view AS SELECT person FROM ${from}`);
    db.close();
  };

  it('an answer whose view the catalog can no longer read keeps no text, and figuresDependOnReader is not asked', async () => {
    viewOver('salaries');
    const run = (await post('/api/agent-runs', { question: 'Plugh names', proposedSql: 'SELECT person FROM people_view', saveDraft: false })).json;
    for (let i = 0; i < 250 && (await fetch(`${url}/api/host/answers/${run['runId']}`, { headers: { 'x-user': 'bob' } })).status === 404; i += 1)
      await new Promise((d) => setTimeout(d, 20));
    viewOver(UNNAMEABLE);
    const build = (await post('/api/app-builds', { trustMode: 'include_review_required' })).json;
    told.length = 0;
    const added = await post(`/api/app-builds/${build['id']}/ask-results`, { baseRevision: 1, runId: run['runId'], mode: 'text' });
    expect([run['rowCount'], added.status, added.json['error']?.['code'], told]).toEqual([2, 409, 'ANSWER_FIGURES_DEPEND_ON_READER', []]);
  });

  it("a follow-up whose earlier answer's view the catalog can no longer read keeps its values from the model, and isInBoundary is not asked", async () => {
    viewOver('salaries');
    const first = (await post('/api/agent-runs', { question: 'How many people are paid?' })).json;
    viewOver(UNNAMEABLE);
    model.script(sqlReply('SELECT COUNT(*) AS n FROM salaries'));
    told.length = 0;
    const next = (await post('/api/agent-runs', { question: 'how many plugh xyzzy were there?', threadId: first['threadId'] })).json;
    // The follow-up did continue the earlier answer: its prompt names the block.
    const continued = model.requests.at(-1)?.text.includes('people.headcount');
    expect([first['tier'], next['tier'], continued, told]).toEqual([1, 2, true, []]);
  });
});
