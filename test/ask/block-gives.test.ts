/**
 * What a block keeps out and whose words a project owns: a value the block's query names only to
 * leave its rows out is no row it gives ("including cancelled reservations" of a block with
 * `status <> 'cancelled'`), while the same value said as left out is the block's own exclusion; a
 * project's own grouping word never stands for another block's key through the shared lexicon
 * ("by hotel" in a project of hotels is no review "site"); a share the block's name speaks of is
 * no figure of a result without a share column ("share of room revenue" of market_segment_mix).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptOutTerms } from '../../src/ask/kept-out-literals.js';
import { leftOutFirst } from '../../src/ask/left-out-after.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { askThread, type FixtureRouter, fixtureRouter } from './fixture-router.js';

const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['hotels', 'university', 'delivery', 'housing']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

function routed(project: string, question: string, now: string): string | undefined {
  const d = (routers.get(project) as FixtureRouter).router.route(question, { now });
  return d.kind === 'answer' ? d.block : undefined;
}

const block = (query: string): CompiledBlock => ({ id: 'd.b', query, dialect: 'sqlite', params: [] }) as unknown as CompiledBlock;

describe('keptOutTerms', () => {
  it.each<[string, string, string[]]>([
    ['<> keeps out', "SELECT * FROM r WHERE status <> 'cancelled'", ['cancel']],
    ['!= on the left', "SELECT * FROM r WHERE 'void' != status", ['void']],
    ['NOT IN keeps out its list', "SELECT * FROM r WHERE status NOT IN ('cancelled', 'no_show') AND x = 1", ['cancel', 'no']],
    ['NOT LIKE keeps out', "SELECT * FROM r WHERE code NOT LIKE 'test%'", ['test']],
    ['= keeps rows in', "SELECT * FROM r WHERE status = 'cancelled'", []],
    ['a value also counted is not kept out', "SELECT SUM(CASE WHEN status = 'cancelled' THEN 1 END) FROM r WHERE status <> 'cancelled'", []],
    ['IN keeps rows in', "SELECT * FROM r WHERE status IN ('checked_out')", []],
  ])('%s', (_name, query, terms) => {
    expect([...keptOutTerms(block(query))].sort()).toEqual(terms.sort());
  });
});

describe('a value the block keeps out', () => {
  const now = '2026-05-13T09:00:00Z';
  it.each<[string, string | undefined]>([
    ['What is our booking window including cancelled reservations?', undefined],
    ['booking window of cancelled bookings', undefined],
    ['booking window excluding cancelled reservations', 'reservations.booking_window'],
    ['booking window for non-cancelled reservations', 'reservations.booking_window'],
    ['What is our booking window?', 'reservations.booking_window'],
    ['What is our booking window since 2025? Cancellations left out, please.', 'reservations.booking_window'],
    ['booking window since 2025, cancelled reservations excluded', 'reservations.booking_window'],
  ])('hotels: %s', (question, expected) => {
    expect(routed('hotels', question, now)).toBe(expected);
  });
});

describe("a project's own grouping word", () => {
  const now = '2026-05-13T09:00:00Z';
  it('"by hotel" is no review site', () => {
    expect(routed('hotels', 'Review scores by hotel since January 2026', now)).not.toBe('reviews.review_scores_by_source');
  });
  it('"by site" is', () => {
    expect(routed('hotels', 'Review scores by site since January 2026', now)).toBe('reviews.review_scores_by_source');
  });
});

describe('a proportion only the name speaks of', () => {
  const now = '2026-05-13T09:00:00Z';
  it.each<[string, string | undefined]>([
    ['Share of room revenue by market segment since 2025', undefined],
    ['Room revenue by market segment since 2025', 'reservations.market_segment_mix'],
    ['Share of reservations by booking window', 'reservations.booking_window'],
    ['occupancy rate per month', 'rooms.occupancy_by_month'],
  ])('hotels: %s', (question, expected) => {
    expect(routed('hotels', question, now)).toBe(expected);
  });
});

describe('leftOutFirst', () => {
  it.each<[string, string]>([
    ['booking window, cancellations left out', 'booking window, excluding cancellations'],
    ['ADR by segment YTD, cancelled bookings excluded', 'ADR by segment YTD, excluding cancelled bookings'],
    ['Sales by week. New goods taken out, please', 'Sales by week. excluding New goods, please'],
    ['refunds excluded', 'excluding refunds'],
    ['which orders were removed from the basket', 'which orders were removed from the basket'],
    ['which orders were removed?', 'which orders were removed?'],
    ['items removed by store', 'items removed by store'],
  ])('%s', (question, read) => {
    expect(leftOutFirst(question)).toBe(read);
  });
});

describe("a number on the other side of the block's own", () => {
  const now = '2026-11-27T09:00:00Z';
  it.each<[string, boolean]>([
    ['lowest pass rate modules, including ones with fewer than 20 results', false],
    ['lowest pass rate modules with fewer than 20 results', false],
    ['lowest pass rate modules with at least 20 results', true],
  ])('university: %s', (question, answers) => {
    const got = routed('university', question, now);
    if (answers) expect(got).toBe('teaching.lowest_pass_rate_modules');
    else expect(got).not.toBe('teaching.lowest_pass_rate_modules');
  });
});

describe('a number a CASE cuts bands at', () => {
  it('is no condition of the rows', () => {
    expect(routed('housing', 'How many D&M cases in the West have been open more than 180 days?', '2026-11-27T09:00:00Z')).toBe('assets.damp_mould_open_cases');
  });
});

describe('"ones" is a pronoun', () => {
  it('narrows the ranked stores and asks no figure', () => {
    const r = (routers.get('delivery') as FixtureRouter).router;
    const turns = askThread(r, ['Top 10 dark stores by orders last week', 'just the top 3', 'only the Glasgow ones'], '2026-11-27T09:00:00Z');
    expect(turns.at(-1)).toMatchObject({
      kind: 'answer',
      block: 'stores.top_stores_by_orders',
      params: { top_n: 3, city_code: 'GLA', start_date: '2026-11-16', end_date: '2026-11-22' },
    });
  });
});
