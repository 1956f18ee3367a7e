/**
 * Declared examples are authoritative: a question that says an owner's example again (case,
 * punctuation, stop words, word order, stems and small typos aside; other values for its top-N,
 * period and filters) is that example, and the block answers it even where the word-by-word
 * coverage check would have declined ("time" beside an `avg_resolution_hours` output, a window
 * its SQL fixes, a `top_n` default). A calendar unit is never set aside: "last week" is not "last
 * month".
 */
import { describe, expect, it } from 'vitest';
import { buildExampleIndex, contentTerms, matchExamples } from '../../src/ask/example-match.js';
import { buildValueLexicon, createTier1Router, readAsks } from '../../src/ask/index.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

const lexicon = buildValueLexicon([]);
const asksOf = (text: string) => readAsks(text, { lexicon, isKnown: () => true, now: NOW });
const index = buildExampleIndex(
  [
    {
      name: 'resolution',
      query: 'SELECT category FROM tickets',
      params: [],
      examples: [{ question: 'What is the average resolution time by ticket category?' }],
    },
    {
      name: 'weekly_revenue',
      query: 'SELECT week_start, SUM(amount) AS revenue FROM orders GROUP BY 1 ORDER BY 1 DESC',
      params: [],
      grain: 'week',
      dialect: 'sqlite',
      examples: [{ question: 'What was revenue last week?' }, { question: 'Top 10 states by revenue' }],
    },
    {
      name: 'broker_scorecard_monthly',
      query: 'SELECT month, SUM(gwp) AS gwp FROM quotes GROUP BY month ORDER BY month',
      params: [],
      grain: 'month',
      dialect: 'sqlite',
      examples: [{ question: 'How has the broker performed month by month since January 2026?' }],
    },
    {
      name: 'large_losses',
      query: 'SELECT claim_ref, incurred FROM claims ORDER BY incurred DESC LIMIT 10',
      params: [],
      dialect: 'sqlite',
      examples: [{ question: 'What were our biggest losses in 2025?' }],
    },
    {
      name: 'largest_claims',
      query: 'SELECT claim_ref, incurred FROM claims WHERE incident_on >= ${start_date} AND incident_on <= ${end_date} ORDER BY incurred DESC LIMIT ${top_n}',
      params: [
        { name: 'start_date', type: 'date', default: '2026-01-01' },
        { name: 'end_date', type: 'date', default: '2026-12-31' },
        { name: 'top_n', type: 'number', default: 10 },
      ],
      dialect: 'sqlite',
      paramsUsed: ['start_date', 'end_date', 'top_n'],
      examples: [{ question: 'Top 10 largest claims' }],
    },
  ] as unknown as CompiledBlock[],
  asksOf,
);
const matched = (q: string) => matchExamples(index, q, asksOf(q), (t) => !['teh', 'averge', 'resolutoin'].includes(t)).map((r) => r.question);

describe('matching a question to an example', () => {
  it.each([
    ['as written', 'What is the average resolution time by ticket category?', 'What is the average resolution time by ticket category?'],
    ['case and punctuation', 'what is the AVERAGE resolution time, by ticket category', 'What is the average resolution time by ticket category?'],
    ['word order and stop words', 'by ticket category: average resolution time', 'What is the average resolution time by ticket category?'],
    ['plural forms', 'average resolution times by ticket categories', 'What is the average resolution time by ticket category?'],
    ['small typos', 'averge resolutoin time by ticket category', 'What is the average resolution time by ticket category?'],
    ['another period of the same unit', 'revenue the week before last?', 'What was revenue last week?'],
    ['another top-N', 'top 3 states by revenue', 'Top 10 states by revenue'],
    ['weekly for last week', 'weekly revenue', 'What was revenue last week?'],
    // An example asking for a period of its own takes the question's whole, unit and all.
    [
      'a period with a unit for one without',
      'how has the broker performed month by month this year',
      'How has the broker performed month by month since January 2026?',
    ],
    ['a year for a year', 'biggest losses last year', 'What were our biggest losses in 2025?'],
    ['any period for a block that takes one', 'top 5 largest claims last year', 'Top 10 largest claims'],
  ])('%s', (_name, question, example) => {
    expect(matched(question)).toEqual(example === undefined ? [] : [example]);
  });

  it.each([
    ['another calendar unit', 'What was revenue last month?'],
    ['another measure beside', 'average resolution time and cost by ticket category'],
    ['a word that is not a typo of any', 'average resolution time by ticket priority'],
    ['a breakdown by the unit of an example period, on a block that is not that series', 'revenue by state by month'],
    ['a period finer than the series', 'how has the broker performed month by month last week'],
  ])('does not match %s', (_name, question) => {
    expect(matched(question)).toEqual([]);
  });

  it('keeps calendar units and drops values when reading an example', () => {
    expect(contentTerms('Top 10 states by revenue in 2025', asksOf('Top 10 states by revenue in 2025'))).toEqual(['revenu', 'stat', 'top']);
    // A period's unit is marked apart from the same word as a breakdown ("by day").
    expect(contentTerms('revenue last 30 days', asksOf('revenue last 30 days'))).toEqual(['revenu', '~day']);
    expect(contentTerms('revenue by day', asksOf('revenue by day'))).toEqual(['day', 'revenu']);
  });
});

describe('the router answers an owner’s example that coverage would have declined', () => {
  const commerce = useCommerceRouter();

  /** A certified ticket block whose owner declared the question with words its outputs do not hold. */
  function ticketsRouter() {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = structuredClone(blocks['sales.channel_mix'] as CompiledBlock);
      Object.assign(b, {
        id: 'support.resolution_by_category',
        name: 'resolution_by_category',
        domain: 'support',
        description: 'Average hours to resolve a ticket, per ticket category.',
        examples: [{ question: 'What is the average resolution time by ticket category?' }, { question: 'How many tickets did we close in the last 30 days?' }],
        outputs: ['category', 'avg_resolution_hours'],
        query: "SELECT category, AVG(hours) AS avg_resolution_hours FROM tickets WHERE closed_at >= date('now', '-30 days') GROUP BY category",
        params: [],
        paramsUsed: [],
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
    return createTier1Router(manifest);
  }

  it.each([
    ['verbatim', 'What is the average resolution time by ticket category?'],
    ['a window its SQL fixes', 'How many tickets did we close in the last 30 days?'],
    ['a typo of it', 'what is the averge resolution time by ticket category'],
  ])('%s', (_name, question) => {
    const d = ticketsRouter().route(question, { now: NOW });
    expect(d).toMatchObject({ kind: 'answer', block: 'support.resolution_by_category' });
    expect(d.kind === 'answer' ? d.route.example : undefined).toMatch(/^(What is the average|How many tickets)/);
  });

  it('still binds the question’s own values, and says so when one is not accepted', () => {
    const route = (q: string) => commerce.router.route(q, { now: NOW });
    expect(route('Top 3 electronics products by revenue')).toMatchObject({
      kind: 'answer',
      block: 'catalog.top_products_by_revenue',
      params: { top_n: 3, category: 'electronics' },
    });
    expect(route('Top 0 electronics products by revenue')).toMatchObject({ kind: 'refused', code: 'VALUE_NOT_ACCEPTED' });
  });
});
