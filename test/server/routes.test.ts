/**
 * The HTTP routes with `inject`, over the compiled commerce fixture and a real executor: shapes,
 * stable error codes and statuses, body validation, and what never reaches an answer (the
 * engine's words, a stack).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { buildServer } from '../../src/index.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS n FROM c';

let root: string;
let config: SvcConfig;
let manifest: Manifest;
let executor: Executor;
let app: FastifyInstance;
let slowExecutor: Executor;
let slowApp: FastifyInstance;
const logged: string[] = [];

/** A certified copy of weekly_revenue under a new id with another query and params. */
function variant(id: string, query: string, params: CompiledBlock['params'] = []): CompiledBlock {
  const base = manifest.blocks['finance.weekly_revenue'] as CompiledBlock;
  return { ...base, id, name: id.split('.')[1] ?? id, query, params };
}

beforeAll(async () => {
  root = await commerceProject();
  const compiled = compileProject({ project: root });
  expect(compiled.exitCode).toBe(0);
  config = compiled.config as SvcConfig;
  manifest = JSON.parse(compiled.text ?? '') as Manifest;
  manifest.blocks['test.refused'] = variant('test.refused', 'DELETE FROM orders');
  manifest.blocks['test.broken'] = variant('test.broken', "SELECT secret_column FROM orders WHERE note = 'hush'");
  manifest.blocks['test.slow'] = variant('test.slow', SLOW);
  manifest.blocks['test.huge'] = variant('test.huge', 'SELECT randomblob(20000000) AS b');
  manifest.blocks['test.needs'] = variant('test.needs', 'SELECT ${region} AS region', [{ name: 'region', type: 'string', required: true }]);
  // A generous deadline for ordinary statements (a saturated machine must not turn them into
  // timeouts); the timeout case gets its own short-deadline server below.
  executor = createExecutor({ root, config, deadlineMs: 20_000 });
  app = buildServer({ root, manifest, executor, config, log: (line) => logged.push(line) });
  slowExecutor = createExecutor({ root, config, deadlineMs: 300 });
  slowApp = buildServer({ root, manifest, executor: slowExecutor, config, log: () => {} });
});

afterAll(async () => {
  await app.close();
  await executor.close();
  await slowApp.close();
  await slowExecutor.close();
  cleanupProjects();
});

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const r = await app.inject({ method: 'POST', url, ...(payload !== undefined ? { payload: payload as string } : {}), headers });
  return { status: r.statusCode, body: r.json() as Record<string, any> };
}

describe('read routes', () => {
  it('GET /api/health', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ ok: true, project: 'commerce', blocks: Object.keys(manifest.blocks).length, snapshot: { generation: 1 } });
  });

  it('GET /api/health says ok: false, per connection, when the warehouse file is missing', async () => {
    const missing = buildServer({
      root,
      manifest,
      executor,
      config: {
        ...config,
        connections: {
          default: { driver: 'sqlite', path: 'data/nowhere.db' },
          dw: { driver: 'postgresql' },
          duck: { driver: 'duckdb', path: 'data/none.duckdb' },
          nameless: { driver: 'sqlite' },
        },
      },
      log: () => {},
    });
    const r = await missing.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      ok: false,
      connections: {
        default: { driver: 'sqlite', ok: false, code: 'DATABASE_MISSING' },
        dw: { driver: 'postgresql', ok: true, checked: false },
        duck: { driver: 'duckdb', ok: false, code: 'DATABASE_MISSING' },
        nameless: { driver: 'sqlite', ok: false, code: 'CONNECTION_INVALID' },
      },
    });
    expect(r.body).not.toContain('nowhere.db');
    const present = await app.inject({ method: 'GET', url: '/api/health' });
    expect(present.json()).toMatchObject({ ok: true, connections: { default: { driver: 'sqlite', ok: true, checked: true } } });
    await missing.close();
  });

  it('GET /api/blocks lists ids, status, description, owner, params and example questions, sorted', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/blocks' })).json() as { blocks: Array<Record<string, unknown>>; certification: unknown };
    const { blocks } = list;
    // The fixture runs with the unsigned setting: the Blocks page shows the warning svc lint gives.
    expect(list.certification).toEqual({
      signed: false,
      warning: { code: 'certify/unsigned-project', message: expect.stringContaining('not signed'), hint: expect.any(String) },
    });
    const ids = blocks.map((b) => b['id'] as string);
    expect(ids).toEqual([...ids].sort());
    expect(blocks.find((b) => b['id'] === 'finance.weekly_revenue')).toEqual({
      id: 'finance.weekly_revenue',
      status: 'certified',
      effectiveStatus: 'certified',
      description: 'Net revenue per ISO week from completed orders.',
      owner: 'finance-analytics@acme.test',
      file: expect.stringMatching(/weekly_revenue\.svc$/),
      inDrafts: false,
      receipt: 'valid',
      params: [
        { name: 'since', type: 'date', required: false, default: '2024-01-01' },
        { name: 'top_n', type: 'number', required: false, default: 12 },
      ],
      trust: { label: 'certified', servable: true },
      // Its declared example questions, which an empty Ask page suggests.
      examples: ['What was revenue last week?', 'Show weekly revenue since March 2025'],
    });
    expect(blocks.find((b) => b['id'] === 'sales.orders_by_state')?.['status']).toBe('draft');
    // Declared and received as certified, but its wording still says review required: the gate's one decision.
    expect(blocks.find((b) => b['id'] === 'sales.cancellation_rate_by_channel')).toMatchObject({
      effectiveStatus: 'certified',
      trust: { label: 'review_required', servable: false, code: 'REVIEW_REQUIRED' },
    });
    expect(blocks.find((b) => b['inDrafts'] === true)).toMatchObject({ status: 'draft' });
  });

  it('GET /api/blocks/:id shows one block and answers 404 BLOCK_NOT_FOUND', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/blocks/finance.weekly_revenue' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().block).toMatchObject({
      id: 'finance.weekly_revenue',
      contract: { id: 'finance.Revenue.weekly_revenue', version: 1 },
      tests: ['row_count > 0', 'revenue >= 0', 'week_start is not null'],
    });
    const missing = await app.inject({ method: 'GET', url: '/api/blocks/finance.nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'BLOCK_NOT_FOUND', message: expect.any(String) } });
  });

  it('answers 404 NOT_FOUND as JSON for an unknown route', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/nothing?x=1' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no GET /api/nothing here.' } });
  });
});

