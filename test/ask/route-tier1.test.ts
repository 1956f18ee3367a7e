// Tier-1 routing over the compiled commerce fixture: which certified block answers, which
// blocks are refused and why, and when nothing matches so Tier 2 may run.
import { describe, expect, it } from 'vitest';
import { createTier1Router, TIER1_REASON_CODES, type Tier1Decision } from '../../src/ask/index.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

const commerce = useCommerceRouter();

const route = (q: string): Tier1Decision => commerce.router.route(q, { now: NOW });

function answered(q: string): { block: string; params: Record<string, unknown>; contract?: string } {
  const d = route(q);
  if (d.kind !== 'answer') throw new Error(`${q}: expected an answer, got ${d.kind} ${JSON.stringify(d)}`);
  return { block: d.block, params: d.params, ...(d.contract ? { contract: d.contract } : {}) };
}

describe('every example question of a servable certified block routes to that block', () => {
  it('holds for each example in the fixture', () => {
    const servable = Object.values(commerce.manifest.blocks).filter(
      (b) => b.status === 'certified' && !['sales.cancellation_rate_by_channel', 'customers.churn_risk'].includes(b.id),
    );
    expect(servable.length).toBe(15);
    for (const b of servable) for (const e of b.examples) expect(answered(e.question).block, e.question).toBe(b.id);
  });
});

describe('paraphrases', () => {
  it.each([
    ['revenue each week', 'finance.weekly_revenue'],
    ['weekly revenue', 'finance.weekly_revenue'],
    ['revenue per month', 'finance.monthly_revenue'],
    ['which segment brings most revenue', 'customers.customers_by_segment'],
    ['category sales', 'catalog.category_sales'],
    ['How many orders were cancelled?', 'sales.order_status_breakdown'],
    ['new signups per month', 'customers.new_customers_monthly'],
    ['what is aov in CA', 'finance.average_order_value'],
    ['best selling products', 'catalog.top_products_by_revenue'],
    ['refund rate per month', 'finance.refund_rate_monthly'],
    ['share of revenue by payment method', 'finance.revenue_by_payment_method'],
    ['biggest customers by spend', 'customers.top_customers_by_spend'],
  ])('%s -> %s', (q, id) => {
    expect(answered(q).block).toBe(id);
  });

  it('carries the contract of the answering block', () => {
    expect(answered('Revenue by month').contract).toBe('finance.Revenue.monthly_revenue@2');
  });
});

describe('binding from the question', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['top 3 states by revenue', 'sales.top_states_by_revenue', { top_n: 3 }],
    ['5 biggest states by revenue', 'sales.top_states_by_revenue', { top_n: 5 }],
    ['top five states by revenue since 2025-03-01', 'sales.top_states_by_revenue', { top_n: 5, since: '2025-03-01' }],
    ['Show weekly revenue since March 2025', 'finance.weekly_revenue', { since: '2025-03-01' }],
    ['What was monthly revenue in 2024?', 'finance.monthly_revenue', { since: '2024-01-01', until: '2025-01-01' }],
    ['monthly revenue last 30 days', 'finance.monthly_revenue', { since: '2026-01-16', until: '2026-02-16' }],
    ['order status breakdown between 2025-01-01 and 2025-06-30', 'sales.order_status_breakdown', { since: '2025-01-01', until: '2025-07-01' }],
    ['AOV for TX since July 2025', 'finance.average_order_value', { state: 'TX', since: '2025-07-01' }],
    ['average order value for state NY', 'finance.average_order_value', { state: 'NY' }],
    ['How many orders per day in Texas?', 'sales.daily_orders', { state: 'TX' }],
    ['Who are our top 20 customers in California?', 'customers.top_customers_by_spend', { top_n: 20, state: 'CA' }],
    ['Best selling products in home', 'catalog.top_products_by_revenue', { category: 'home' }],
    ['top 3 products for category electronics', 'catalog.top_products_by_revenue', { top_n: 3, category: 'electronics' }],
    ['How many orders come from mobile?', 'sales.channel_mix', {}],
  ])('%s', (q, id, params) => {
    const a = answered(q);
    expect(a.block).toBe(id);
    expect(a.params).toEqual(params);
  });
});

