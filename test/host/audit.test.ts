/**
 * The `audit` sink: answers (trust, tier, sources as block:<domain>.<name>, the SQL's
 * fingerprint), refusals (an action refused, a statement the row policy refused), changes (a
 * certification, a saved draft) and model usage (token counts), never a question, SQL, value or
 * prompt text. Conformance rows: no hook, valid, wrong shape (an answer is ignored), throw and
 * time-out (counted, answers unchanged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, auditFailures } from '../../src/hooks/audit.js';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi();
  process.env[KEY_ENV] = TEST_KEY;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await model.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

const lastHooks: HostHooks[] = [];
async function hosted(hooks: Partial<HostHooks>): Promise<LocalServer> {
  const project = await commerceProject();
  configureAsk(project, model.baseUrl);
  const hostHooks: HostHooks = { resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }), onePerson: true, ...hooks };
  lastHooks.push(hostHooks);
  const server = await startHostedServer({ project, port: 0, log: () => undefined, hostHooks });
  servers.push(server);
  return server;
}

const post = async (server: LocalServer, path: string, body: unknown, user = 'ada') => {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};

describe('audit events', () => {
  const events: AuditEvent[] = [];
  let server: LocalServer;
  beforeAll(async () => {
    server = await hosted({
      audit: (e) => void events.push(e),
      authorize: (p, action) => ({ allow: !(p.id === 'eve' && action === 'ask') }),
      rowPolicy: ({ principal, sql }) => (principal?.id === 'mallory' ? { refuse: 'No rows for you.' } : { sql }),
    });
  });

  it('tells of a certified answer with its source and fingerprint, not its question', async () => {
    events.length = 0;
    const r = await post(server, '/api/agent-runs', { question: 'top 3 states by revenue' });
    expect(r.body).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue' });
    const answer = events.find((e) => e.kind === 'answer');
    expect(answer).toMatchObject({
      kind: 'answer',
      principal: 'ada',
      action: 'ask',
      runId: r.body['runId'],
      tier: 1,
      trust: 'certified',
      sources: ['block:sales.top_states_by_revenue', expect.stringMatching(/^app:block:sales:[0-9a-f]{16}$/)],
    });
    expect((answer as { sqlFingerprint?: string }).sqlFingerprint).toMatch(/^[0-9a-f]{16,}|^sha256:/);
    expect(JSON.stringify(events)).not.toMatch(/states by revenue|SELECT|"CA"|top_n/);
  });

  it("tells of a review-required answer, the draft it saved and the model's token counts, never the SQL or prompt", async () => {
    events.length = 0;
    model.script(sqlReply('SELECT COUNT(*) AS planted_marker_n FROM orders'));
    const r = await post(server, '/api/agent-runs', { question: 'how many loyalty points were redeemed overall?' });
    expect(r.body['tier']).toBe(2);
    expect(events.map((e) => e.kind).sort()).toEqual(['answer', 'change', 'model_usage']);
    expect(events.find((e) => e.kind === 'model_usage')).toMatchObject({ model: 'fake-model', promptTokens: 321, completionTokens: 12 });
    expect(r.body['draftBlockPath']).toMatch(/loyalty/);
    expect(events.find((e) => e.kind === 'change')).toMatchObject({ change: 'draft_saved', source: expect.stringMatching(/^draft:[0-9a-f]{12}$/) });
    expect(events.find((e) => e.kind === 'answer')).toMatchObject({ tier: 2, trust: 'review_required', sources: [] });
    expect(JSON.stringify(events)).not.toMatch(/planted_marker|loyalty|SELECT/);
  });

  it('tells of refusals: an action and a statement', async () => {
    events.length = 0;
    expect((await post(server, '/api/agent-runs', { question: 'top 3 states by revenue' }, 'eve')).status).toBe(403);
    expect(events).toEqual([expect.objectContaining({ kind: 'refusal', principal: 'eve', action: 'ask', code: 'PERMISSION_DENIED' })]);
    events.length = 0;
    const r = await post(server, '/api/agent-runs', { question: 'top 3 states by revenue' }, 'mallory');
    expect(r.body['tier']).toBe(3);
    expect(events.filter((e) => e.kind === 'refusal')).toEqual([expect.objectContaining({ principal: 'mallory', code: 'ROW_POLICY_REFUSED' })]);
  });

  it('tells of a certification', async () => {
    events.length = 0;
    const r = await post(server, '/api/block-studio/certifications', { block: 'finance.monthly_revenue' });
    expect(r.status).toBe(200);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'change', change: 'certified', source: 'block:finance.monthly_revenue', principal: 'ada' }));
  });

  it("tells of an App build's planner call and of the App's publication", async () => {
    events.length = 0;
    const weekly = 'domains/finance/blocks/weekly_revenue.svc#weekly_revenue';
    const build = (await post(server, '/api/app-builds', {})).body;
    model.script(JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: weekly }] }] }));
    expect((await post(server, `/api/app-builds/${build['id']}/plan`, { baseRevision: 1, prompt: 'weekly revenue' })).status).toBe(200);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'model_usage', principal: 'ada', promptTokens: 321 }));
    expect((await post(server, `/api/app-builds/${build['id']}/preview`, { revision: 2 })).status).toBe(200);
    expect((await post(server, `/api/app-builds/${build['id']}/publish`, { revision: 2, appId: 'audited' })).status).toBe(200);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'change', change: 'app_published', source: 'app:audited', principal: 'ada' }));
    expect(JSON.stringify(events)).not.toContain('weekly revenue');
  });
});

describe("an App build's planner goes through the host's modelProvider, as Ask does", () => {
  const weekly = 'domains/finance/blocks/weekly_revenue.svc#weekly_revenue';
  const plan = JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: weekly }] }] });

  it.each([
    ['chooses a model: the plan is the model one, from that model', 'choose', 200, undefined],
    ['throws: APP_BUILD_PLANNER_FAILED with a reference, no deterministic stand-in, no draft change', 'throw', 502, 'APP_BUILD_PLANNER_FAILED'],
  ] as const)('a hook that %s', async (_case, how, status, code) => {
    const server = await hosted({
      modelProvider: () => {
        if (how === 'throw') throw new Error('no model for you');
        return { id: 'host-model', provider: { kind: 'openai-compatible', baseUrl: model.baseUrl, model: 'host-chosen', apiKeyEnv: KEY_ENV } };
      },
    });
    model.script(plan);
    const build = (await post(server, '/api/app-builds', {})).body;
    const planned = await post(server, `/api/app-builds/${build['id']}/plan`, { baseRevision: 1, prompt: 'weekly revenue' });
    expect(planned.status).toBe(status);
    if (code === undefined) {
      expect(planned.body['proposal']).toMatchObject({ planner: 'model' });
      expect(model.requests.at(-1)?.body.model).toBe('host-chosen');
    } else {
      expect(planned.body['error']).toMatchObject({ code, reference: expect.stringMatching(/^[A-Za-z]{8}$/) });
      expect(model.requests).toEqual([]);
      const read = await fetch(`${server.url}/api/app-builds/${build['id']}`, { headers: { 'x-user': 'ada' } });
      expect(((await read.json()) as { revision: number }).revision).toBe(1);
    }
  });
});

describe('audit: conformance', () => {
  it.each([
    ['no hook', undefined, false],
    ['valid', () => undefined, false],
    ['wrong shape (an answer is ignored)', () => 42, false],
    [
      'throw',
      () => {
        throw new Error('sink down');
      },
      true,
    ],
    ['time-out (never settles)', () => new Promise(() => undefined), false],
    ['a rejected promise', () => Promise.reject(new Error('later')), true],
  ])('%s: the answer is unchanged', async (_name, sink, counted) => {
    const server = await hosted(sink === undefined ? {} : { audit: sink as HostHooks['audit'] });
    const r = await post(server, '/api/agent-runs', { question: 'top 3 states by revenue' });
    expect(r.body).toMatchObject({ tier: 1, trust: 'certified' });
    await new Promise((done) => setTimeout(done, 20));
    expect(auditFailures(lastHooks[lastHooks.length - 1] as HostHooks) > 0).toBe(counted);
  });
});
