/**
 * SQL a person writes is authorized as SQL (issue 27, hole 1): two people on one hosted server
 * over real HTTP, ada may run SQL and bob may only ask. The same written SQL, sent as Ask's
 * `proposedSql` or as the agent tool's, runs for ada with its rows told to the row policy as
 * going to the person, and is refused for bob with 403 PERMISSION_DENIED naming `query.run`
 * before any statement runs; bob's plain question still answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  cleanupProjects();
});

const WRITTEN = 'SELECT * FROM products ORDER BY 1 LIMIT 3';
const told: Array<Pick<QueryContext, 'destination' | 'action'> & { who: string | undefined }> = [];

const hooks: Partial<HostHooks> = {
  authorize: (person, action) => (action === 'query.run' && person.id !== 'ada' ? { allow: false, reason: 'Writing SQL is for analysts.' } : { allow: true }),
  rowPolicy: (q) => {
    told.push({ who: q.principal?.id, destination: q.destination, action: q.action });
    return { sql: q.sql, params: q.params };
  },
};

const post = async (url: string, path: string, user: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': user }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('person-written SQL needs query.run', () => {
  it.each([
    { route: '/api/agent-runs', body: { question: 'Three products please', proposedSql: WRITTEN }, rows: (b: any) => b.rows },
    {
      route: '/api/tools/query_via_metadata',
      body: { args: { question: 'Three products please', proposedSql: WRITTEN, saveDraft: false } },
      rows: (b: any) => b.value?.rows,
    },
  ])('$route: runs for who may run SQL, refused for who may only ask', async ({ route, body, rows }) => {
    const { server } = await hosted.start(hooks);
    told.length = 0;
    const ada = await post(server.url, route, 'ada', body);
    expect(ada.status).toBe(200);
    expect(rows(ada.body)).toHaveLength(3);
    expect(told.filter((t) => t.who === 'ada').map((t) => t.destination)).toEqual(['person']);

    told.length = 0;
    const bob = await post(server.url, route, 'bob', body);
    expect([bob.status, bob.body.error?.code, bob.body.error?.action]).toEqual([403, 'PERMISSION_DENIED', 'query.run']);
    expect(told).toEqual([]);
  });

  it("leaves bob's plain question answered, its rows told as going to the model", async () => {
    const { server } = await hosted.start(hooks);
    told.length = 0;
    const bob = await post(server.url, '/api/agent-runs', 'bob', { question: 'Top 5 states by revenue' });
    expect([bob.status, bob.body.trust]).toEqual([200, 'certified']);
    expect(told.map((t) => [t.action, t.destination])).toEqual([['ask', 'model']]);
  });
});
