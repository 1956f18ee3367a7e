/**
 * Every Ask leaves a local trace: over real loopback HTTP, the run names its trace, the trace
 * is served by run id, and no byte of the store holds the question; `svc agent ask` records
 * one too, which `svc agent trace list` then shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../../src/index.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import { createTraceRecorder } from '../../../src/traces/index.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';
import { compiledAsk } from './ask-helpers.js';

afterAll(cleanupProjects);

const QUESTION = 'What was revenue last week?';

function storeBytes(root: string): string {
  const dir = join(root, '.svc/local');
  return readdirSync(dir)
    .filter((f) => f.startsWith('ask-observability'))
    .map((f) => readFileSync(join(dir, f)).toString('latin1'))
    .join('');
}

describe('traced Asks', () => {
  it('serves the trace of a loopback Ask by its run id, holding ids and codes but not the question', async () => {
    const root = await commerceProject();
    const server = await startLocalServer({ project: root, port: 0, log: () => {} });
    try {
      const run = (await (
        await fetch(`${server.url}/api/agent-runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ question: QUESTION }),
        })
      ).json()) as Record<string, unknown>;
      expect(run).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
      const byRun = await fetch(`${server.url}/api/ask-traces/by-run/${String(run['runId'])}`);
      expect(byRun.status).toBe(200);
      const trace = JSON.stringify(await byRun.json());
      expect(trace).toContain(String(run['traceId']));
      expect(trace).toContain('finance.weekly_revenue');
      expect(trace).not.toContain('revenue last week');
      // The route explains itself by the block's declarations, never the question's words.
      expect(run['route']).toMatchObject({ parts: expect.arrayContaining([{ kind: 'period', text: 'last week', by: 'column:week_start' }]) });
      const answer = (JSON.parse(trace) as { candidates: Array<{ id: string; matched?: string[] }> }).candidates.find((c) => c.id === 'finance.weekly_revenue');
      expect(answer?.matched).toEqual(expect.arrayContaining(['example=example', 'measure=column:revenue', 'period=column:week_start']));
      expect(trace).not.toContain('last week');
      const status = (await (await fetch(`${server.url}/api/ask-traces/status`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(status)).not.toMatch(/unavailable/i);
    } finally {
      await server.close();
    }
    expect(storeBytes(root)).not.toContain('revenue last week');
  });

  it('records a command-line Ask that svc agent trace list then shows', async () => {
    const root = await commerceProject();
    const asked = svc(['agent', 'ask', QUESTION, '--format', 'json'], root);
    expect(asked.code).toBe(0);
    const run = JSON.parse(asked.stdout) as { traceId: string };
    const listed = svc(['agent', 'trace', 'list', '--format', 'json'], root);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(run.traceId);
  });

  it('marks the trace of an Ask that threw as failed with ASK_FAILED, keeping none of the error', async () => {
    const root = await commerceProject();
    const { config, manifest, executor, router } = await compiledAsk(root);
    const recorder = createTraceRecorder({ root, otlp: false });
    const traces: string[] = [];
    const broken = {
      ...router,
      route: () => {
        throw new Error('a bug in routing at /secret/path');
      },
    };
    const ctx = {
      asker: undefined,
      root,
      manifest,
      executor,
      router: broken,
      config,
      recorder,
      now: () => new Date(),
      progress: (e: { trace?: { traceId: string } }) => void traces.push(e.trace?.traceId ?? ''),
    };
    try {
      await expect(runAsk(ctx, { question: QUESTION })).rejects.toThrow('a bug in routing');
      const detail = recorder.store.detail(traces[0]!);
      expect(detail).toMatchObject({ status: 'failed', outcome: { errorCode: 'ASK_FAILED' } });
      expect(JSON.stringify(detail)).not.toContain('secret');
    } finally {
      await recorder.close();
      await executor.close();
    }
  });
});
