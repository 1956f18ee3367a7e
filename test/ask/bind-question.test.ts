// Parameter binding from a question for one chosen block: top-N, periods relative to a given
// `now`, declared string filters, and what comes back unmet when the block cannot take an ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindQuestion, buildValueLexicon, findLimit, findPeriod, type ValueLexicon } from '../../src/ask/index.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { compileCommerce, NOW } from './commerce-manifest.js';

let manifest: Manifest;
let lexicon: ValueLexicon;
beforeAll(() => {
  manifest = compileCommerce();
  lexicon = buildValueLexicon(Object.values(manifest.blocks));
});
afterAll(cleanupProjects);

const bind = (id: string, q: string, now: string | null = NOW) =>
  bindQuestion(manifest.blocks[id] as CompiledBlock, q, { lexicon, ...(now === null ? {} : { now }) });

describe('top-N', () => {
  it.each<[string, number | undefined]>([
    ['top 5 states', 5],
    ['5 biggest states', 5],
    ['Top ten states by revenue', 10],
    ['first 25 weeks', 25],
    ['the 3 highest states', 3],
    ['states by revenue', undefined],
    ['revenue in the last 30 days', undefined],
    ['which 3 hotels brought in the most total revenue since January?', 3],
    ['the 5 depots with the highest cost per km', 5],
    ['what two channels sell the most?', 2],
    ['which 3 months had the most orders', undefined],
    ['which 3 hotels are in Spain', undefined],
    // Any superlative after the number; words ending in -est that are none leave it a number.
    ['Show me the 10 longest waits on the waiting list', 10],
    ['the 5 busiest days', 5],
    ['the 3 most expensive routes', 3],
    ['5 interest payments', undefined],
    ['3 guest rooms in Spain', undefined],
    ['Fastest 2 contractors for routine repairs', 2],
    ['busiest 5 stops last week', 5],
    ['Which 3 contractors completed routine repairs quickest in FY25/26?', 3],
    ['guest 2291', undefined],
    ['the latest 2025 figures', undefined],
  ])('%s', (q, n) => {
    expect(findLimit(q)?.n).toBe(n);
  });

  it('binds the limit parameter, named top_n or used in LIMIT ${x}', () => {
    expect(bind('sales.top_states_by_revenue', 'top 7 states').params).toEqual({ top_n: 7 });
    const b = structuredClone(manifest.blocks['sales.top_states_by_revenue'] as CompiledBlock);
    b.params = b.params.map((p) => (p.name === 'top_n' ? { ...p, name: 'k', type: 'integer' } : p));
    b.query = b.query.replace('${top_n}', '${k}');
    expect(bindQuestion(b, 'top 7 states', { lexicon }).params).toEqual({ k: 7 });
  });
});

