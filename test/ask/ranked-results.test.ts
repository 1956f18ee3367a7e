/**
 * A limited result is the first rows of its own sort. Ranking questions are answered from it only
 * on its own measure and end ("top N by X" of a block ranking by X), never from a series sorted by
 * period (its first rows are the latest, not the best); a result listing every row answers one only
 * where it leads with the asked end of the asked measure; a closed period kept from a limited series
 * makes the limit reach back to the period's start, or the block cannot answer.
 */
import { describe, expect, it } from 'vitest';
import { blockContract } from '../../src/ask/block-contract.js';
import { bindQuestion, buildValueLexicon, createTier1Router } from '../../src/ask/index.js';
import { orderKeys } from '../../src/ask/result-columns.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

describe('the sort of a result', () => {
  it.each([
    ['SELECT state, SUM(a) AS revenue FROM o GROUP BY state ORDER BY revenue DESC LIMIT 5', [{ name: 'revenue', desc: true }]],
    [
      'SELECT state, SUM(a) AS revenue FROM o GROUP BY 1 ORDER BY 2 DESC NULLS LAST, 1',
      [
        { name: 'revenue', desc: true },
        { name: 'state', desc: false },
      ],
    ],
    ['SELECT state, SUM(a) AS revenue FROM o GROUP BY state ORDER BY SUM(a) ASC', [{ name: 'revenue', desc: false }]],
    ['SELECT o.state, o.n FROM o ORDER BY o.n DESC', [{ name: 'n', desc: true }]],
    ['SELECT x, ROW_NUMBER() OVER (ORDER BY y DESC) AS r FROM t', undefined],
    ['SELECT a FROM (SELECT a FROM t ORDER BY a DESC LIMIT 3) s', undefined],
    ['WITH c AS (SELECT a, b FROM t ORDER BY b) SELECT a, b FROM c ORDER BY a DESC', [{ name: 'a', desc: true }]],
    ['SELECT a, b FROM t ORDER BY a + b DESC', [{ desc: true }]],
    // A column ordered by under the alias the select list shows it as, as GROUP BY reads it.
    ['SELECT o.hour AS hour_of_day, AVG(o.minutes) AS avg_minutes FROM o GROUP BY o.hour ORDER BY o.hour', [{ name: 'hour_of_day', desc: false }]],
    ['SELECT c.id AS customer_id, SUM(a) AS revenue FROM c GROUP BY c.id ORDER BY c.id DESC', [{ name: 'customer_id', desc: true }]],
  ])('%s', (query, keys) => {
    expect(orderKeys(query, 'sqlite')).toEqual(keys);
  });
});

describe('what a limited block ranks by', () => {
  const commerce = useCommerceRouter();
  const contract = (id: string) => blockContract(commerce.manifest.blocks[id] as CompiledBlock);

  it('reads the measure and direction of a top-N, and a series sorted by its period', () => {
    expect([...(contract('sales.top_states_by_revenue').rankedBy?.terms ?? [])]).toEqual(['revenu']);
    expect(contract('sales.top_states_by_revenue').rankedBy?.desc).toBe(true);
    expect(contract('finance.weekly_revenue')).toMatchObject({ limited: true, ordersByKey: true });
    expect(contract('finance.weekly_revenue').rankedBy).toBeUndefined();
  });

  it('reads the groups its rows fall in apart from the names of the rows', () => {
    expect(contract('customers.top_customers_by_spend').groups.map((g) => [...g])).toEqual([['segment']]);
    // Terms are stems, as every routing term is.
    expect(contract('sales.top_states_by_revenue').groups.map((g) => [...g])).toEqual([['stat']]);
  });
});

