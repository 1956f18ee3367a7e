/**
 * Ask traces follow their runs (spec 02 rule 10): on a hosted server each trace is kept under
 * its asker and only the asker lists, reads, finds by run or exports it; to anyone else it is
 * not found, exactly like a missing one. A request nobody was placed for is 401.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks } from '../../src/hooks/hooks.js';
import { buildServer } from '../../src/index.js';
import { createTraceRecorder, type TraceRecorder } from '../../src/traces/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { hookHarness } from '../helpers/hook-harness.js';

const harness = hookHarness();
let executor: Executor;
let recorder: TraceRecorder;

beforeAll(async () => {
  executor = harness.executor();
  recorder = createTraceRecorder({ root: harness.root, traceSalt: 'a-salt-for-tests-0123456789' } as never);
});

afterAll(async () => {
  await recorder.close();
});

const byHeader: HostHooks = { resolvePrincipal: (req) => (typeof req.headers['x-user'] === 'string' ? { id: req.headers['x-user'], kind: 'person' } : null) };

function app(hooks: HostHooks) {
  return buildServer({ root: harness.root, manifest: harness.manifest, executor, config: harness.config, recorder, log: () => {}, hooks });
}

describe("traces are the asker's own", () => {
  it('lists, reads, finds by run and exports only for the asker; not found for anyone else', async () => {
    const server = app(byHeader);
    const as = (user: string) => ({ 'x-user': user });
    const run = (
      await server.inject({ method: 'POST', url: '/api/agent-runs', headers: as('ada'), payload: { question: 'Top 5 states by revenue' } })
    ).json() as { runId: string; traceId: string };
    expect(run.traceId).toMatch(/^tr_/);
    const list = async (user: string) =>
      ((await server.inject({ url: '/api/ask-traces', headers: as(user) })).json() as { items: Array<{ traceId: string }> }).items.map((i) => i.traceId);
    expect(await list('ada')).toContain(run.traceId);
    expect(await list('bob')).not.toContain(run.traceId);
    for (const url of [`/api/ask-traces/${run.traceId}`, `/api/ask-traces/by-run/${run.runId}`, `/api/ask-traces/${run.traceId}/export`]) {
      const mine = await server.inject({ url, headers: as('ada') });
      expect([url, mine.statusCode]).toEqual([url, 200]);
      const theirs = await server.inject({ url, headers: as('bob') });
      expect([url, theirs.statusCode, (theirs.json() as { error: { code: string } }).error.code]).toEqual([url, 404, 'TRACE_NOT_FOUND']);
    }
  });

  it('answers a request nobody was placed for with 401: no Ask runs, no trace is listed', async () => {
    const hostWithoutIdentity = app({});
    const ask = await hostWithoutIdentity.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } });
    expect([ask.statusCode, (ask.json() as { error: { code: string } }).error.code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    expect((await hostWithoutIdentity.inject({ url: '/api/ask-traces' })).statusCode).toBe(401);
  });

  it("keeps single-user traces the local owner's, as before", async () => {
    const local = buildServer({ root: harness.root, manifest: harness.manifest, executor, config: harness.config, recorder, log: () => {} });
    const run = (await local.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } })).json() as {
      traceId: string;
    };
    expect((await local.inject({ url: `/api/ask-traces/${run.traceId}` })).statusCode).toBe(200);
    expect(recorder.store.detail(run.traceId).traceId).toBe(run.traceId);
  });
});
