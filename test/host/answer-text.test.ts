/**
 * Ask answers on App pages (spec 03 "Answers, figures and sources" 2; spec 02
 * `figuresDependOnReader`, `keepsAnswerText`): a live tile records the tables it reads; text is
 * refused with 409 ANSWER_FIGURES_DEPEND_ON_READER where figures may differ by reader; answer
 * text reads as a placeholder for everyone the host does not keep it for; the page document
 * stays valid for `svc compile`, and `svc app check` does not pass an answer tile as
 * publishable. Conformance tables for both hooks: no hook, valid, wrong shape, throw, time-out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostHooks, LocalServer } from '../../src/host.js';
import { ANSWER_TEXT_PLACEHOLDER } from '../../src/runtime/apps/page-answers.js';
import { svc } from '../helpers/cli.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const hosted = (hooks: Partial<HostHooks>) => servers.start(hooks);

async function call(server: LocalServer, method: string, path: string, body?: unknown, user = 'ada') {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-user': user, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}

/** An answered run of `user` whose facts are kept. */
async function answered(
  server: LocalServer,
  body: Record<string, unknown> = { question: 'top 3 states by revenue' },
  user = 'ada',
): Promise<Record<string, any>> {
  const run = (await call(server, 'POST', '/api/agent-runs', body, user)).json;
  for (let i = 0; i < 250 && (await call(server, 'GET', `/api/host/answers/${run['runId']}`, undefined, user)).status === 404; i += 1)
    await new Promise((d) => setTimeout(d, 20));
  return run;
}

const ADD = '/api/apps/growth/pages/overview/answers';
const WRITTEN = {
  question: 'Which states had orders, and how many each?',
  proposedSql: 'SELECT state, COUNT(*) AS n FROM orders GROUP BY state ORDER BY state',
  saveDraft: false,
};
const RUN = '/api/apps/growth/pages/overview/run';
const PAGE = '/api/apps/growth/pages/overview';

describe('adding an Ask answer to an App page', () => {
  it('keeps a live tile with the tables it reads, in a page document svc compile accepts, which svc app check does not publish', async () => {
    const { server, root } = await hosted({ rowPolicy: (q) => ({ sql: q.sql }) });
    const run = await answered(server, WRITTEN);
    const added = await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' });
    expect(added).toMatchObject({
      status: 200,
      json: {
        tile: {
          id: 'answer_1',
          kind: 'table',
          mode: 'live',
          source: { kind: 'answer', id: run['runId'] },
          sourceEvidence: [{ kind: 'answer_relation', relation: 'orders' }],
        },
      },
    });
    const doc = JSON.parse(readFileSync(join(root, 'apps/growth/dashboards/overview.svcd'), 'utf8')) as { tiles: Array<{ id: string }> };
    expect(doc.tiles.at(-1)?.id).toBe('answer_1');
    expect(svc(['compile'], root).code).toBe(0);
    const check = JSON.parse(svc(['app', 'check', 'growth', '--format', 'json'], root).stdout) as Record<string, unknown>;
    expect(JSON.stringify(check)).toContain('publication/answer-tile');
  });

  it("refuses text where figures depend on the reader, and for a run that is not the caller's or a page that does not exist", async () => {
    const { server } = await hosted({ rowPolicy: (q) => ({ sql: q.sql }) });
    const run = await answered(server);
    expect(await call(server, 'POST', ADD, { runId: run['runId'], mode: 'text' })).toMatchObject({
      status: 409,
      json: { error: { code: 'ANSWER_FIGURES_DEPEND_ON_READER' } },
    });
    expect(await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' }, 'bob')).toMatchObject({
      status: 404,
      json: { error: { code: 'RUN_NOT_FOUND' } },
    });
    expect(await call(server, 'POST', '/api/apps/growth/pages/nowhere/answers', { runId: run['runId'], mode: 'live' })).toMatchObject({
      status: 404,
      json: { error: { code: 'PAGE_NOT_FOUND' } },
    });
    expect((await call(server, 'POST', ADD, { runId: run['runId'], mode: 'words' })).status).toBe(400);
  });

  it('refuses text for an answer whose figures were withheld from the caller', async () => {
    const { server } = await hosted({ figuresDependOnReader: () => false, answerFigures: () => 'withhold_review' });
    const run = await answered(server, {
      question: 'Which states had orders, and how many each?',
      proposedSql: 'SELECT state, COUNT(*) AS n FROM orders GROUP BY state',
      saveDraft: false,
    });
    expect(run['figuresWithheld']).toBe(true);
    expect((await call(server, 'POST', ADD, { runId: run['runId'], mode: 'text' })).status).toBe(409);
  });

  it('keeps text where figures do not depend on the reader, lists it, and shows it only to whom the host keeps it for', async () => {
    const { server } = await hosted({ figuresDependOnReader: () => false, keepsAnswerText: (p) => p.id === 'ada' });
    const run = await answered(server);
    const added = await call(server, 'POST', ADD, { runId: run['runId'], mode: 'text' });
    expect(added.json['tile']).toMatchObject({ kind: 'text', text: run['answer'].text, answer: { runId: run['runId'], tables: ['orders'] } });
    expect((await call(server, 'GET', '/api/app-answer-tiles')).json).toEqual({
      tiles: [{ appId: 'growth', pageId: 'overview', tileId: 'answer_1', runId: run['runId'], question: 'top 3 states by revenue' }],
    });
    const ada = (await call(server, 'GET', PAGE)).json['tiles'].at(-1);
    const bob = (await call(server, 'GET', PAGE, undefined, 'bob')).json['tiles'].at(-1);
    expect(ada).toMatchObject({ text: run['answer'].text });
    expect(bob).toMatchObject({ id: 'answer_1', text: ANSWER_TEXT_PLACEHOLDER, placeholder: true });
    expect(bob['answer']).toBeUndefined();
  });
});

