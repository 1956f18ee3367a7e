/**
 * Follow-up chains on the commerce fixture. A property over generated chains (a first question,
 * then narrowing, regrouping, re-measuring and filtering follow-ups): no step is ever answered as
 * certified by a block whose result lacks the measure the thread is about or the grouping the
 * step asks for. The oracle reads the blocks' result columns and grouping keys, not the router's
 * contract. Then the chains the issue reported, and two follow-up rules: a part of a year named
 * without its year is of the thread's year, and a drilldown across domains needs a certified term
 * relating both blocks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import { groupKeys, resultColumns } from '../../src/ask/result-columns.js';
import type { Tier1Decision } from '../../src/ask/types.js';
import type { CompiledBlock, CompiledTerm } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

/** Measure words and the column-name fragment a block giving that measure has. */
const MEASURES: ReadonlyArray<readonly [string, RegExp]> = [
  ['revenue', /revenue/],
  ['orders', /order/],
  ['customers', /customer/],
  ['refunds', /refund/],
  ['units sold', /unit|quantity/],
  ['average order value', /avg|average|aov/],
];
/** Grouping words and the key-name fragment of a result broken down by them. */
const GROUPINGS: ReadonlyArray<readonly [string, RegExp]> = [
  ['state', /state/],
  ['channel', /channel/],
  ['category', /category/],
  ['segment', /segment/],
  ['payment method', /payment/],
  ['month', /month/],
  ['week', /week/],
];

type Step = { text: string; measure?: number; grouping?: number };

const measure = fc.integer({ min: 0, max: MEASURES.length - 1 });
const grouping = fc.integer({ min: 0, max: GROUPINGS.length - 1 });
const first: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(measure, grouping).map(([m, g]) => ({ text: `${MEASURES[m]?.[0]} by ${GROUPINGS[g]?.[0]}`, measure: m, grouping: g })),
  fc
    .tuple(measure, grouping, fc.integer({ min: 2, max: 20 }))
    .map(([m, g, n]) => ({ text: `top ${n} ${GROUPINGS[g]?.[0]}s by ${MEASURES[m]?.[0]}`, measure: m, grouping: g })),
  measure.map((m) => ({ text: `what is our ${MEASURES[m]?.[0]}?`, measure: m })),
);
const followUp: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map((n) => ({ text: `just the top ${n}` })),
  grouping.map((g) => ({ text: `what about by ${GROUPINGS[g]?.[0]}?`, grouping: g })),
  grouping.map((g) => ({ text: `split it by ${GROUPINGS[g]?.[0]}`, grouping: g })),
  measure.map((m) => ({ text: `and ${MEASURES[m]?.[0]}?`, measure: m })),
  fc.constantFrom({ text: 'only 2025' }, { text: 'what about California?' }, { text: 'since March' }, { text: 'and last month?' }),
);

