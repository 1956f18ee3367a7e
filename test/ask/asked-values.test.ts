/**
 * Values as people ask for them, read against what the project holds: a code of a known kind the
 * data does not hold is asked (and explained), a value in the plural is the data's singular, a
 * state's name that is also a city binds as the city where a block filters cities, and values of
 * one field compared with each other ask for a breakdown by it.
 */
import { describe, expect, it } from 'vitest';
import { bindQuestion, buildValueLexicon, createTier1Router, readAsks } from '../../src/ask/index.js';
import { readShape } from '../../src/ask/question-shape.js';
import { buildTermIndex } from '../../src/ask/term-index.js';
import { codeShape } from '../../src/ask/value-lexicon.js';
import type { CompiledBlock, CompiledTerm } from '../../src/compiler/types.js';
import type { GateDecision } from '../../src/rules/gates/answer-gate.js';
import { certifyInPlace, useCommerceRouter } from './commerce-manifest.js';

/** A block of one hotel group: tickets per category, filtered to one city, for one hotel code at a time. */
function hotelBlock(base: CompiledBlock): CompiledBlock {
  const b = structuredClone(base);
  Object.assign(b, {
    id: 'ops.tickets_by_category',
    name: 'tickets_by_category',
    domain: 'ops',
    description: 'Maintenance tickets per category for the hotels of one city.',
    examples: [{ question: 'Maintenance tickets by category in London' }],
    outputs: ['category', 'tickets'],
    query:
      'SELECT t.category, COUNT(*) AS tickets FROM tickets t JOIN hotels h ON h.code = t.hotel WHERE h.city = ${city} AND h.code = ${hotel_code} GROUP BY t.category',
    params: [
      { name: 'city', type: 'string', default: 'London' },
      { name: 'hotel_code', type: 'string', default: 'LON01' },
    ],
    paramsUsed: ['city', 'hotel_code'],
    tests: [{ op: 'in', subject: 'category', value: ['plumbing', 'suite', 'locks', 'laundry'] }],
  });
  certifyInPlace(b);
  return b;
}

const DATA = new Map<string, string[]>([
  ['city', ['London', 'New York', 'Paris']],
  ['hotel_code', ['LON01', 'NYC01', 'PAR01']],
]);

describe('values as people ask for them', () => {
  const commerce = useCommerceRouter();
  const block = () => hotelBlock(commerce.manifest.blocks['sales.channel_mix'] as CompiledBlock);
  const lexicon = () => buildValueLexicon([block()], DATA);
  const asks = (q: string) => readAsks(q, { lexicon: lexicon(), isKnown: () => false });

  it('reads the shape of codes', () => {
    expect(codeShape('LON01')).toBe('aaa99');
    expect(codeShape('MAN-2')).toBe('aaa-9');
    expect(lexicon().fieldsShapedLike('XYZ01')).toEqual(['hotel_code']);
    expect(lexicon().fieldsShapedLike('XYZ1')).toEqual([]);
    expect(lexicon().fieldsShapedLike('revenue')).toEqual([]);
  });

  it('asks for a code of a known kind the data does not hold, and explains it with the closest', () => {
    expect(asks('tickets by category at XYZ01').filters).toMatchObject([{ fields: ['hotel_code'], value: 'XYZ01' }]);
    const b = bindQuestion(block(), 'tickets by category at LON02', { lexicon: lexicon() });
    expect(b.unmet).toMatchObject([{ kind: 'value' }]);
    expect(b.unmet[0]?.message).toMatch(/Closest: LON01/);
  });

  it.each<[string, string[], string]>([
    ['contacts at account QS-10107', ['account_code'], 'QS-10107'],
    ['Who do we know at QS-10250?', ['account_code'], 'QS-10250'],
    ['contacts at QS10250', [], 'QS10250'],
    ['invoices of ACME-7', [], 'ACME-7'],
  ])("asks for a code past what the data read, by its parameter default's shape or else with no field: %s", (q, fields, value) => {
    const accounts = structuredClone(block());
    accounts.params = [...accounts.params, { name: 'account_code', type: 'string', default: 'QS-10001' }];
    const lex = buildValueLexicon([accounts], DATA);
    expect(readAsks(q, { lexicon: lex, isKnown: () => false }).filters).toMatchObject([{ fields, value }]);
  });

  it('never answers with its own default for a code it cannot take', () => {
    const b = bindQuestion(block(), 'tickets by category for ACME-7', { lexicon: lexicon() });
    expect(b.unmet).toMatchObject([{ kind: 'filter' }]);
    expect(b.unmet[0]?.message).toMatch(/takes no value like ACME-7/);
  });

  it('leaves a code that is a word of the project, a period or a number alone', () => {
    const known = (w: string) => w === 'co2';
    expect(readAsks('CO2 by month in Q3 2026', { lexicon: lexicon(), isKnown: known, now: '2026-11-01T00:00:00Z' }).filters).toEqual([]);
  });

  it('reads a value in the plural as the data holds it', () => {
    expect(asks('how many suites').filters).toMatchObject([{ fields: ['category'], value: 'suite' }]);
    // A plural in -ies is the value in -y.
    expect(asks('tickets for laundries').filters).toMatchObject([{ fields: ['category'], value: 'laundry' }]);
  });

  it('binds a state name that is also a city as the city on a block filtering cities', () => {
    const a = asks('tickets by category in New York');
    expect(a.filters[0]).toMatchObject({ fields: ['state', 'city'], value: 'NY', spelled: { city: 'New York' } });
    expect(bindQuestion(block(), 'tickets by category in New York', { lexicon: lexicon() }).params).toMatchObject({ city: 'New York' });
  });

  it('reads comparison words between values of one field as asking for each, and elsewhere as a measure', () => {
    const q = 'plumbing against locks tickets';
    expect(readShape(q, asks(q)).measures.map((m) => m.text)).toEqual(['tickets']);
    const years = 'compare tickets 2024 vs 2025';
    expect(readShape(years, asks(years)).measures.map((m) => m.text)).toEqual(['compare', 'tickets', 'vs']);
  });
});