describe('periods, relative to the given now', () => {
  it.each<[string, { start?: string; end?: string } | undefined]>([
    ['since 2025-03-01', { start: '2025-03-01' }],
    ['since March 2025', { start: '2025-03-01' }],
    ['since march', { start: '2025-03-01' }],
    ['in 2024', { start: '2024-01-01', end: '2025-01-01' }],
    ['for Q2 2025', { start: '2025-04-01', end: '2025-07-01' }],
    ['in March 2025', { start: '2025-03-01', end: '2025-04-01' }],
    ['last 30 days', { start: '2026-01-16' }],
    ['last week', { start: '2026-02-02', end: '2026-02-09' }],
    ['last month', { start: '2026-01-01', end: '2026-02-01' }],
    // "this year" is the calendar year, whole, as "last year" is; "to date" and YTD run up to now.
    ['this year', { start: '2026-01-01', end: '2027-01-01' }],
    ['the current quarter', { start: '2026-01-01', end: '2026-04-01' }],
    ['this month', { start: '2026-02-01', end: '2026-03-01' }],
    ['year to date', { start: '2026-01-01' }],
    ['this month to date', { start: '2026-02-01' }],
    ['YTD', { start: '2026-01-01' }],
    ['yesterday', { start: '2026-02-14', end: '2026-02-15' }],
    ['between 2025-01-01 and 2025-06-30', { start: '2025-01-01', end: '2025-07-01' }],
    ['from Jan 2025 to March 2025', { start: '2025-01-01', end: '2025-04-01' }],
    ['before 2025', { end: '2025-01-01' }],
    ['for the first half of 2025', { start: '2025-01-01', end: '2025-07-01' }],
    ['in H2 2025', { start: '2025-07-01', end: '2026-01-01' }],
    ['revenue 2025 Q4', { start: '2025-10-01', end: '2026-01-01' }],
    ['in Q3-2025', { start: '2025-07-01', end: '2025-10-01' }],
    ['the third quarter of 2024', { start: '2024-07-01', end: '2024-10-01' }],
    ['in the last quarter of 2025', { start: '2025-10-01', end: '2026-01-01' }],
    ['the second half of 2024', { start: '2024-07-01', end: '2025-01-01' }],
    ['since Q2 2025', { start: '2025-04-01' }],
    ['last quarter', { start: '2025-10-01', end: '2026-01-01' }],
    ['top 5 states by revenue', undefined],
    // A part of a year said relative to now, a day with its month, a range of days, a bare quarter.
    ['since the start of the year', { start: '2026-01-01' }],
    ['from the beginning of the month', { start: '2026-02-01' }],
    ['go back to the start of 2025', { start: '2025-01-01' }],
    ['since the beginning of March 2025', { start: '2025-03-01' }],
    ['the week before last', { start: '2026-01-26', end: '2026-02-02' }],
    ['the month before last', { start: '2025-12-01', end: '2026-01-01' }],
    ['Q4 last year', { start: '2025-10-01', end: '2026-01-01' }],
    ["last year's Q4", { start: '2025-10-01', end: '2026-01-01' }],
    ['the fourth quarter of last year', { start: '2025-10-01', end: '2026-01-01' }],
    ['in the last quarter of last year', { start: '2025-10-01', end: '2026-01-01' }],
    ['first half of last year', { start: '2025-01-01', end: '2025-07-01' }],
    ['H1 this year', { start: '2026-01-01', end: '2026-07-01' }],
    ['March of last year', { start: '2025-03-01', end: '2025-04-01' }],
    ['December of the previous year', { start: '2025-12-01', end: '2026-01-01' }],
    ['last March', { start: '2025-03-01', end: '2025-04-01' }],
    ['since Q3 last year', { start: '2025-07-01' }],
    ['in Q3', { start: '2025-07-01', end: '2025-10-01' }],
    ['Q1 revenue', { start: '2026-01-01', end: '2026-04-01' }],
    ['14 Oct 2025', { start: '2025-10-14', end: '2025-10-15' }],
    ['on October 14, 2025', { start: '2025-10-14', end: '2025-10-15' }],
    ['revenue on 3 Feb', { start: '2026-02-03', end: '2026-02-04' }],
    ['1-14 Oct 2025', { start: '2025-10-01', end: '2025-10-15' }],
    ['Oct 1-14', { start: '2025-10-01', end: '2025-10-15' }],
    ['between the 3rd and 9th of March', { start: '2025-03-03', end: '2025-03-10' }],
    ['from 1 to 14 January', { start: '2026-01-01', end: '2026-01-15' }],
    // Two whole days make a range without "from"; in the wrong order they are two days.
    ['on-time by depot 2026-03-01 to 2026-03-31', { start: '2026-03-01', end: '2026-04-01' }],
    ['stays 2025-07-01 - 2025-09-30', { start: '2025-07-01', end: '2025-10-01' }],
    // Two days of named months too; a first without a year takes the second's.
    ['CPI by channel 1 Oct - 31 Oct 2025', { start: '2025-10-01', end: '2025-11-01' }],
    // "or later", "onwards": an open period from the date; "or earlier" one up to its end.
    ['undergraduates who started in 2022 or later', { start: '2022-01-01' }],
    ['cohorts from 2024 onwards', { start: '2024-01-01' }],
    ['entrants in 2021 or earlier', { end: '2022-01-01' }],
    ['Sept 3 to Oct 2, 2025', { start: '2025-09-03', end: '2025-10-03' }],
    ['3 March 2025 - 9 March 2025', { start: '2025-03-03', end: '2025-03-10' }],
    ['31 Feb 2025', {}],
    ['top 5 May orders', undefined],
    // The writer says how the last date counts: "(exclusive)" stops at it, "and including" runs through it.
    ['from 2026-01-01 to 2026-11-01 (exclusive)', { start: '2026-01-01', end: '2026-11-01' }],
    ['from July 2025 up to November 2025 (exclusive)', { start: '2025-07-01', end: '2025-11-01' }],
    ['since 2025-07-01 until 2025-10-01 [excl.]', { start: '2025-07-01', end: '2025-10-01' }],
    ['between 2025-01-01 and 2025-06-30 (inclusive)', { start: '2025-01-01', end: '2025-07-01' }],
    ['from 2025-01-01 to 2025-07-01, exclusive, by month', { start: '2025-01-01', end: '2025-07-01' }],
    ['from July 2025 up to and including October 2025', { start: '2025-07-01', end: '2025-11-01' }],
    ['from July 2025 until but not including November 2025', { start: '2025-07-01', end: '2025-11-01' }],
    ['up to but excluding 2025-03-01', { end: '2025-03-01' }],
    ['before 2025-03-01 (inclusive)', { end: '2025-03-02' }],
    ['from 2025-06-30 (exclusive)', { start: '2025-07-01' }],
    ['from 2025-01-01 to 2025-06-30 (all stores)', { start: '2025-01-01', end: '2025-07-01' }],
    // Named days, from a Sunday: a day of the week, a holiday (this year's if it has come), "yday", a part of a day (none).
    ['orders yday', { start: '2026-02-14', end: '2026-02-15' }],
    ['orders the day before yesterday', { start: '2026-02-13', end: '2026-02-14' }],
    ['orders last Friday', { start: '2026-02-13', end: '2026-02-14' }],
    ['orders last Sunday', { start: '2026-02-08', end: '2026-02-09' }],
    ['orders on Sunday', { start: '2026-02-15', end: '2026-02-16' }],
    ['orders this Monday', { start: '2026-02-09', end: '2026-02-10' }],
    ['orders on Black Friday 2025', { start: '2025-11-28', end: '2025-11-29' }],
    ['Boxing Day orders', { start: '2025-12-26', end: '2025-12-27' }],
    ['Easter Monday 2025 orders', { start: '2025-04-21', end: '2025-04-22' }],
    ['orders yesterday evening', {}],
    ['orders last night', {}],
    // "until" the first of a month is where the period stops; another day is in it, unless marked.
    ['from 1 January 2025 until 1 November 2025', { start: '2025-01-01', end: '2025-11-01' }],
    ['since 1 September 2025 until 1 November 2025', { start: '2025-09-01', end: '2025-11-01' }],
    ['from 2025-01-01 till 2025-06-01', { start: '2025-01-01', end: '2025-06-01' }],
    ['up to 1 March 2025', { end: '2025-03-01' }],
    ['from 1 January 2025 until 31 October 2025', { start: '2025-01-01', end: '2025-11-01' }],
    ['from 1 January 2025 until 15 October 2025', { start: '2025-01-01', end: '2025-10-16' }],
    ['from 1 January 2025 through 1 November 2025', { start: '2025-01-01', end: '2025-11-02' }],
    ['from 1 January 2025 until and including 1 November 2025', { start: '2025-01-01', end: '2025-11-02' }],
    ['between 1 January 2025 and 1 November 2025', { start: '2025-01-01', end: '2025-11-02' }],
  ])('%s', (q, expected) => {
    const p = findPeriod(q, NOW);
    if (expected === undefined) expect(p).toBeUndefined();
    else expect({ start: p?.start, end: p?.end }).toEqual({ start: expected.start, end: expected.end });
  });

  it.each<[string, boolean]>([
    ['revenue in January and March 2025', true],
    ['revenue in January 2025 and February 2025', true],
    ['revenue last month and in 2024', true],
    ['revenue in Q1 2025, Q3 2025', true],
    ['revenue from January to March 2025', false],
    ['revenue between March and May 2025', false],
    ['revenue since 2025-03-01 until 2025-06-01', false],
    ['revenue in March 2025', false],
    ['revenue in H1', false],
    ['revenue 2026-03-31 to 2026-03-01', true],
    ['revenue, last 8 weeks, since 2026-01-01', true],
  ])('several whole periods apart: %s -> %s', (q, several) => {
    expect(findPeriod(q, NOW)?.several === true).toBe(several);
  });

  it.each<[string, string, string]>([
    ['at the end of last year', '2025-12-31', '2026-01-01'],
    ['as of 31 March 2025', '2025-03-31', '2025-04-01'],
    ['as at Q3 2025', '2025-09-30', '2025-10-01'],
  ])('a point in time: %s', (q, start, end) => {
    expect(findPeriod(`revenue ${q}`, NOW)).toMatchObject({ start, end, point: true });
  });

  it('a point in time binds to no date range', () => {
    expect(bind('finance.monthly_revenue', 'monthly revenue at the end of 2024').unmet[0]?.message).toMatch(/point in time/);
  });

  it('several periods bind to no date range', () => {
    expect(bind('finance.monthly_revenue', 'monthly revenue in January and March 2025').unmet[0]?.message).toMatch(/several periods/);
  });

  it('never reads the clock: a relative period without now is unresolved', () => {
    expect(findPeriod('last 30 days')).toMatchObject({ needsNow: true });
    expect(bind('finance.weekly_revenue', 'weekly revenue last 30 days', null).unmet[0]?.message).toMatch(/needs the current date/);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['finance.monthly_revenue', 'monthly revenue in 2024', { since: '2024-01-01', until: '2025-01-01' }],
    ['finance.monthly_revenue', 'monthly revenue since 2025-03-01', { since: '2025-03-01', until: '2026-02-16' }],
    ['finance.weekly_revenue', 'weekly revenue last week', { since: '2026-02-02' }],
    ['finance.weekly_revenue', 'weekly revenue this year', { since: '2026-01-01' }],
    ['sales.order_status_breakdown', 'order statuses in Q1 2025', { since: '2025-01-01', until: '2025-04-01' }],
  ])('%s: %s', (id, q, params) => {
    const b = bind(id, q);
    expect(b.unmet).toEqual([]);
    expect(b.params).toEqual(params);
  });

  it('cannot close a period on a block without an end date', () => {
    expect(bind('sales.channel_mix', 'channel mix in 2024').unmet[0]).toMatchObject({ kind: 'period' });
  });

  /** The monthly revenue block with its period compared as `where`, and an optional declared bound. */
  const withBounds = (where: string, policy?: Record<string, unknown>): CompiledBlock => {
    const b = structuredClone(manifest.blocks['finance.monthly_revenue'] as CompiledBlock);
    b.query = b.query.replace(/AND ordered_at >= \$\{since\}\s+AND ordered_at < \$\{until\}/, where);
    if (policy !== undefined) b.parameterPolicy = policy as CompiledBlock['parameterPolicy'];
    return b;
  };
  it.each<[string, string, Record<string, unknown> | undefined, Record<string, string>]>([
    ['half-open (<)', 'AND ordered_at >= ${since} AND ordered_at < ${until}', undefined, { since: '2025-01-01', until: '2025-04-01' }],
    ['inclusive end (<=)', 'AND ordered_at >= ${since} AND ordered_at <= ${until}', undefined, { since: '2025-01-01', until: '2025-03-31' }],
    [
      'inclusive end, written the other way round',
      'AND ${since} <= ordered_at AND ${until} >= ordered_at',
      undefined,
      { since: '2025-01-01', until: '2025-03-31' },
    ],
    ['BETWEEN', 'AND ordered_at BETWEEN ${since} AND ${until}', undefined, { since: '2025-01-01', until: '2025-03-31' }],
    [
      'inclusive end inside a call (months compared)',
      'AND substr(ordered_at, 1, 7) >= substr(${since}, 1, 7) AND substr(ordered_at, 1, 7) <= substr(${until}, 1, 7)',
      undefined,
      { since: '2025-01-01', until: '2025-03-31' },
    ],
    ['inclusive end inside nested calls', "AND ordered_at <= date(strftime('%Y-%m-%d', ${until}))", undefined, { since: '2025-01-01', until: '2025-03-31' }],
    ['exclusive start (>)', 'AND ordered_at > ${since} AND ordered_at < ${until}', undefined, { since: '2024-12-31', until: '2025-04-01' }],
    [
      'declared inclusive, SQL unreadable',
      'AND date(ordered_at) IN (SELECT d FROM days WHERE d <= ${until} AND d >= ${since})',
      { until: { bound: 'inclusive' } },
      { since: '2025-01-01', until: '2025-03-31' },
    ],
    [
      'declared exclusive beats the SQL',
      'AND ordered_at >= ${since} AND ordered_at <= ${until}',
      { until: { bound: 'exclusive' } },
      { since: '2025-01-01', until: '2025-04-01' },
    ],
  ])('binds Q1 2025 to a block whose period is %s', (_name, where, policy, params) => {
    const b = bindQuestion(withBounds(where, policy), 'monthly revenue in Q1 2025', { lexicon, now: NOW });
    expect([b.unmet, b.params]).toEqual([[], params]);
  });

  it('binds an open period to today on an inclusive end, tomorrow on an exclusive one', () => {
    const inclusive = bindQuestion(withBounds('AND ordered_at >= ${since} AND ordered_at <= ${until}'), 'monthly revenue since 2025-03-01', {
      lexicon,
      now: NOW,
    });
    expect(inclusive.params).toEqual({ since: '2025-03-01', until: '2026-02-15' });
    expect(bind('finance.monthly_revenue', 'monthly revenue since 2025-03-01').params).toEqual({ since: '2025-03-01', until: '2026-02-16' });
  });
});