describe('generated follow-up chains', () => {
  const commerce = useCommerceRouter();

  /** What the owner declared the block gives: its name, its synonyms, its columns' synonyms and the values its rows are declared to be (`assert status in [...]`). */
  function declared(block: CompiledBlock): string[] {
    const synonyms = [...(block.synonyms ?? []), ...Object.values(block.columns ?? {}).flatMap((c) => c.synonyms ?? [])];
    const rows = block.tests.filter((t) => t.op === 'in' && Array.isArray(t.value)).flatMap((t) => (t.value as unknown[]).map(String));
    return [block.name, ...synonyms, ...rows].map((c) => c.toLowerCase());
  }
  function columnsOf(block: CompiledBlock): string[] {
    return [...resultColumns(block.query, block.dialect), ...block.outputs, ...declared(block)].map((c) => c.toLowerCase());
  }
  function keysOf(block: CompiledBlock): string[] {
    const x = block.visualization?.['x'];
    return [...(groupKeys(block.query, block.dialect) ?? []), ...(typeof x === 'string' ? [x] : []), ...declared(block)].map((k) => k.toLowerCase());
  }

  /** Walks a chain as a thread does; returns why a certified step breaks the rule, or undefined. */
  function violation(steps: readonly Step[]): string | undefined {
    let previous: { block: string; params: Record<string, never>; question: string; chain: string[] } | undefined;
    let measureOf: number | undefined;
    for (const step of steps) {
      if (step.measure !== undefined) measureOf = step.measure;
      const d: Tier1Decision =
        previous === undefined ? commerce.router.route(step.text, { now: NOW }) : commerce.router.followUp(step.text, previous, { now: NOW });
      if (d.kind !== 'answer') {
        previous = undefined;
        continue;
      }
      const block = commerce.manifest.blocks[d.block] as CompiledBlock;
      const m = measureOf === undefined ? undefined : MEASURES[measureOf];
      if (m !== undefined && !columnsOf(block).some((c) => m[1].test(c))) return `${step.text}: ${d.block} has no ${m[0]}`;
      const g = step.grouping === undefined ? undefined : GROUPINGS[step.grouping];
      if (g !== undefined && !keysOf(block).some((k) => g[1].test(k))) return `${step.text}: ${d.block} is not by ${g[0]}`;
      const chain = [...(previous?.chain ?? []), step.text];
      previous = { block: d.block, params: d.params as Record<string, never>, question: step.text, chain };
    }
    return undefined;
  }

  it('never certifies a block lacking the thread’s measure or the asked grouping', () => {
    fc.assert(
      fc.property(first, fc.array(followUp, { minLength: 1, maxLength: 4 }), (a, rest) => {
        const steps = [a, ...rest];
        expect(violation(steps), steps.map((s) => s.text).join(' -> ')).toBeUndefined();
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('does not certify the reported chain: top 10 states by revenue, just the top 3, what about by channel?', () => {
    const steps: Step[] = [
      { text: 'top 10 states by revenue', measure: 0, grouping: 0 },
      { text: 'just the top 3' },
      { text: 'what about by channel?', grouping: 1 },
    ];
    expect(violation(steps)).toBeUndefined();
    const a = commerce.router.route(steps[0]?.text ?? '', { now: NOW });
    const previous = {
      block: 'sales.top_states_by_revenue',
      params: { top_n: 3 },
      question: 'just the top 3',
      chain: ['top 10 states by revenue', 'just the top 3'],
    };
    expect(a).toMatchObject({ kind: 'answer', block: 'sales.top_states_by_revenue' });
    expect(commerce.router.followUp('what about by channel?', previous, { now: NOW }).kind).not.toBe('answer');
  });
});

describe('follow-up rules', () => {
  const commerce = useCommerceRouter();

  it('reads a part of a year without its year as a part of the thread’s year', () => {
    const previous = { block: 'finance.monthly_revenue', params: { since: '2025-01-01', until: '2026-01-01' }, question: 'monthly revenue in 2025' };
    expect(commerce.router.followUp('only the first half', previous, { now: NOW })).toMatchObject({
      kind: 'answer',
      block: 'finance.monthly_revenue',
      params: { since: '2025-01-01', until: '2025-07-01' },
    });
    expect(commerce.router.followUp('and Q3?', previous, { now: NOW })).toMatchObject({ params: { since: '2025-07-01', until: '2025-10-01' } });
  });

  it.each([
    ['what about Q4 last year', { since: '2025-10-01', until: '2026-01-01' }],
    ["and last year's Q2?", { since: '2025-04-01', until: '2025-07-01' }],
    ['the first half of this year?', { since: '2026-01-01' }],
    ['go back to the start of 2025', { since: '2025-01-01' }],
  ])('keeps the year a follow-up says in words: %s', (question, params) => {
    const previous = { block: 'finance.monthly_revenue', params: { since: '2024-01-01', until: '2025-01-01' }, question: 'monthly revenue in 2024' };
    expect(commerce.router.followUp(question, previous, { now: NOW })).toMatchObject({ kind: 'answer', block: 'finance.monthly_revenue', params });
  });

  it('carries only the measures the thread’s block holds: a narrowing turn adds none', () => {
    const chain = ['monthly revenue', 'just the top 3'];
    const previous = { block: 'finance.monthly_revenue', params: {}, question: 'just the top 3', chain };
    expect(commerce.router.followUp('split it by payment method', previous, { now: NOW })).toMatchObject({
      kind: 'answer',
      block: 'finance.revenue_by_payment_method',
      followUp: { mode: 'drilldown' },
    });
  });

  it('carries the thread’s period: a drilldown block that cannot keep it proposes a drilldown instead', () => {
    const chain = ['monthly revenue in 2025', 'only the second half'];
    const previous = { block: 'finance.monthly_revenue', params: { since: '2025-07-01', until: '2026-01-01' }, question: 'only the second half', chain };
    // Revenue by payment method takes a start and no end: the second half of 2025 is no period of it.
    expect(commerce.router.followUp('split it by payment method', previous, { now: NOW })).toMatchObject({
      kind: 'no-match',
      drilldown: { from: 'finance.monthly_revenue', dimensions: ['payment method'] },
    });
  });

  it('answers a follow-up that names its measure and breakdown as the question it is on its own', () => {
    const previous = { block: 'finance.monthly_revenue', params: { since: '2025-01-01', until: '2026-01-01' }, question: 'monthly revenue in 2025' };
    expect(commerce.router.followUp('ok, and how is revenue split by segment right now?', previous, { now: NOW })).toMatchObject({
      kind: 'answer',
      block: 'customers.customers_by_segment',
    });
  });

  /** The payment-method block moved to a domain of its own; the revenue term relates it to monthly revenue or not. */
  function router(related: boolean) {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['finance.revenue_by_payment_method'] as CompiledBlock);
      delete blocks[b.id];
      Object.assign(b, { id: 'payments.revenue_by_payment_method', domain: 'payments' });
      blocks[b.id] = b;
    });
    const revenue = Object.values(manifest.terms ?? {}).find((t) => t.name === 'revenue') as CompiledTerm;
    revenue.related = related ? [...revenue.related, 'payments.revenue_by_payment_method'] : revenue.related;
    return createTier1Router(manifest);
  }

  it('drills down across domains only where a certified term relates both blocks', () => {
    const previous = { block: 'finance.monthly_revenue', params: {}, question: 'revenue by month' };
    expect(router(true).followUp('break it down by payment method', previous, { now: NOW })).toMatchObject({
      kind: 'answer',
      block: 'payments.revenue_by_payment_method',
      followUp: { mode: 'drilldown' },
    });
    expect(router(false).followUp('break it down by payment method', previous, { now: NOW }).kind).not.toBe('answer');
  });
});
