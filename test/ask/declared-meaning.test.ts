/**
 * Routing by what blocks declare, piece by piece: the shared business lexicon (only for words a
 * project does not use), stop words typed with swapped letters, windows a block fixes relative to
 * today (read from each engine's date arithmetic, or the block's own name), the result's grouping
 * keys, ratio columns and the measure a ranking orders by.
 */
import { describe, expect, it } from 'vitest';
import { alternativesOf, inProjectWords } from '../../src/ask/business-lexicon.js';
import { createTier1Router, findPeriod } from '../../src/ask/index.js';
import { groupedOutputs, groupKeys } from '../../src/ask/result-columns.js';
import { sqlWindow } from '../../src/ask/sql-window.js';
import { termsOfWord } from '../../src/ask/tokens.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

describe('the shared business lexicon', () => {
  it('offers a word of the same meaning, and reads a word the project uses as written', () => {
    expect(alternativesOf('client')).toContain('customer');
    expect(inProjectWords('client', (t) => t === 'customer')).toBe('customer');
    expect(inProjectWords('client', (t) => t === 'client' || t === 'customer')).toBe('client');
    expect(inProjectWords('zebra', () => true)).toBe('zebra');
    // Money customers owe: "debtor ageing" finds a project's aged debt.
    expect(inProjectWords('debtor', (t) => t === 'debt')).toBe('debt');
  });

  it('keeps words of different meanings apart', () => {
    expect(alternativesOf('price')).not.toContain('rate');
    expect(alternativesOf('channel')).not.toContain('origin');
    // A headcount is how many staff there are, a figure: "staff headcount" is no block about staff's figure.
    expect(alternativesOf('headcount')).not.toContain('staff');
    expect(alternativesOf('staff')).not.toContain('headcount');
  });
});

describe('stop words typed with swapped letters', () => {
  it.each([
    ['teh', []],
    ['waht', []],
    ['hwo', []],
    ['ton', ['ton']],
    ['revenue', ['revenu']],
  ])('%s', (word, terms) => {
    expect(termsOfWord(word)).toEqual(terms);
  });
});

describe('windows a block fixes relative to today', () => {
  it.each([
    ["WHERE d >= date('now', '-30 days')", { n: 30, unit: 'day', direction: 'past' }],
    ["WHERE d < datetime('now', '+7 day')", { n: 7, unit: 'day', direction: 'next' }],
    ["WHERE d >= CURRENT_DATE - INTERVAL '90 days'", { n: 90, unit: 'day', direction: 'past' }],
    ['WHERE d >= now() - interval 2 week', { n: 2, unit: 'week', direction: 'past' }],
    ['WHERE d >= DATE_SUB(CURDATE(), INTERVAL 3 MONTH)', { n: 3, unit: 'month', direction: 'past' }],
    ['WHERE d >= DATEADD(day, -30, CURRENT_DATE())', { n: 30, unit: 'day', direction: 'past' }],
    ['WHERE d >= today() - 30', { n: 30, unit: 'day', direction: 'past' }],
    ["WHERE d >= '2025-01-01'", undefined],
    ["WHERE d >= date('now', '-30 days') AND e < date('now', '-7 days')", undefined],
  ])('%s', (where, window) => {
    expect(sqlWindow(`SELECT COUNT(*) FROM t ${where}`)).toEqual(window);
  });

  it('reads "last/next N units" questions as the same windows', () => {
    expect(findPeriod('orders in the last 30 days', NOW)?.relative).toEqual({ n: 30, unit: 'day', direction: 'past' });
    expect(findPeriod('bookings for the next 2 weeks', NOW)?.relative).toEqual({ n: 2, unit: 'week', direction: 'next' });
    expect(findPeriod('orders in the last 30 days of 2024', NOW)?.relative).toBeUndefined();
  });
});

