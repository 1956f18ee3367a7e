/**
 * Answer facts (spec 03 "Answer facts"; spec 02 `stores.runs`): `GET /api/host/answers/:runId`
 * answers the caller's own run's question, status, trust, SQL and where it came from, its
 * fingerprint and sha256, tables, trace id and sources, without rows unless `?values=1` (at most
 * 500); another person's run is not found. `stores.runs` conformance: no hook, valid, wrong
 * shape, throw, time-out.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRunStore, type RunStore } from '../../src/hooks/stores/run-store.js';
import { type HostHooks, HostStoreInvalidError, type LocalServer } from '../../src/host.js';
import { runRecordOf } from '../../src/runtime/agent-runs/run-facts.js';
import type { AskContext, AskRun } from '../../src/runtime/agent-runs/types.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const hosted = async (stores?: HostHooks['stores']): Promise<LocalServer> => (await servers.start(stores !== undefined ? { stores } : {})).server;

const asked = async (server: LocalServer, question: string) =>
  (await (
    await fetch(`${server.url}/api/agent-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'ada' },
      body: JSON.stringify({ question }),
    })
  ).json()) as Record<string, any>;
const facts = async (server: LocalServer, runId: string, user = 'ada', query = '') => {
  const r = await fetch(`${server.url}/api/host/answers/${runId}${query}`, { headers: { 'x-user': user } });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};
const until = async (get: () => Promise<{ status: number }>) => {
  for (let i = 0; i < 250; i += 1) {
    const r = await get();
    if (r.status !== 404) return r;
    await new Promise((done) => setTimeout(done, 20));
  }
  return get();
};

describe('GET /api/host/answers/:runId', () => {
  it("answers a certified run's facts to its asker, values only when asked, nothing to anyone else", async () => {
    const server = await hosted();
    const run = await asked(server, 'top 3 states by revenue');
    expect(run).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue' });
    const r = (await until(() => facts(server, run['runId']))) as { status: number; body: Record<string, any> };
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      runId: run['runId'],
      question: 'top 3 states by revenue',
      status: 'answered',
      trust: 'certified',
      sqlFrom: 'block',
      tables: ['orders'],
      traceId: run['traceId'],
      sources: ['block:sales.top_states_by_revenue', expect.stringMatching(/^app:block:sales:[0-9a-f]{16}$/)],
    });
    expect(r.body['sqlSha256']).toBe(createHash('sha256').update(r.body['sql']).digest('hex'));
    expect(r.body['values']).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toContain('"CA"');
    const withValues = await facts(server, run['runId'], 'ada', '?values=1');
    expect(withValues.body['values']).toEqual({ columns: run['columns'], rows: run['rows'], rowCount: 3, text: run['answer'].text });
    for (const [user, query] of [
      ['bob', ''],
      ['bob', '?values=1'],
    ] as const)
      expect(await facts(server, run['runId'], user, query)).toMatchObject({ status: 404, body: { error: { code: 'RUN_NOT_FOUND' } } });
    expect((await facts(server, 'run_unknown')).status).toBe(404);
  });

  it('keeps at most 500 rows of an answer', () => {
    const rows = Array.from({ length: 700 }, (_, i) => ({ n: i }));
    const run = {
      runId: 'run_x',
      traceId: 'tr_x',
      tier: 2,
      trust: 'review_required',
      question: 'q',
      columns: ['n'],
      rows,
      rowCount: 700,
      truncated: false,
      sql: 'SELECT n FROM t',
      candidates: [],
      durationMs: 1,
    } as unknown as AskRun;
    const ctx = { manifest: { blocks: {} }, executor: { driverOf: () => 'sqlite' }, now: () => new Date() } as unknown as AskContext;
    const record = runRecordOf(ctx, { question: 'q' }, run, '2026-01-01T00:00:00Z');
    expect(record.values?.rows).toHaveLength(500);
    expect(record.values?.rowCount).toBe(700);
    expect(record).toMatchObject({ sqlFrom: 'written', tables: ['t'], sources: [] });
  });
});

describe('stores.runs: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  const broken = (get: RunStore['get']): RunStore => ({ ...createMemoryRunStore(), get });
  it.each([
    ['no hook: the local store', undefined, 200],
    ["valid: the host's store", { runs: createMemoryRunStore() }, 200],
    ['wrong shape: a record that is no record', { runs: broken(async () => 'x' as never) }, 404],
    ['throw', { runs: broken(() => Promise.reject(new Error('store down'))) }, 503],
    ['time-out', { runs: broken(never) }, 503],
  ] as const)('%s', async (_name, stores, status) => {
    const server = await hosted(stores as HostHooks['stores']);
    const run = await asked(server, 'top 3 states by revenue');
    expect(run['tier']).toBe(1);
    const r = status === 200 ? await until(() => facts(server, run['runId'])) : await facts(server, run['runId']);
    expect(r.status).toBe(status);
    if (status === 503)
      expect((r as { body: Record<string, any> }).body['error']).toMatchObject({
        code: 'STORE_UNAVAILABLE',
        reference: expect.stringMatching(/^[A-Za-z]{8}$/),
      });
  });

  it('refuses to start with a runs store that is no store', async () => {
    await expect(hosted({ runs: { put: 1 } as never })).rejects.toBeInstanceOf(HostStoreInvalidError);
  });
});
