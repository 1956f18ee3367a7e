/**
 * Values nobody holds, and values inside a declared name. A question a certified block would
 * answer but for a value its data lacks is refused with VALUE_NOT_ACCEPTED and the values it
 * holds ("horse vaccinations", "for guinea pigs", "the TEAM-M plan"), never handed on as if no
 * block were meant; words that change the measure are never read as such a value. A value word
 * inside a longer name a block declares ("cash received") is that measure, and a value of a
 * column of a longer GROUP BY keeps its rows only where no limit may cut them.
 */
import { describe, expect, it } from 'vitest';
import { bindQuestion } from '../../src/ask/bind-question.js';
import { createTier1Router, type Tier1Router } from '../../src/ask/index.js';
import { buildValueLexicon } from '../../src/ask/value-lexicon.js';
import type { CompiledBlock, CompiledParam, Manifest } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

interface Spec {
  id: string;
  description: string;
  examples: string[];
  outputs: string[];
  columns?: CompiledBlock['columns'];
  params: CompiledParam[];
  query: string;
  x: string;
}

const SPECS: Spec[] = [
  {
    id: 'clinical.vaccinations_by_vaccine',
    description: 'Vaccine doses given per vaccine for one species since a date, most doses first.',
    examples: ['Vaccinations by vaccine for dogs', 'Cat vaccinations by vaccine since March'],
    outputs: ['vaccine', 'doses'],
    columns: { doses: { synonyms: ['vaccinations'], additive: true } },
    params: [
      { name: 'species', type: 'string', default: 'dog', required: false },
      { name: 'since', type: 'date', default: '2026-01-01', required: false },
    ],
    query: 'SELECT vaccine, COUNT(*) AS doses FROM vaccinations WHERE species = ${species} AND given_on >= ${since} GROUP BY vaccine ORDER BY doses DESC',
    x: 'vaccine',
  },
  {
    id: 'finance.payments_by_method_monthly',
    description: 'Payments received per calendar month and payment method since a date: payments and amount.',
    examples: ['Payments by method per month'],
    outputs: ['month', 'method', 'payments', 'amount'],
    columns: { amount: { synonyms: ['cash received', 'receipts'], additive: true } },
    params: [{ name: 'since', type: 'date', default: '2026-01-01', required: false }],
    query:
      'SELECT substr(paid_on, 1, 7) AS month, method, COUNT(*) AS payments, SUM(amount) AS amount FROM payments WHERE paid_on >= ${since} GROUP BY substr(paid_on, 1, 7), method ORDER BY month',
    x: 'month',
  },
  {
    id: 'revenue.plan_mrr_monthly',
    description: 'MRR per month for one plan since a date.',
    examples: ['Monthly MRR for PRO-M'],
    outputs: ['month', 'mrr'],
    columns: { mrr: { additive: true } },
    params: [
      { name: 'plan_code', type: 'string', default: 'PRO-M', required: false },
      { name: 'since', type: 'date', default: '2025-01-01', required: false },
    ],
    query: 'SELECT month, SUM(mrr) AS mrr FROM plan_mrr WHERE plan_code = ${plan_code} AND month >= ${since} GROUP BY month ORDER BY month',
    x: 'month',
  },
];

function build(base: Manifest, spec: Spec): CompiledBlock {
  const b = structuredClone(base.blocks['catalog.category_sales'] as CompiledBlock);
  const [domain = '', name = ''] = spec.id.split('.');
  Object.assign(b, {
    id: spec.id,
    domain,
    name,
    description: spec.description,
    examples: spec.examples.map((question) => ({ question })),
    outputs: spec.outputs,
    columns: spec.columns ?? {},
    visualization: { chart: 'bar', x: spec.x, y: spec.outputs[spec.outputs.length - 1] },
    params: spec.params,
    paramsUsed: spec.params.map((p) => p.name),
    query: spec.query,
  });
  certifyInPlace(b);
  return b;
}

function routerOf(base: Manifest): Tier1Router {
  const manifest = withBlocks(base, (blocks) => {
    for (const id of Object.keys(blocks)) delete blocks[id];
    for (const spec of SPECS) blocks[spec.id] = build(base, spec);
  });
  const values = new Map([
    ['species', ['cat', 'dog', 'ferret', 'rabbit']],
    ['method', ['bank_transfer', 'card', 'cash']],
    ['plan_code', ['PRO-A', 'PRO-M', 'STARTER-M']],
  ]);
  return createTier1Router(manifest, { values });
}

