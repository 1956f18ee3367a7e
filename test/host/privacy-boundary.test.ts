/**
 * Which model writes SQL, and what may reach it (spec 02 `modelProvider`, `isInBoundary`,
 * "Privacy boundary"). Conformance tables for both hooks (no hook, valid, wrong shape, throw,
 * time-out); planted-values properties: with the boundary saying no, no earlier restriction
 * value and no result value reaches the recording model on the follow-up path, and placeholders
 * the model writes are put back as literals of the connection's dialect; with it saying yes, the
 * values do travel (so the property is not vacuous).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asker, RequestContext } from '../../src/hooks/context/request-context.js';
import type { HostHooks } from '../../src/hooks/hooks.js';
import type { ChatMessage, ModelProvider } from '../../src/runtime/agent-runs/model-provider.js';
import type { AskContext } from '../../src/runtime/agent-runs/types.js';
import { type EarlierAnswer, writtenSql } from '../../src/runtime/agent-runs/written-sql.js';
import { cleanupProjects } from '../helpers/project.js';
import { type CompiledAsk, compiledAsk } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let compiled: CompiledAsk;
let root: string;
const fakes: FakeOpenAi[] = [];
beforeAll(async () => {
  root = await commerceProject();
  compiled = await compiledAsk(root);
});
afterAll(async () => {
  await compiled?.executor.close();
  await Promise.all(fakes.map((f) => f.close()));
  cleanupProjects();
});

/** A model that records every prompt and answers with `reply`. */
function recording(reply: string, kind: 'openai-compatible' | 'local' = 'openai-compatible') {
  const prompts: ChatMessage[][] = [];
  const provider: ModelProvider = {
    kind,
    model: 'm',
    baseUrl: 'https://models.example/v1',
    complete: async (messages) => (prompts.push([...messages]), reply),
  };
  return { provider, prompts, text: () => JSON.stringify(prompts) };
}

const ctxOf = (provider: ModelProvider | undefined, asker: Asker = undefined): AskContext => ({
  asker,
  root,
  manifest: compiled.manifest,
  executor: compiled.executor,
  router: compiled.router,
  now: () => new Date(),
  ...(provider !== undefined ? { provider } : {}),
});
const hosted = (hooks: HostHooks, logs: string[] = []): RequestContext => ({
  principal: { id: 'ada', kind: 'person', source: 'host' },
  host: { hooks, timeoutMs: 200, log: (l) => logs.push(l) },
  requestId: 'r',
  action: 'ask',
  destination: 'model',
});
const earlier = (state: string): EarlierAnswer => ({
  question: `top customers by spend in ${state}`,
  block: 'customers.top_customers_by_spend',
  params: { state, top_n: 7 },
});
const request = { question: 'and what did they order most?' };

describe('modelProvider: conformance', () => {
  it.each([
    ["no hook: the project's model", undefined, 'project'],
    ["valid: the host's model", () => ({ id: 'team-model', provider: { kind: 'openai-compatible', baseUrl: 'HOST_URL', model: 'host-model' } }), 'host'],
    ["valid undefined: the project's model", () => undefined, 'project'],
    ['wrong shape', () => ({ id: 'x', provider: 'gpt' }), 'refused'],
    [
      'throw',
      () => {
        throw new Error('directory down');
      },
      'refused',
    ],
    ['time-out (a promise, which this synchronous hook may not answer)', () => new Promise(() => undefined), 'refused'],
  ])('%s', async (_name, hook, outcome) => {
    const hostModel = await startFakeOpenAi();
    fakes.push(hostModel);
    hostModel.script(sqlReply('SELECT 1 AS x'));
    const project = recording(sqlReply('SELECT 2 AS x'));
    const modelProvider =
      hook === undefined
        ? undefined
        : () => {
            const answer = (hook as () => unknown)();
            return answer !== null && typeof answer === 'object' && 'provider' in answer && typeof (answer as { provider: unknown }).provider === 'object'
              ? { ...(answer as object), provider: { ...(answer as { provider: object }).provider, baseUrl: hostModel.baseUrl } }
              : answer;
          };
    const asker = hosted({ ...(modelProvider !== undefined ? { modelProvider: modelProvider as HostHooks['modelProvider'] } : {}) });
    const written = await writtenSql(ctxOf(project.provider, asker), request, []);
    if (outcome === 'project')
      expect([written, project.prompts.length, hostModel.requests.length]).toEqual([{ ok: true, sql: 'SELECT 2 AS x', by: 'model' }, 1, 0]);
    if (outcome === 'host')
      expect([written, project.prompts.length, hostModel.requests.length]).toEqual([{ ok: true, sql: 'SELECT 1 AS x', by: 'model' }, 0, 1]);
    if (outcome === 'refused') {
      expect(written).toMatchObject({
        ok: false,
        refusal: { code: 'MODEL_UNAVAILABLE', name: 'HostModelUnavailableError', reference: expect.stringMatching(/^[A-Za-z]{8}$/) },
      });
      expect((written as { refusal: { reason: string } }).refusal.reason).toMatch(/reference [A-Za-z]{8}/);
      // Never a fall back to the project's model.
      expect([project.prompts.length, hostModel.requests.length]).toEqual([0, 0]);
    }
  });
});