describe('ranking questions are answered on the block’s own measure and end', () => {
  const commerce = useCommerceRouter();
  const route = (q: string) => commerce.router.route(q, { now: NOW });

  it.each([
    ['top 3 states by revenue', 'sales.top_states_by_revenue'],
    ['top 10 states', 'sales.top_states_by_revenue'],
    ['which states sell the most', 'sales.top_states_by_revenue'],
    // A result of one row per group, sorted on the asked measure with the asked end first, ranks its groups.
    ['top segment by revenue', 'customers.customers_by_segment'],
    // "top line" is a declared name of revenue, no ranking.
    ['top line by month', 'finance.monthly_revenue'],
  ])('%s -> %s', (q, block) => {
    expect(route(q)).toMatchObject({ kind: 'answer', block });
  });

  it.each([
    'top 10 states by orders',
    'state with the most orders',
    'which 5 weeks had the highest revenue',
    'top 5 weeks by revenue',
    'best week for revenue',
    'the weeks with the lowest revenue',
    // Customers are no row of a per-segment or per-month result, whatever column counts them.
    'biggest customers by revenue',
    // A series in calendar order does not lead with its highest month: the reply would not answer it.
    'which month had the highest revenue?',
    'highest revenue month',
    // Segments listed by revenue do not lead with the one with most customers, and a ranking of customers ranks no segment.
    'top segment by customers',
    'top segment by spend',
  ])('%s is not certified', (q) => {
    expect(route(q).kind).not.toBe('answer');
  });

  it('runs a named limited block with the asked top-N as its own first rows, but not re-ranked by another measure', () => {
    expect(route('run finance.weekly_revenue top 5')).toMatchObject({ kind: 'answer', block: 'finance.weekly_revenue', params: { top_n: 5 } });
    expect(route('run finance.weekly_revenue top 5 by orders').kind).not.toBe('answer');
  });

  it('answers the bottom from a block that sorts ascending on the asked measure, and not the top', () => {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.top_states_by_revenue'] as CompiledBlock);
      Object.assign(b, { id: 'sales.bottom_states', name: 'bottom_states', examples: [], query: b.query.replace(/DESC/i, 'ASC') });
      certifyInPlace(b);
      delete blocks['sales.top_states_by_revenue'];
      blocks[b.id] = b;
    });
    const router = createTier1Router(manifest);
    expect(router.route('states with the lowest revenue', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.bottom_states' });
    expect(router.route('states with the highest revenue', { now: NOW }).kind).not.toBe('answer');
  });

  it('tells a measure sharing a word with the ranked one from it ("order revenue" is not "order count")', () => {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.top_states_by_revenue'] as CompiledBlock);
      const query =
        "SELECT state, COUNT(*) AS order_count, ROUND(SUM(amount), 2) AS order_revenue FROM orders WHERE status = 'completed' GROUP BY state ORDER BY order_count DESC LIMIT ${top_n}";
      Object.assign(b, { id: 'sales.states_by_orders', name: 'states_by_orders', examples: [], query, outputs: ['state', 'order_count', 'order_revenue'] });
      certifyInPlace(b);
      delete blocks['sales.top_states_by_revenue'];
      blocks[b.id] = b;
    });
    const router = createTier1Router(manifest);
    expect(router.route('top 5 states by order count', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.states_by_orders' });
    for (const q of ['top 5 states by order revenue', 'states ranked by order revenue']) expect(router.route(q, { now: NOW }).kind, q).not.toBe('answer');
  });
});

describe('a closed period kept from a limited series', () => {
  const commerce = useCommerceRouter();
  const weekly = () => commerce.manifest.blocks['finance.weekly_revenue'] as CompiledBlock;
  const bind = (b: CompiledBlock, q: string) => bindQuestion(b, q, { lexicon: buildValueLexicon([b]), now: NOW });

  it('keeps the default limit when it reaches the period, an open period included', () => {
    expect(bind(weekly(), 'weekly revenue last week')).toMatchObject({ params: { since: '2026-02-02' }, unmet: [] });
    expect(bind(weekly(), 'weekly revenue since March 2025')).toMatchObject({ params: { since: '2025-03-01' }, unmet: [] });
  });

  it('raises the limit to reach back to the start of an older period', () => {
    const b = bind(weekly(), 'weekly revenue in March 2025');
    expect(b.within).toEqual({ column: 'week_start', start: '2025-03-01', end: '2025-04-01' });
    expect(b.params['top_n']).toBeGreaterThanOrEqual(51);
    expect(b.unmet).toEqual([]);
  });

  it('cannot answer when the limit may not reach that far, declared or fixed', () => {
    const capped = { ...weekly(), parameterPolicy: { top_n: { min: 1, max: 26 } } };
    expect(bind(capped, 'weekly revenue in March 2025').unmet[0]).toMatchObject({ kind: 'period' });
    const fixed = { ...weekly(), params: weekly().params.filter((p) => p.name !== 'top_n'), query: weekly().query.replace('${top_n}', '12') };
    expect(bind(fixed, 'weekly revenue in March 2025').unmet[0]).toMatchObject({ kind: 'period' });
    expect(bind(fixed, 'weekly revenue last week').unmet).toEqual([]);
  });
});

