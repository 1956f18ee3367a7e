/**
 * The App Autopilot over real HTTP on loopback against a commerce copy, with the loopback fake
 * model answering the intents (spec 01 App Autopilot rules 1-3, 7): a table of intents x
 * outcomes, where each change intent is proposed without touching the draft and applied by an
 * explicit Apply (twice: one change); malformed and out-of-bounds answers, unknown targets, a
 * failing model and evidence-bound answers without evidence are refused with their recovery
 * reason; Apply after the source or its dataset contract changed, after the draft moved on, with
 * another proposal hash or after Discard is refused and writes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { LocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { configureAsk, KEY_ENV, serve, TEST_KEY } from '../agent-runs/ask-helpers.js';
import { CHANNELS, call, revisionFiles, TOP_STATES, WEEKLY } from '../app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.js';
import { commerceProject } from '../helpers/warehouse.js';

type Tile = { id: string; kind: string; sourceId?: string; groupBy?: string; navigateTo?: string; drill?: { sourceId: string; parameter: string } };
type Page = { id: string; tiles: Tile[]; filters: Array<{ id: string; bindings: Record<string, string> }>; crossFilters?: unknown[] };
type Draft = { id: string; revision: number; pages: Page[] };
type Run = {
  outcome: string;
  baseRevision: number;
  artifact?: { id: string; proposalHash: string; diff: Array<{ change: string; at: string; what: string }> };
  answer?: string;
  recovery?: { code: string; hint: string };
};

let fake: FakeOpenAi;
let root: string;
let server: LocalServer;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await commerceProject();
  configureAsk(root, fake.baseUrl);
  server = await serve(root);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

/** A build with weekly revenue and the channel mix on page `overview`, and an empty page `detail`. */
async function draft(): Promise<Draft> {
  const first = (await call<Draft>(server, 'POST', '/api/app-builds', { sourceIds: [WEEKLY, CHANNELS] })).body;
  return (await call<Draft>(server, 'POST', `/api/app-builds/${first.id}/compose`, { baseRevision: 1, operations: [{ op: 'add_page', title: 'Detail' }] }))
    .body;
}

async function ask(d: Draft, reply: string, request: string, extra: Record<string, unknown> = {}): Promise<Run> {
  fake.script(reply);
  const answer = await call<Run>(server, 'POST', `/api/app-builds/${d.id}/autopilot`, { request, ...extra });
  expect(answer.status).toBe(200);
  return answer.body;
}

const apply = (d: Draft, run: Run, body: Record<string, unknown> = {}) =>
  call<{ draft: Draft; repeated: boolean }>(server, 'POST', `/api/app-builds/${d.id}/autopilot/${run.artifact?.id}/apply`, {
    proposalHash: run.artifact?.proposalHash,
    baseRevision: run.baseRevision,
    ...body,
  });

const reply = (intent: Record<string, unknown>) => JSON.stringify(intent);
const overview = (d: Draft) => d.pages.find((p) => p.id === 'overview')!;

