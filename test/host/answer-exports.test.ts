/**
 * An Ask answer's table exported through `POST /api/query/export` `{ runId, format }`: the server
 * reruns the statement its run store recorded for the caller's answer (a certified block with
 * its bound values, or the written SQL) as the caller with destination `export`, so the file holds
 * the rows the caller reads on screen; formula-like text is text behind a quote in CSV and never a
 * formula in Excel. `X-SVC-Export-Trust` says `certified` only for an unchanged certified block's
 * rerun. With a host: `export` needs `query.run`, the row policy hears `export` and may narrow or
 * refuse (403 EXPORT_REFUSED), and withheld figures are never exported. Someone else's or an
 * unknown run is 404 RUN_NOT_FOUND; a refused answer or a changed block gives no file (409).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { createMemoryRunStore, type RunStore } from '../../src/hooks/stores/run-store.js';
import { readCsv, readXlsx } from '../helpers/export-files.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { narrowToState, stateHost } from '../helpers/state-person.js';

const harness = hookHarness();

const CERTIFIED = { question: 'top 3 states by revenue' };
const WRITTEN = {
  question: 'Orders per state, with a formula-like label',
  proposedSql: "SELECT state, COUNT(*) AS n, '=1+1' AS label FROM orders GROUP BY state ORDER BY state",
  saveDraft: false,
};

interface Served {
  app: FastifyInstance;
  runs: RunStore;
}

const served = (hooks?: HostHooks): Served => {
  const runs = createMemoryRunStore();
  return { app: harness.server(hooks, { runs }), runs };
};

async function asked(app: FastifyInstance, body: Record<string, unknown>, state?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: body, headers: state !== undefined ? { 'x-state': state } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { runId: string; tier: number; columns: string[]; rows: Array<Record<string, unknown>> };
}

const exported = (app: FastifyInstance, payload: Record<string, unknown>, state?: string) =>
  app.inject({ method: 'POST', url: '/api/query/export', payload, headers: state !== undefined ? { 'x-state': state } : {} });

describe('an Ask answer exported by its run id, without a host', () => {
  it.each([
    { name: 'a certified answer', body: CERTIFIED, tier: 1, trust: 'certified', file: 'top-3-states-by-revenue' },
    { name: 'a written answer', body: WRITTEN, tier: 2, trust: 'review_required', file: 'Orders-per-state-with-a-formula-like-label' },
  ])('$name: CSV, JSON and Excel hold the rows shown, as $trust', async ({ body, tier, trust, file }) => {
    const { app } = served();
    const run = await asked(app, body);
    expect(run.tier).toBe(tier);
    const files = Object.fromEntries(
      await Promise.all((['csv', 'json', 'xlsx'] as const).map(async (format) => [format, await exported(app, { runId: run.runId, format })] as const)),
    );
    for (const [format, res] of Object.entries(files)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}.${format}"`);
      expect(res.headers['x-svc-export-trust']).toBe(trust);
      expect(res.headers['x-svc-export-rows']).toBe(String(run.rows.length));
    }
    expect(JSON.parse(files.json!.body)).toEqual({ columns: run.columns, rows: run.rows });
    const csv = readCsv(files.csv!.body);
    expect(csv[0]).toEqual(run.columns);
    expect(csv.slice(1).map((r) => r[0])).toEqual(run.rows.map((r) => String(r[run.columns[0]!])));
    const { cells } = readXlsx(files.xlsx!.rawPayload);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.filter((c) => /^A\d+$/.test(c.ref) && c.ref !== 'A1').map((c) => c.value)).toEqual(csv.slice(1).map((r) => r[0]));
  });

  it('keeps formula-like text of a written answer as text: a quote before it in CSV, an inline string in Excel', async () => {
    const { app } = served();
    const run = await asked(app, WRITTEN);
    const csv = readCsv((await exported(app, { runId: run.runId, format: 'csv' })).body);
    expect(new Set(csv.slice(1).map((r) => r[2]))).toEqual(new Set(["'=1+1"]));
    const { cells } = readXlsx((await exported(app, { runId: run.runId, format: 'xlsx' })).rawPayload);
    expect(cells.find((c) => c.ref === 'C2')).toEqual({ ref: 'C2', type: 'inlineStr', value: '=1+1', formula: false });
  });

  it.each([
    { name: 'an unknown run', change: undefined, runId: 'run_unknown', status: 404, code: 'RUN_NOT_FOUND' },
    { name: 'a refused answer', ask: { question: 'What will the weather be tomorrow?' }, status: 409, code: 'ANSWER_NOT_EXPORTABLE' },
    { name: 'a block changed since the answer', change: { sqlSha256: '0'.repeat(64) }, status: 409, code: 'ANSWER_SOURCE_CHANGED' },
    { name: 'a block gone since the answer', change: { sources: ['block:sales.gone'] }, status: 409, code: 'ANSWER_SOURCE_CHANGED' },
    { name: 'a block answer kept without its values', change: { rerun: undefined }, status: 409, code: 'ANSWER_NOT_EXPORTABLE' },
  ])('$name: $status $code and no file', async ({ ask, change, runId, status, code }) => {
    const { app, runs } = served();
    const run = await asked(app, ask ?? CERTIFIED);
    if (change !== undefined) {
      const record = await runs.get(run.runId);
      await runs.put({ ...record!, ...change });
    }
    const res = await exported(app, { runId: runId ?? run.runId, format: 'csv' });
    expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    { name: 'SQL and a run id together', payload: { runId: 'run_x', sql: 'SELECT 1', format: 'csv' } },
    { name: 'a run id with a connection', payload: { runId: 'run_x', executionTarget: { connection: 'warehouse' }, format: 'csv' } },
    { name: 'a run id with a title of its own', payload: { runId: 'run_x', title: 'Certified revenue', format: 'csv' } },
    { name: 'neither SQL nor a run id', payload: { format: 'csv' } },
  ])('$name: 400, since an answer is named by its run id alone', async ({ payload }) => {
    const res = await exported(served().app, payload);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('an export of SQL claims no trust, whatever its title says', async () => {
    const res = await exported(served().app, { sql: 'SELECT 1 AS n', format: 'csv', title: 'Certified revenue' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-export-trust']).toBeUndefined();
  });
});

const refuseExports = (q: QueryContext) => (q.destination === 'export' ? { refuse: 'Orders may not leave as files.' } : { sql: q.sql, params: q.params });

describe('an Ask answer exported by its run id, with a host', () => {
  it.each([
    { name: 'certified', body: CERTIFIED },
    { name: 'written', body: WRITTEN },
  ])('a narrowing row policy: the $name answer exports exactly the rows each person reads on screen', async ({ body }) => {
    const heard: QueryContext[] = [];
    const { app } = served(stateHost({ policy: narrowToState, heard }));
    for (const state of ['CA', 'NY']) {
      const run = await asked(app, body, state);
      const from = heard.length;
      const res = await exported(app, { runId: run.runId, format: 'json' }, state);
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body).rows).toEqual(run.rows);
      expect(run.rows.map((r) => r['state'])).toEqual([state]);
      expect(heard.slice(from).map((q) => [q.action, q.destination])).toEqual([['export', 'export']]);
    }
  });

  it.each([
    { name: 'a row policy refusing exports', hooks: stateHost({ policy: refuseExports }), status: 403, code: 'EXPORT_REFUSED' },
    { name: 'export refused', hooks: stateHost({ refuse: ['export'] }), status: 403, code: 'PERMISSION_DENIED' },
    { name: 'query.run refused', hooks: stateHost({ refuse: ['query.run'] }), body: CERTIFIED, status: 403, code: 'PERMISSION_DENIED' },
    {
      name: 'figures withheld from the reader',
      hooks: { ...stateHost(), answerFigures: () => 'withhold_review' as const },
      status: 403,
      code: 'EXPORT_REFUSED',
    },
  ])('$name: $status $code, no file, while the answer still reads on screen', async ({ hooks, body, status, code }) => {
    const { app } = served(hooks);
    const run = await asked(app, body ?? WRITTEN);
    const res = await exported(app, { runId: run.runId, format: 'csv' });
    expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it("someone else's answer reads as not found: 404 RUN_NOT_FOUND", async () => {
    const { app } = served(stateHost());
    const run = await asked(app, CERTIFIED, 'CA');
    const res = await exported(app, { runId: run.runId, format: 'csv' }, 'NY');
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'RUN_NOT_FOUND']);
  });
});