describe('a top-N whose default shows every group', () => {
  const commerce = useCommerceRouter();
  /** Revenue per channel, ranked, top 5 by default: the data holds three channels, or seven. */
  function router(channels: string[]) {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.top_states_by_revenue'] as CompiledBlock);
      Object.assign(b, {
        id: 'sales.top_channels',
        name: 'top_channels',
        examples: [],
        description: 'Revenue per sales channel, ranked.',
        outputs: ['channel', 'revenue'],
        query: 'SELECT channel, SUM(amount) AS revenue FROM orders WHERE channel <> ${channel} GROUP BY channel ORDER BY revenue DESC LIMIT ${top_n}',
        params: [
          { name: 'top_n', type: 'number', default: 5 },
          { name: 'channel', type: 'string', default: 'none' },
        ],
        paramsUsed: ['top_n', 'channel'],
      });
      certifyInPlace(b);
      for (const id of Object.keys(blocks)) if (id !== b.id) delete blocks[id];
      blocks[b.id] = b;
    });
    return createTier1Router(manifest, { values: new Map([['channel', channels]]) });
  }

  it('answers a plain breakdown when the default reaches every value the data holds, and not otherwise', () => {
    expect(router(['web', 'mobile', 'store']).route('revenue by channel', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.top_channels' });
    const seven = router(['a', 'b', 'c', 'd', 'e', 'f', 'g']).route('revenue by channel', { now: NOW });
    expect(seven.kind).not.toBe('answer');
  });
});

describe('which end the owner names, and what a ranking is by', () => {
  const commerce = useCommerceRouter();
  /** Customers ranked by days to pay, slowest first: the owner calls that end the slowest. */
  function router() {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['customers.top_customers_by_spend'] as CompiledBlock);
      Object.assign(b, {
        id: 'customers.slowest_payers',
        name: 'slowest_payers',
        description: 'Customers with the longest average days to pay their invoices.',
        examples: [{ question: 'Top 5 slowest payers since January 2026' }],
        outputs: ['customer_id', 'avg_days_to_pay'],
        query: 'SELECT customer_id, AVG(days) AS avg_days_to_pay FROM invoices GROUP BY customer_id ORDER BY avg_days_to_pay DESC LIMIT ${top_n}',
        params: [{ name: 'top_n', type: 'number', default: 10 }],
        paramsUsed: ['top_n'],
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
    return createTier1Router(manifest);
  }

  it('answers the end the owner names, not the other one', () => {
    expect(router().route('worst payers', { now: NOW })).toMatchObject({ kind: 'answer', block: 'customers.slowest_payers' });
    expect(router().route('best payers', { now: NOW }).kind).not.toBe('answer');
  });
});

describe('one figure over a closed period is a sum a series does not give', () => {
  const commerce = useCommerceRouter();
  const route = (q: string) => commerce.router.route(q, { now: NOW });

  it.each([
    ['weekly revenue in 2025', 'finance.weekly_revenue'],
    ['revenue last week', 'finance.weekly_revenue'],
    ['weekly revenue since March 2025', 'finance.weekly_revenue'],
    ['revenue by month in Q3 2025', 'finance.monthly_revenue'],
    ['revenue month by month in 2025', 'finance.monthly_revenue'],
    // The words that frame a period ("start of") are not asked of the block.
    ['top 5 states by revenue since the start of the year', 'sales.top_states_by_revenue'],
  ])('%s -> %s', (q, block) => {
    expect(route(q)).toMatchObject({ kind: 'answer', block });
  });

  it.each(['total revenue in 2025', 'how much revenue did we make in Q3 2025', 'revenue for the first half of 2025'])('%s is not certified', (q) => {
    expect(route(q).kind).not.toBe('answer');
  });
});
