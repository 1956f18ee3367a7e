/**
 * The Apps tables of issue 27 run against two hosts over real HTTP: the in-process host and the
 * example embedding program (examples/host/server.mjs) as a real child process, each keeping the
 * `growth` App to ada and carol and writing SQL and authoring to the data team (ada):
 * - the App library lists each App only to who may open it, and the page, its draft run (which
 *   needs execute, here `query.run`) and a published App's run (read is enough) follow the same
 *   decisions;
 * - a page of eight sources (four block tiles, four live answer tiles on heavy statements of
 *   ada's own runs, asked before the page was added and the host started again) never holds
 *   more than four statements at once, as the host's statement observer times them, and every
 *   tile runs.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeDecision, HostHooks, Principal } from '../../src/host.js';
import { type ExampleHost, exampleHost, stopExampleHosts, type ToldStatement } from '../helpers/example-host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  await stopExampleHosts();
  cleanupProjects();
});

/** The data team: they write SQL and author Apps (an author sees every App). */
const ANALYSTS = new Set(['ada']);
const DATA_TEAM = new Set(['query.run', 'app.author', 'app.publish']);
const GROWTH = new Set(['ada', 'carol']);

/** The in-process host's decisions, the example host's own in its words. */
function decide(person: Principal, action: string, resource: { kind: string; id?: string }): AuthorizeDecision {
  if (DATA_TEAM.has(action) && !ANALYSTS.has(person.id)) return { allow: false, reason: 'Writing SQL and authoring are for the data team.' };
  if (action === 'app.view' && resource.kind === 'app' && resource.id === 'growth' && !GROWTH.has(person.id))
    return { allow: false, reason: 'Kept to its audience.' };
  return { allow: true };
}

/** A commerce copy with a second App, published (`ledger`), beside the draft `growth`. */
async function project(): Promise<string> {
  const root = await commerceProject();
  cpSync(join(root, 'apps/growth'), join(root, 'apps/ledger'), { recursive: true });
  const app = JSON.parse(readFileSync(join(root, 'apps/ledger/svc.app.json'), 'utf8'));
  writeFileSync(join(root, 'apps/ledger/svc.app.json'), JSON.stringify({ ...app, id: 'ledger', title: 'Ledger', lifecycle: 'certified' }));
  return root;
}

interface Host extends Pick<ExampleHost, 'url' | 'headers' | 'statements'> {
  root: string;
}

/** Each host, started on `root` (a fresh project when absent). */
const HOSTS: Record<string, (root?: string) => Promise<Host>> = {
  'the in-process host': async (given) => {
    const told: ToldStatement[] = [];
    const statements: HostHooks['statements'] = (e) =>
      told.push({ start: performance.now() - e.durationMs, end: performance.now(), origin: e.origin, ...(e.read !== undefined ? { read: e.read } : {}) });
    const { server, root } = await hosted.start({ authorize: decide, statements }, given ?? (await project()));
    return { url: server.url, root, headers: (user) => ({ 'x-user': user }), statements: () => [...told] };
  },
  'the example host': async (given) => {
    const root = given ?? (await project());
    return { root, ...(await exampleHost({ analysts: [...ANALYSTS].join(','), appAudience: `growth=${[...GROWTH].join('+')}`, project: root })) };
  },
};

/** The most statements held at once among `told` (an end and a start at one instant do not meet). */
function mostAtOnce(told: readonly ToldStatement[]): number {
  const edges = told.flatMap((s) => [
    [s.start, 1],
    [s.end, -1],
  ]);
  edges.sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step as number));
  return most;
}

describe.each(Object.keys(HOSTS))('Apps per person on %s', (name) => {
  let host: Host;
  beforeAll(async () => {
    host = await (HOSTS[name] as () => Promise<Host>)();
  }, 90_000);

  const call = async (user: string, method: string, path: string, body?: unknown, at = host) => {
    const res = await fetch(`${at.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...at.headers(user) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it.each([
    ['ada', ['growth', 'ledger'], 200, 200, 200],
    ['bob', ['ledger'], 403, 403, 200],
    // carol may open growth but not run a draft App's tiles (no query.run); a published App runs on read.
    ['carol', ['growth', 'ledger'], 200, 403, 200],
  ])('%s: listed Apps, the growth page, its run, the ledger run', async (user, apps, page, run, ledger) => {
    const listed = ((await call(user, 'GET', '/api/apps')).body['apps'] as Array<{ id: string }>).map((a) => a.id);
    const statuses = [
      (await call(user, 'GET', '/api/apps/growth/pages/overview')).status,
      (await call(user, 'POST', '/api/apps/growth/pages/overview/run', {})).status,
      (await call(user, 'POST', '/api/apps/ledger/pages/overview/run', {})).status,
    ];
    expect([listed, statuses]).toEqual([apps, [page, run, ledger]]);
  });

  it('runs a page of eight sources with never more than four statements at once', async () => {
    const runs: string[] = [];
    for (const k of [1, 2, 3, 4]) {
      const sql = `SELECT count(*) AS n, ${k} AS k FROM customers a, customers b WHERE a.id + b.id > ${k}`;
      const asked = await call('ada', 'POST', '/api/agent-runs', { question: `Plugh heavy ${k}`, proposedSql: sql });
      expect(asked.status).toBe(200);
      runs.push(String(asked.body['runId']));
    }
    const blocks = ['finance.average_order_value', 'finance.weekly_revenue', 'finance.monthly_revenue', 'sales.channel_mix'];
    const tiles = [
      ...blocks.map((id, i) => ({ id: `b${i}`, title: id, kind: 'table', source: { kind: 'block', id } })),
      ...runs.map((id, i) => ({ id: `a${i}`, title: `answer ${i}`, kind: 'table', mode: 'live', source: { kind: 'answer', id } })),
    ];
    writeFileSync(join(host.root, 'apps/growth/dashboards/busy.svcd'), JSON.stringify({ id: 'busy', title: 'Busy', tiles }));
    const app = JSON.parse(readFileSync(join(host.root, 'apps/growth/svc.app.json'), 'utf8'));
    app.pages.push({ id: 'busy', title: 'Busy', dashboard: 'dashboards/busy.svcd' });
    writeFileSync(join(host.root, 'apps/growth/svc.app.json'), JSON.stringify(app));
    // The page is the project's now: a host started on it serves it.
    const again = await (HOSTS[name] as (root: string) => Promise<Host>)(host.root);
    const from = again.statements().length;
    const page = await call('ada', 'POST', '/api/apps/growth/pages/busy/run', {}, again);
    expect(page.status).toBe(200);
    expect((page.body['tiles'] as Array<{ id: string; ok?: boolean }>).map((t) => [t.id, t.ok])).toEqual(tiles.map((t) => [t.id, true]));
    // The observer is told as each statement ends: wait for the last of the page's eight.
    for (
      let i = 0;
      i < 50 &&
      again
        .statements()
        .slice(from)
        .filter((s) => s.read === 'data' && s.origin !== 'platform').length < 8;
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    const ran = again
      .statements()
      .slice(from)
      .filter((s) => s.read === 'data' && s.origin !== 'platform');
    expect([ran.length, mostAtOnce(ran)]).toEqual([8, 4]);
  }, 90_000);
});
