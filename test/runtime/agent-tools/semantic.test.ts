/**
 * list_metrics, list_dimensions and kg_search read the semantic side of the project: metrics
 * and dimensions from servable certified blocks only (the heuristic in semantic-model.ts), and
 * full-text search across blocks, metrics, dashboards, tiles and Apps.
 */
import { describe, expect, it } from 'vitest';
import { readSelect } from '../../../src/runtime/agent-tools/select-columns.js';
import { callTool, useCommerce } from './helpers.js';

const commerce = useCommerce();

describe('readSelect', () => {
  it.each([
    ['SELECT a, b AS c FROM t', ['a', 'c'], []],
    ['SELECT p.category, COUNT(*) AS orders, SUM(x) total FROM t p GROUP BY p.category', ['category', 'orders', 'total'], ['category']],
    ["SELECT date(o.at, '-6 days', 'weekday 1') AS week_start, ROUND(SUM(amount), 2) AS revenue FROM o GROUP BY 1", ['week_start', 'revenue'], ['week_start']],
    ['SELECT CAST(julianday(x) AS INTEGER) AS days FROM t', ['days'], []],
    ['WITH s AS (SELECT a, COUNT(*) n FROM t GROUP BY a) SELECT a, n FROM s', ['a', 'n'], []],
    ["SELECT strftime('%Y-%m', at) AS month, COUNT(*) AS n FROM t GROUP BY strftime('%Y-%m', at)", ['month', 'n'], ['month']],
    ['SELECT a + b FROM t', [], []],
  ])('%s', (sql, columns, groupBy) => {
    const shape = readSelect(sql);
    expect(shape.columns.map((c) => c.name)).toEqual(columns);
    expect(shape.groupBy).toEqual(groupBy);
  });

  it('names the aggregate an output is computed with', () => {
    const shape = readSelect('SELECT channel, COUNT(*) AS orders, ROUND(AVG(amount), 2) AS aov FROM orders GROUP BY channel');
    expect(shape.columns.map((c) => c.aggregate ?? null)).toEqual([null, 'count', 'avg']);
  });
});

interface Entry {
  name: string;
  uses: Array<{ block: string; aggregate?: string | null; role?: string; grain?: string | null }>;
}

const byName = (body: Record<string, unknown>, key: string): Map<string, Entry> => new Map((body[key] as Entry[]).map((e) => [e.name, e]));

describe('list_metrics', () => {
  it('lists aggregated outputs of servable blocks with aggregate and grain', async () => {
    const metrics = byName((await callTool(commerce.opened.ctx, 'list_metrics', {})).body, 'metrics');
    expect(metrics.get('revenue')?.uses).toContainEqual({ block: 'finance.weekly_revenue', aggregate: 'sum', grain: 'week' });
    expect(metrics.get('orders')?.uses).toContainEqual({ block: 'sales.channel_mix', aggregate: 'count', grain: null });
    expect(metrics.get('avg_order_value')?.uses.map((u) => u.block)).toContain('finance.monthly_revenue');
  });

  it.each([
    ['a grouping column', 'channel'],
    ['a point in time computed by MAX()', 'last_order_at'],
    ['an output of a review-required block only', 'cancellation_rate_pct'],
  ])('leaves out %s (%s)', async (_why, name) => {
    expect(byName((await callTool(commerce.opened.ctx, 'list_metrics', {})).body, 'metrics').has(name)).toBe(false);
  });

  it('reads only blocks Tier 1 may serve: no draft, review, deprecated or review-required block', async () => {
    const { catalog } = commerce.opened.ctx;
    const refused = new Set(catalog.index.blocks.filter((b) => catalog.gate(b) !== undefined).map((b) => b.id));
    expect(refused).toContain('customers.lifetime_value_by_segment');
    for (const tool of ['list_metrics', 'list_dimensions']) {
      const body = (await callTool(commerce.opened.ctx, tool, {})).body;
      const used = (body[tool === 'list_metrics' ? 'metrics' : 'dimensions'] as Entry[]).flatMap((e) => e.uses.map((u) => u.block));
      expect(used.filter((b) => refused.has(b))).toEqual([]);
    }
  });

  it('filters by domain and by words', async () => {
    const r = await callTool(commerce.opened.ctx, 'list_metrics', { domain: 'finance', query: 'revenues' });
    const names = (r.body['metrics'] as Entry[]).map((m) => m.name);
    expect(names).toContain('revenue');
    expect(names.every((n) => n.includes('revenue'))).toBe(true);
  });
});

describe('list_dimensions', () => {
  it('lists grouping columns and filter parameters, never a row limit', async () => {
    const dims = byName((await callTool(commerce.opened.ctx, 'list_dimensions', {})).body, 'dimensions');
    expect(dims.get('channel')?.uses).toContainEqual({ block: 'sales.channel_mix', role: 'group' });
    expect(dims.get('state')?.uses).toContainEqual({ block: 'sales.daily_orders', role: 'filter', type: 'string' });
    expect(dims.get('week_start')?.uses).toContainEqual({ block: 'finance.weekly_revenue', role: 'group' });
    expect(dims.has('top_n')).toBe(false);
    // GROUP BY p.id beside p.name: the id is a key, not an output, so not a dimension.
    expect(dims.has('id')).toBe(false);
  });
});

describe('kg_search', () => {
  interface Hit {
    kind: string;
    id: string;
  }
  const hitsOf = (body: Record<string, unknown>): Hit[] => body['hits'] as Hit[];

  it('finds a block, its tile and its metric for "weekly revenue"', async () => {
    const hits = hitsOf((await callTool(commerce.opened.ctx, 'kg_search', { query: 'weekly revenue' })).body);
    expect(hits[0]).toMatchObject({ kind: 'block', id: 'finance.weekly_revenue' });
    expect(hits).toContainEqual(expect.objectContaining({ kind: 'tile', id: 'growth/overview/revenue', source: 'finance.weekly_revenue' }));
    expect(hits).toContainEqual(expect.objectContaining({ kind: 'metric', id: 'revenue' }));
  });

  it.each([
    ['growth', 'app', 'growth'],
    ['customers page', 'dashboard', 'growth/customers'],
    ['repeat purchase rate', 'tile', 'growth/customers/repeat_rate'],
  ])('%j finds the %s %s', async (query, kind, id) => {
    const hits = hitsOf((await callTool(commerce.opened.ctx, 'kg_search', { query, kinds: [kind] })).body);
    expect(hits[0]).toMatchObject({ kind, id });
    expect(hits.every((h) => h.kind === kind)).toBe(true);
  });

  it('finds nothing for words the project does not hold', async () => {
    expect(hitsOf((await callTool(commerce.opened.ctx, 'kg_search', { query: 'zebra quasar' })).body)).toEqual([]);
  });
});
