/**
 * query_via_block is Tier 1 only: every block Tier 1 may not serve is refused with the router's
 * own code, and a refused block runs nothing; a certified, unmarked block with a resolving
 * contract answers with rows, labelled certified with its contract.
 */
import { describe, expect, it } from 'vitest';
import { createToolContext, type ToolContext } from '../../../src/runtime/agent-tools/context.js';
import { callTool, useCommerce } from './helpers.js';

const commerce = useCommerce();

describe('query_via_block refuses what Tier 1 may not serve', () => {
  const cases: Array<[string, string, string]> = [
    ['a draft', 'finance.revenue_by_channel', 'BLOCK_DRAFT'],
    ['a draft (sales)', 'sales.orders_by_state', 'BLOCK_DRAFT'],
    ['a deprecated block', 'finance.net_revenue_2024', 'BLOCK_DEPRECATED'],
    ['a block in review', 'catalog.slow_movers', 'BLOCK_NOT_CERTIFIED'],
    ['certified, description says review required', 'sales.cancellation_rate_by_channel', 'REVIEW_REQUIRED'],
    ['certified, review-required tag', 'customers.churn_risk', 'REVIEW_REQUIRED'],
    ['an unknown block', 'finance.no_such_block', 'BLOCK_NOT_FOUND'],
  ];
  it.each(cases)('%s (%s) -> %s, running nothing', async (_what, block, code) => {
    const before = commerce.opened.executed();
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block });
    expect(r.isError).toBe(true);
    expect(r.code).toBe(code);
    expect(r.body['rows']).toBeUndefined();
    expect(commerce.opened.executed()).toBe(before);
  });

  it('names the next step for a draft', async () => {
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block: 'finance.revenue_by_channel' });
    expect((r.body['error'] as Record<string, unknown>)['next']).toContain('svc certify --from-draft domains/finance/blocks/_drafts/revenue_by_channel.svc');
  });
});

describe('query_via_block answers certified blocks', () => {
  it('answers finance.weekly_revenue with rows, labelled certified with its contract', async () => {
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block: 'finance.weekly_revenue' });
    expect(r.isError).toBe(false);
    expect(r.body).toMatchObject({
      tier: 1,
      trust: 'certified',
      block: 'finance.weekly_revenue',
      contract: 'finance.Revenue.weekly_revenue@1',
      columns: ['week_start', 'orders', 'revenue'],
    });
    expect(r.body['rowCount']).toBe(12);
    expect((r.body['rows'] as unknown[]).length).toBe(12);
  });

  it('binds the given parameters over the declared defaults', async () => {
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block: 'finance.weekly_revenue', params: { top_n: 3 } });
    expect(r.body['rowCount']).toBe(3);
  });

  it.each([
    [{ nope: 1 }, 'PARAM_UNKNOWN'],
    [{ since: 'not a date' }, 'PARAM_INVALID'],
  ])('refuses bad parameters %j with %s', async (params, code) => {
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block: 'finance.weekly_revenue', params });
    expect(r.isError).toBe(true);
    expect(r.code).toBe(code);
  });

  it('caps rows at maxRows and says the result was cut', async () => {
    const r = await callTool(commerce.opened.ctx, 'query_via_block', { block: 'finance.weekly_revenue', maxRows: 2 });
    expect(r.body).toMatchObject({ rowCount: 2, truncated: true });
  });
});

describe('query_via_block and contracts (spec rules 2 and 3)', () => {
  /*
   * `svc compile` refuses an unresolved contract while a contract manifest is loaded, so a
   * served manifest only holds one when it was compiled before the contract manifest changed;
   * the manifest is edited here to stand for that.
   */
  function withContract(status: 'unresolved' | 'unchecked', loaded: boolean): ToolContext {
    const manifest = structuredClone(commerce.opened.ctx.manifest);
    const block = manifest.blocks['finance.weekly_revenue'];
    if (block?.contract === undefined) throw new Error('fixture changed: weekly_revenue has no contract');
    block.contract.status = status;
    manifest.contracts.loaded = loaded;
    const { ctx } = commerce.opened;
    return createToolContext({ root: ctx.root, config: ctx.config, manifest, executor: ctx.executor, now: ctx.now, log: ctx.log });
  }

  it('refuses a certified block whose contract the loaded manifest does not list', async () => {
    const before = commerce.opened.executed();
    const r = await callTool(withContract('unresolved', true), 'query_via_block', { block: 'finance.weekly_revenue' });
    expect(r.code).toBe('CONTRACT_UNRESOLVED');
    expect(commerce.opened.executed()).toBe(before);
  });

  it('serves it when the project has no contract manifest (the check is skipped)', async () => {
    const r = await callTool(withContract('unchecked', false), 'query_via_block', { block: 'finance.weekly_revenue' });
    expect(r.isError).toBe(false);
    expect(r.body['trust']).toBe('certified');
  });
});
