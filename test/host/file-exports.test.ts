/**
 * File exports (spec 03 "Exports and key proofs" 1) on real files: the CSV read back by an
 * RFC 4180 reader shows formula-like text as text behind a single quote; the workbook read back
 * holds inline strings and numbers only, no formula; JSON is `{ columns, rows }`. With a host:
 * `export` needs `query.run` too, the row policy hears destination and action `export`, a refusal
 * is 403 EXPORT_REFUSED (SQL) or 422 TILE_EXPORT_REFUSED (a tile), and a narrowing policy gives
 * the export exactly the rows the same person reads on screen. Export results are cached apart
 * from on-screen results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueryContext } from '../../src/hooks/hooks.js';
import { readCsv, readXlsx } from '../helpers/export-files.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { narrowToState, stateHost } from '../helpers/state-person.js';

const harness = hookHarness();

const TRICKY =
  "SELECT '=1+1' AS f, 'a,\"b\"' AS q, 'line1' || char(10) || 'line2' AS nl, -3 AS n, 2.5 AS x, '@sum' AS at, '+1' AS plus, '-x' AS minus, char(9) || 'tab' AS tab, NULL AS empty";

const exportSql = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/query/export',
  payload,
  headers,
});

describe('POST /api/query/export without a host', () => {
  it('CSV: RFC 4180 quoting, formula-like text behind a single quote, numbers as numbers', async () => {
    const res = await harness.server().inject(exportSql({ sql: TRICKY, format: 'csv', title: 'Tricky cells!' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Tricky-cells.csv"');
    const [header, row] = readCsv(res.body);
    expect(header).toEqual(['f', 'q', 'nl', 'n', 'x', 'at', 'plus', 'minus', 'tab', 'empty']);
    expect(row).toEqual(["'=1+1", 'a,"b"', 'line1\nline2', '-3', '2.5', "'@sum", "'+1", "'-x", "'\ttab", '']);
  });

  it('JSON: { columns, rows } with the values as the warehouse gave them', async () => {
    const res = await harness.server().inject(exportSql({ sql: "SELECT '=1+1' AS f, 7 AS n", format: 'json' }));
    expect([res.statusCode, res.headers['content-type'], res.headers['content-disposition']]).toEqual([
      200,
      'application/json; charset=utf-8',
      'attachment; filename="export.json"',
    ]);
    expect(JSON.parse(res.body)).toEqual({ columns: ['f', 'n'], rows: [{ f: '=1+1', n: 7 }] });
  });

  it('XLSX: read back, every cell is an inline string or a number and none is a formula', async () => {
    const res = await harness.server().inject(exportSql({ sql: TRICKY, format: 'xlsx', title: 'cells' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cells.xlsx"');
    const { parts, cells } = readXlsx(res.rawPayload);
    expect(parts).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(cells).toHaveLength(20);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(new Set(cells.map((c) => c.type))).toEqual(new Set(['inlineStr', 'n']));
    const at = (ref: string) => cells.find((c) => c.ref === ref);
    expect(at('A2')).toEqual({ ref: 'A2', type: 'inlineStr', value: '=1+1', formula: false });
    expect(at('B2')?.value).toBe('a,"b"');
    expect([at('D2'), at('E2')]).toEqual([
      { ref: 'D2', type: 'n', value: '-3', formula: false },
      { ref: 'E2', type: 'n', value: '2.5', formula: false },
    ]);
  });

  it('refuses what the statement check refuses, as 403 EXPORT_REFUSED, and a body without a format as 400', async () => {
    const app = harness.server();
    const write = await app.inject(exportSql({ sql: 'DELETE FROM orders', format: 'csv' }));
    expect([write.statusCode, write.json().error.code]).toEqual([403, 'EXPORT_REFUSED']);
    const bad = await app.inject(exportSql({ sql: 'SELECT 1', format: 'pdf' }));
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'BAD_REQUEST']);
  });
});

const BY_STATE = 'SELECT state, count(*) AS n FROM orders GROUP BY state ORDER BY state';

describe('POST /api/query/export with a host', () => {
  it.each([
    { name: 'export and query.run allowed', refuse: [], status: 200 },
    { name: 'export refused', refuse: ['export'], status: 403, code: 'PERMISSION_DENIED', action: 'export' },
    { name: 'query.run refused', refuse: ['query.run'], status: 403, code: 'PERMISSION_DENIED', action: 'query.run' },
  ])('$name: $status', async ({ refuse, status, code, action }) => {
    const heard: QueryContext[] = [];
    const res = await harness.server(stateHost({ refuse, heard })).inject(exportSql({ sql: BY_STATE, format: 'json' }));
    expect(res.statusCode, res.body).toBe(status);
    if (code !== undefined) expect(res.json().error).toMatchObject({ code, action });
    // Nothing runs for a refused request; an allowed one is told where its rows go.
    expect(heard.map((q) => [q.action, q.destination])).toEqual(status === 200 ? [['export', 'export']] : []);
  });

  it('a row policy that refuses exports: 403 EXPORT_REFUSED, while the same rows still read on screen', async () => {
    const policy = (q: QueryContext) => (q.destination === 'export' ? { refuse: 'Orders may not leave as files.' } : { sql: q.sql, params: q.params });
    const app = harness.server(stateHost({ policy }));
    const res = await app.inject(exportSql({ sql: BY_STATE, format: 'csv' }));
    expect([res.statusCode, res.json().error.code, res.json().error.message]).toEqual([403, 'EXPORT_REFUSED', 'Orders may not leave as files.']);
    const screen = await app.inject({ method: 'POST', url: '/api/blocks/sales.top_states_by_revenue/run', payload: { params: { top_n: 5 } } });
    expect(screen.statusCode).toBe(200);
  });

  it('a narrowing row policy gives each person only their own rows in the file', async () => {
    const app = harness.server(stateHost({ policy: narrowToState }));
    for (const state of ['CA', 'NY']) {
      const res = await app.inject(exportSql({ sql: BY_STATE, format: 'csv' }, { 'x-state': state }));
      const records = readCsv(res.body);
      expect(records.slice(1).map((r) => r[0])).toEqual([state]);
      expect(res.headers['x-svc-export-rows']).toBe('1');
    }
  });
});

const tileExport = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/apps/growth/dashboards/overview/export',
  payload,
  headers,
});
const pageRun = (headers: Record<string, string> = {}) => ({ method: 'POST' as const, url: '/api/apps/growth/pages/overview/run', payload: {}, headers });

describe('POST /api/apps/:appId/dashboards/:pageId/export', () => {
  it('a narrowing row policy: the exported tile holds exactly the rows the same person reads on screen', async () => {
    const app = harness.server(stateHost({ policy: narrowToState }));
    for (const state of ['CA', 'TX']) {
      const screen = (await app.inject(pageRun({ 'x-state': state }))).json() as { tiles: Array<{ id: string; rows?: unknown[] }> };
      const shown = screen.tiles.find((t) => t.id === 'top_states')?.rows;
      const res = await app.inject(tileExport({ tileId: 'top_states', format: 'json' }, { 'x-state': state }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Top-states-by-revenue.json"');
      expect(shown?.length).toBe(1);
      expect(JSON.parse(res.body).rows).toEqual(shown);
    }
  });

  it.each([
    {
      name: 'the policy refuses exports',
      policy: (q: QueryContext) => (q.destination === 'export' ? { refuse: 'No files.' } : { sql: q.sql, params: q.params }),
      tileId: 'top_states',
      status: 422,
      code: 'TILE_EXPORT_REFUSED',
    },
    { name: 'an unknown tile', tileId: 'nope', status: 404, code: 'TILE_NOT_FOUND' },
    { name: 'a text tile', tileId: 'intro', status: 404, code: 'TILE_NOT_FOUND' },
    { name: 'the export action refused', refuse: ['export'], tileId: 'top_states', status: 403, code: 'PERMISSION_DENIED' },
  ])('$name: $status $code', async ({ policy, tileId, status, code, refuse }) => {
    const app = harness.server(stateHost({ ...(policy !== undefined ? { policy } : {}), ...(refuse !== undefined ? { refuse } : {}) }));
    const res = await app.inject(tileExport({ tileId, format: 'csv' }));
    expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    // The page itself still reads on screen when only exports are refused.
    if (code === 'TILE_EXPORT_REFUSED') expect((await app.inject(pageRun())).statusCode).toBe(200);
  });

  it('a page the App does not have is 404 PAGE_NOT_FOUND', async () => {
    const res = await harness.server().inject({ method: 'POST', url: '/api/apps/growth/dashboards/nowhere/export', payload: { tileId: 'x', format: 'csv' } });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'PAGE_NOT_FOUND']);
  });
});

describe('export results are cached apart from on-screen results', () => {
  it('an export neither reads a result kept for the screen nor fills one', async () => {
    const app = harness.server(undefined, { resultCache: true });
    const blockEvents = () => harness.events.filter((e) => e.origin === 'block');
    const cachedAfter = async (request: Parameters<typeof app.inject>[0]) => {
      const from = blockEvents().length;
      expect((await app.inject(request)).statusCode).toBe(200);
      return blockEvents()
        .slice(from)
        .some((e) => e.cached === true);
    };
    const file = tileExport({ tileId: 'top_states', format: 'csv' });
    expect(await cachedAfter(pageRun())).toBe(false);
    expect(await cachedAfter(file)).toBe(false);
    expect(await cachedAfter(file)).toBe(true);
    expect(await cachedAfter(pageRun())).toBe(true);
  });
});

describe('a live answer tile that cannot run', () => {
  it('exports nothing and says why: 409 ANSWER_UNAVAILABLE when its answer is no longer kept', async () => {
    const file = join(harness.root, 'apps/growth/dashboards/overview.svcd');
    const before = readFileSync(file, 'utf8');
    const doc = JSON.parse(before) as { tiles: unknown[] };
    doc.tiles.push({ id: 'gone', title: 'Gone', kind: 'table', mode: 'live', source: { kind: 'answer', id: 'run_missing' } });
    writeFileSync(file, JSON.stringify(doc));
    try {
      const res = await harness.server().inject(tileExport({ tileId: 'gone', format: 'csv' }));
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'ANSWER_UNAVAILABLE']);
    } finally {
      writeFileSync(file, before);
    }
  });
});
