/**
 * A retail 4-4-5 calendar read from the owners' words, and the days and labels its phrases bind:
 * periods of four, four and five weeks from the Monday nearest 1 February, a 53rd week in the
 * last period, "last period", "P9 FY26", "Q3 FY26", "this financial year" and "year to date";
 * and labels a block lists as its values ("FY26", "P9") bound as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPeriod } from '../../src/ask/periods.js';
import { type RetailCalendar, retailCalendarOf, retailRules } from '../../src/ask/retail-calendar.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const CAL: RetailCalendar = { weeks: [4, 4, 5], weekday: 1, month: 2, day: 1, startNamed: true };
const read = (q: string, cal = CAL, now = NOW) => {
  const p = findPeriod(q, now, [], retailRules(cal));
  return p === undefined ? undefined : { start: p.start, end: p.end };
};

describe('the owners declare it', () => {
  const manifest = (...texts: string[]): Manifest =>
    ({ blocks: Object.fromEntries(texts.map((d, i) => [`b.b${i}`, { description: d, status: 'certified', params: [], columns: {} }])) }) as unknown as Manifest;
  it.each<[string, string[], Partial<RetailCalendar> | undefined]>([
    [
      'weeks and a start',
      ['one 4-4-5 period (FY26 for the retail year starting on the Monday nearest 1 February 2026)'],
      { weeks: [4, 4, 5], weekday: 1, month: 2, day: 1, startNamed: true },
    ],
    [
      'another pattern and day',
      ['periods of 5-4-4 weeks; the year starts on the Sunday closest to January 31'],
      { weeks: [5, 4, 4], weekday: 0, month: 1, day: 31 },
    ],
    ['a label naming the year it ends in', ['4-4-5 periods; FY27 is the year from the Saturday nearest 1 February 2026'], { startNamed: false }],
    ['weeks without a start', ['revenue per 4-4-5 period'], undefined],
    ['a start without weeks', ['the Monday nearest 1 February'], undefined],
    ['numbers that are no 13 weeks', ['a 4-4-4 split, the Monday nearest 1 February'], undefined],
  ])('%s', (_, texts, expected) => {
    const cal = retailCalendarOf(manifest(...texts));
    if (expected === undefined) expect(cal).toBeUndefined();
    else expect(cal).toMatchObject(expected);
  });
});

describe('its phrases', () => {
  it.each<[string, string | undefined, string | undefined]>([
    // FY26 starts on Monday 2 February 2026 (the Monday nearest 1 February); P9 is weeks 33 to 37.
    ['P9 FY26', '2026-09-28', '2026-11-02'],
    ['period 1 of FY26', '2026-02-02', '2026-03-02'],
    ['Q3 FY26', '2026-08-03', '2026-11-02'],
    ['FY26 Q1', '2026-02-02', '2026-05-04'],
    ['FY26', '2026-02-02', '2027-02-01'],
    ['this financial year', '2026-02-02', '2027-02-01'],
    ['last financial year', '2025-02-03', '2026-02-02'],
    ['last period', '2026-09-28', '2026-11-02'],
    ['this period', '2026-11-02', '2026-11-30'],
    ['next period', '2026-11-30', '2026-12-28'],
    ['P12', '2025-12-29', '2026-02-02'],
    ['year to date', '2026-02-02', undefined],
    ['last quarter', '2026-08-03', '2026-11-02'],
    ['this quarter', '2026-11-02', '2027-02-01'],
  ])('%s', (q, start, end) => {
    expect(read(q)).toEqual({ start, end });
  });

  it('gives a 53-week year its extra week in the last period', () => {
    // FY2029 runs from Monday 29 January 2029 to Monday 4 February 2030: 53 weeks.
    expect(read('P12 FY2029')).toEqual({ start: '2029-12-24', end: '2030-02-04' });
    expect(read('P11 FY2029')).toEqual({ start: '2029-11-26', end: '2029-12-24' });
  });

  it('every period of many years follows the last without a gap, and a year is 52 or 53 weeks', () => {
    for (let label = 2000; label <= 2060; label++) {
      let at = read(`P1 FY${label}`)?.start;
      for (let p = 1; p <= 12; p++) {
        const r = read(`P${p} FY${label}`);
        expect(r?.start).toBe(at);
        at = r?.end;
      }
      expect(at).toBe(read(`P1 FY${label + 1}`)?.start);
      const weeks = (Date.parse(`${at}T00:00:00Z`) - Date.parse(`${read(`P1 FY${label}`)?.start}T00:00:00Z`)) / (7 * 86_400_000);
      expect([52, 53]).toContain(weeks);
    }
  });

  it('reads nothing where the owners declare no such calendar', () => {
    expect(retailRules(undefined)).toEqual([]);
  });
});

const routers = new Map<string, FixtureRouter>();
beforeAll(async () => {
  for (const name of ['gym', 'council']) routers.set(name, await fixtureRouter(name));
}, 240_000);
afterAll(() => cleanupProjects());
const route = (fixture: string, question: string) => routers.get(fixture)?.router.route(question, { now: NOW });

describe('through the router', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    // Days of the owners' periods for blocks taking dates.
    ['gym', 'How often did members visit each club last period?', 'visits.visits_per_member_by_club', { start_date: '2026-09-28', end_date: '2026-11-01' }],
    [
      'gym',
      'Top 3 clubs for equipment downtime in P9 FY26',
      'operations.top_clubs_by_equipment_downtime',
      { top_n: 3, start_date: '2026-09-28', end_date: '2026-11-01' },
    ],
    // The owners' labels, as written, for blocks listing them.
    ['gym', 'members by type at the end of P9 FY26', 'membership.members_by_type_at_period_end', { period: 'P9', financial_year: 'FY26' }],
    ['gym', 'What was the revenue split by stream in P9 FY26?', 'finance.revenue_by_stream_period', { period: 'P9', financial_year: 'FY26' }],
    // The labels of a relative period, for blocks listing the owners' labels.
    [
      'gym',
      'Active members by membership type at the end of last period',
      'membership.members_by_type_at_period_end',
      { financial_year: 'FY26', period: 'P9' },
    ],
    ['gym', 'revenue mix by stream this period', 'finance.revenue_by_stream_period', { financial_year: 'FY26', period: 'P10' }],
    ['gym', 'NPS by club last quarter', 'operations.nps_by_club_quarterly', { financial_year: 'FY26', fy_quarter: 'Q3' }],
    // The block's own words around its labels: it gives the year to date through a period.
    ['gym', 'LFL revenue by area year to date through P9 FY26', 'finance.lfl_revenue_by_area', { through_period: 'P9', financial_year: 'FY26' }],
    // The financial year so far is the current financial year for a parameter taking years.
    ['council', 'Council tax collection rate year to date', 'revenues.council_tax_collection_ytd', { financial_year: '2026/27' }],
  ])('%s: %s', (fixture, question, block, params) => {
    const d = route(fixture, question);
    expect(d).toMatchObject({ kind: 'answer', block });
    expect(d?.kind === 'answer' ? d.params : undefined).toEqual(params);
  });

  it.each<[string, string, string]>([
    // A block that does not say "year to date" gives no one period for it.
    ['gym', 'revenue by stream year to date through P9 FY26', 'finance.revenue_by_stream_period'],
  ])('%s: "%s" is not certified from %s', (fixture, question, block) => {
    const d = route(fixture, question);
    expect(d?.kind === 'answer' ? d.block : undefined).not.toBe(block);
  });
});