describe('adding an Ask answer to an App build (POST /api/app-builds/:id/ask-results)', () => {
  it('refuses text with 409 where figures depend on the reader and changes nothing; a live answer becomes a tile, bound to its certified block when it has one', async () => {
    const { server } = await hosted({ rowPolicy: (q) => ({ sql: q.sql }) });
    const build = (await call(server, 'POST', '/api/app-builds', {})).json;
    const certified = await answered(server);
    const written = await answered(server, WRITTEN);
    const path = `/api/app-builds/${build['id']}/ask-results`;
    expect(await call(server, 'POST', path, { baseRevision: 1, runId: certified['runId'], mode: 'text' })).toMatchObject({
      status: 409,
      json: { error: { code: 'ANSWER_FIGURES_DEPEND_ON_READER' } },
    });
    expect((await call(server, 'GET', `/api/app-builds/${build['id']}`)).json['revision']).toBe(1);
    const bound = (await call(server, 'POST', path, { baseRevision: 1, runId: certified['runId'], mode: 'live' })).json;
    expect(bound['pages'][0]['tiles']).toEqual([expect.objectContaining({ sourceId: 'domains/sales/blocks/top_states_by_revenue.svc#top_states_by_revenue' })]);
    expect(await call(server, 'POST', path, { baseRevision: 2, runId: written['runId'], mode: 'live' })).toMatchObject({
      status: 409,
      json: { error: { code: 'APP_BUILD_SOURCE_NOT_ADDABLE' } },
    });
    const lane = (
      await call(server, 'POST', `/api/app-builds/${build['id']}/compose`, {
        baseRevision: 2,
        operations: [{ op: 'set_trust_mode', mode: 'include_review_required' }],
      })
    ).json;
    expect(lane['revision']).toBe(3);
    const live = (await call(server, 'POST', path, { baseRevision: 3, runId: written['runId'], mode: 'live' })).json;
    expect(live['pages'][0]['tiles'][1]).toMatchObject({ id: 'answer_1', answer: { runId: written['runId'], tables: ['orders'] } });
    expect(live['reviewTasks']).toEqual([expect.objectContaining({ kind: 'review_answer', status: 'open', tile: 'answer_1' })]);
    expect((await call(server, 'POST', path, { baseRevision: 4, runId: written['runId'], mode: 'live' }, 'bob')).status).toBe(404);
  });

  it('previews only for someone who may also run queries (a build may read drafts)', async () => {
    const { server } = await hosted({ authorize: (_p, action) => ({ allow: action !== 'query.run' }) });
    const build = (await call(server, 'POST', '/api/app-builds', { sourceIds: ['domains/finance/blocks/weekly_revenue.svc#weekly_revenue'] })).json;
    expect(build['revision']).toBe(1);
    expect(await call(server, 'POST', `/api/app-builds/${build['id']}/preview`, { revision: 1 })).toMatchObject({
      status: 403,
      json: { error: { code: 'PERMISSION_DENIED' } },
    });
  });

  it('refuses answer text at publication with 409 where figures now depend on the reader, writing nothing', async () => {
    let depends = false;
    const { server, root } = await hosted({ figuresDependOnReader: () => depends });
    // A certified answer's text is no uncovered SQL: a governed_only build may keep it.
    const build = (await call(server, 'POST', '/api/app-builds', {})).json;
    const run = await answered(server);
    const added = await call(server, 'POST', `/api/app-builds/${build['id']}/ask-results`, { baseRevision: 1, runId: run['runId'], mode: 'text' });
    expect(added.json['pages'][0]['tiles'][0]).toMatchObject({ kind: 'text', text: run['answer'].text, answer: { runId: run['runId'] } });
    depends = true;
    for (const step of ['preflight', 'publish'])
      expect(await call(server, 'POST', `/api/app-builds/${build['id']}/${step}`, { revision: 2, appId: 'answers' })).toMatchObject({
        status: 409,
        json: { error: { code: 'ANSWER_FIGURES_DEPEND_ON_READER' } },
      });
    expect(existsSync(join(root, 'apps/answers'))).toBe(false);
  });
});