describe('a day an "until" names', () => {
  it.each<[string, string]>([
    ['weekly revenue from 6 January 2025 until 3 February 2025', '2025-02-03'],
    ['weekly revenue from 6 January 2025 until 5 February 2025', '2025-02-06'],
  ])('a weekly block keeps whole weeks before a week-start day: %s', (q, end) => {
    expect(bind('finance.weekly_revenue', q).within).toEqual({ column: 'week_start', start: '2025-01-06', end });
  });
  it.each<[string, Record<string, string>]>([
    ['monthly revenue from 6 January 2025 until 3 February 2025', { since: '2025-01-06', until: '2025-02-04' }],
    ['monthly revenue from 1 January 2025 until 1 April 2025', { since: '2025-01-01', until: '2025-04-01' }],
    ['monthly revenue since 1 January 2025 until 1 April 2025', { since: '2025-01-01', until: '2025-04-01' }],
  ])('%s', (q, params) => {
    expect(bind('finance.monthly_revenue', q).params).toEqual(params);
  });
});

describe('an open period and the declared end', () => {
  // "since March 2025" says no end: a declared default end at or after today already lets the
  // period run to now and stays the owner's; one before today would cut it, so today replaces it.
  const withEnd = (until: string | undefined, inclusive: boolean): CompiledBlock => {
    const b = structuredClone(manifest.blocks['finance.monthly_revenue'] as CompiledBlock);
    if (inclusive) b.query = b.query.replace(/ordered_at < \$\{until\}/, 'ordered_at <= ${until}');
    b.params = b.params.map((p) => (p.name !== 'until' ? p : until === undefined ? { name: p.name, type: p.type } : { ...p, default: until }));
    return b;
  };
  it.each<[string, string | undefined, boolean, Record<string, string>]>([
    ['a past exclusive default', '2025-06-01', false, { since: '2025-03-01', until: '2026-02-16' }],
    ['a future exclusive default', '2027-01-01', false, { since: '2025-03-01' }],
    ['an exclusive default of tomorrow', '2026-02-16', false, { since: '2025-03-01' }],
    ['an exclusive default of today', '2026-02-15', false, { since: '2025-03-01', until: '2026-02-16' }],
    ['an inclusive default of today', '2026-02-15', true, { since: '2025-03-01' }],
    ['an inclusive default of yesterday', '2026-02-14', true, { since: '2025-03-01', until: '2026-02-15' }],
    ['no default (required)', undefined, false, { since: '2025-03-01', until: '2026-02-16' }],
  ])('%s', (_name, until, inclusive, params) => {
    expect(bindQuestion(withEnd(until, inclusive), 'monthly revenue since 2025-03-01', { lexicon, now: NOW }).params).toEqual(params);
  });
});

