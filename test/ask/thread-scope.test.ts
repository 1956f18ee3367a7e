/**
 * Families of the ninth probe set, on the fixture projects they were seen in. Follow-ups: a
 * calendar grain said twice ("and month by month?") asks the thread's measure by month, never
 * another block's measure; "their" / "them" points at the rows the thread kept (a customer, a
 * city, a period), which a block for everyone does not give, and at nothing certified when the
 * turn before was not certified; a drilldown carries every value and period the thread's turns
 * said. Standalone: "w/c 5 October" is a week, "YTD this financial year" one financial year,
 * capitals spelling a stop word ("the US app store") a name; a count of an amount of money, a
 * total of a figure its owner says does not add up, a remark saying what a block does not hold
 * and a kind of revenue the question does not name are not the block's; "more than 180 days" is a
 * threshold, not a measure "more".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Decision } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { askThread, type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['transit', 'freight', 'lawfirm', 'delivery', 'publisher', 'gym', 'housing', 'charity', 'council', 'games', 'people', 'hotels'])
    routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

/** Asks `turns` in one thread; the decision of each. */
function thread(project: string, turns: readonly string[]): Tier1Decision[] {
  return askThread((routers.get(project) as FixtureRouter).router, turns, NOW);
}

describe('follow-up turns', () => {
  it.each<[string, string[], string | undefined, Record<string, unknown>?]>([
    // A grain said twice asks the thread's measure at that grain: no block gives MDBF by month.
    ['transit', ['MDBF by depot in FY26', 'and month by month?'], undefined],
    ['transit', ['boardings by month since July 2026', 'and month by month?'], 'ridership.boardings_monthly', { since: '2026-07-01' }],
    // "their": the rows the thread kept.
    [
      'freight',
      ['Top 10 customers by revenue YTD', "how is Brightwell Retail's OTD trending by month since January?", 'and their revenue by month?'],
      undefined,
    ],
    ['lawfirm', ['Top 10 clients by fees billed in FY26', 'just the top 3', 'how much did we write off on their matters?'], undefined],
    [
      'transit',
      ['Top 5 bus routes by boardings last month', 'and the tram lines?', 'how crowded were they in the morning peak?'],
      'ridership.am_peak_crowding_by_route',
      { mode_code: 'TRAM', start_date: '2026-10-01', end_date: '2026-10-31' },
    ],
    // A drilldown keeps every value and period the thread's turns said, not only the last turn's.
    [
      'publisher',
      ['Weekly print sales since 1 November', 'in the North West', 'show it by day of the week instead'],
      'print.print_sales_by_weekday',
      { region_code: 'NTW', start_date: '2026-11-01' },
    ],
    // A week commencing is the week; a city swapped holds the week's start.
    [
      'delivery',
      ['Weekly active customers in Manchester since w/c 5 October 2026', 'what about Bristol?'],
      'customers.weekly_active_customers',
      { city_code: 'BRS', since: '2026-10-05' },
    ],
    // "them" after a turn that was not certified names no rows a block gives.
    ['delivery', ['average basket size by payment wallet', 'how many of them used a promo code?'], undefined],
    // A kind of revenue the thread never named is no drilldown's measure.
    ['gym', ['Revenue by stream for P9 FY26', 'and P8?', 'split that by club'], undefined],
    // A new question of the thread is asked for the thread's period where it says none.
    [
      'lawfirm',
      ['WIP by practice group at the end of September 2026', 'how old is the private client WIP?'],
      'finance.wip_ageing',
      { as_of: '2026-09-30', practice_group: 'PC' },
    ],
    [
      'hotels',
      ['ADR and RevPAR by hotel in Q1 2026', 'and in April 2026?', 'now just AMS01, night by night'],
      'rooms.daily_hotel_performance',
      { hotel_code: 'AMS01', start_date: '2026-04-01', end_date: '2026-04-30' },
    ],
  ])('%s: %j', (project, turns, block, params) => {
    const last = thread(project, turns).at(-1) as Tier1Decision;
    if (block === undefined) expect(last.kind).not.toBe('answer');
    else expect(last).toMatchObject({ kind: 'answer', block, params });
  });
});

describe('standalone questions of the same families', () => {
  it.each<[string, string, string | undefined, Record<string, unknown>?]>([
    [
      'delivery',
      'Subs and missing-item rates in Bristol for the weeks commencing 2 to 16 November 2026',
      'fulfilment.substitution_missing_weekly',
      { since: '2026-11-02', until: '2026-11-23' },
    ],
    ['delivery', 'weekly active customers since week beginning 5 Oct 2026', 'customers.weekly_active_customers', { since: '2026-10-05' }],
    ['council', 'council tax collection YTD this financial year', 'revenues.council_tax_collection_ytd', { financial_year: '2026/27' }],
    ['council', 'council tax collection so far this FY', 'revenues.council_tax_collection_ytd', { financial_year: '2026/27' }],
    // Capitals spelling a stop word name something: no block filters by the US or IT.
    ['games', 'average star rating in the US app store', undefined],
    ['games', 'average star rating by title and platform', 'quality.store_rating_by_title'],
    ['people', 'headcount in IT', undefined],
    // A count of an amount of money; a total of what does not add up; a kind of revenue unsaid.
    ['delivery', 'how many promo discounts per week?', undefined],
    ['housing', 'Total void days by patch last month', undefined],
    ['housing', 'void days by patch last month', 'lettings.void_relet_times_by_patch', { start_date: '2026-10-01', end_date: '2026-10-31' }],
    ['gym', 'revenue by club last month', undefined],
    ['gym', 'cafe revenue by club last month', 'finance.secondary_spend_per_visit'],
    // The owner's remark says retail Gift Aid is not here.
    ['charity', 'Retail Gift Aid claimed per quarter in 2025-26', undefined],
    ['charity', 'Gift Aid claimed per quarter in 2025-26', 'finance.gift_aid_claimed_quarterly', { financial_year: '2025-26' }],
    ['gym', 'Turnover by month in calendar 2026 so far', 'finance.revenue_by_stream_monthly', { since: '2026-01-01' }],
    // "per" after a verb still asks a row per shop, though "shop" is also an income stream's label.
    ['charity', 'Bags of donated stock received per shop since September', undefined],
    ['charity', 'bags of donations received per week', 'retail.shop_sales_weekly'],
    // A comparison before "than" and a number is the threshold's, no measure of its own.
    ['housing', 'How many D&M cases in the West have been open more than 180 days?', 'assets.damp_mould_open_cases', { patch_code: 'WST' }],
  ])('%s: %s', (project, question, block, params) => {
    const d = (routers.get(project) as FixtureRouter).router.route(question, { now: NOW });
    if (block === undefined) expect(d.kind).not.toBe('answer');
    else expect(d).toMatchObject({ kind: 'answer', block, ...(params !== undefined ? { params } : {}) });
  });
});
