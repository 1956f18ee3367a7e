/**
 * What one row of a block is, and what the whole of its rows is: a snapshot counted on one day
 * (`as_of`, `as_at`) takes "on 1 October 2026" as that day; "across all services" is one figure
 * over every row, not a row each; a period shorter than a series' row is part of a row; a code's
 * label names its value, in lower case too, and pairs with no measure of the block; "all" is a
 * value that gives every region; "whats" is "what's".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['charity', 'publisher', 'housing']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(() => cleanupProjects());

const route = (fixture: string, question: string) => routers.get(fixture)?.router.route(question, { now: NOW });

describe('certified, with the parameters asked', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    // A snapshot's one date parameter, compared against the rows, is the day they are counted on.
    ['charity', 'How many people were waiting for each service on 1 October 2026?', 'services.waiting_list_by_service', { as_at: '2026-10-01' }],
    ['charity', 'waiting list by service at the end of last month', 'services.waiting_list_by_service', { as_at: '2026-10-31' }],
    ['publisher', 'Active subscribers by plan at the end of 2025', 'subscriptions.active_subscribers_by_plan', { as_of: '2025-12-31' }],
    // A lower-case label's leading words name its code ("ESS emotional support sessions").
    [
      'charity',
      'Emotional support referrals by month in Scotland since January 2026',
      'services.services_monthly',
      { service_code: 'ESS', region_code: 'SCO', since: '2026-01-01' },
    ],
    // A parameter whose default is "all" gives every region together.
    ['charity', 'referrals across all regions by month', 'services.services_monthly', {}],
    ['charity', 'Whats the waiting list for services in Scotland', 'services.waiting_list_by_service', { region_code: 'SCO' }],
    ['housing', 'gas safety compliance at the end of October 2026 by patch', 'assets.gas_safety_compliance_by_patch', { month: '2026-10' }],
    ['publisher', 'copies sold by day of the week in London since October', 'print.print_sales_by_weekday', { start_date: '2026-10-01', region_code: 'LDN' }],
  ])('%s: %s', (fixture, question, block, params) => {
    const d = route(fixture, question);
    expect(d).toMatchObject({ kind: 'answer', block });
    expect(d?.kind === 'answer' ? d.params : undefined).toEqual(params);
  });
});

describe('no certified answer', () => {
  it.each<[string, string]>([
    // One figure across every service, of a block giving a row per service (a distinct count does not even add up).
    ['charity', 'How many distinct people did we support across all services last month?'],
    // Seven days of a monthly series are part of one of its rows.
    ['publisher', 'Daily app active users for the last 7 days'],
    ['publisher', 'app installs yesterday'],
    // A snapshot counted on one day takes no month.
    ['charity', 'waiting list in October 2026'],
    // A month parameter takes a point in time only at the month's end, and a financial year no month of it.
    ['housing', 'gas safety compliance as at 15th Oct 2026 by patch'],
    ['housing', 'overall tenant satisfaction in October 2026?'],
    // A period wholly after today has no figures yet where no date default reaches ahead.
    ['publisher', 'video ad revenue by month in Q1 2027'],
    // Days of the week are places in a cycle, no run of time: "week by week" is not theirs.
    ['publisher', 'Sunday edition sales in London week by week since October'],
  ])('%s: %s', (fixture, question) => {
    expect(route(fixture, question)?.kind).not.toBe('answer');
  });
});