describe('POST /api/blocks/:id/run', () => {
  it('runs a certified block with defaults (no body, empty body)', async () => {
    for (const payload of [undefined, {}]) {
      const r = await post('/api/blocks/finance.weekly_revenue/run', payload);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        block: 'finance.weekly_revenue',
        trust: 'certified',
        contract: 'finance.Revenue.weekly_revenue@1',
        columns: ['week_start', 'orders', 'revenue'],
        rowCount: 12,
        truncated: false,
      });
      expect(r.body['rows']).toHaveLength(12);
    }
  });

  it('binds given params over defaults', async () => {
    const r = await post('/api/blocks/finance.weekly_revenue/run', { params: { top_n: 3, since: '2025-01-01' } });
    expect(r.status).toBe(200);
    expect(r.body['rowCount']).toBe(3);
    expect(r.body['rows'].every((row: { week_start: string }) => row.week_start >= '2024-12-30')).toBe(true);
  });

  it.each([
    ['params not an object', { params: 5 }],
    ['an unknown body field', { param: {} }],
    ['a list as a value', { params: { top_n: [3] } }],
    ['an object as a value', { params: { top_n: { n: 3 } } }],
    ['a body that is a list', [1]],
  ])('answers 400 BAD_REQUEST for %s', async (_what, payload) => {
    const r = await post('/api/blocks/finance.weekly_revenue/run', payload);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });

  it('answers 400 BAD_REQUEST for JSON that does not parse', async () => {
    const r = await post('/api/blocks/finance.weekly_revenue/run', '{"params": ', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body['error']['code']).toBe('BAD_REQUEST');
  });

  it.each([
    ['finance.weekly_revenue', { params: { since: '2024-13-01' } }, 400, 'PARAM_INVALID'],
    ['finance.weekly_revenue', { params: { sinse: '2024-01-01' } }, 400, 'PARAM_UNKNOWN'],
    ['test.needs', {}, 400, 'PARAM_REQUIRED'],
    ['sales.orders_by_state', {}, 409, 'BLOCK_NOT_CERTIFIED'],
    ['finance.net_revenue_2024', {}, 409, 'BLOCK_NOT_CERTIFIED'],
    ['finance.missing', {}, 404, 'BLOCK_NOT_FOUND'],
    ['test.refused', {}, 403, 'ROW_POLICY_REFUSED'],
    ['test.huge', {}, 422, 'RESULT_TOO_LARGE'],
  ])('%s %j -> %d %s', async (id, payload, status, code) => {
    const r = await post(`/api/blocks/${id}/run`, payload);
    expect(r.status).toBe(status);
    expect(r.body['error']).toMatchObject({ code, message: expect.any(String) });
  });

  it('answers 504 STATEMENT_TIMEOUT when a statement overruns the deadline', async () => {
    const r = await slowApp.inject({ method: 'POST', url: '/api/blocks/test.slow/run', payload: {} });
    expect(r.statusCode).toBe(504);
    expect(r.json()['error']).toMatchObject({ code: 'STATEMENT_TIMEOUT', message: expect.any(String) });
  });

  it('keeps the engine words of a warehouse failure in the log, under the reference it answers with', async () => {
    const r = await post('/api/blocks/test.broken/run', {});
    expect(r.status).toBe(502);
    expect(r.body['error']).toEqual({
      code: 'WAREHOUSE_ERROR',
      message: expect.stringMatching(/reference [a-z]{8}\b/),
      reference: expect.stringMatching(/^[a-z]{8}$/),
    });
    expect(JSON.stringify(r.body)).not.toMatch(/secret_column|hush|no such column/);
    const line = logged.find((l) => l.includes(r.body['error']['reference']));
    expect(line).toContain('no such column');
  });
});

describe('unexpected failures', () => {
  it('answers 500 with a plain sentence and an eight-letter reference, never a stack', async () => {
    const failing: Executor = { execute: () => Promise.reject(new Error('kaboom inside')), driverOf: () => 'sqlite', close: async () => {} };
    const lines: string[] = [];
    const broken = buildServer({ root, manifest, executor: failing, config, log: (l) => lines.push(l) });
    try {
      const r = await broken.inject({ method: 'POST', url: '/api/blocks/finance.weekly_revenue/run', payload: {} });
      expect(r.statusCode).toBe(500);
      const body = r.json() as { error: { code: string; message: string; reference: string } };
      expect(body.error.code).toBe('INTERNAL_ERROR');
      expect(body.error.reference).toMatch(/^[a-z]{8}$/);
      expect(body.error.message).toContain(body.error.reference);
      expect(r.body).not.toMatch(/kaboom|at .*\.ts/);
      expect(lines.join('\n')).toMatch(new RegExp(`\\[${body.error.reference}\\].*kaboom`));
    } finally {
      await broken.close();
    }
  });
});
