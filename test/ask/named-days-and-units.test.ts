/**
 * Days people name and units rows are in, on blind projects: a holiday or a part of a financial
 * year said relative to now binds its days; "month by month" needs a row per month and "daily"
 * a row per day (a day part is none); a ratio column gives what it counts, not what it counts
 * per; "the next 7 days" has no figures yet; a drilldown keeps the thread's period and values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['delivery', 'council', 'lawfirm']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(() => cleanupProjects());

const route = (fixture: string, question: string) => routers.get(fixture)?.router.route(question, { now: NOW });

describe('certified, with the days named', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    ['delivery', 'First orders by channel on Black Friday', 'customers.first_orders_by_channel', { start_date: '2026-11-27', end_date: '2026-11-27' }],
    ['delivery', 'First orders by channel the day before yesterday', 'customers.first_orders_by_channel', { start_date: '2026-11-25', end_date: '2026-11-25' }],
    ['lawfirm', 'realisation by practice Q2 this FY', 'practice.realisation_by_practice_group', { start_date: '2026-08-01', end_date: '2026-10-31' }],
    ['delivery', 'refunds per 1,000 orders by reason last week', 'fulfilment.refunds_by_reason', { start_date: '2026-11-16', end_date: '2026-11-22' }],
    ['delivery', 'Orders by day part', 'orders.orders_by_day_part', {}],
  ])('%s: %s', (fixture, question, block, params) => {
    const d = route(fixture, question);
    expect(d).toMatchObject({ kind: 'answer', block });
    expect(d?.kind === 'answer' ? d.params : undefined).toEqual(params);
  });
});

describe('no certified answer', () => {
  it.each<[string, string]>([
    // A window ahead of today has no figures yet.
    ['delivery', 'Orders per day in London for the next 7 days'],
    // A day part is no day: "daily" needs a row per day.
    ['delivery', 'Daily AOV in London last week'],
    // A row per quarter is no row per month.
    ['council', 'recycling rate month by month for 2025/26'],
    // A financial year not begun has no row yet.
    ['lawfirm', 'What will PEP be in FY28?'],
    // A part of a day is no whole day.
    ['delivery', 'first orders by channel yesterday evening'],
  ])('%s: %s', (fixture, question) => {
    expect(route(fixture, question)?.kind).not.toBe('answer');
  });

  it("a drilldown keeps the thread's city and period: a one-day snapshot of every city is no breakdown of them", () => {
    const previous = {
      block: 'stores.stockouts_by_category',
      params: { start_date: '2026-11-16', end_date: '2026-11-22', city_code: 'MAN' },
      question: 'Stock-outs by category in Manchester last week',
    };
    expect(routers.get('delivery')?.router.followUp('break that down by store', previous, { now: NOW })?.kind).not.toBe('answer');
  });

  it('a ratio column gives what it counts, not what it counts per', () => {
    const d = route('delivery', 'how many orders yday in london');
    expect(d?.kind === 'answer' ? d.block : undefined).not.toBe('fulfilment.refunds_by_reason');
  });
});
