/**
 * SQL a person writes is authorized as SQL (issue 27, hole 1): two people on a hosted server over
 * real HTTP, ada may run SQL and bob may only ask, on the in-process host and on the example
 * embedding program (examples/host/server.mjs) run as a child process. The same written SQL,
 * sent as Ask's `proposedSql` or as the agent tool's, runs for ada (on the in-process host with
 * its rows told to the row policy as going to the person), and is refused for bob with 403
 * PERMISSION_DENIED naming `query.run` before any statement runs; bob's plain question still
 * answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { exampleHost, stopExampleHosts, type TwoPersonHost } from '../helpers/example-host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  await stopExampleHosts();
  cleanupProjects();
});

const WRITTEN = 'SELECT * FROM products ORDER BY 1 LIMIT 3';
type Told = Pick<QueryContext, 'destination' | 'action'> & { who: string | undefined };

/** The in-process host, recording what its row policy is told (the example host's is its own). */
function inProcess(told: Told[]): Partial<HostHooks> {
  return {
    authorize: (person, action) => (action === 'query.run' && person.id !== 'ada' ? { allow: false, reason: 'Writing SQL is for analysts.' } : { allow: true }),
    rowPolicy: (q) => {
      told.push({ who: q.principal?.id, destination: q.destination, action: q.action });
      return { sql: q.sql, params: q.params };
    },
  };
}

type Started = { host: TwoPersonHost; told?: Told[] };

/** Each host the table runs against (started once), and what its row policy was told (undefined where the test cannot see it). */
const HOSTS: Record<string, () => Promise<Started>> = {
  'the in-process host': async () => {
    const told: Told[] = [];
    const { server } = await hosted.start(inProcess(told));
    return { host: { url: server.url, headers: (user) => ({ 'x-user': user }) }, told };
  },
  'the example host': async () => ({ host: await exampleHost({ analysts: 'ada' }) }),
};

const post = async (host: TwoPersonHost, path: string, user: string, body: unknown) => {
  const res = await fetch(`${host.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...host.headers(user) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

const started = new Map<string, Promise<Started>>();
/** The host `name`, started on first use, with what its row policy was told emptied. */
async function hostOf(name: string): Promise<Started> {
  if (!started.has(name)) started.set(name, (HOSTS[name] as () => Promise<Started>)());
  const out = await (started.get(name) as Promise<Started>);
  if (out.told !== undefined) out.told.length = 0;
  return out;
}

describe.each(Object.keys(HOSTS))('person-written SQL needs query.run on %s', (name) => {
  it.each([
    { route: '/api/agent-runs', body: { question: 'Three products please', proposedSql: WRITTEN }, rows: (b: any) => b.rows },
    {
      route: '/api/tools/query_via_metadata',
      body: { args: { question: 'Three products please', proposedSql: WRITTEN, saveDraft: false } },
      rows: (b: any) => b.value?.rows,
    },
  ])(
    '$route: runs for who may run SQL, refused for who may only ask',
    async ({ route, body, rows }) => {
      const { host, told } = await hostOf(name);
      const ada = await post(host, route, 'ada', body);
      expect(ada.status).toBe(200);
      expect(rows(ada.body)).toHaveLength(3);
      if (told !== undefined) expect(told.filter((t) => t.who === 'ada').map((t) => t.destination)).toEqual(['person']);

      if (told !== undefined) told.length = 0;
      const bob = await post(host, route, 'bob', body);
      expect([bob.status, bob.body.error?.code, bob.body.error?.action]).toEqual([403, 'PERMISSION_DENIED', 'query.run']);
      if (told !== undefined) expect(told).toEqual([]);
    },
    60_000,
  );

  it("leaves bob's plain question answered, its rows told as going to the model", async () => {
    const { host, told } = await hostOf(name);
    const bob = await post(host, '/api/agent-runs', 'bob', { question: 'Top 5 states by revenue' });
    expect([bob.status, bob.body.trust]).toEqual([200, 'certified']);
    if (told !== undefined) expect(told.map((t) => [t.action, t.destination])).toEqual([['ask', 'model']]);
  }, 60_000);
});