describe('each intent, proposed then applied', () => {
  const cases: Array<[string, string, Record<string, unknown>, (d: Draft) => unknown, unknown]> = [
    [
      'change_visualization',
      'show weekly revenue as a table',
      { pageId: 'overview', tileId: 'weekly_revenue', kind: 'table' },
      (d) => overview(d).tiles[0]!.kind,
      'table',
    ],
    [
      'change_grouping',
      'group the channel mix by channel',
      { pageId: 'overview', tileId: 'channel_mix', field: 'channel' },
      (d) => overview(d).tiles[1]!.groupBy,
      'channel',
    ],
    ['add_page', 'add a page for customers', { title: 'Customers' }, (d) => d.pages.map((p) => p.id), ['overview', 'detail', 'customers']],
    ['remove_page', 'remove the detail page', { pageId: 'detail' }, (d) => d.pages.map((p) => p.id), ['overview']],
    [
      'add_tile',
      'add the top states by revenue',
      { pageId: 'detail', sourceId: TOP_STATES, kind: 'table' },
      (d) => d.pages[1]!.tiles.map((t) => t.sourceId),
      [TOP_STATES],
    ],
    [
      'remove_tile',
      'remove the channel mix tile',
      { pageId: 'overview', tileId: 'channel_mix' },
      (d) => overview(d).tiles.map((t) => t.id),
      ['weekly_revenue'],
    ],
    [
      'map_filter',
      'let a since filter set weekly revenue',
      { pageId: 'overview', filterId: 'since', tileId: 'weekly_revenue', parameter: 'since' },
      (d) => overview(d).filters,
      [{ id: 'since', bindings: { weekly_revenue: 'since' } }],
    ],
    [
      'cross_filter',
      'selecting a channel filters weekly revenue',
      { pageId: 'overview', fromTileId: 'channel_mix', field: 'channel', targets: { weekly_revenue: 'since' } },
      (d) => overview(d).crossFilters,
      [{ from: 'channel_mix', field: 'channel', targets: { weekly_revenue: 'since' } }],
    ],
    [
      'navigation',
      'clicking weekly revenue opens the detail page',
      { pageId: 'overview', tileId: 'weekly_revenue', toPageId: 'detail' },
      (d) => overview(d).tiles[0]!.navigateTo,
      'detail',
    ],
    [
      'detail_drill',
      'drill from the channel mix into the top states by revenue',
      { pageId: 'overview', tileId: 'channel_mix', sourceId: TOP_STATES, parameter: 'top_n' },
      (d) => overview(d).tiles[1]!.drill,
      { sourceId: TOP_STATES, parameter: 'top_n' },
    ],
    [
      'arrange_layout',
      'put the channel mix first',
      { pageId: 'overview', order: ['channel_mix', 'weekly_revenue'] },
      (d) => overview(d).tiles.map((t) => t.id),
      ['channel_mix', 'weekly_revenue'],
    ],
  ];
  it.each(cases)('%s: nothing changes before Apply; Apply twice leaves one change', async (intent, request, fields, read, expected) => {
    const d = await draft();
    const files = revisionFiles(root, d.id);
    const run = await ask(d, reply({ intent, ...fields }), request);
    expect(run.outcome, JSON.stringify(run.recovery)).toBe('proposal');
    expect(run.artifact?.diff.length).toBeGreaterThan(0);
    expect(revisionFiles(root, d.id)).toEqual(files);
    expect((await call<Draft>(server, 'GET', `/api/app-builds/${d.id}`)).body).toEqual(d);

    const first = await apply(d, run);
    expect(first.status).toBe(200);
    expect(first.body.repeated).toBe(false);
    expect(read(first.body.draft)).toEqual(expected);
    const again = await apply(d, run);
    expect(again.body).toMatchObject({ repeated: true, draft: { revision: first.body.draft.revision } });
    expect(revisionFiles(root, d.id)).toHaveLength(files.length + 1);
  });
});