describe('isInBoundary: conformance', () => {
  it.each([
    ['no hook, a model elsewhere: withheld', undefined, 'openai-compatible', false],
    ['no hook, a model on this machine: shown', undefined, 'local', true],
    ['valid true: shown', () => true, 'openai-compatible', true],
    ['valid false: withheld', () => false, 'openai-compatible', false],
    ['wrong shape ("yes"): withheld', () => 'yes', 'openai-compatible', false],
    [
      'throw: withheld',
      () => {
        throw new Error('no');
      },
      'openai-compatible',
      false,
    ],
    ['time-out (a promise): withheld', () => new Promise(() => true), 'openai-compatible', false],
  ] as const)('%s', async (_name, hook, kind, shown) => {
    const model = recording(sqlReply("SELECT COUNT(*) AS n FROM customers WHERE state = '[value 1]'"), kind);
    const told: unknown[] = [];
    const isInBoundary = hook === undefined ? undefined : (m: unknown, c: unknown) => (told.push([m, c]), (hook as () => unknown)());
    const asker = hosted({ ...(isInBoundary !== undefined ? { isInBoundary: isInBoundary as HostHooks['isInBoundary'] } : {}) });
    const written = await writtenSql(ctxOf(model.provider, asker), request, [], earlier('Vermont'));
    expect(model.text().includes('Vermont')).toBe(shown);
    expect(model.text().includes('[value 1]')).toBe(!shown);
    // What the model wrote is run with the real value, as a literal of the dialect.
    if (!shown) expect(written).toMatchObject({ ok: true, sql: "SELECT COUNT(*) AS n FROM customers WHERE state = 'Vermont'" });
    if (hook !== undefined)
      expect(told[0]).toEqual([
        { id: 'project', name: 'm', model: 'm', baseUrl: 'https://models.example/v1' },
        { relations: ['main.customers', 'main.orders'] },
      ]);
  });

  it('keeps sending values without a host, as the single-user product always did', async () => {
    const model = recording(sqlReply('SELECT 1'));
    await writtenSql(ctxOf(model.provider), request, [], earlier('Vermont'));
    expect(model.text()).toContain('Vermont');
  });
});

describe('planted values', () => {
  // A marker no prompt holds by chance, followed by anything (quotes and backslashes included).
  const planted = fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((s) => !/[[\]]/.test(s))
    .map((s) => `Zq${s}`);

  it('with the boundary saying no, no earlier restriction value reaches the model, and each is put back', async () => {
    await fc.assert(
      fc.asyncProperty(planted, fc.integer({ min: 1000, max: 999_999 }), async (state, topN) => {
        const model = recording(sqlReply('SELECT * FROM customers WHERE state = [value 1] LIMIT [value 2]'));
        const answer: EarlierAnswer = {
          question: `top ${topN} customers by spend in ${state}`,
          block: 'customers.top_customers_by_spend',
          params: { state, top_n: topN },
        };
        const written = await writtenSql(ctxOf(model.provider, hosted({ isInBoundary: () => false })), request, [], answer);
        const sent = model.prompts
          .flat()
          .map((m) => m.content)
          .join('\n')
          .toLowerCase();
        expect(sent.includes(state.toLowerCase())).toBe(false);
        expect(sent.includes(String(topN))).toBe(false);
        expect(written).toEqual({ ok: true, by: 'model', sql: `SELECT * FROM customers WHERE state = '${state.replaceAll("'", "''")}' LIMIT ${topN}` });
      }),
      { numRuns: 60 },
    );
  });

  it('with the boundary saying yes, the same values do travel', async () => {
    await fc.assert(
      fc.asyncProperty(planted, async (state) => {
        const model = recording(sqlReply('SELECT 1'));
        await writtenSql(ctxOf(model.provider, hosted({ isInBoundary: () => true })), request, [], earlier(state));
        expect(model.text().includes(JSON.stringify(state).slice(1, -1))).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});

describe('result values over HTTP', () => {
  it("never sends an earlier answer's rows to a model outside the boundary", async () => {
    const { startHostedServer } = await import('../../src/host.js');
    const Database = (await import('better-sqlite3')).default;
    const { join } = await import('node:path');
    const { configureAsk, KEY_ENV, TEST_KEY } = await import('../runtime/agent-runs/ask-helpers.js');
    process.env[KEY_ENV] = TEST_KEY;
    const model = await startFakeOpenAi();
    fakes.push(model);
    model.script(sqlReply('SELECT COUNT(*) AS n FROM orders'));
    const project = await commerceProject();
    configureAsk(project, model.baseUrl);
    const db = new Database(join(project, 'data/warehouse.db'));
    // Every customer's name becomes a marker: any of them in a prompt is a leak.
    db.prepare("UPDATE customers SET name = 'Zqplanted' || id || 'Zq'").run();
    db.close();
    const server = await startHostedServer({ project, port: 0, log: () => undefined, hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }) } });
    try {
      const post = async (body: Record<string, unknown>) =>
        (
          await fetch(`${server.url}/api/agent-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        ).json() as Promise<Record<string, any>>;
      const first = await post({ question: 'top 5 customers by spend in CA' });
      expect(first).toMatchObject({ tier: 1, block: 'customers.top_customers_by_spend' });
      expect(JSON.stringify(first['rows'])).toContain('Zqplanted');
      const next = await post({ question: 'how many loyalty points did those buyers redeem?', threadId: first['threadId'] });
      expect({ tier: next['tier'], refusal: next['refusal'] }).toEqual({ tier: 2, refusal: undefined });
      expect(model.requests.length).toBeGreaterThan(0);
      expect(next['tier']).toBe(2);
      const sent = model.requests.map((r) => r.text).join('\n');
      expect(sent).not.toContain('Zqplanted');
      expect(sent).toContain('[value 1]');
    } finally {
      await server.close();
      delete process.env[KEY_ENV];
    }
  });
});