describe('figuresDependOnReader: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    ['no hook, no row policy or credentials: no', {}, 200],
    ['no hook, a row policy: yes', { rowPolicy: (q: { sql: string }) => ({ sql: q.sql }) }, 409],
    ['no hook, credentials: yes', { credentials: () => ({}) }, 409],
    ['valid: false', { figuresDependOnReader: () => false }, 200],
    ['valid: true', { figuresDependOnReader: () => true }, 409],
    ['wrong shape', { figuresDependOnReader: () => 'no' }, 409],
    [
      'throw',
      {
        figuresDependOnReader: () => {
          throw new Error('x');
        },
      },
      409,
    ],
    ['time-out', { figuresDependOnReader: never }, 409],
  ] as const)('%s', async (_name, hooks, status) => {
    const { server } = await hosted(hooks as Partial<HostHooks>);
    const run = await answered(server);
    expect((await call(server, 'POST', ADD, { runId: run['runId'], mode: 'text' })).status).toBe(status);
  });
});

describe('keepsAnswerText: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  const authorOnly: HostHooks['authorize'] = (_p, action) => ({ allow: action !== 'dataset.certify' });
  it.each([
    ['no hook, no authorize: kept', {}, true],
    ['no hook, authorized to author but not certify: placeholder', { authorize: authorOnly }, false],
    ['valid: true', { keepsAnswerText: () => true }, true],
    ['valid: false', { keepsAnswerText: () => false }, false],
    ['wrong shape', { keepsAnswerText: () => 'yes' }, false],
    [
      'throw',
      {
        keepsAnswerText: () => {
          throw new Error('x');
        },
      },
      false,
    ],
    ['time-out', { keepsAnswerText: never }, false],
  ] as const)('%s', async (_name, hooks, keeps) => {
    const { server } = await hosted({ figuresDependOnReader: () => false, ...(hooks as Partial<HostHooks>) });
    const run = await answered(server);
    expect((await call(server, 'POST', ADD, { runId: run['runId'], mode: 'text' })).status).toBe(200);
    const tile = (await call(server, 'GET', PAGE)).json['tiles'].at(-1);
    expect(tile['placeholder'] === true).toBe(!keeps);
  });
});

