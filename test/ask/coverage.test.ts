/**
 * Tier 1 only within the contract: a question sharing words with a block but asking for a
 * measure, grouping or ranking the block does not give is never answered from it, and the route
 * says what was not covered. The same blocks still answer what they do give.
 */
import { describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import { readAsks } from '../../src/ask/question-asks.js';
import { readShape } from '../../src/ask/question-shape.js';
import { resultColumns } from '../../src/ask/result-columns.js';
import { buildValueLexicon } from '../../src/ask/value-lexicon.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

const commerce = useCommerceRouter();
const route = (q: string) => commerce.router.route(q, { now: NOW });

describe('near-misses are never answered as certified', () => {
  it.each<[string, string, string]>([
    ['How many products per category?', 'catalog.category_sales', 'products'],
    ['Which category has the most customers?', 'catalog.category_sales', 'customers'],
    ['How many refunds per payment method?', 'finance.revenue_by_payment_method', 'refunds'],
    ['average order value per payment method', 'finance.revenue_by_payment_method', 'average'],
    ['revenue by category per week', 'finance.weekly_revenue', 'by category'],
    ['monthly revenue by state', 'finance.monthly_revenue', 'by state'],
    ['Which states have the lowest revenue?', 'sales.top_states_by_revenue', 'lowest'],
    ['How many orders per state?', 'sales.top_states_by_revenue', 'every row'],
    ['How many customers per segment over time?', 'customers.customers_by_segment', 'time'],
    ['weekly revenue growth', 'finance.weekly_revenue', 'growth'],
    ['profit by category', 'catalog.category_sales', 'profit'],
    // Every category is listed, highest revenue first: the least is the end its answer does not lead with.
    ['Which category sells the least?', 'catalog.category_sales', 'least'],
    ['categories with the lowest revenue', 'catalog.category_sales', 'lowest'],
  ])('%s: not from %s (uncovered %s)', (q, block, word) => {
    const d = route(q);
    expect(d.kind === 'answer' ? d.block : null).not.toBe(block);
    expect(d.kind).not.toBe('answer');
    const explained = d.kind === 'no-match' || d.kind === 'refused' ? d.route : undefined;
    if (explained?.block === block) expect(explained.uncovered).toContain(word);
  });
});

describe('what a block gives is still answered, with the route explained', () => {
  it.each<[string, string, string[]]>([
    // "sales" is a synonym of the certified term revenue (semantic-layer/terms.yaml): covered as revenue.
    ['Sales by category', 'catalog.category_sales', ['by category', 'sales']],
    ['share of orders by sales channel', 'sales.channel_mix', ['by sales channel', 'orders', 'share']],
    ['units sold per product category', 'catalog.category_sales', ['by product category', 'units']],
    ['units sold per category', 'catalog.category_sales', ['by category', 'units', 'sold']],
    ['Which category sells the most units?', 'catalog.category_sales', ['by category', 'sells', 'units', 'most']],
    ['Which category has the highest revenue?', 'catalog.category_sales', ['by category', 'revenue', 'highest']],
    ['How much revenue does each customer segment bring?', 'customers.customers_by_segment', ['revenue']],
    ['revenue per customer by segment', 'customers.customers_by_segment', ['by segment', 'by customer']],
    ['revenue by customer segment', 'customers.customers_by_segment', ['by customer segment']],
    ['Top 5 states by revenue', 'sales.top_states_by_revenue', ['by revenue', 'top']],
    ['weekly revenue trend', 'finance.weekly_revenue', ['weekly', 'revenue', 'trend']],
    ['total number of orders per day in Texas', 'sales.daily_orders', ['by day', 'orders']],
  ])('%s -> %s', (q, block, covered) => {
    const d = route(q);
    expect(d).toMatchObject({ kind: 'answer', block });
    if (d.kind !== 'answer') return;
    expect(d.route.block).toBe(block);
    expect(d.route.uncovered).toEqual([]);
    for (const w of covered) expect(d.route.covered).toContain(w);
  });
});

describe('a named block is held to its contract and explains itself', () => {
  it.each<[string, string, RegExp]>([
    ['run monthly_revenue by state', 'finance.monthly_revenue', /does not break its result down by state/],
    ['use block catalog.category_sales for products per category', 'catalog.category_sales', /gives no "products"/],
    ['run top_states_by_revenue for the lowest states', 'sales.top_states_by_revenue', /returns only the top of its ranking/],
  ])('%s', (q, block, why) => {
    const d = route(q);
    expect(d).toMatchObject({ kind: 'refused', code: 'BLOCK_CANNOT_ANSWER', block, named: true });
    expect(d.kind === 'refused' ? d.reason : '').toMatch(why);
  });

  it('runs a named ranking block as it is without a ranking word', () => {
    expect(route('run top_states_by_revenue')).toMatchObject({ kind: 'answer', block: 'sales.top_states_by_revenue', params: {} });
  });
});

describe('drafts wait, they do not compete', () => {
  /** A draft copy of every certified block: same words, a better-sounding name, status draft. */
  function withDraftTwins(): ReturnType<typeof createTier1Router> {
    const m = withBlocks(commerce.manifest, (blocks) => {
      for (const b of Object.values(blocks)) {
        if (b.status !== 'certified') continue;
        const twin: CompiledBlock = structuredClone(b);
        Object.assign(twin, {
          id: `${b.domain}.${b.name}_draft`,
          name: `${b.name}_draft`,
          status: 'draft',
          effectiveStatus: 'draft',
          receipt: 'none',
          inDrafts: true,
          companion: undefined,
          file: `domains/${b.domain}/blocks/_drafts/${b.name}_draft.svc`,
        });
        blocks[twin.id] = twin;
      }
    });
    return createTier1Router(m);
  }

  it('every example of a servable certified block still routes to it with a draft twin beside it', () => {
    const router = withDraftTwins();
    const servable = Object.values(commerce.manifest.blocks).filter((b) => commerce.router.gate(b).certified);
    expect(servable.length).toBeGreaterThan(10);
    for (const b of servable) {
      for (const e of b.examples) {
        const d = router.route(e.question, { now: NOW });
        expect(d.kind === 'answer' ? d.block : `${d.kind} ${d.kind === 'refused' ? d.code : ''}`, e.question).toBe(b.id);
      }
    }
  });

  it('a question only a draft answers still goes the Tier-2 way (an unnamed draft refusal)', () => {
    expect(route('revenue by channel')).toMatchObject({ kind: 'refused', code: 'BLOCK_DRAFT', block: 'finance.revenue_by_channel', named: false });
  });
});

describe('reading what a question asks', () => {
  const lexicon = () => buildValueLexicon(Object.values(commerce.manifest.blocks));
  it.each<[string, { groupings: string[]; measures: string[]; ranking?: string; overTime?: string }]>([
    ['How many products per category?', { groupings: ['category'], measures: ['products'] }],
    ['Which states sell the most?', { groupings: ['states'], measures: ['sell'], ranking: 'top' }],
    ['revenue by state and channel', { groupings: ['state', 'channel'], measures: ['revenue'] }],
    ['Which of our channels has the lowest cancellation rate?', { groupings: ['channels'], measures: ['cancellation', 'rate'], ranking: 'bottom' }],
    ["What's the total number of orders in 2025?", { groupings: [], measures: ['orders'] }],
    ['weekly revenue trend since March 2025', { groupings: [], measures: ['weekly', 'revenue'], overTime: 'trend' }],
    ['top 3 customers in CA by spend', { groupings: ['spend'], measures: ['customers'], ranking: 'top' }],
  ])('%s', (q, expected) => {
    const shape = readShape(q, readAsks(q, { lexicon: lexicon(), isKnown: () => true, now: NOW }));
    expect(shape.groupings.map((g) => g.text)).toEqual(expected.groupings);
    expect([...new Set(shape.measures.map((m) => m.text))]).toEqual(expected.measures);
    expect(shape.ranking).toBe(expected.ranking);
    expect(shape.overTime).toBe(expected.overTime);
  });
});

describe('result columns as the engine names them', () => {
  it.each<[string, string[]]>([
    ['SELECT p.category, COUNT(*) AS orders, SUM(x) units FROM t GROUP BY 1', ['category', 'orders', 'units']],
    ['WITH a AS (SELECT id AS inner_id FROM t) SELECT COUNT(*) AS n, "Quoted Name" FROM a', ['n', 'quoted name']],
    ['SELECT CASE WHEN a THEN 1 END, b -- comment, c\n FROM t', ['b']],
    ['SELECT x FROM (SELECT y AS x FROM t) s UNION SELECT z FROM u', ['x']],
    ['SELECT date(ordered_at, ${since}) AS week_start FROM orders WHERE a >= ${since}', ['week_start']],
    ['not sql at all', []],
  ])('%s', (sql, columns) => {
    expect(resultColumns(sql, 'sqlite')).toEqual(columns);
  });
});