describe('refusals of blocks that may not answer', () => {
  it('refuses the certified block whose description still says review required', () => {
    const d = route('Which channel has the highest cancellation rate?');
    expect(d).toMatchObject({ kind: 'refused', code: 'REVIEW_REQUIRED', block: 'sales.cancellation_rate_by_channel' });
    expect(d.kind === 'refused' && d.reason).toMatch(/still marked as needing review \(description: /);
  });

  // A held or deprecated block is named only when it would answer the question were it servable:
  // sharing words while leaving out a grouping or measure asked for is no reason to stop.
  it.each([
    ['cancellation rate per channel', 'refused'],
    ['cancellation rate by state', 'no-match'],
    ['cancellation rate by payment method', 'no-match'],
    ['What is our net revenue?', 'refused'],
  ])('names a block that may not answer only when it fits: %s', (q, kind) => {
    expect(route(q).kind).toBe(kind);
  });

  it('refuses the certified block whose tags still say review required', () => {
    const d = route('Which customers are at risk of churning?');
    expect(d).toMatchObject({ kind: 'refused', code: 'REVIEW_REQUIRED', block: 'customers.churn_risk' });
    expect(d.kind === 'refused' && d.reason).toMatch(/still marked as needing review \(tags: review-required\)/);
  });

  it.each([
    ['run orders_by_state', 'sales.orders_by_state', 'domains/sales/blocks/_drafts/orders_by_state.svc'],
    ['the revenue by channel block', 'finance.revenue_by_channel', 'domains/finance/blocks/_drafts/revenue_by_channel.svc'],
    ['use block customers.lifetime_value_by_segment', 'customers.lifetime_value_by_segment', 'domains/customers/blocks/_drafts/lifetime_value_by_segment.svc'],
  ])('names a draft at once with the certify command: %s', (q, id, path) => {
    expect(route(q)).toMatchObject({
      kind: 'refused',
      code: 'BLOCK_DRAFT',
      block: id,
      named: true,
      next: `Review it, then promote it: svc certify --from-draft ${path}`,
      nextAction: 'certify-draft',
    });
  });

  it('refuses a best-matching draft that clearly beats every certified block', () => {
    expect(route('revenue by channel')).toMatchObject({ kind: 'refused', code: 'BLOCK_DRAFT', block: 'finance.revenue_by_channel', named: false });
  });

  it('says a named deprecated block is deprecated and points to a certified block', () => {
    const d = route('use block finance.net_revenue_2024');
    expect(d).toMatchObject({ kind: 'refused', code: 'BLOCK_DEPRECATED', block: 'finance.net_revenue_2024', nextAction: 'use-alternative' });
    expect(d.kind === 'refused' && d.reason).toMatch(/deprecated/);
  });

  it('says a block in review is not certified', () => {
    expect(route('use block slow_movers')).toMatchObject({ kind: 'refused', code: 'BLOCK_NOT_CERTIFIED', block: 'catalog.slow_movers' });
  });
});

describe('a named block that cannot satisfy the question', () => {
  it.each([
    [
      'use block finance.weekly_revenue for state TX',
      'finance.weekly_revenue',
      /does not accept a filter on state/,
      ['since (date, default 2024-01-01)', 'top_n (number, default 12)'],
    ],
    [
      'run top_states_by_revenue for channel web',
      'sales.top_states_by_revenue',
      /does not accept a filter on channel/,
      ['since (date, default 2024-01-01)', 'top_n (number, default 10)'],
    ],
    ['use customers_by_segment in 2024', 'customers.customers_by_segment', /does not take a period/, []],
    ['the category sales block, top 3', 'catalog.category_sales', /does not take a row limit/, ['since (date, default 2024-01-01)']],
    ['run repeat_purchase_rate for 2024', 'customers.repeat_purchase_rate', /no end date/, ['since (date, default 2025-01-01)']],
  ])('%s', (q, id, why, accepts) => {
    const d = route(q);
    expect(d).toMatchObject({ kind: 'refused', code: 'BLOCK_CANNOT_ANSWER', block: id, named: true, accepts, nextAction: 'explore-review-required' });
    expect(d.kind === 'refused' && d.reason).toMatch(why);
    expect(d.kind === 'refused' && d.next).toMatch(/review-required exploration/);
  });

  it('answers when the filter is a breakdown of the block', () => {
    expect(route('run channel_mix for channel web')).toMatchObject({ kind: 'answer', block: 'sales.channel_mix', params: {} });
  });

  it('never reads the words of the block name as values', () => {
    expect(route('the top states by revenue block, top 3')).toMatchObject({ kind: 'answer', block: 'sales.top_states_by_revenue', params: { top_n: 3 } });
  });
});

describe('no match', () => {
  it.each([
    "What's the weather in Paris?",
    'How many employees do we have?',
    'What is the revenue per employee?',
    'revenue for acme corp',
    'tell me a joke',
    'asdf qwer zxcv',
    '',
  ])('%s', (q) => {
    expect(route(q)).toMatchObject({ kind: 'no-match', code: 'NO_MATCH' });
  });

  it('passes over a certified block that cannot take a filter, so Tier 2 may run', () => {
    const d = route('weekly revenue in CA');
    expect(d.kind).toBe('no-match');
    expect(d.candidates[0]).toMatchObject({ id: 'finance.weekly_revenue', role: 'cannot-answer' });
  });

  it('reports an unknown block id as not found', () => {
    expect(route('use block finance.no_such_block')).toMatchObject({ kind: 'refused', code: 'BLOCK_NOT_FOUND' });
  });
});

it('exports a fixed list of reason codes that every refusal uses', () => {
  expect(TIER1_REASON_CODES).toContain('BLOCK_CANNOT_ANSWER');
  for (const q of ['run orders_by_state', 'revenue by channel', 'use block finance.net_revenue_2024', 'Which customers are at risk of churning?']) {
    const d = route(q);
    expect(TIER1_REASON_CODES).toContain(d.kind === 'refused' ? d.code : 'none');
  }
});

describe('a tie between blocks that both fit', () => {
  // A copy of a certified block under another id fits every question the original answers with
  // the same score: the question does not say which is meant, so neither answers as certified.
  it.each(['Revenue by month', 'refund rate per month', 'top 3 states by revenue'])('%s', (q) => {
    const original = route(q);
    if (original.kind !== 'answer') throw new Error(`${q} should be answered on the fixture`);
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const copy = structuredClone(blocks[original.block] as CompiledBlock);
      Object.assign(copy, { id: `copy.${copy.name}`, domain: 'copy' });
      blocks[copy.id] = copy;
    });
    const d = createTier1Router(manifest).route(q, { now: NOW });
    expect(d.kind).toBe('no-match');
    expect(d.candidates.map((c) => c.id)).toContain(original.block);
  });
});
