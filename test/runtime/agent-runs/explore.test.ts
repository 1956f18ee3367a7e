/**
 * One Ask lifecycle on every surface, and exploration only when asked for. The HTTP route, the
 * answer_question tool and `svc agent ask` go through the same Ask service; a BLOCK_CANNOT_ANSWER
 * refusal offers review-required exploration, which runs Tier 2 (never certified) only when the
 * request says `explore: true` (`--explore` on the command line): without it, the refusal stays.
 * The model is a loopback server speaking the OpenAI chat protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { openToolContext } from '../../../src/runtime/agent-tools/open-context.js';
import { svc, svcAsync } from '../../helpers/cli.js';
import { cleanupProjects } from '../../helpers/project.js';
import { callTool } from '../agent-tools/helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, KEY_ENV, serve, TEST_KEY, TIER2_QUESTION, TIER2_SQL } from './ask-helpers.js';

/** A question naming a certified block for what it does not give: refused BLOCK_CANNOT_ANSWER, exploration offered. */
const BEYOND = 'run sales.top_states_by_revenue broken down by channel';
const BEYOND_SQL = "SELECT channel, ROUND(SUM(amount), 2) AS revenue FROM orders WHERE status = 'completed' GROUP BY channel";

let fake: FakeOpenAi;
let root: string;
let server: LocalServer;
const previousKey = process.env[KEY_ENV];

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await askProject(fake.baseUrl);
  server = await serve(root);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  if (previousKey === undefined) delete process.env[KEY_ENV];
  else process.env[KEY_ENV] = previousKey;
  cleanupProjects();
});

describe('exploration after BLOCK_CANNOT_ANSWER, over HTTP', () => {
  it('stays a refusal offering exploration when the request does not take it, asking no model', async () => {
    const before = fake.requests.length;
    const r = await ask(server, { question: BEYOND, saveDraft: false });
    expect(r.body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'BLOCK_CANNOT_ANSWER' }, nextAction: 'explore-review-required' });
    expect(fake.requests.length).toBe(before);
  });

  it('runs Tier 2, review required and never certified, when the request says explore', async () => {
    fake.script(sqlReply(BEYOND_SQL));
    const r = await ask(server, { question: BEYOND, explore: true, saveDraft: false });
    expect(r.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true });
    expect(r.body['rowCount']).toBeGreaterThan(0);
  });

  it('does not explore past a refusal that offered no exploration', async () => {
    const before = fake.requests.length;
    const r = await ask(server, { question: 'run finance.revenue_by_channel', explore: true, saveDraft: false });
    expect(r.body).toMatchObject({ trust: 'refused', refusal: { code: 'BLOCK_DRAFT' } });
    expect(fake.requests.length).toBe(before);
  });
});

describe('the answer_question tool', () => {
  it('answers Tier 2 through the Ask service, with the draft it saved, and explores when asked', async () => {
    const opened = await openToolContext({ project: root, log: () => undefined });
    try {
      fake.script(sqlReply(TIER2_SQL));
      const t2 = await callTool(opened.ctx, 'answer_question', { question: TIER2_QUESTION });
      expect(t2.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true, reviewDraft: { created: true } });
      expect(t2.body['traceId']).toEqual(expect.any(String));
      const refused = await callTool(opened.ctx, 'answer_question', { question: BEYOND });
      expect(refused.isError).toBe(true);
      expect(refused.body['error']).toMatchObject({ code: 'BLOCK_CANNOT_ANSWER', nextAction: 'explore-review-required' });
      fake.script(sqlReply(BEYOND_SQL));
      const explored = await callTool(opened.ctx, 'answer_question', { question: BEYOND, explore: true });
      expect(explored.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true });
    } finally {
      await opened.close();
    }
  });
});

describe('svc agent ask', () => {
  it('refuses without --explore and explores with it', async () => {
    const env = { [KEY_ENV]: TEST_KEY };
    const refused = svc(['agent', 'ask', BEYOND, '--format', 'json'], root, env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ refusal: { code: 'BLOCK_CANNOT_ANSWER' } });
    fake.script(sqlReply(BEYOND_SQL));
    const explored = await svcAsync(['agent', 'ask', BEYOND, '--explore', '--format', 'json'], root, env);
    expect(explored.code, explored.stderr + explored.stdout.slice(0, 2000)).toBe(0);
    expect(JSON.parse(explored.stdout)).toMatchObject({ tier: 2, trust: 'review_required' });
  });
});