describe('live answer tiles on the App page', () => {
  const tileOf = (page: Record<string, any>, id: string) => (page['tiles'] as Array<Record<string, any>>).find((t) => t['id'] === id) ?? {};

  it('binds a certified answer to its block, at its current revision', async () => {
    const { server } = await hosted({});
    const run = await answered(server);
    const added = await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' });
    expect(added.json['tile']).toMatchObject({
      kind: 'table',
      source: { kind: 'block', id: 'sales.top_states_by_revenue', revision: expect.stringMatching(/^sha256:/) },
    });
    expect(added.json['tile']['mode']).toBeUndefined();
  });

  it("runs the answer's own SQL for each reader, under that reader's row rules", async () => {
    const rowPolicy: HostHooks['rowPolicy'] = (q) =>
      q.principal?.id === 'bob' ? { sql: `SELECT * FROM (${q.sql}) AS narrowed WHERE state = 'TX'` } : { sql: q.sql };
    const { server } = await hosted({ rowPolicy });
    const run = await answered(server, WRITTEN);
    const tile = (await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' })).json['tile'];
    const ada = tileOf((await call(server, 'POST', RUN, {})).json, tile['id']);
    const bob = tileOf((await call(server, 'POST', RUN, {}, 'bob')).json, tile['id']);
    expect(ada['error']).toBeUndefined();
    expect(ada).toMatchObject({ ok: true, sourceKind: 'answer', columns: ['state', 'n'] });
    expect(ada['rowCount']).toBeGreaterThan(1);
    expect(bob).toMatchObject({ ok: true, rowCount: 1, rows: [{ state: 'TX' }] });
  });

  it("keeps a needs-review answer's figures from a reader the host withholds them from", async () => {
    const { server } = await hosted({ answerFigures: (p) => (p.id === 'bob' ? 'withhold_review' : 'show') });
    const run = await answered(server, WRITTEN);
    const tile = (await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' })).json['tile'];
    const bob = tileOf((await call(server, 'POST', RUN, {}, 'bob')).json, tile['id']);
    expect(bob).toMatchObject({ ok: true, figuresWithheld: true, rows: [], columns: ['state', 'n'] });
    expect(bob['rowCount']).toBeGreaterThan(1);
    expect(tileOf((await call(server, 'POST', RUN, {})).json, tile['id'])['rows'].length).toBeGreaterThan(1);
  });

  it('exports a live answer tile with the rows its reader sees, and refuses a reader whose figures are withheld (422)', async () => {
    const { server } = await hosted({ answerFigures: (p) => (p.id === 'bob' ? 'withhold_review' : 'show') });
    const run = await answered(server, WRITTEN);
    const tile = (await call(server, 'POST', ADD, { runId: run['runId'], mode: 'live' })).json['tile'];
    const exported = async (user: string) =>
      fetch(`${server.url}/api/apps/growth/dashboards/overview/export`, {
        method: 'POST',
        headers: { 'x-user': user, 'content-type': 'application/json' },
        body: JSON.stringify({ tileId: tile['id'], format: 'json' }),
      });
    const ada = await exported('ada');
    expect(ada.status).toBe(200);
    expect(((await ada.json()) as { rows: unknown[] }).rows).toEqual(tileOf((await call(server, 'POST', RUN, {})).json, tile['id'])['rows']);
    const bob = await exported('bob');
    expect([bob.status, ((await bob.json()) as { error: { code: string } }).error.code]).toEqual([422, 'TILE_EXPORT_REFUSED']);
  });
});