describe('a value nobody holds', () => {
  const commerce = useCommerceRouter();

  it.each<[string, string, string]>([
    ['horse vaccinations by vaccine', 'clinical.vaccinations_by_vaccine', '"horse" is not a species value'],
    ['vaccinations by vaccine for guinea pigs', 'clinical.vaccinations_by_vaccine', '"guinea pigs" is not a species value'],
    ['monthly MRR for the TEAM-M plan', 'revenue.plan_mrr_monthly', '"TEAM-M" is not a plan_code value'],
  ])('%s is refused by %s', (question, block, reason) => {
    const d = routerOf(commerce.manifest).route(question, { now: NOW });
    expect(d).toMatchObject({ kind: 'refused', code: 'VALUE_NOT_ACCEPTED', block });
    expect(d.kind === 'refused' ? d.reason : '').toContain(reason);
  });

  it.each<[string, Record<string, string>]>([
    ['vaccinations by vaccine for dogs', { species: 'dog' }],
    ['rabbit vaccinations by vaccine', { species: 'rabbit' }],
    ['monthly MRR for the PRO-A plan', { plan_code: 'PRO-A' }],
  ])('%s binds a value it holds', (question, params) => {
    expect(routerOf(commerce.manifest).route(question, { now: NOW })).toMatchObject({ kind: 'answer', params });
  });

  it.each([
    // Words that change the measure are another question, not a missing value.
    'median vaccinations by vaccine',
    'forecast vaccinations by vaccine',
    // Two unknown runs say nothing about which is the value.
    'horse vaccinations by vaccine for donkeys',
    // Bare, where no example of the block puts a value bare.
    'crypto payments by method per month',
    // Cued, but the block that fits takes no value to refuse.
    'payments by method per month for crypto',
    // After "by", words ask for a breakdown the block lacks, not a value it lacks.
    'vaccinations by vaccine by breed',
  ])('%s is not read as a value the block refuses', (question) => {
    const d = routerOf(commerce.manifest).route(question, { now: NOW });
    expect(d.kind === 'refused' ? d.code : d.kind).not.toBe('VALUE_NOT_ACCEPTED');
    expect(d.kind).not.toBe('answer');
  });
});

describe('a value inside a declared name, and values of a longer GROUP BY', () => {
  const commerce = useCommerceRouter();

  it('reads "cash received" as the measure the owner named, not the cash payment method', () => {
    const d = routerOf(commerce.manifest).route('cash received by method per month since July', { now: NOW });
    expect(d).toMatchObject({ kind: 'answer', block: 'finance.payments_by_method_monthly', params: { since: '2025-07-01' } });
    expect(d.kind === 'answer' ? d.keep : 'x').toBeUndefined();
  });

  it('keeps the rows of one method from a result per month and method', () => {
    const d = routerOf(commerce.manifest).route('cash payments per month', { now: NOW });
    expect(d).toMatchObject({ kind: 'answer', block: 'finance.payments_by_method_monthly', keep: [{ column: 'method', values: ['cash'] }] });
  });

  it('does not keep rows of such a column from a limited result, nor take it as a breakdown', () => {
    const base = routerOf(commerce.manifest);
    void base;
    const payments = build(commerce.manifest, SPECS[1] as Spec);
    const limited = { ...payments, query: `${payments.query} LIMIT 24` };
    const lexicon = buildValueLexicon([limited], new Map([['method', ['card', 'cash']]]));
    expect(bindQuestion(limited, 'cash payments per month', { lexicon, now: NOW }).unmet[0]).toMatchObject({ kind: 'filter' });
    expect(routerOf(commerce.manifest).route('payments by method', { now: NOW }).kind).not.toBe('answer');
  });
});

describe('the most recent N periods beyond the limit’s policy', () => {
  const commerce = useCommerceRouter();
  const weekly = () => ({ ...(commerce.manifest.blocks['finance.weekly_revenue'] as CompiledBlock), parameterPolicy: { top_n: { min: 1, max: 104 } } });
  const bind = (q: string) => bindQuestion(weekly(), q, { lexicon: buildValueLexicon([weekly()]), now: NOW });

  it('takes N rows within the policy and refuses N beyond it, rather than a date with the default rows', () => {
    expect(bind('weekly revenue last 20 weeks')).toMatchObject({ params: { top_n: 20 }, unmet: [] });
    const beyond = bind('weekly revenue, last 130 weeks');
    expect(beyond.unmet[0]).toMatchObject({ kind: 'limit-range' });
    expect(beyond.params).not.toHaveProperty('since');
  });
});
