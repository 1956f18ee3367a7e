/**
 * Real Ask receipts replay: runs answered at Tier 1, at Tier 2 (the loopback fake model writes the
 * SQL) and refused at Tier 3 by a running server, each exported with `svc agent trace export` and
 * checked with `svc agent trace replay`. A trace records every tier tried, in order (the Tier-1
 * attempt before a Tier-2 one), and the routing phase where it ran, before the answer.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { ask, askProject, KEY_ENV, serve, TEST_KEY, TIER2_QUESTION, TIER2_SQL } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';

let fake: FakeOpenAi;
let root: string;
const runs: Record<string, string> = {};

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await askProject(fake.baseUrl);
  const server = await serve(root);
  try {
    runs['tier1'] = (await ask(server, { question: 'Revenue by month' })).body.runId;
    fake.script(sqlReply(TIER2_SQL));
    runs['tier2'] = (await ask(server, { question: TIER2_QUESTION })).body.runId;
    fake.script('CANNOT_ANSWER: the warehouse has no weather data');
    runs['tier3'] = (await ask(server, { question: "What's the weather in Paris?" })).body.runId;
    runs['sensitive'] = (await ask(server, { question: "What is Ava Smith's email address?" })).body.runId;
  } finally {
    await server.close();
  }
});

afterAll(async () => {
  await fake.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

describe('replaying real receipts', () => {
  it.each<[string, number, Array<[number, string]>]>([
    ['tier1', 1, [[1, 'answered']]],
    [
      'tier2',
      2,
      [
        [1, 'no_match'],
        [2, 'answered'],
      ],
    ],
    [
      'tier3',
      3,
      [
        [1, 'no_match'],
        [2, 'refused'],
      ],
    ],
    ['sensitive', 3, [[3, 'refused']]],
  ])('%s: the export replays and its attempts are every tier tried, in order', (name, tier, attempts) => {
    const out = join(root, 'bundles', name);
    expect(svc(['agent', 'trace', 'export', runs[name] as string, '--out', out], root).code).toBe(0);
    const r = svc(['agent', 'trace', 'replay', out, '--format', 'json'], root);
    const body = JSON.parse(r.stdout) as { valid: boolean; checks: Array<{ id: string; ok: boolean }>; receipt: { tier: number } };
    expect(body.checks.filter((c) => !c.ok)).toEqual([]);
    expect(body).toMatchObject({ valid: true, receipt: { tier } });
    expect(r.code).toBe(0);
    const trace = JSON.parse(svc(['agent', 'trace', 'show', runs[name] as string, '--format', 'json'], root).stdout) as {
      attempts: Array<{ tier: number; outcome: string; startMs: number }>;
      phases: Array<{ code: string; startMs: number; durationMs: number }>;
      durationMs: number;
    };
    expect(trace.attempts.map((a) => [a.tier, a.outcome])).toEqual(attempts);
    const starts = trace.attempts.map((a) => a.startMs);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('the routing phase sits where routing ran: before the answer, not at the end of the run', () => {
    const trace = JSON.parse(svc(['agent', 'trace', 'show', runs['tier2'] as string, '--format', 'json'], root).stdout) as {
      phases: Array<{ code: string; startMs: number; durationMs: number }>;
      attempts: Array<{ tier: number; startMs: number }>;
    };
    const route = trace.phases.find((p) => p.code === 'route.tier1');
    const rows = trace.phases.find((p) => p.code === 'answer.rows');
    expect(route).toBeDefined();
    expect(rows).toBeDefined();
    expect((route?.startMs ?? Infinity) + (route?.durationMs ?? 0)).toBeLessThanOrEqual(rows?.startMs ?? -1);
    // The model call of Tier 2 comes after routing ended.
    expect((route?.startMs ?? Infinity) + (route?.durationMs ?? 0)).toBeLessThanOrEqual((trace.attempts.find((a) => a.tier === 2)?.startMs ?? -1) + 1);
  });
});