describe('grouping keys of a result', () => {
  it.each([
    // A key the result shows under an alias goes by the alias: the name its owner declares and asserts.
    ['SELECT h.code, h.name AS hotel, SUM(x) AS r FROM t h GROUP BY h.code, h.name ORDER BY r', ['code', 'hotel']],
    ['SELECT c.id AS customer_id, c.idx, SUM(x) AS r FROM c GROUP BY c.id, c.idx', ['customer_id', 'idx']],
    ['SELECT c.id customer_id, SUM(x) AS r FROM c GROUP BY c.id', ['customer_id']],
    ['SELECT state, channel, COUNT(*) AS n FROM o GROUP BY 1, 2', ['state', 'channel']],
    ["SELECT date(at, 'weekday 1') AS week_start, SUM(a) AS r FROM o GROUP BY date(at, 'weekday 1')", ['week_start']],
    ['SELECT a FROM (SELECT a FROM t GROUP BY a) x', undefined],
    ['SELECT a, b FROM t', undefined],
  ])('%s', (query, keys) => {
    expect(groupKeys(query, 'sqlite')).toEqual(keys);
  });
});

describe('result columns showing a grouping key under a name of their own', () => {
  it.each([
    ['SELECT r.full_name AS rep_name, SUM(x) AS arr FROM r GROUP BY r.rep_id, r.full_name', ['rep_name']],
    ['SELECT h.code, h.name AS hotel, SUM(x) AS r FROM t h GROUP BY h.code, h.name ORDER BY r', ['code', 'hotel']],
    ['SELECT a, b FROM t', []],
  ])('%s', (query, names) => {
    expect(groupedOutputs(query, 'sqlite')).toEqual(names);
  });
});

describe('the router reads what a block declares', () => {
  const commerce = useCommerceRouter();

  /** Commerce with one more certified block: rows per hotel, with the hotel's city beside them. */
  function router() {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.channel_mix'] as CompiledBlock);
      Object.assign(b, {
        id: 'ops.cleaning_by_hotel',
        name: 'cleaning_by_hotel',
        domain: 'ops',
        description: 'Rooms cleaned and rooms cleaned per shift for each hotel, with its city.',
        examples: [{ question: 'How productive is housekeeping at each hotel?' }],
        outputs: [],
        query: 'SELECT hotel_code, city, SUM(rooms) AS rooms_cleaned, SUM(rooms) / COUNT(*) AS rooms_per_shift FROM shifts GROUP BY hotel_code, city',
        params: [],
        paramsUsed: [],
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
    return createTier1Router(manifest);
  }

  it.each([
    ['rooms cleaned per shift by hotel', 'answer'],
    ['rooms cleaned by hotel code and city', 'answer'],
    ['rooms cleaned by city', 'no-match'],
  ])('%s -> %s', (question, kind) => {
    const d = router().route(question, { now: NOW });
    expect(d.kind).toBe(kind);
    if (kind === 'answer') expect(d).toMatchObject({ block: 'ops.cleaning_by_hotel' });
  });

  it('takes the measure a ranking orders by as that, not a breakdown', () => {
    expect(commerce.router.route('top 3 states by revenue', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.top_states_by_revenue' });
  });
});

describe('the words an owner declares', () => {
  const commerce = useCommerceRouter();
  const route = (edit: (b: CompiledBlock) => void, question: string) => {
    const manifest = withBlocks(commerce.manifest, (blocks) => edit(blocks['customers.repeat_purchase_rate'] as CompiledBlock));
    return createTier1Router(manifest).route(question, { now: NOW });
  };

  it('finds a block by its declared synonyms, and not without them', () => {
    const question = 'what is our loyalty ratio';
    expect(route(() => undefined, question)).not.toMatchObject({ kind: 'answer', block: 'customers.repeat_purchase_rate' });
    expect(route((b) => (b.synonyms = ['loyalty ratio']), question)).toMatchObject({ kind: 'answer', block: 'customers.repeat_purchase_rate' });
  });

  it('covers a measure asked in a column’s declared word', () => {
    const question = 'what is the comeback percentage';
    expect(route(() => undefined, question)).not.toMatchObject({ kind: 'answer' });
    const declared = (b: CompiledBlock) => {
      b.columns = { repeat_rate_pct: { synonyms: ['comeback percentage'] } };
    };
    expect(route(declared, question)).toMatchObject({ kind: 'answer', block: 'customers.repeat_purchase_rate' });
  });
});
