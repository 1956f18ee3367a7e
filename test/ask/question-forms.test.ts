/**
 * Forms of asking that change what a question asks for: "day by day" is one grain, a comparison
 * word between two measures asks for both, "which X" always names the rows, "X per Y" asks for a
 * ratio (not a block's other ratio over Y), "by <measure>" after a ranking may use the project's
 * word for the measure, and a result without a top-level GROUP BY lists entities by its first column.
 */
import { describe, expect, it } from 'vitest';
import { blockContract } from '../../src/ask/block-contract.js';
import { buildValueLexicon, createTier1Router, readAsks } from '../../src/ask/index.js';
import { readShape } from '../../src/ask/question-shape.js';
import { routingTerms } from '../../src/ask/route-score.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

const shapeOf = (q: string) => readShape(q, readAsks(q, { lexicon: buildValueLexicon([]), isKnown: () => true, now: NOW }));

describe('reading the question', () => {
  it.each<[string, string[], string[]]>([
    ['day by day revenue', ['revenue'], ['day']],
    ['planned vs unplanned cost', ['planned', 'unplanned', 'cost'], []],
    ['compare revenue 2024 vs 2025', ['compare', 'revenue', 'vs'], []],
    ['which type of truck uses the most fuel', ['truck', 'fuel'], ['type']],
    // A listing tied to a value by a verb lists the rows; ranked, the verb is what is ranked.
    ['which customers live in Texas?', ['customers'], []],
    ['which stores operate in Ohio', ['stores'], []],
    ['which customers spend the most in Texas?', ['spend'], ['customers']],
    ['how much do customers spend in Texas?', ['customers', 'spend'], []],
    // A verb of taking money in frames the measure in any of its forms.
    ['which channel brings in the most revenue', ['revenue'], ['channel']],
    ['which state is bringing in the most revenue', ['revenue'], ['state']],
    ['how much revenue does each channel make', ['revenue'], ['channel']],
  ])('%s', (q, measures, groupings) => {
    const s = shapeOf(q);
    expect(s.measures.map((m) => m.text)).toEqual(measures);
    expect(s.groupings.map((g) => g.text)).toEqual(groupings);
  });
});

describe('what is included', () => {
  it('ends a grouping at "incl." and at "excluding", which is then asked itself: only a block saying what it leaves out gives it', () => {
    expect(shapeOf('total rev per hotel incl. F&B and other income').groupings.map((g) => g.text)).toEqual(['hotel']);
    expect(shapeOf('revenue per hotel including rooms').groupings.map((g) => g.text)).toEqual(['hotel']);
    const excluding = shapeOf('revenue per hotel excluding rooms');
    expect(excluding.groupings.map((g) => g.text)).toEqual(['hotel']);
    expect(excluding.measures.map((m) => m.text)).toContain('excluding');
    expect(shapeOf('readmissions by specialty except geriatrics').groupings.map((g) => g.text)).toEqual(['specialty']);
  });
});

