/**
 * feedback_record appends a local receipt and changes nothing else: not the manifest, not a
 * block or companion file, not what Tier 1 serves. lineage_impact traces the tables a block
 * reads up, and the blocks and App tiles depending on them down.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_FILE } from '../../../src/runtime/agent-tools/tools/feedback-record.js';
import { callTool, fileHashes, NOW, useCommerce } from './helpers.js';

const commerce = useCommerce();

describe('feedback_record', () => {
  it('appends one line per call and changes no other file, block or trust decision', async () => {
    const notFeedback = (rel: string): boolean => rel === FEEDBACK_FILE;
    const before = fileHashes(commerce.opened.root, notFeedback);
    const routed = commerce.opened.ctx.router.route('Which customers are at risk of churning?');
    const calls = [
      { blockId: 'customers.churn_risk', thumbs: 'up' },
      { runId: 'run_abc-123', thumbs: 'down' },
      { runId: 'run_abc-124', blockId: 'sales.cancellation_rate_by_channel', thumbs: 'up' },
    ];
    for (const args of calls) {
      const r = await callTool(commerce.opened.ctx, 'feedback_record', args);
      expect(r.isError).toBe(false);
      expect(r.body).toMatchObject({ file: FEEDBACK_FILE, trustChanged: false });
    }
    const lines = readFileSync(join(commerce.opened.root, FEEDBACK_FILE), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual(calls.map((c) => ({ ...c, at: NOW.toISOString() })));
    expect(fileHashes(commerce.opened.root, notFeedback)).toEqual(before);
    expect(commerce.opened.ctx.router.route('Which customers are at risk of churning?')).toEqual(routed);
    for (const block of ['customers.churn_risk', 'sales.cancellation_rate_by_channel']) {
      expect((await callTool(commerce.opened.ctx, 'query_via_block', { block })).code).toBe('REVIEW_REQUIRED');
    }
  });

  it.each([
    [{ thumbs: 'up' }, 'FEEDBACK_TARGET_REQUIRED'],
    [{ blockId: 'finance.nope', thumbs: 'down' }, 'BLOCK_NOT_FOUND'],
  ])('refuses %j with %s', async (args, code) => {
    expect((await callTool(commerce.opened.ctx, 'feedback_record', args)).code).toBe(code);
  });

  it.each([[{ runId: 'x', thumbs: 'sideways' }], [{ runId: '../../etc', thumbs: 'up' }], [{ runId: 'a b', thumbs: 'up' }]])(
    'rejects malformed arguments %j before the handler runs, as a JSON-RPC -32602 error',
    async (args) => {
      await expect(callTool(commerce.opened.ctx, 'feedback_record', args)).rejects.toMatchObject({ code: -32602 });
    },
  );
});

interface Downstream {
  blocks: Array<{ id: string; sharedTables: string[]; trust: string }>;
  tiles: Array<{ app: string; page: string; tile: string; source: string; via: string }>;
}

describe('lineage_impact', () => {
  const readersOfOrders = (): string[] => [...new Set(commerce.opened.ctx.manifest.lineage.filter((e) => e.table === 'orders').map((e) => e.block))].sort();

  it('traces finance.weekly_revenue up to orders and down to every block and tile reading orders', async () => {
    const r = await callTool(commerce.opened.ctx, 'lineage_impact', { block: 'finance.weekly_revenue' });
    expect(r.body).toMatchObject({ block: 'finance.weekly_revenue', contract: { binding: 'finance.Revenue.weekly_revenue@1', status: 'resolved' } });
    expect(r.body['upstream']).toEqual({
      tables: [
        { table: 'calendar', from: ['manifest', 'parser'] },
        { table: 'orders', from: ['manifest', 'parser'] },
      ],
      reading: 'parser',
    });
    const down = r.body['downstream'] as Downstream;
    expect(down.blocks.map((b) => b.id)).toEqual(readersOfOrders().filter((id) => id !== 'finance.weekly_revenue'));
    expect(down.blocks.every((b) => b.sharedTables.includes('orders'))).toBe(true);
    // churn_risk reads the calendar too: both shared tables are named.
    expect(down.blocks.find((b) => b.id === 'customers.churn_risk')?.sharedTables).toEqual(['calendar', 'orders']);
    expect(down.blocks.find((b) => b.id === 'customers.churn_risk')?.trust).toBe('review_required');
    expect(down.tiles).toContainEqual(
      expect.objectContaining({ app: 'growth', page: 'overview', tile: 'revenue', source: 'finance.weekly_revenue', via: 'bound' }),
    );
    expect(down.tiles).toContainEqual(expect.objectContaining({ tile: 'channels', source: 'sales.channel_mix', via: 'shared-table' }));
    // new_customers_monthly reads customers only: its tile is not downstream of orders.
    expect(down.tiles.find((t) => t.source === 'customers.new_customers_monthly')).toBeUndefined();
  });

  it('lists the readers of a table', async () => {
    const r = await callTool(commerce.opened.ctx, 'lineage_impact', { table: 'ORDERS' });
    expect((r.body['downstream'] as Downstream).blocks.map((b) => b.id)).toEqual(readersOfOrders());
  });

  it('reads a block over several tables', async () => {
    const r = await callTool(commerce.opened.ctx, 'lineage_impact', { block: 'catalog.category_sales' });
    expect((r.body['upstream'] as { tables: Array<{ table: string }> }).tables.map((t) => t.table)).toEqual(['order_items', 'orders', 'products']);
  });

  it.each([
    [{}, 'TARGET_REQUIRED'],
    [{ block: 'finance.weekly_revenue', table: 'orders' }, 'TARGET_REQUIRED'],
    [{ block: 'finance.nope' }, 'BLOCK_NOT_FOUND'],
  ])('refuses %j with %s', async (args, code) => {
    expect((await callTool(commerce.opened.ctx, 'lineage_impact', args)).code).toBe(code);
  });
});
