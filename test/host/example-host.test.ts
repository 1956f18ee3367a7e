/**
 * The example embedding program (examples/host/server.mjs) as a real child process over a copy
 * of the commerce fixture: people signed by the platform get their own region's rows from a
 * certified question and from SQL they write however it spells the orders table (schema,
 * quoting, case, aliases, joins, subqueries, CTEs named like it, views over it), an unsigned or
 * forged session is 401, running a block or writing SQL is refused to whoever is not on the data
 * team with the host's next step, and the schema routes hide the column the host hides.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleHost, sign, stopExampleHosts } from '../helpers/example-host.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let url = '';

beforeAll(async () => {
  const project = await commerceProject();
  // Views over orders, as a warehouse owner would keep them: the host never names them.
  const db = new Database(join(project, 'data/warehouse.db'));
  db.exec('CREATE VIEW state_orders AS SELECT state, count(*) AS n FROM orders GROUP BY state');
  db.exec('CREATE VIEW order_states AS SELECT state FROM state_orders');
  db.close();
  url = (await exampleHost({ analysts: 'ada,bob', project })).url;
}, 60_000);

afterAll(async () => {
  await stopExampleHosts();
  cleanupProjects();
});

const call = async (path: string, session?: string, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(session !== undefined ? { 'x-example-session': session } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
};

describe('the example host', () => {
  it("answers a certified question with each person's own region only", async () => {
    for (const [user, region] of [
      ['ada', 'CA'],
      ['bob', 'TX'],
    ] as const) {
      const run = await call('/api/agent-runs', sign(user, region), { question: 'Top 5 states by revenue' });
      expect([run.status, run.body.tier, run.body.trust]).toEqual([200, 1, 'certified']);
      expect(run.body.rows.map((r: { state: string }) => r.state)).toEqual([region]);
    }
  });

  it.each([
    ['no session', undefined],
    ['a forged signature', sign('ada', 'CA', 'another-secret-entirely')],
    ['a region changed after signing', sign('ada', 'CA').replace('.CA.', '.TX.')],
    ['garbage', 'ada'],
  ])('refuses %s with 401 and the sign-in path', async (_name, session) => {
    const res = await call('/api/blocks', session);
    expect([res.status, res.body.error.code, res.headers.get('x-svc-sign-in'), res.headers.get('x-svc-hosted')]).toEqual([
      401,
      'SIGN_IN_REQUIRED',
      '/sign-in',
      '1',
    ]);
  });

  it.each([
    ['the bare name', 'SELECT DISTINCT state FROM orders'],
    ['schema-qualified', 'SELECT DISTINCT state FROM main.orders'],
    ['quoted', 'SELECT DISTINCT state FROM "orders"'],
    ['quoted schema and table', 'SELECT DISTINCT state FROM "main"."orders"'],
    ['upper case', 'SELECT DISTINCT state FROM MAIN.ORDERS'],
    ['an alias', 'SELECT DISTINCT o.state FROM main.orders AS o'],
    ['columns qualified by the table', 'SELECT DISTINCT orders.state FROM main.orders WHERE orders.amount >= 0'],
    ['a join', 'SELECT DISTINCT o.state FROM customers c JOIN main.orders o ON o.customer_id = c.id'],
    ['a subquery', 'SELECT DISTINCT state FROM (SELECT state FROM Main.Orders) x'],
    ['a CTE named like the table', 'WITH orders AS (SELECT state FROM customers) SELECT DISTINCT o.state FROM main.orders o'],
    ['a view over the table', 'SELECT DISTINCT state FROM state_orders'],
    ['a view over a view over the table', 'SELECT DISTINCT state FROM main.order_states'],
    ['a CTE named like the table beside a view', 'WITH orders AS (SELECT state FROM customers) SELECT DISTINCT state FROM state_orders'],
    ['a CTE of a subquery only', 'SELECT DISTINCT state FROM orders WHERE state IN (WITH orders AS (SELECT state FROM customers) SELECT state FROM orders)'],
  ])('narrows SQL a person writes to their region: %s', async (_name, sql) => {
    for (const [user, region] of [
      ['ada', 'CA'],
      ['bob', 'TX'],
    ] as const) {
      const run = await call('/api/agent-runs', sign(user, region), { question: 'Which states have orders?', proposedSql: sql });
      expect([run.status, run.body.tier, run.body.refusal?.reason]).toEqual([200, 2, undefined]);
      expect(run.body.rows.map((r: { state: string }) => r.state)).toEqual([region]);
    }
  });

  it("refuses running a block or writing SQL to who is not on the data team, with the host's reason and next step", async () => {
    const written = await call('/api/agent-runs', sign('carol', 'CA'), {
      question: 'Which states have orders?',
      proposedSql: 'SELECT DISTINCT state FROM main.orders',
    });
    expect([written.status, written.body.error?.code, written.body.error?.action]).toEqual([403, 'PERMISSION_DENIED', 'query.run']);
    const res = await call('/api/blocks/sales.top_states_by_revenue/run', sign('carol', 'CA'), {});
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'PERMISSION_DENIED', action: 'query.run', next: { label: 'Ask a question', href: '/ask' } });
  });

  it('hides the e-mail column from the schema routes', async () => {
    const res = await call('/api/describe-table?table=customers', sign('ada', 'CA'));
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: { name: string }) => c.name)).not.toContain('email');
    expect(res.body.columns.map((c: { name: string }) => c.name)).toContain('segment');
  });

  it('refuses a change requested from a foreign page', async () => {
    const res = await fetch(`${url}/api/agent-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-example-session': sign('ada', 'CA') },
      body: JSON.stringify({ question: 'x' }),
    });
    expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([403, 'ORIGIN_REFUSED']);
  });
});
