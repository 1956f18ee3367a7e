/**
 * `POST /api/agent-runs` over real HTTP on loopback, against a copy of the commerce fixture, with
 * a loopback OpenAI-compatible server standing in for a cloud model: Tier 1 answers from
 * certified blocks without calling the model, Tier 2 writes, runs and captures a draft (counted
 * again on a repeat), Tier 3 refuses; forbidden SQL and opted-out runs write nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { LocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, files, KEY_ENV, OWNER, serve, TEST_KEY, TIER2_DRAFT, TIER2_QUESTION, TIER2_SQL } from './ask-helpers.js';

let fake: FakeOpenAi;
let root: string;
let server: LocalServer;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await askProject(fake.baseUrl);
  server = await serve(root);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

describe('Tier 1', () => {
  it('answers from the certified block with its contract, and never calls the model', async () => {
    fake.script(sqlReply('SELECT 1'));
    const { status, body } = await ask(server, { question: 'weekly revenue' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue', contract: 'finance.Revenue.weekly_revenue@1' });
    expect(body.columns).toEqual(['week_start', 'orders', 'revenue']);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.runId).toMatch(/^run_/);
    expect(body.traceId).toMatch(/./);
    expect(body).not.toHaveProperty('uncertified');
    expect(body).not.toHaveProperty('reviewDraft');
    expect(fake.requests).toEqual([]);
  });

  it('binds parameters from the question', async () => {
    const { body } = await ask(server, { question: 'top 3 states by revenue' });
    expect(body).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue', params: { top_n: 3 }, rowCount: 3 });
  });

  it('refuses a named draft block with the certify command, never handing it to written SQL', async () => {
    fake.script(sqlReply('SELECT state, COUNT(*) AS orders FROM orders GROUP BY state'));
    const before = files(root);
    const { body } = await ask(server, { question: 'run orders_by_state' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', block: 'sales.orders_by_state', refusal: { code: 'BLOCK_DRAFT' } });
    expect(body.next).toContain('svc certify --from-draft domains/sales/blocks/_drafts/orders_by_state.svc');
    expect(fake.requests).toEqual([]);
    expect(files(root)).toEqual(before);
  });
});

describe('Tier 2', () => {
  it('writes SQL with the model, labels it review required, and saves a draft', async () => {
    const tier1 = await ask(server, { question: 'weekly revenue' });
    fake.script(sqlReply(TIER2_SQL));
    const { body } = await ask(server, { question: TIER2_QUESTION });
    expect(body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true, sql: TIER2_SQL, columns: ['avg_quantity', 'items'], rowCount: 1 });
    expect(body.reviewDraft).toEqual({ path: TIER2_DRAFT, askedTimes: 1, created: true });
    expect(body.draftBlockPath).toBe(TIER2_DRAFT);
    expect(body.next).toContain(`svc certify --from-draft ${TIER2_DRAFT}`);

    const text = readFileSync(join(root, TIER2_DRAFT), 'utf8');
    expect(text).toContain('block "what_is_the_average_quantity_per_order_item" {');
    for (const line of [
      'domain = "catalog"',
      'status = "draft"',
      'description = "Review required: drafted from a question."',
      `owner = "${OWNER}"`,
      'tags = ["review-required"]',
      'asked_times = 1',
      'entity = "OrderItem"',
      'contract_id = "catalog.OrderItem.what_is_the_average_quantity_per_order_item"',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/answer_fingerprint = "sha256:[0-9a-f]{64}"/);
    const companion = parse(
      readFileSync(join(root, 'semantic-layer/blocks/catalog/_drafts/what_is_the_average_quantity_per_order_item.yaml'), 'utf8'),
    ) as Record<string, unknown>;
    expect(companion).toMatchObject({
      name: 'what_is_the_average_quantity_per_order_item',
      domain: 'catalog',
      reviewStatus: 'draft',
      lineage: { tables: ['order_items'] },
    });

    // The model saw the schema and the certified blocks, never a row or an earlier answer.
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.headers['authorization']).toBe(`Bearer ${TEST_KEY}`);
    expect(sent.body.model).toBe('fake-model');
    expect(sent.text).toContain('order_items(');
    expect(sent.text).toContain('quantity');
    expect(sent.text).toContain('finance.weekly_revenue');
    expect(sent.text).toContain(TIER2_QUESTION);
    const values = [...tier1.body.rows, ...body.rows]
      .flatMap((r) => Object.values(r))
      .map(String)
      .filter((v) => v.length >= 4);
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(sent.text).not.toContain(v);
  });

  it('counts the same question again on the same draft, keeping a reviewer comment', async () => {
    const path = join(root, TIER2_DRAFT);
    writeFileSync(path, readFileSync(path, 'utf8').replace('  status = "draft"', '  // looked at by the reviewer\n  status = "draft"'));
    const before = Object.keys(files(root))
      .filter((f) => f.includes('_drafts'))
      .sort();
    fake.script(sqlReply(`${TIER2_SQL};`));
    const { body } = await ask(server, { question: TIER2_QUESTION });
    expect(body).toMatchObject({ tier: 2, reviewDraft: { path: TIER2_DRAFT, askedTimes: 2, created: false } });
    const text = readFileSync(path, 'utf8');
    expect(text.match(/asked_times = 2/g)).toHaveLength(2);
    expect(text).toContain('// looked at by the reviewer');
    expect(
      Object.keys(files(root))
        .filter((f) => f.includes('_drafts'))
        .sort(),
    ).toEqual(before);
  });

  it('counts the same SQL asked in other words on the same draft', async () => {
    fake.script(sqlReply(TIER2_SQL.toLowerCase().replace('round', 'ROUND')));
    const { body } = await ask(server, { question: 'mean units on an order line' });
    expect(body.reviewDraft).toEqual({ path: TIER2_DRAFT, askedTimes: 3, created: false });
  });

  it('captures nothing with saveDraft false or reviewDraftCapture off', async () => {
    const before = files(root);
    fake.script(sqlReply("SELECT COUNT(*) AS pending FROM payments WHERE status = 'pending'"));
    for (const opt of [{ saveDraft: false }, { reviewDraftCapture: 'off' }]) {
      const { body } = await ask(server, { question: 'How many payments are pending?', ...opt });
      expect(body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true });
      expect(body).not.toHaveProperty('reviewDraft');
      expect(body.capture).toEqual({ saved: false, code: 'saveDraft' in opt ? 'SAVE_DRAFT_FALSE' : 'CAPTURE_OFF' });
    }
    expect(files(root)).toEqual(before);
  });
});

describe('Tier 3', () => {
  it('refuses when the model says the data cannot answer', async () => {
    const before = files(root);
    fake.script('CANNOT_ANSWER: there is no weather data in this warehouse.');
    const { body } = await ask(server, { question: 'What is the weather in Paris?' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'NO_CERTIFIED_ANSWER' }, rows: [] });
    expect(body.refusal?.reason).toContain('no weather data');
    expect(files(root)).toEqual(before);
  });

  it.each([
    ['a write', 'DELETE FROM orders', 'write'],
    ['a pragma', 'SELECT name FROM pragma_database_list()', 'pragma'],
    ['two statements', 'SELECT 1; SELECT 2', 'several-statements'],
  ])('refuses %s the model wrote, and saves nothing', async (_what, sql, reason) => {
    const before = files(root);
    fake.script(sqlReply(sql));
    const { body } = await ask(server, { question: 'How many payments failed?' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'ROW_POLICY_REFUSED', checkReason: reason } });
    expect(body).not.toHaveProperty('reviewDraft');
    expect(files(root)).toEqual(before);
    expect(existsSync(join(root, 'domains/finance/blocks/_drafts/how_many_payments_failed.svc'))).toBe(false);
  });

  it('says a reply in words is not SQL, instead of refusing it as a write', async () => {
    const before = files(root);
    fake.script('Revenue probably went up last week, mostly in the west.');
    const { body } = await ask(server, { question: 'How many payments failed?' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'MODEL_NO_SQL' } });
    expect(files(root)).toEqual(before);
  });

  it('refuses a result larger than an answer carries, saves nothing, and answers the next question', async () => {
    const before = files(root);
    fake.script(sqlReply('SELECT randomblob(20000000) AS b FROM orders LIMIT 1'));
    const { body } = await ask(server, { question: 'How many payments failed?' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'RESULT_TOO_LARGE' }, rows: [] });
    expect(body).not.toHaveProperty('reviewDraft');
    expect(files(root)).toEqual(before);
    expect((await ask(server, { question: 'run weekly_revenue' })).body).toMatchObject({ tier: 1, trust: 'certified' });
  });

  it.each([
    ['an HTTP error', { status: 500, body: '{"error":"boom"}' }, 'MODEL_HTTP_ERROR'],
    ['a reply that is not JSON', { status: 200, body: 'not json' }, 'MODEL_MALFORMED_REPLY'],
    ['a reply without choices', { status: 200, body: '{"id":"x"}' }, 'MODEL_MALFORMED_REPLY'],
  ])('fails closed on %s from the model', async (_what, reply, code) => {
    fake.script(reply);
    const { body } = await ask(server, { question: 'How many payments failed?' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'MODEL_UNAVAILABLE' } });
    expect(body.refusal?.reason).toContain(code);
  });
});

describe('request validation', () => {
  it.each([[{}], [{ question: '' }], [{ question: 'x', extra: 1 }], [{ question: 'x', saveDraft: 'no' }], [{ question: 'x', reviewDraftCapture: 'maybe' }]])(
    'refuses %j with 400 BAD_REQUEST',
    async (body) => {
      const r = await ask(server, body);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('BAD_REQUEST');
    },
  );

  it('refuses a question of blanks as empty (Tier 3, QUESTION_EMPTY), running nothing', async () => {
    const r = await ask(server, { question: '  \n\t ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'QUESTION_EMPTY' }, candidates: [], rows: [] });
  });
});