describe('answers and refusals', () => {
  it('a run leaves a local trace of kind autopilot, linked from its artifact, with no words of the request', async () => {
    const d = await draft();
    const run = (await ask(d, reply({ intent: 'add_page', title: 'Planted words' }), 'add a page called planted words')) as Run & {
      runId: string;
      traceId: string;
    };
    const artifact = (await call<{ runId: string; traceId: string }>(server, 'GET', `/api/app-builds/${d.id}/autopilot/${run.artifact?.id}`)).body;
    expect(artifact).toMatchObject({ runId: run.runId, traceId: run.traceId });
    let trace = await call<{ kind: string; status: string; outcome: { trust?: string } }>(server, 'GET', `/api/ask-traces/${run.traceId}`);
    for (let i = 0; i < 50 && trace.body.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      trace = await call(server, 'GET', `/api/ask-traces/${run.traceId}`);
    }
    expect(trace.body).toMatchObject({ kind: 'autopilot', status: 'complete', outcome: { trust: 'review_required' } });
    expect(JSON.stringify(trace.body)).not.toMatch(/planted/i);
    // Its facts are in the run store Ask answers are kept in, for its owner, and it is no answer to add to a page.
    const facts = await call(server, 'GET', `/api/host/answers/${run.runId}`);
    expect(facts.body).toMatchObject({ runId: run.runId, question: 'add a page called planted words', trust: 'review_required', traceId: run.traceId });
    const added = await call(server, 'POST', `/api/app-builds/${d.id}/ask-results`, { baseRevision: d.revision, runId: run.runId, mode: 'live' });
    expect([added.status, added.body.error?.code]).toEqual([404, 'RUN_NOT_FOUND']);
  });

  it('a structural explanation is an answer kept as an artifact, with nothing to apply', async () => {
    const d = await draft();
    const run = await ask(d, reply({ intent: 'explain', answer: 'The overview shows weekly revenue and the channel mix.' }), 'describe the overview page');
    expect(run).toMatchObject({ outcome: 'answer', answer: 'The overview shows weekly revenue and the channel mix.', evidence: { required: 'none' } });
    const artifact = await call(server, 'GET', `/api/app-builds/${d.id}/autopilot/${run.artifact?.id}`);
    expect(artifact.body).toMatchObject({ kind: 'answer', operations: [] });
    expect((await apply(d, run)).body.error?.code).toBe('AUTOPILOT_NOTHING_TO_APPLY');
  });

  const refused: Array<[string, string, string, string]> = [
    ['a reply that is not JSON', 'Sure! I made it a chart.', 'make weekly revenue a chart', 'AUTOPILOT_INTENT_MALFORMED'],
    [
      'an intent of the wrong shape',
      reply({ intent: 'change_visualization', pageId: 'overview', tileId: 'weekly_revenue', kind: 'pie' }),
      'make it a pie',
      'AUTOPILOT_INTENT_MALFORMED',
    ],
    ['SQL asked for', reply({ intent: 'run_sql', sql: 'SELECT * FROM orders' }), 'add a tile of all orders', 'AUTOPILOT_INTENT_OUT_OF_BOUNDS'],
    [
      'raw operations asked for',
      reply({ intent: 'add_page', title: 'x', operations: [{ op: 'set_title', title: 'y' }] }),
      'add a page',
      'AUTOPILOT_INTENT_OUT_OF_BOUNDS',
    ],
    [
      'a tile the draft does not hold',
      reply({ intent: 'remove_tile', pageId: 'overview', tileId: 'nope' }),
      'remove the nope tile',
      'AUTOPILOT_TARGET_UNKNOWN',
    ],
    [
      'a source not among those supplied',
      reply({ intent: 'add_tile', pageId: 'overview', sourceId: 'domains/x/blocks/y.svc#y' }),
      'add y',
      'AUTOPILOT_TARGET_UNKNOWN',
    ],
    [
      'a field the source lacks',
      reply({ intent: 'change_grouping', pageId: 'overview', tileId: 'channel_mix', field: 'planet' }),
      'group the channel mix by planet',
      'AUTOPILOT_TARGET_UNKNOWN',
    ],
    ['a result explanation without a preview', reply({ intent: 'explain', answer: 'Revenue rose.' }), 'why did revenue rise?', 'AUTOPILOT_EVIDENCE_REQUIRED'],
    [
      'repair guidance for a tile with no failure',
      reply({ intent: 'repair_guidance', pageId: 'overview', tileId: 'weekly_revenue', guidance: 'x' }),
      'fix the weekly revenue tile',
      'AUTOPILOT_EVIDENCE_REQUIRED',
    ],
  ];
  it.each(refused)('%s is refused with its recovery reason and writes nothing', async (_name, answer, request, code) => {
    const d = await draft();
    const files = revisionFiles(root, d.id);
    const run = await ask(d, answer, request);
    expect(run.outcome).toBe('refused');
    expect(run.recovery?.code).toBe(code);
    expect(run.recovery?.hint).toMatch(/\S/);
    expect(run.artifact).toBeUndefined();
    expect(revisionFiles(root, d.id)).toEqual(files);
  });

  it('a model that fails is AUTOPILOT_MODEL_UNAVAILABLE', async () => {
    const d = await draft();
    fake.script({ status: 500, body: '{"error":"down"}' });
    const run = (await call<Run>(server, 'POST', `/api/app-builds/${d.id}/autopilot`, { request: 'make it a table' })).body;
    expect(run.recovery?.code).toBe('AUTOPILOT_MODEL_UNAVAILABLE');
  });

  it('a stale preview id is never evidence', async () => {
    const d = await draft();
    const run = await ask(d, reply({ intent: 'explain', answer: 'x' }), 'why is revenue so high?', {
      pageId: 'overview',
      tileId: 'weekly_revenue',
      previewId: 'pv_0000000000000000',
    });
    expect(run.recovery?.code).toBe('AUTOPILOT_EVIDENCE_REQUIRED');
  });

  it('a preview of an older revision is stale; a current one lets a result explanation be kept', async () => {
    const d = await draft();
    const preview = (await call<{ previewId: string }>(server, 'POST', `/api/app-builds/${d.id}/preview`, { revision: d.revision })).body;
    const target = { pageId: 'overview', tileId: 'channel_mix', previewId: preview.previewId };
    const kept = await ask(d, reply({ intent: 'explain', answer: 'Web leads the channels.' }), 'which channel has the most orders?', target);
    expect(kept).toMatchObject({ outcome: 'answer', evidence: { required: 'result', status: 'current' } });
    const moved = (
      await call<Draft>(server, 'POST', `/api/app-builds/${d.id}/compose`, { baseRevision: d.revision, operations: [{ op: 'set_title', title: 'Moved' }] })
    ).body;
    const stale = await ask(moved, reply({ intent: 'explain', answer: 'Web leads the channels.' }), 'which channel has the most orders?', target);
    expect(stale).toMatchObject({ outcome: 'refused', recovery: { code: 'AUTOPILOT_EVIDENCE_STALE' } });
    // Stale optional evidence never blocks a purely structural change.
    const change = await ask(
      moved,
      reply({ intent: 'change_visualization', pageId: 'overview', tileId: 'channel_mix', kind: 'table' }),
      'why not show the channels as a table',
      target,
    );
    expect(change.outcome).toBe('proposal');
  });

  it.each([
    ['sql', { sql: 'SELECT 1' }],
    ['rows', { rows: [{ a: 1 }] }],
    ['sourceId', { sourceId: WEEKLY }],
    ['operations', { operations: [{ op: 'set_title', title: 'x' }] }],
  ])('a browser-supplied %s is refused before any model is asked', async (_name, extra) => {
    const d = await draft();
    fake.script(reply({ intent: 'add_page', title: 'x' }));
    const answer = await call(server, 'POST', `/api/app-builds/${d.id}/autopilot`, { request: 'add a page', ...extra });
    expect(answer.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Apply refused when what the proposal relies on moved', () => {
  const proposal = async () => {
    const d = await draft();
    return { d, run: await ask(d, reply({ intent: 'change_visualization', pageId: 'overview', tileId: 'weekly_revenue', kind: 'table' }), 'make it a table') };
  };

  it('the source changed', async () => {
    const { d, run } = await proposal();
    const file = join(root, 'domains/finance/blocks/weekly_revenue.svc');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/description = "[^"]*"/, 'description = "Weekly revenue, reworded."'));
    compileProject({ project: root });
    try {
      const answer = await apply(d, run);
      expect([answer.status, answer.body.error?.code]).toEqual([409, 'AUTOPILOT_SOURCE_CHANGED']);
      expect(revisionFiles(root, d.id)).toHaveLength(d.revision);
    } finally {
      writeFileSync(file, original);
      compileProject({ project: root });
    }
  });

  it('the dataset contract changed while the source stayed the same', async () => {
    const { d, run } = await proposal();
    const file = join(root, 'svc-contract-manifest.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/\s*\{"id": "finance\.Revenue\.weekly_revenue"[^\n]*\},?/, ''));
    compileProject({ project: root });
    try {
      const answer = await apply(d, run);
      expect([answer.status, answer.body.error?.code]).toEqual([409, 'AUTOPILOT_CONTRACT_CHANGED']);
    } finally {
      writeFileSync(file, original);
      compileProject({ project: root });
    }
  });

  it('the draft moved on, the hash is another, or the proposal was discarded', async () => {
    const { d, run } = await proposal();
    expect((await apply(d, run, { proposalHash: 'sha256:0' })).body.error?.code).toBe('AUTOPILOT_PROPOSAL_MISMATCH');
    await call(server, 'POST', `/api/app-builds/${d.id}/compose`, { baseRevision: d.revision, operations: [{ op: 'set_title', title: 'Moved' }] });
    expect((await apply(d, run)).body.error?.code).toBe('AUTOPILOT_DRAFT_CHANGED');

    const other = await proposal();
    expect((await call(server, 'POST', `/api/app-builds/${other.d.id}/autopilot/${other.run.artifact?.id}/discard`, {})).status).toBe(200);
    expect((await apply(other.d, other.run)).body.error?.code).toBe('AUTOPILOT_DISCARDED');
    expect((await call(server, 'GET', `/api/app-builds/${other.d.id}/autopilot/ap_0000000000000000`)).body.error?.code).toBe('AUTOPILOT_ARTIFACT_NOT_FOUND');
  });
});

describe('what Apply writes is what the App publishes', () => {
  it('grouping, cross-filter, navigation and detail drill reach the page document, which compiles', async () => {
    let d = (await call<Draft>(server, 'POST', '/api/app-builds', { sourceIds: [WEEKLY, CHANNELS] })).body;
    d = (await call<Draft>(server, 'POST', `/api/app-builds/${d.id}/compose`, { baseRevision: d.revision, operations: [{ op: 'add_page', title: 'Detail' }] }))
      .body;
    d = (
      await call<Draft>(server, 'POST', `/api/app-builds/${d.id}/compose`, {
        baseRevision: d.revision,
        operations: [{ op: 'add_tile', sourceId: TOP_STATES, pageId: 'detail' }],
      })
    ).body;
    const intents: Array<[string, Record<string, unknown>]> = [
      ['group the channel mix by channel', { intent: 'change_grouping', pageId: 'overview', tileId: 'channel_mix', field: 'channel' }],
      [
        'selecting a channel filters weekly revenue',
        { intent: 'cross_filter', pageId: 'overview', fromTileId: 'channel_mix', field: 'channel', targets: { weekly_revenue: 'since' } },
      ],
      ['clicking weekly revenue opens the detail page', { intent: 'navigation', pageId: 'overview', tileId: 'weekly_revenue', toPageId: 'detail' }],
      [
        'drill from the channel mix into the top states by revenue',
        { intent: 'detail_drill', pageId: 'overview', tileId: 'channel_mix', sourceId: TOP_STATES, parameter: 'top_n' },
      ],
    ];
    for (const [request, intent] of intents) {
      const run = await ask(d, reply(intent), request);
      d = (await apply(d, run)).body.draft;
    }
    await call(server, 'POST', `/api/app-builds/${d.id}/preview`, { revision: d.revision });
    const published = await call<{ files: string[] }>(server, 'POST', `/api/app-builds/${d.id}/publish`, { revision: d.revision, appId: 'autopilot' });
    expect(published.status, JSON.stringify(published.body.error)).toBe(200);
    const doc = JSON.parse(readFileSync(join(root, 'apps/autopilot/dashboards/overview.svcd'), 'utf8')) as { tiles: Tile[]; crossFilters: unknown };
    expect(doc.tiles.map((t) => [t.id, t.groupBy, t.navigateTo, t.drill])).toEqual([
      ['weekly_revenue', undefined, 'detail', undefined],
      ['channel_mix', 'channel', undefined, { block: 'sales.top_states_by_revenue', parameter: 'top_n' }],
    ]);
    expect(doc.crossFilters).toEqual([{ from: 'channel_mix', field: 'channel', targets: { weekly_revenue: 'since' } }]);
    const compiled = compileProject({ project: root });
    expect(compiled.diagnostics.filter((x) => x.code.startsWith('app/'))).toEqual([]);
  });
});
