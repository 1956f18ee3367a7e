import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { askTraceRoutes } from '../../src/server/routes/ask-traces.js';
import { TraceStore, validateBundle } from '../../src/traces/index.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor, tempRoot } from './helpers.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await cleanup();
});

async function appFor(store: TraceStore): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await app.register(askTraceRoutes(store));
  await app.ready();
  return app;
}

describe('local trace endpoints', () => {
  it('status reports availability and schema state', async () => {
    const { recorder } = recorderFor();
    askTier1(recorder, { question: 'q' });
    const app = await appFor(recorder.store);
    const res = await app.inject({ method: 'GET', url: '/api/ask-traces/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ available: true, schema: { version: 3, supported: 3, state: 'current' }, counts: { summaries: 1, details: 1 } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists summaries with limit <= 100 and an opaque cursor', async () => {
    const { recorder } = recorderFor();
    const ids = [askTier1, askTier2, askTier3, askTier1, askTier2].map((ask) => ask(recorder, { question: 'q' }).traceId).reverse();
    const app = await appFor(recorder.store);
    const first = (await app.inject({ url: '/api/ask-traces?limit=2' })).json();
    expect(first.items.map((s: { traceId: string }) => s.traceId)).toEqual(ids.slice(0, 2));
    const rest = (await app.inject({ url: `/api/ask-traces?limit=100&cursor=${encodeURIComponent(first.nextCursor)}` })).json();
    expect(rest.items.map((s: { traceId: string }) => s.traceId)).toEqual(ids.slice(2));
    expect(rest.nextCursor).toBeUndefined();
    for (const bad of ['limit=101', 'limit=0', 'limit=ten', 'cursor=xyz']) {
      const res = await app.inject({ url: `/api/ask-traces?${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('TRACE_REQUEST_INVALID');
    }
  });

  it('returns one detailed trace by trace id or run id; 404 otherwise', async () => {
    const { recorder } = recorderFor();
    const a = askTier1(recorder, { question: 'q', runId: 'run-route-1' });
    const app = await appFor(recorder.store);
    const byId = await app.inject({ url: `/api/ask-traces/${a.traceId}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ traceId: a.traceId, runId: 'run-route-1', outcome: { tier: 1, trust: 'certified' } });
    expect((await app.inject({ url: '/api/ask-traces/by-run/run-route-1' })).json().traceId).toBe(a.traceId);
    for (const url of ['/api/ask-traces/tr_00000000000000000000000000000000', '/api/ask-traces/by-run/nope']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'TRACE_NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('410 TRACE_DETAIL_EXPIRED keeps the summary', async () => {
    const { recorder } = recorderFor({ limits: { detailMax: 1 } });
    const old = askTier3(recorder, { question: 'q' });
    askTier1(recorder, { question: 'q' });
    const res = await (await appFor(recorder.store)).inject({ url: `/api/ask-traces/${old.traceId}` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ error: { code: 'TRACE_DETAIL_EXPIRED' }, summary: { traceId: old.traceId, trust: 'refused', detail: 'expired' } });
  });

  it('exports the strict bundle as JSON whose files validate byte for byte', async () => {
    const { recorder } = recorderFor();
    const a = askTier1(recorder, { question: 'q' });
    const app = await appFor(recorder.store);
    const res = await app.inject({ url: `/api/ask-traces/${a.traceId}/export?profile=strict` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toBe('strict');
    expect(res.body).not.toContain('finance.weekly_revenue');
    const dir = join(tempRoot(), 'from-http');
    mkdirSync(dir);
    for (const [name, text] of Object.entries(body.files as Record<string, string>)) writeFileSync(join(dir, name), text);
    expect(validateBundle(dir).valid).toBe(true);
    expect((await app.inject({ url: `/api/ask-traces/${a.traceId}/export?profile=support` })).statusCode).toBe(400);
  });

  it('503 when the store is unavailable or newer; status still answers 200', async () => {
    const root = tempRoot();
    const app = await appFor(new TraceStore({ root, readonly: true }));
    const status = await app.inject({ url: '/api/ask-traces/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ available: false, code: 'TRACE_STORE_UNAVAILABLE', reason: 'missing' });
    const list = await app.inject({ url: '/api/ask-traces' });
    expect(list.statusCode).toBe(503);
    expect(list.json().error.code).toBe('TRACE_STORE_UNAVAILABLE');
    const { recorder, root: other } = recorderFor();
    askTier1(recorder, { question: 'q' });
    recorder.store.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(other, '.svc/local/ask-observability'));
    db.pragma('user_version = 99');
    db.close();
    const newer = await (await appFor(new TraceStore({ root: other }))).inject({ url: '/api/ask-traces' });
    expect(newer.statusCode).toBe(503);
    expect(newer.json().error.code).toBe('TRACE_SCHEMA_UNSUPPORTED');
  });
});