describe('filters', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['finance.average_order_value', 'aov in CA', { state: 'CA' }],
    ['finance.average_order_value', 'aov for state tx', { state: 'TX' }],
    ['finance.average_order_value', 'aov in New York', { state: 'NY' }],
    ['catalog.top_products_by_revenue', 'products for category home', { category: 'home' }],
    ['catalog.top_products_by_revenue', 'category = toys', { category: 'toys' }],
    ['catalog.top_products_by_revenue', 'best products in outdoors', { category: 'outdoors' }],
  ])('%s: %s', (id, q, params) => {
    const b = bind(id, q);
    expect(b.unmet).toEqual([]);
    expect(b.params).toEqual(params);
  });

  it('leaves capitalised words that are also state codes alone without a cue', () => {
    expect(bind('sales.order_status_breakdown', 'orders cancelled OR refunded').params).toEqual({});
  });

  it.each([
    ['finance.average_order_value', 'aov by state in 2025'],
    ['finance.average_order_value', 'aov by state or channel'],
    ['finance.average_order_value', 'aov per state me and you'],
  ])('%s: reads no state from an everyday word after "state": %s', (id, q) => {
    expect(bind(id, q).params.state).toBeUndefined();
  });

  it.each([
    ['finance.weekly_revenue', 'weekly revenue in CA', /does not accept a filter on state \(asked: CA\)/],
    ['finance.weekly_revenue', 'weekly revenue channel web', /does not accept a filter on channel \(asked: web\)/],
    ['sales.daily_orders', 'daily orders in TX and CA', /filters state on one value at a time \(asked: TX, CA\)/],
    ['finance.weekly_revenue', 'weekly revenue for acme', /no parameter that could filter on "for acme"/],
  ])('%s: %s is unmet', (id, q, why) => {
    expect(
      bind(id, q)
        .unmet.map((u) => u.message)
        .join(' '),
    ).toMatch(why);
  });

  it('is satisfied by a value the block SQL fixes or a field it breaks down by', () => {
    expect(bind('finance.weekly_revenue', 'weekly revenue of completed orders').unmet).toEqual([]);
    expect(bind('sales.channel_mix', 'orders from mobile').unmet).toEqual([]);
  });
});
