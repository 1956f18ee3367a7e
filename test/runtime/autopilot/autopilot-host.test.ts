/**
 * The Autopilot under a host (spec 01 App Autopilot rules 1 and 5; spec 02 "Privacy boundary";
 * spec 03 `answerFigures` and "Run evidence" 4), with the loopback fake model as a cloud model:
 * without `isInBoundary` the governed summary reaches it as columns, row count and filter names
 * only, and with the hook answering yes it carries the groups; a person the host withholds review
 * figures from gets no words of an explanation of a review-required tile; and a review artifact is
 * found, applied and discarded only by the person who ran it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks } from '../../../src/hooks/hooks.js';
import { hookHarness } from '../../helpers/hook-harness.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../agent-runs/ask-helpers.js';
import { CHANNELS, DRAFT_SOURCE } from '../app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
});
const harness = hookHarness((root) => configureAsk(root, fake.baseUrl));
afterAll(async () => {
  await fake?.close();
  delete process.env[KEY_ENV];
});

type Run = { outcome: string; answer?: string; figuresWithheld?: boolean; artifact?: { id: string; proposalHash: string }; baseRevision: number };

function hosted(extra: Partial<HostHooks> = {}): FastifyInstance {
  return harness.server({
    resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }),
    authorize: () => ({ allow: true }),
    ...extra,
  });
}

async function json<T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown, user = 'ada'): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method, url, headers: { 'x-user': user }, ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: JSON.parse(res.body) as T };
}

/** A previewed build over `sources`; the preview id and the channel tile as the target. */
async function previewed(app: FastifyInstance, sources: string[], trustMode = 'governed_only') {
  const build = (await json<{ id: string; revision: number }>(app, 'POST', '/api/app-builds', { sourceIds: sources, trustMode })).body;
  const preview = (await json<{ previewId: string }>(app, 'POST', `/api/app-builds/${build.id}/preview`, { revision: build.revision })).body;
  return { build, previewId: preview.previewId };
}

const explain = JSON.stringify({ intent: 'explain', answer: 'Web leads with 41 orders.' });

describe('the privacy boundary', () => {
  it.each([
    ['a host without isInBoundary, a cloud model: no values', {}, false],
    ['isInBoundary says yes: the groups', { isInBoundary: () => true }, true],
  ])('%s', async (_name, hooks, groups) => {
    const app = hosted(hooks);
    const { build, previewId } = await previewed(app, [CHANNELS]);
    fake.script(explain);
    const run = await json<Run>(app, 'POST', `/api/app-builds/${build.id}/autopilot`, {
      request: 'which channel has the most orders?',
      pageId: 'overview',
      tileId: 'channel_mix',
      previewId,
    });
    expect(run.body.outcome).toBe('answer');
    const text = fake.requests.map((r) => r.text).join('\n');
    expect(text).toMatch(/Governed summary[^\n]*\n\{"columns":\["channel"/);
    expect(text.includes('"groups"')).toBe(groups);
    expect(text.includes('marketplace')).toBe(groups);
  });
});

describe('figure withholding', () => {
  it('an explanation of a review-required tile keeps no words for a person the host withholds from', async () => {
    const app = hosted({ isInBoundary: () => true, answerFigures: () => 'withhold_review' as const });
    const { build, previewId } = await previewed(app, [DRAFT_SOURCE], 'include_review_required');
    fake.script(explain);
    const run = await json<Run>(app, 'POST', `/api/app-builds/${build.id}/autopilot`, {
      request: 'how many orders per state?',
      pageId: 'overview',
      tileId: 'orders_by_state',
      previewId,
    });
    expect(run.body).toMatchObject({ outcome: 'answer', figuresWithheld: true });
    expect(run.body.answer).toBeUndefined();
    // Nor did the model see the figures it would have explained.
    expect(fake.requests.map((r) => r.text).join('\n')).not.toContain('"groups"');
  });
});

describe('run evidence belongs to the person who ran it', () => {
  it('another person reads, applies and discards no artifact of ada', async () => {
    const app = hosted();
    const build = (await json<{ id: string; revision: number }>(app, 'POST', '/api/app-builds', { sourceIds: [CHANNELS] })).body;
    fake.script(JSON.stringify({ intent: 'change_visualization', pageId: 'overview', tileId: 'channel_mix', kind: 'table' }));
    const run = (await json<Run>(app, 'POST', `/api/app-builds/${build.id}/autopilot`, { request: 'make it a table' })).body;
    const at = `/api/app-builds/${build.id}/autopilot/${run.artifact?.id}`;
    const apply = { proposalHash: run.artifact?.proposalHash, baseRevision: run.baseRevision };
    for (const [method, url, body] of [
      ['GET', at, undefined],
      ['POST', `${at}/apply`, apply],
      ['POST', `${at}/discard`, {}],
    ] as const) {
      const other = await json<{ error: { code: string } }>(app, method, url, body, 'bo');
      // The build itself is ada's: to bo it does not exist, so neither does its artifact.
      expect([other.status, other.body.error.code]).toEqual([404, 'APP_BUILD_NOT_FOUND']);
    }
    expect((await json<{ repeated: boolean }>(app, 'POST', `${at}/apply`, apply)).body.repeated).toBe(false);
  });
});
