/**
 * Threads over HTTP: `POST /api/agent-runs` starts or continues a conversation (`threadId`), and
 * `GET /api/agent-runs/:id/thread` shows it, in order, to its owner only; the local store keeps
 * it across a restart. Real loopback for the server the CLI starts, `inject` for two people.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { localPrincipal } from '../../src/hooks/context/request-context.js';
import { openSqliteThreadStore } from '../../src/hooks/stores/sqlite-thread-store.js';
import type { ThreadStore } from '../../src/hooks/stores/thread-store.js';
import { buildServer, type LocalServer } from '../../src/index.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { ask, serve } from '../runtime/agent-runs/ask-helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

describe('a conversation against a running server', () => {
  let root: string;
  let server: LocalServer;
  beforeAll(async () => {
    root = await commerceProject();
    server = await serve(root);
  });
  afterAll(() => server.close());

  it('continues a thread, holds the follow-up to the block, and shows the thread in order', async () => {
    const first = await ask(server, { question: 'top 10 states by revenue' });
    expect(first.body).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue' });
    expect(first.body['threadId']).toMatch(/^thr_/);
    const second = await ask(server, { question: 'just the top 3', threadId: first.body['threadId'] });
    expect(second.body).toMatchObject({
      tier: 1,
      trust: 'certified',
      params: { top_n: 3 },
      threadId: first.body['threadId'],
      followUp: { of: first.body['runId'], mode: 'held' },
    });
    const thread = (await (await fetch(`${server.url}/api/agent-runs/${second.body['runId']}/thread`)).json()) as Record<string, any>;
    expect(thread['threadId']).toBe(first.body['threadId']);
    expect(thread['runs'].map((r: Record<string, unknown>) => [r['runId'], r['rowCount']])).toEqual([
      [first.body['runId'], 10],
      [second.body['runId'], 3],
    ]);
    expect(JSON.stringify(thread)).not.toContain('"rows"');
  });

  it('answers 404 RUN_NOT_FOUND for an unknown run, and refuses an unknown thread', async () => {
    const r = await fetch(`${server.url}/api/agent-runs/run_nope/thread`);
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('RUN_NOT_FOUND');
    expect((await ask(server, { question: 'just the top 3', threadId: 'thr_nope' })).body).toMatchObject({ tier: 3, refusal: { code: 'THREAD_NOT_FOUND' } });
  });

  it('the local store keeps the thread across a restart', async () => {
    const first = await ask(server, { question: 'monthly revenue' });
    await server.close();
    server = await serve(root);
    const second = await ask(server, { question: 'only 2025', threadId: first.body['threadId'] });
    expect(second.body).toMatchObject({ tier: 1, block: 'finance.monthly_revenue', params: { since: '2025-01-01', until: '2026-01-01' } });
  });
});

describe("a thread is its owner's alone", () => {
  let root: string;
  let executor: Executor;
  let threads: ThreadStore;
  let ana: FastifyInstance;
  let ben: FastifyInstance;
  beforeAll(async () => {
    root = await commerceProject();
    const compiled = compileProject({ project: root, cache: false });
    const config = compiled.config as SvcConfig;
    const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
    executor = createExecutor({ root, config });
    threads = openSqliteThreadStore(root);
    ana = buildServer({ root, manifest, executor, config, threads, principal: localPrincipal('ana@acme.test'), log: () => undefined });
    ben = buildServer({ root, manifest, executor, config, threads, principal: localPrincipal('ben@acme.test'), log: () => undefined });
  });
  afterAll(async () => {
    await ana.close();
    await ben.close();
    await executor.close();
    await threads.close();
  });

  it('another person can neither read nor continue it', async () => {
    const run = (await ana.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'top 10 states by revenue' } })).json();
    expect((await ana.inject({ method: 'GET', url: `/api/agent-runs/${run.runId}/thread` })).statusCode).toBe(200);
    const peek = await ben.inject({ method: 'GET', url: `/api/agent-runs/${run.runId}/thread` });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('RUN_NOT_FOUND');
    const join = (await ben.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'just the top 3', threadId: run.threadId } })).json();
    expect(join).toMatchObject({ tier: 3, refusal: { code: 'THREAD_NOT_FOUND' } });
  });

  it('a threadId of the wrong shape is a 400', async () => {
    const r = await ana.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'x', threadId: '' } });
    expect(r.statusCode).toBe(400);
  });
});
