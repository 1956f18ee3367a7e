/**
 * `/api/app-builds/*` over real HTTP on loopback against a commerce copy, with the loopback fake
 * model speaking the provider's protocol as the planner: the catalog (labels, addability,
 * pages), planning (8 to 12 cards; an unsupplied id, a malformed answer and a failing provider
 * each a typed error that writes no revision; the labelled deterministic plan only without a
 * planner), compose with its revision rule, and prompt -> proposal -> compose -> preview ->
 * preflight -> publish, where the new App is listed and `svc app check` gives it the trust the
 * publication reported; preview evidence survives a server restart.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { runAppCheck } from '../../../src/runtime/certify/app-check.js';
import { blockSource, cleanupProjects } from '../../helpers/project.js';
import { configureAsk, KEY_ENV, serve, TEST_KEY } from '../agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { commerceProject } from '../helpers/warehouse.js';
import { CHANNELS, call, DRAFT_SOURCE, revisionFiles, TOP_STATES, WEEKLY } from './build-helpers.js';

type Draft = {
  id: string;
  revision: number;
  pages: Array<{ id: string; tiles: Array<{ id: string; sourceId?: string }> }>;
  proposal?: { planner: string; candidates: string[] };
};
type Source = { id: string; label: string; lifecycle: string; addable: boolean; addDisabledReason?: string };

let fake: FakeOpenAi;
let root: string;
let server: LocalServer;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await commerceProject();
  configureAsk(root, fake.baseUrl);
  // A draft source whose query names a table the warehouse does not have (its preview fails).
  writeFileSync(join(root, 'domains/sales/blocks/_drafts/misspelt.svc'), blockSource('misspelt', { query: '"""\n    SELECT state FROM orderz\n  """' }));
  server = await serve(root);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

const start = async (body: Record<string, unknown> = {}) => (await call<Draft>(server, 'POST', '/api/app-builds', body)).body;
const search = (id: string, query: string) =>
  call<{ sources: Source[]; total: number; nextCursor?: string }>(server, 'GET', `/api/app-builds/${id}/source-candidates${query}`);

describe('the source catalog', () => {
  it.each([
    ['governed_only', WEEKLY, { lifecycle: 'certified', label: 'Certified', addable: true }],
    ['governed_only', DRAFT_SOURCE, { lifecycle: 'draft', label: 'Draft', addable: false }],
    ['include_review_required', DRAFT_SOURCE, { lifecycle: 'draft', label: 'Draft', addable: true }],
  ])('under %s lists %s labelled, with its Add action as the mode allows', async (trustMode, id, expected) => {
    const build = await start({ trustMode });
    const page = await search(build.id, '?limit=100');
    expect(page.body.sources.find((s) => s.id === id)).toMatchObject(expected);
  });

  it('searches fields, parameters and visualization capabilities, pages by 50 by default and at most 100, and keeps deprecated sources out unless asked', async () => {
    const build = await start();
    expect((await search(build.id, '?query=enterprise_signups')).body.sources.map((s) => s.id)).toEqual([
      'domains/customers/blocks/new_customers_monthly.svc#new_customers_monthly',
    ]);
    expect((await search(build.id, '?query=bar&facet=domain:sales')).body.sources.map((s) => s.id)).toContain(CHANNELS);
    expect((await search(build.id, '?query=top_n')).body.sources.map((s) => s.id)).toContain(TOP_STATES);
    expect((await search(build.id, '?query=bar')).body.sources.length).toBeGreaterThan(0);
    const one = await search(build.id, '?limit=1');
    expect(one.body.sources).toHaveLength(1);
    const next = await search(build.id, `?limit=1&cursor=${one.body.nextCursor}`);
    expect(next.body.sources[0]?.id).not.toBe(one.body.sources[0]?.id);
    expect((await search(build.id, '')).body.sources.length).toBe(Math.min(50, one.body.total));
    expect((await search(build.id, '?limit=101')).status).toBe(400);
    const withDeprecated = await search(build.id, '?includeDeprecated=1&facet=lifecycle:deprecated');
    expect(withDeprecated.body.sources.map((s) => s.label)).toEqual(['Deprecated']);
    expect((await search(build.id, '?facet=lifecycle:deprecated')).body.total).toBe(0);
  });

  it('resolves exact ids against the current snapshot, naming the ones it does not have', async () => {
    const build = await start();
    const resolved = await call<{ sources: Source[]; missing: string[] }>(server, 'POST', `/api/app-builds/${build.id}/source-candidates`, {
      ids: [WEEKLY, 'domains/nowhere.svc#nothing'],
    });
    expect(resolved.body.sources.map((s) => s.id)).toEqual([WEEKLY]);
    expect(resolved.body.missing).toEqual(['domains/nowhere.svc#nothing']);
  });
});

describe('planning', () => {
  it('sends 8 to 12 candidate cards without values and binds only the sources the plan names', async () => {
    const build = await start();
    fake.script(JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY, kind: 'chart' }, { sourceId: TOP_STATES }] }] }));
    const plan = await call<Draft>(server, 'POST', `/api/app-builds/${build.id}/plan`, { baseRevision: 1, prompt: 'weekly revenue and top states' });
    expect(plan.status).toBe(200);
    expect(plan.body.proposal?.planner).toBe('model');
    expect(plan.body.proposal?.candidates.length).toBeGreaterThanOrEqual(8);
    expect(plan.body.proposal?.candidates.length).toBeLessThanOrEqual(12);
    expect(plan.body.pages.flatMap((p) => p.tiles.map((t) => t.sourceId))).toEqual([WEEKLY, TOP_STATES]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.text).not.toMatch(/SELECT/i);
    expect(revisionFiles(root, build.id)).toHaveLength(2);
  });

  it('hears the answers to its clarifications in a new proposal revision', async () => {
    const build = await start();
    fake.script(
      JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY }] }], clarifications: ['Weekly or monthly revenue?'] }),
      JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY, kind: 'chart' }] }], clarifications: [] }),
    );
    const first = await call<Draft & { proposal: { clarifications: string[] } }>(server, 'POST', `/api/app-builds/${build.id}/plan`, {
      baseRevision: 1,
      prompt: 'revenue',
    });
    expect(first.body.proposal.clarifications).toEqual(['Weekly or monthly revenue?']);
    const second = await call<Draft & { proposal: { answers: string[] } }>(server, 'POST', `/api/app-builds/${build.id}/plan`, {
      baseRevision: 2,
      prompt: 'revenue',
      answers: ['Weekly, as a chart'],
    });
    expect(second.body).toMatchObject({ revision: 3, proposal: { planner: 'model', answers: ['Weekly, as a chart'] } });
    expect(fake.requests[1]?.text).toContain('Weekly, as a chart');
    expect(revisionFiles(root, build.id)).toEqual(['000001.json', '000002.json', '000003.json']);
  });

  it.each([
    [
      'names a source id it was not sent',
      JSON.stringify({ title: 'X', pages: [{ title: 'P', tiles: [{ sourceId: DRAFT_SOURCE }] }] }),
      'APP_BUILD_PLANNER_MALFORMED',
    ],
    ['answers with something that is not the JSON plan', 'Here is a nice dashboard for you!', 'APP_BUILD_PLANNER_MALFORMED'],
    ['answers a plan without pages', JSON.stringify({ title: 'X', pages: [] }), 'APP_BUILD_PLANNER_MALFORMED'],
    ['fails (HTTP 500)', { status: 500, body: '{"error":"down"}' }, 'APP_BUILD_PLANNER_FAILED'],
  ] as const)('a planner that %s gives %s and no draft change', async (_case, reply, code) => {
    const build = await start({ sourceIds: [WEEKLY] });
    fake.script(reply);
    const plan = await call(server, 'POST', `/api/app-builds/${build.id}/plan`, { baseRevision: 1, prompt: 'revenue' });
    expect(plan.status).toBe(502);
    expect(plan.body.error?.code).toBe(code);
    expect(revisionFiles(root, build.id)).toEqual(['000001.json']);
    expect((await call<Draft>(server, 'GET', `/api/app-builds/${build.id}`)).body.revision).toBe(1);
  });

  it('uses the deterministic plan, labelled so, only when no planner is configured', async () => {
    const plain = await commerceProject();
    configureAsk(plain, undefined);
    const other = await serve(plain);
    try {
      fake.script('{}');
      const build = (await call<Draft>(other, 'POST', '/api/app-builds', {})).body;
      const plan = await call<Draft>(other, 'POST', `/api/app-builds/${build.id}/plan`, { baseRevision: 1, prompt: 'weekly revenue' });
      expect(plan.body.proposal?.planner).toBe('deterministic');
      expect(plan.body.pages[0]?.tiles.length).toBeGreaterThan(0);
      expect(fake.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('compose', () => {
  it.each([
    ['an unknown source id', [{ op: 'add_tile', sourceId: 'domains/x.svc#x' }], 400, 'APP_BUILD_SOURCE_UNKNOWN'],
    ['a draft source under governed_only', [{ op: 'add_tile', sourceId: DRAFT_SOURCE }], 409, 'APP_BUILD_SOURCE_NOT_ADDABLE'],
    ['a tile the draft does not have', [{ op: 'remove_tile', pageId: 'overview', tileId: 'nope' }], 400, 'APP_BUILD_OPERATION_INVALID'],
    ['a page position past the last page', [{ op: 'move_page', pageId: 'overview', to: 1 }], 400, 'APP_BUILD_OPERATION_INVALID'],
    ['moving a page the draft does not have', [{ op: 'move_page', pageId: 'nope', to: 0 }], 400, 'APP_BUILD_OPERATION_INVALID'],
    [
      'a filter on a parameter the source does not take',
      [{ op: 'bind_filter', pageId: 'overview', filterId: 'f', tileId: 'weekly_revenue', parameter: 'nope' }],
      400,
      'APP_BUILD_OPERATION_INVALID',
    ],
    [
      'switching back to governed_only while a draft source is bound',
      [
        { op: 'set_trust_mode', mode: 'include_review_required' },
        { op: 'add_tile', sourceId: DRAFT_SOURCE },
        { op: 'set_trust_mode', mode: 'governed_only' },
      ],
      409,
      'APP_BUILD_SOURCE_NOT_ADDABLE',
    ],
    ['an operation outside the allow-list', [{ op: 'set_sql', sql: 'SELECT 1' }], 400, 'BAD_REQUEST'],
    ['a tile with a browser-made source binding', [{ op: 'add_tile', sourceId: WEEKLY, revision: 'sha256:x' }], 400, 'BAD_REQUEST'],
  ])('refuses %s and writes nothing', async (_case, operations, status, code) => {
    const build = await start({ sourceIds: [WEEKLY] });
    const composed = await call(server, 'POST', `/api/app-builds/${build.id}/compose`, { baseRevision: 1, operations });
    expect([composed.status, composed.body.error?.code]).toEqual([status, code]);
    expect(revisionFiles(root, build.id)).toEqual(['000001.json']);
  });

  it('writes the next revision, and refuses a change made against an older one', async () => {
    const build = await start({ sourceIds: [WEEKLY] });
    const ops = [{ op: 'add_tile', sourceId: TOP_STATES }];
    const next = await call<Draft>(server, 'POST', `/api/app-builds/${build.id}/compose`, { baseRevision: 1, operations: ops });
    expect(next.body.revision).toBe(2);
    const stale = await call(server, 'POST', `/api/app-builds/${build.id}/compose`, { baseRevision: 1, operations: ops });
    expect([stale.status, stale.body.error?.code]).toEqual([409, 'APP_BUILD_REVISION_CONFLICT']);
    expect(revisionFiles(root, build.id)).toEqual(['000001.json', '000002.json']);
    expect((await call(server, 'GET', '/api/app-builds/build_nothere')).body.error?.code).toBe('APP_BUILD_NOT_FOUND');
  });
});

describe('filter candidates', () => {
  type Candidates = {
    revision: number;
    tiles: Array<{ tileId: string; parameters: Array<{ name: string }>; columns: string[]; bound: Record<string, string> }>;
  };
  const candidates = async (id: string) => (await call<Candidates>(server, 'GET', `/api/app-builds/${id}/filter-candidates`)).body;
  const facts = (c: Candidates) => c.tiles.map((t) => [t.tileId, t.parameters.map((p) => p.name), t.columns, t.bound]);

  it('are the declared parameters, plus the columns only the settled preview of this very revision proved, with the stored bindings', async () => {
    const build = await start({ sourceIds: [WEEKLY, TOP_STATES] });
    expect(facts(await candidates(build.id))).toEqual([
      ['weekly_revenue', ['since', 'top_n'], [], {}],
      ['top_states_by_revenue', ['since', 'top_n'], [], {}],
    ]);
    expect((await call(server, 'POST', `/api/app-builds/${build.id}/preview`, { revision: 1 })).status).toBe(200);
    expect(facts(await candidates(build.id))).toEqual([
      ['weekly_revenue', ['since', 'top_n'], ['week_start', 'orders', 'revenue'], {}],
      ['top_states_by_revenue', ['since', 'top_n'], ['state', 'orders', 'revenue'], {}],
    ]);
    const ops = [
      { op: 'bind_filter', pageId: 'overview', filterId: 'since', tileId: 'weekly_revenue', parameter: 'since' },
      { op: 'move_page', pageId: 'overview', to: 0 },
    ];
    const next = await call<Draft>(server, 'POST', `/api/app-builds/${build.id}/compose`, { baseRevision: 1, operations: ops });
    expect(next.body.revision).toBe(2);
    // Revision 2 has no settled preview yet: nothing is proven for it, the binding is stored.
    expect(facts(await candidates(build.id))).toEqual([
      ['weekly_revenue', ['since', 'top_n'], [], { since: 'since' }],
      ['top_states_by_revenue', ['since', 'top_n'], [], {}],
    ]);
  });
});

describe('the bounded same-target repair of a preview component', () => {
  const MISSPELT = 'domains/sales/blocks/_drafts/misspelt.svc#misspelt';
  type Component = { tileId: string; ok: boolean; repaired?: boolean; reviewRequired: boolean; error?: string };

  it.each([
    ['a repair that runs: the result shows, repaired and review required', sqlReply('SELECT state FROM orders LIMIT 3'), true],
    ['a repair that fails too: the failure shows, after one attempt only', sqlReply('SELECT state FROM orderzz'), false],
  ])('%s', async (_case, reply, ok) => {
    const build = await start({ trustMode: 'include_review_required', sourceIds: [MISSPELT, WEEKLY] });
    fake.script(reply);
    const preview = await call<{ components: Component[] }>(server, 'POST', `/api/app-builds/${build.id}/preview`, { revision: 1 });
    expect(preview.body.components.map((c) => [c.tileId, c.ok, c.repaired ?? false, c.reviewRequired])).toEqual([
      ['misspelt', ok, true, true],
      ['weekly_revenue', true, false, false],
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.text).toContain('orderz');
    const check = await call<{ blockers: Array<{ rule: string; tile?: string }> }>(server, 'POST', `/api/app-builds/${build.id}/preflight`, {
      revision: 1,
      appId: 'x',
    });
    expect(check.body.blockers.map((b) => b.rule)).toContain('publication/preview-settled');
  });
});

describe('from a prompt to a published App', () => {
  it('plans, composes, previews, passes the preflight and publishes an App svc app check gives the same trust; evidence survives a restart', async () => {
    const build = await start();
    fake.script(
      JSON.stringify({
        title: 'Revenue',
        pages: [
          {
            title: 'Money',
            tiles: [
              { sourceId: WEEKLY, kind: 'chart' },
              { sourceId: TOP_STATES, kind: 'table' },
            ],
          },
        ],
      }),
    );
    const plan = (await call<Draft>(server, 'POST', `/api/app-builds/${build.id}/plan`, { baseRevision: 1, prompt: 'weekly revenue and top states' })).body;
    const bind = plan.pages[0]!.tiles.map((t) => ({ op: 'bind_filter', pageId: 'money', filterId: 'since', tileId: t.id, parameter: 'since' }));
    const composed = (await call<Draft>(server, 'POST', `/api/app-builds/${build.id}/compose`, { baseRevision: 2, operations: bind })).body;
    const before = await call<{ ready: boolean; blockers: Array<{ rule: string }> }>(server, 'POST', `/api/app-builds/${build.id}/preflight`, {
      revision: 3,
      appId: 'revenue',
    });
    expect(before.body.blockers.map((b) => b.rule)).toContain('build/preview-settled');
    const preview = await call<{ components: Array<{ tileId: string; ok: boolean; reviewRequired: boolean; filterCandidates: { parameters: string[] } }> }>(
      server,
      'POST',
      `/api/app-builds/${build.id}/preview`,
      { revision: composed.revision },
    );
    expect(preview.body.components.map((c) => [c.tileId, c.ok, c.reviewRequired])).toEqual([
      ['weekly_revenue', true, false],
      ['top_states_by_revenue', true, false],
    ]);
    expect(preview.body.components[0]?.filterCandidates.parameters).toContain('since');
    await server.close();
    server = await serve(root);
    const ready = await call<{ ready: boolean; blockers: unknown[]; trust: Record<string, unknown> }>(server, 'POST', `/api/app-builds/${build.id}/preflight`, {
      revision: 3,
      appId: 'revenue',
    });
    expect(ready.body).toMatchObject({ ready: true, blockers: [] });
    const published = await call<{ app: string; files: string[]; trust: Record<string, unknown> }>(server, 'POST', `/api/app-builds/${build.id}/publish`, {
      revision: 3,
      appId: 'revenue',
    });
    expect(published.status).toBe(200);
    expect(published.body.files).toEqual(['apps/revenue/dashboards/money.svcd', 'apps/revenue/svc.app.json']);
    const check = await runAppCheck({ cwd: root, app: 'revenue' });
    expect(check.exitCode).toBe(0);
    expect(published.body.trust).toEqual(check.result?.trust);
    expect(ready.body.trust).toEqual(check.result?.trust);
    const library = await call<{ apps: Array<{ id: string }> }>(server, 'GET', '/api/apps');
    expect(library.body.apps.map((a) => a.id)).toContain('revenue');
  });
});