describe('a term named by a phrase with a stop word in it', () => {
  const index = buildTermIndex(
    { terms: { 'c.no_show': { id: 'c.no_show', name: 'no-show', synonyms: ['no show'], definition: 'd', related: [] } as unknown as CompiledTerm } },
    () => ({ certified: true }) as GateDecision,
  );

  it.each([
    ['define no-show', 'c.no_show'],
    ['what does no show mean?', 'c.no_show'],
    ['can you show me revenue', undefined],
  ])('%s', (q, id) => {
    expect(index.find(q, false)[0]?.term.id).toBe(id);
  });
});

describe('a grouping named after "which" and qualified by it', () => {
  const commerce = useCommerceRouter();
  it('reads "which product categories" as the category breakdown of products', () => {
    const q = 'which product categories made the most revenue';
    expect(readShape(q, readAsks(q, { lexicon: buildValueLexicon([]), isKnown: () => true })).groupings[0]).toMatchObject({
      text: 'product',
      then: [{ term: 'category' }],
    });
    expect(commerce.router.route(q, { now: '2026-02-15T10:00:00Z' })).toMatchObject({ kind: 'answer', block: 'catalog.category_sales' });
  });
});

describe('words an example uses are not a measure another block measures', () => {
  const commerce = useCommerceRouter();
  it.each([
    ['customers by payment method', undefined],
    ['revenue by payment method', 'finance.revenue_by_payment_method'],
    ['how many cancellations did we have in 2025', 'sales.order_status_breakdown'],
  ])('%s', (q, block) => {
    const d = commerce.router.route(q, { now: '2026-02-15T10:00:00Z' });
    if (block === undefined) expect(d.kind).not.toBe('answer');
    else expect(d).toMatchObject({ kind: 'answer', block });
  });
});

describe('letters joined by "&" are one word', () => {
  it('reads F&B as the fb of fb_revenue', async () => {
    const { words } = await import('../../src/ask/tokens.js');
    expect(words('F&B revenue, P&L').map((w) => w.word)).toEqual(['fb', 'revenue', 'pl']);
  });
});

describe('a value of a field the result is broken down by keeps its rows', () => {
  const commerce = useCommerceRouter();
  it('keeps the asked channel of a per-channel block, and both when two are compared', () => {
    const router = createTier1Router(commerce.manifest, { values: new Map([['channel', ['web', 'mobile', 'store']]]) });
    expect(router.route('orders and share from mobile', { now: '2026-02-15T10:00:00Z' })).toMatchObject({
      kind: 'answer',
      block: 'sales.channel_mix',
      keep: [{ column: 'channel', values: ['mobile'] }],
    });
    expect(router.route('orders from web vs mobile', { now: '2026-02-15T10:00:00Z' })).toMatchObject({
      kind: 'answer',
      keep: [{ column: 'channel', values: ['web', 'mobile'] }],
    });
  });
});

describe('a term named without the word saying what kind of figure it is', () => {
  const term = (id: string, name: string): CompiledTerm => ({ id, name, synonyms: [], definition: 'd', related: [] }) as unknown as CompiledTerm;
  const index = buildTermIndex(
    { terms: { 'f.ftf': term('f.ftf', 'first-time fix rate'), 'f.fix': term('f.fix', 'first-time fix'), 'n.otp': term('n.otp', 'on time performance score') } },
    () => ({ certified: true }) as GateDecision,
  );

  it.each([
    ['what is first-time fix rate?', 'f.ftf'],
    // Another term's own name wins over a shortened one.
    ['what is first-time fix?', 'f.fix'],
    ['what is on time performance?', 'n.otp'],
    ['what is on time?', undefined],
  ])('%s', (q, id) => {
    expect(index.find(q, false)[0]?.term.id).toBe(id);
  });
});

describe('how much things are used, and one figure across all of them', () => {
  const shape = (q: string) => readShape(q, readAsks(q, { lexicon: buildValueLexicon([]), isKnown: () => true }));
  it('reads "least used" as a measure of use, and a plain "use" as no measure', () => {
    expect(shape('5 least used bus routes in October').measures.map((m) => m.text)).toContain('used');
    expect(shape('which trucks use the most fuel').measures.map((m) => m.text)).toEqual(['fuel']);
  });
  it('reads "across all services" as the whole of them, not a grouping', () => {
    const s = shape('distinct people supported across all services last month');
    expect(s.acrossAll?.text).toBe('services');
    expect(s.groupings).toEqual([]);
    expect(shape('revenue across regions').groupings.map((g) => g.text)).toEqual(['regions']);
  });
});
