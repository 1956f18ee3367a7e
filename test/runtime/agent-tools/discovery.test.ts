/**
 * search_blocks and get_block are discovery: they rank and describe blocks with their trust
 * status and contract, list what Tier 1 may serve first, and never return rows or run anything.
 */
import { describe, expect, it } from 'vitest';
import { callTool, useCommerce } from './helpers.js';

const commerce = useCommerce();

interface Listed {
  id: string;
  score: number;
  contract: { binding: string; status: string } | null;
  trust: { label: string; servable: boolean; code?: string };
}

const blocksOf = (body: Record<string, unknown>): Listed[] => body['blocks'] as Listed[];

describe('search_blocks', () => {
  it.each([
    ['weekly revenue', 'finance.weekly_revenue'],
    ['channel mix of orders', 'sales.channel_mix'],
    ['top customers by spend', 'customers.top_customers_by_spend'],
  ])('ranks %j first to %s, servable, with its contract', async (query, first) => {
    const r = await callTool(commerce.opened.ctx, 'search_blocks', { query });
    expect(r.isError).toBe(false);
    const top = blocksOf(r.body)[0];
    expect(top?.id).toBe(first);
    expect(top?.trust).toEqual({ label: 'certified', servable: true });
    expect(top?.contract?.status).toBe('resolved');
  });

  it('lists every servable block before any block Tier 1 may not serve', async () => {
    const r = await callTool(commerce.opened.ctx, 'search_blocks', { query: 'revenue orders customers cancellation', limit: 50 });
    const servable = blocksOf(r.body).map((b) => b.trust.servable);
    expect(servable.indexOf(false)).toBeGreaterThan(0);
    expect(servable.slice(servable.indexOf(false))).not.toContain(true);
  });

  it.each([
    ['cancellation rate by channel', 'sales.cancellation_rate_by_channel', 'review_required', 'REVIEW_REQUIRED'],
    ['churn risk customers', 'customers.churn_risk', 'review_required', 'REVIEW_REQUIRED'],
    ['net revenue 2024', 'finance.net_revenue_2024', 'refused', 'BLOCK_DEPRECATED'],
    ['revenue by channel', 'finance.revenue_by_channel', 'review_required', 'BLOCK_DRAFT'],
  ])('shows %j -> %s with trust %s (%s)', async (query, id, label, code) => {
    const r = await callTool(commerce.opened.ctx, 'search_blocks', { query, limit: 50 });
    const hit = blocksOf(r.body).find((b) => b.id === id);
    expect(hit?.trust).toMatchObject({ label, servable: false, code });
  });

  it('servableOnly leaves out what query_via_block would refuse', async () => {
    const r = await callTool(commerce.opened.ctx, 'search_blocks', { query: 'cancellation churn revenue', servableOnly: true, limit: 50 });
    expect(blocksOf(r.body).length).toBeGreaterThan(0);
    expect(blocksOf(r.body).every((b) => b.trust.servable)).toBe(true);
  });

  it('never returns rows and runs nothing', async () => {
    const before = commerce.opened.executed();
    const r = await callTool(commerce.opened.ctx, 'search_blocks', { query: 'revenue', limit: 50 });
    expect(JSON.stringify(r.body)).not.toContain('"rows"');
    expect(commerce.opened.executed()).toBe(before);
  });

  it('refuses blank text with QUERY_EMPTY', async () => {
    expect((await callTool(commerce.opened.ctx, 'search_blocks', { query: '   ' })).code).toBe('QUERY_EMPTY');
  });
});

describe('get_block', () => {
  it('names its argument block, as the other tools do, and still reads the older id', async () => {
    const named = await callTool(commerce.opened.ctx, 'get_block', { block: 'finance.weekly_revenue' });
    const old = await callTool(commerce.opened.ctx, 'get_block', { id: 'finance.weekly_revenue' });
    expect(old.body).toEqual(named.body);
    expect((await callTool(commerce.opened.ctx, 'get_block', {})).code).toBe('BLOCK_NOT_FOUND');
  });

  it('describes a block with its contract, trust and the tiles bound to it', async () => {
    const r = await callTool(commerce.opened.ctx, 'get_block', { block: 'finance.weekly_revenue' });
    const block = r.body['block'] as Record<string, unknown>;
    expect(block).toMatchObject({
      id: 'finance.weekly_revenue',
      status: 'certified',
      contract: { binding: 'finance.Revenue.weekly_revenue@1', status: 'resolved' },
      trust: { label: 'certified', servable: true },
      tables: ['calendar', 'orders'],
      tiles: [{ app: 'growth', page: 'overview', tile: 'revenue', revisionCurrent: true }],
    });
    expect(block['rows']).toBeUndefined();
  });

  it.each([
    ['customers.churn_risk', 'REVIEW_REQUIRED'],
    ['finance.net_revenue_2024', 'BLOCK_DEPRECATED'],
    ['sales.orders_by_state', 'BLOCK_DRAFT'],
  ])('says why Tier 1 may not serve %s (%s) and what to do', async (id, code) => {
    const trust = ((await callTool(commerce.opened.ctx, 'get_block', { block: id })).body['block'] as { trust: Record<string, unknown> }).trust;
    expect(trust).toMatchObject({ servable: false, code });
    expect(typeof trust['next']).toBe('string');
  });

  it('refuses an unknown id with BLOCK_NOT_FOUND and a suggestion', async () => {
    const r = await callTool(commerce.opened.ctx, 'get_block', { id: 'finance.weekly_revenues' });
    expect(r.code).toBe('BLOCK_NOT_FOUND');
    expect((r.body['error'] as Record<string, unknown>)['didYouMean']).toBe('finance.weekly_revenue');
  });
});