describe('what a result gives', () => {
  const commerce = useCommerceRouter();
  /** Vehicles, one row each, with their type and costs; ranked by cost per km. */
  function router() {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.top_states_by_revenue'] as CompiledBlock);
      Object.assign(b, {
        id: 'fleet.cost_per_km_by_vehicle',
        domain: 'fleet',
        name: 'cost_per_km_by_vehicle',
        description: 'Running cost per kilometre of each vehicle.',
        examples: [{ question: 'Which trucks cost the most per km?' }],
        visualization: { chart: 'bar', x: 'vehicle_id', y: 'cost_per_km' },
        outputs: ['vehicle_id', 'vehicle_type', 'km', 'fuel_cost', 'cost_per_km'],
        query:
          'WITH d AS (SELECT vehicle_id, SUM(km) AS km FROM trips GROUP BY vehicle_id) SELECT v.vehicle_id, v.vehicle_type, d.km, v.fuel_cost, v.fuel_cost / d.km AS cost_per_km FROM vehicles v JOIN d ON d.vehicle_id = v.vehicle_id ORDER BY cost_per_km DESC LIMIT ${top_n}',
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
    return { router: createTier1Router(manifest), block: manifest.blocks['fleet.cost_per_km_by_vehicle'] as CompiledBlock };
  }

  it('lists entities by the first column when the result is not grouped', () => {
    expect([...blockContract(router().block).groupings]).toEqual(['vehicl', 'id']);
  });

  it.each([
    ['which trucks cost the most per km', 'answer'],
    ['which type of truck costs the most per km', 'no-match'],
    ['which trucks use the most fuel per km', 'no-match'],
  ])('%s -> %s', (q, kind) => {
    expect(router().router.route(q, { now: NOW }).kind).toBe(kind);
  });

  it('takes the project word for the measure a ranking is by', () => {
    // "units" is what the commerce blocks call a quantity; "volume" is one of its words.
    expect(commerce.router.route('top products by volume', { now: NOW })).toMatchObject({ kind: 'answer' });
  });
});

describe('what a routing word is', () => {
  it.each<[string, string[]]>([
    ["what's our revenue", ['revenu']],
    ["we're asking about revenue", ['ask', 'revenu']],
    ['revenue for plan PRO-M', ['revenu', 'plan', 'pro', 'm']],
  ])('%s', (q, terms) => {
    expect([...routingTerms(q, undefined)].filter((t) => t !== 'what' && t !== 'our')).toEqual(terms);
  });
});

describe('"what ... about": the kinds of the subject', () => {
  it.each<[string, boolean]>([
    ['what were support tickets about last month?', true],
    ['What did customers contact support about in Q3 2026?', true],
    ['what are people complaining about?', true],
    ['what about refunds last month?', false],
    ['how about revenue by channel', false],
    ['tell me about churn', false],
    ['what do you know about revenue?', false],
  ])('%s -> %s', (q, asked) => {
    expect(shapeOf(q).about !== undefined).toBe(asked);
  });

  const commerce = useCommerceRouter();
  it('is not answered by a series broken down by period only', () => {
    const d = commerce.router.route('what were our refunds about last month?', { now: NOW });
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('finance.refund_rate_monthly');
    // Without "about", the same series answers the period's refunds.
    const plain = commerce.router.route('refund rate last month', { now: NOW });
    expect(plain).toMatchObject({ kind: 'answer', block: 'finance.refund_rate_monthly' });
  });
});

describe('a grouping by a name the owner declared for the key column', () => {
  const commerce = useCommerceRouter();
  /** Revenue per sales channel, its key column declared as "route to market" and "outlet". */
  function router(synonyms: string[]) {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = blocks['sales.channel_mix'] as CompiledBlock;
      b.columns = { ...(b.columns ?? {}), channel: { ...(b.columns?.['channel'] ?? {}), synonyms } };
    });
    return createTier1Router(manifest);
  }

  it('answers "by outlet" when the key column declares it, and not otherwise', () => {
    expect(router(['outlet', 'route to market']).route('orders by outlet', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.channel_mix' });
    const d = router([]).route('orders by outlet', { now: NOW });
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('sales.channel_mix');
  });
});

describe("a word for the contract's entity before one of the block's measures", () => {
  const commerce = useCommerceRouter();
  /** Monthly revenue, its contract naming the entity it is about. */
  function router(entity: string) {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = blocks['finance.monthly_revenue'] as CompiledBlock;
      b.contract = { raw: `finance.${entity}.monthly_revenue@1`, id: `finance.${entity}.monthly_revenue`, version: 1, status: 'resolved' };
    });
    return createTier1Router(manifest);
  }

  it('says whose measure it is when the contract names that entity, and is another measure otherwise', () => {
    expect(router('Subscription').route('subscription revenue by month', { now: NOW })).toMatchObject({ kind: 'answer', block: 'finance.monthly_revenue' });
    const d = router('Revenue').route('subscription revenue by month', { now: NOW });
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('finance.monthly_revenue');
    // Alone, the entity's word is no measure of the block.
    const alone = router('Subscription').route('subscriptions by month', { now: NOW });
    expect(alone.kind === 'answer' ? alone.block : undefined).not.toBe('finance.monthly_revenue');
  });
});
