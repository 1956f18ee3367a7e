/**
 * Dates as people write them beyond ISO: days in numbers with slashes or dots (day first or month
 * first, as a number over 12 or the range's other day says; otherwise no day at all, and never
 * the year alone), spans of named months ("April to September 2026", "Nov-Feb 2026"), and a half
 * or quarter of a year across two calendar years ("Q2 2026/27") in the owners' financial year;
 * and spoken periods the calendar's rules would misread ("the 12 months to June 2026" is no June,
 * "week 23 2026" no whole year, "last weekend" and "the last 3 full months" not nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFirstOf } from '../../src/ask/date-order.js';
import { fiscalRules } from '../../src/ask/fiscal-periods.js';
import { declaredDateRules, NUMERIC_DATE_RULES } from '../../src/ask/numeric-dates.js';
import { findPeriod } from '../../src/ask/periods.js';
import { SPOKEN_PERIOD_RULES } from '../../src/ask/spoken-periods.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const APRIL_YEAR = fiscalRules({ startMonth: 4, endYearNamed: true, current: true });
const read = (q: string) => {
  const p = findPeriod(q, NOW, [], [...NUMERIC_DATE_RULES, ...SPOKEN_PERIOD_RULES, ...APRIL_YEAR]);
  return p === undefined ? undefined : { start: p.start, end: p.end, ...(p.undeclared !== undefined ? { undeclared: p.undeclared } : {}) };
};

describe('days in numbers', () => {
  it.each<[string, ReturnType<typeof read>]>([
    ['complaints 01/04/2026 - 30/09/2026', { start: '2026-04-01', end: '2026-10-01' }],
    ['missed bins 1/10/26 to 31/10/26', { start: '2026-10-01', end: '2026-11-01' }],
    ['between 04/01/2026 and 04/30/2026', { start: '2026-04-01', end: '2026-05-01' }],
    ['on 31/03/2026', { start: '2026-03-31', end: '2026-04-01' }],
    ['on 03/31/2026', { start: '2026-03-31', end: '2026-04-01' }],
    ['30.09.2026', { start: '2026-09-30', end: '2026-10-01' }],
    // A version number is no day.
    ['crashes on version 1.2.26', undefined],
    // Nothing says which number is the day: no day, and no year read out of it either.
    ['on 01/04/2026', { start: undefined, end: undefined, undeclared: 'days' }],
    ['02/03/2026 to 04/05/2026', { start: undefined, end: undefined, undeclared: 'days' }],
    // No such day, or an end before the start: no day either.
    ['31/02/2026', { start: undefined, end: undefined, undeclared: 'days' }],
    ['30/09/2026 - 01/04/2026', { start: undefined, end: undefined, undeclared: 'days' }],
    // A lone day after a word that makes it one end of an open period.
    ['since 27/09/2026', { start: '2026-09-27', end: undefined }],
    ['from 09/27/2026', { start: '2026-09-27', end: undefined }],
    ['starting on 17/08/2026', { start: '2026-08-17', end: undefined }],
    ['after 17/08/2026', { start: '2026-08-18', end: undefined }],
    ['before 17/08/2026', { start: undefined, end: '2026-08-17' }],
    ['up to 30/09/2026', { start: undefined, end: '2026-10-01' }],
    ['through 09/30/2026', { start: undefined, end: '2026-10-01' }],
    ['since 01/04/2026', { start: undefined, end: undefined, undeclared: 'days' }],
  ])('%s', (q, expected) => {
    expect(read(q)).toEqual(expected);
  });

  it('reads every day of a year written day first and month first alike', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const [day, month] = [d.getUTCDate(), d.getUTCMonth() + 1];
      const iso = d.toISOString().slice(0, 10);
      const next = new Date(t + 86_400_000).toISOString().slice(0, 10);
      // Day first is certain when the day is over 12; 5/5 reads the same either way, yet nothing says the order.
      const expected = day > 12 ? { start: iso, end: next } : { start: undefined, end: undefined, undeclared: 'days' };
      expect(read(`${day}/${month}/2026`)).toEqual(expected);
      if (day > 12) expect(read(`${month}/${day}/2026`)).toEqual(expected);
    }
  });
});

describe("days in numbers in the owners' own order", () => {
  const readAs = (q: string, dayFirst: boolean) => {
    const p = findPeriod(q, NOW, [], [...declaredDateRules(dayFirst), ...SPOKEN_PERIOD_RULES]);
    return p === undefined ? undefined : { start: p.start, end: p.end, ...(p.undeclared !== undefined ? { undeclared: p.undeclared } : {}) };
  };
  it.each<[string, boolean, ReturnType<typeof read>]>([
    ['since 10/04/2026', false, { start: '2026-10-04', end: undefined }],
    ['since 10/04/2026', true, { start: '2026-04-10', end: undefined }],
    ['on 9/6/2026', false, { start: '2026-09-06', end: '2026-09-07' }],
    ['between 02/03/2026 and 04/05/2026', true, { start: '2026-03-02', end: '2026-05-05' }],
    // A number over 12 still says its own order, whatever the owners write.
    ['on 31/03/2026', false, { start: '2026-03-31', end: '2026-04-01' }],
    ['on 03/31/2026', true, { start: '2026-03-31', end: '2026-04-01' }],
    // No year: the latest such day not after today, read the owners' way; a range ends there.
    ['peak streams on 11/26', false, { start: '2026-11-26', end: '2026-11-27' }],
    ['on 12/5', false, { start: '2025-12-05', end: '2025-12-06' }],
    ['on 12/5', true, { start: '2026-05-12', end: '2026-05-13' }],
    ['tickets 11/15-11/21', false, { start: '2026-11-15', end: '2026-11-22' }],
    ['12/20 - 1/10', false, { start: '2025-12-20', end: '2026-01-11' }],
    ['since 10/4', false, { start: '2026-10-04', end: undefined }],
    ['on 2/30', false, { start: undefined, end: undefined, undeclared: 'days' }],
    // The week a day begins or ends.
    ['net adds wk of 11/8', false, { start: '2026-11-08', end: '2026-11-15' }],
    ['the week ending 14/11/2026', true, { start: '2026-11-08', end: '2026-11-15' }],
    ['week beginning 11/2/2026', false, { start: '2026-11-02', end: '2026-11-09' }],
  ])('%s (day first: %s)', (q, dayFirst, expected) => expect(readAs(q, dayFirst)).toEqual(expected));

  it.each<[string[], boolean | undefined]>([
    [['Weeks since 09/27/2026 (since is inclusive).'], false],
    [['Claims per financial year (FY27 = 01/07/2026 to 30/06/2027).'], true],
    // Only days that say their order count; both orders, or none, declare nothing.
    [['Revenue since 01/04/2026.'], undefined],
    [['Weeks since 09/27/2026.', 'Claims to 30/06/2027.'], undefined],
  ])("the owners' order in %j", (texts, expected) => {
    const blocks = Object.fromEntries(
      texts.map((description, i) => [`a.b${i}`, { id: `a.b${i}`, status: 'certified', description, columns: {}, params: [], examples: [] }]),
    );
    expect(dayFirstOf({ blocks, terms: {}, views: {} } as unknown as Manifest)).toBe(expected);
  });
});

describe("a month's end said every way, and a span ending at one", () => {
  it.each<[string, ReturnType<typeof read>]>([
    ['mortgage book as at end Oct 2026', { start: '2026-10-31', end: '2026-11-01' }],
    ['book at end of oct 2026', { start: '2026-10-31', end: '2026-11-01' }],
    ['morgage book by LTV for scotland end of oct 2026', { start: '2026-10-31', end: '2026-11-01' }],
    ['balances at month end October 2026', { start: '2026-10-31', end: '2026-11-01' }],
    ['mortgage book month-end Sep 2026', { start: '2026-09-30', end: '2026-10-01' }],
    // The end of a span's second period is where the span ends, not a point of its own.
    ['fee income from Aug 2025 to end of Jul 2026', { start: '2025-08-01', end: '2026-08-01' }],
    ['sales from Jan 2026 until the end of Oct 2026', { start: '2026-01-01', end: '2026-11-01' }],
    ['sales between 3 Jan 2026 and the end of Oct 2026', { start: '2026-01-03', end: '2026-11-01' }],
    // A word ending in "end" is no end of anything.
    ['weekend sales Oct 2026', { start: '2026-10-01', end: '2026-11-01' }],
  ])('%s', (q, expected) => {
    expect(read(q)).toEqual(expected);
  });
});

describe('a month named alone, as a follow-up says it', () => {
  it.each<[string, ReturnType<typeof read>]>([
    ['and September?', { start: '2026-09-01', end: '2026-10-01' }],
    ['just October', { start: '2026-10-01', end: '2026-11-01' }],
    ["October's numbers", { start: '2026-10-01', end: '2026-11-01' }],
    // The latest such month: December of last year in November.
    ['what about December', { start: '2025-12-01', end: '2026-01-01' }],
    // A month to come, one end of a span, and the words other words share bind no month alone.
    ['next September', undefined],
    ['may I see churn', undefined],
    ['march the figures out', undefined],
  ])('%s', (q, expected) => expect(read(q)).toEqual(expected));
});

describe('spans of named months', () => {
  it.each<[string, string, string]>([
    ['PCNs by month April to September 2026', '2026-04-01', '2026-10-01'],
    ['PCNs by month Apr-Sep 2026', '2026-04-01', '2026-10-01'],
    ['Jan - Mar 2026', '2026-01-01', '2026-04-01'],
    ['Nov-Feb 2026', '2025-11-01', '2026-03-01'],
    ['November 2025 to February 2026', '2025-11-01', '2026-03-01'],
    // No year and no "from": the span ends with the latest of its last month that has begun.
    ['OSAT by region, Jul-Sep', '2026-07-01', '2026-10-01'],
    ['June to August', '2026-06-01', '2026-09-01'],
    ['Nov - Feb', '2025-11-01', '2026-03-01'],
    // Two days of named months, no year: the second the latest not after today.
    ['support contacts Oct 1 - Oct 15', '2026-10-01', '2026-10-16'],
    ['crew hours 1 Sep - 31 Oct', '2026-09-01', '2026-11-01'],
    ['sales 1 September to 31 October', '2026-09-01', '2026-11-01'],
    ['20 Dec - 10 Jan', '2025-12-20', '2026-01-11'],
  ])('%s', (q, start, end) => {
    expect(read(q)).toEqual({ start, end });
  });
});

describe('a half or quarter of a split financial year', () => {
  it.each<[string, string, string]>([
    ['homelessness approaches by month Q2 2026/27', '2026-07-01', '2026-10-01'],
    ['missed collections in Q1 2026/27', '2026-04-01', '2026-07-01'],
    ['Q3 FY2025/26', '2025-10-01', '2026-01-01'],
    ['H1 of 2025/26', '2025-04-01', '2025-10-01'],
    ['2026/27 Q4', '2027-01-01', '2027-04-01'],
  ])('%s', (q, start, end) => {
    expect(read(q)).toEqual({ start, end });
  });
});

describe('spoken periods', () => {
  it.each<[string, ReturnType<typeof read>]>([
    // Today is Friday 27 November 2026.
    ['the 12 months to June 2026', { start: '2025-07-01', end: '2026-07-01' }],
    ['twelve months ending March 2026', { start: '2025-04-01', end: '2026-04-01' }],
    ['in the year to March 2026', { start: '2025-04-01', end: '2026-04-01' }],
    ['the quarter to June 2026', { start: '2026-04-01', end: '2026-07-01' }],
    ['Jan 2026 to date', { start: '2026-01-01', end: undefined }],
    ['since Q2 2025 to date', { start: '2025-04-01', end: undefined }],
    ['week 23 2026', { start: '2026-06-01', end: '2026-06-08' }],
    ['W1 2026', { start: '2025-12-29', end: '2026-01-05' }],
    ['2026-W53', { start: '2026-12-28', end: '2027-01-04' }],
    ['Q1-Q3 2026', { start: '2026-01-01', end: '2026-10-01' }],
    ['Q2 to Q4 2025', { start: '2025-04-01', end: '2026-01-01' }],
    ['the last 3 full months', { start: '2026-08-01', end: '2026-11-01' }],
    ['past two complete weeks', { start: '2026-11-09', end: '2026-11-23' }],
    ['last weekend', { start: '2026-11-21', end: '2026-11-23' }],
    ['this weekend', { start: '2026-11-28', end: '2026-11-30' }],
    // Which days "the first week of March" means, the question does not say.
    ['the first week of March 2026', { start: undefined, end: undefined, undeclared: 'days' }],
    // A calendar year said so, where the owners' year runs from April: January to December.
    ['LR by line for calendar 2025', { start: '2025-01-01', end: '2026-01-01' }],
    ['for calendar year 2024', { start: '2024-01-01', end: '2025-01-01' }],
    ['in the 2025 calendar year', { start: '2025-01-01', end: '2026-01-01' }],
    ['fees in CY2025', { start: '2025-01-01', end: '2026-01-01' }],
    ['fees in CY25', { start: '2025-01-01', end: '2026-01-01' }],
    ['this calendar year', { start: '2026-01-01', end: '2027-01-01' }],
    ['last calendar year', { start: '2025-01-01', end: '2026-01-01' }],
  ])('%s', (q, expected) => {
    expect(read(q)).toEqual(expected);
  });

  it('has no week 53 in a year of 52 ISO weeks, and reads no year out of it', () => {
    expect(read('week 53 2025')).toEqual({ start: undefined, end: undefined, undeclared: 'days' });
  });
});

describe('a rolling window by its last month', () => {
  let people: FixtureRouter | undefined;
  beforeAll(async () => {
    people = await fixtureRouter('people');
  }, 180_000);
  afterAll(() => cleanupProjects());
  const route = (q: string) => people?.router.route(q, { now: NOW });

  it('binds the month a rolling twelve months ends with, as the owners say their window runs', () => {
    expect(route('What was voluntary turnover in the twelve months to June 2026?')).toMatchObject({
      kind: 'answer',
      block: 'retention.attrition_rolling_12m_by_bu',
      params: { month: '2026-06' },
    });
  });

  it('gives another window no month of the block', () => {
    const d = route('voluntary turnover by BU in the six months to June 2026');
    expect(d?.kind === 'answer' ? d.block : undefined).not.toBe('retention.attrition_rolling_12m_by_bu');
  });
});
