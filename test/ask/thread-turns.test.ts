/**
 * Follow-up turns from the fifth probe set's families, on the fixture projects they were seen in,
 * and what each turn's words say: the other end of a ranking ("and the bottom 3?" of a top-N
 * league table), another grain without a measure ("weekly instead?"), a drilldown whose block
 * must give the thread's measure as a figure of its own ("same for LON01 only" after room revenue
 * is no F&B revenue), and a month named alone ("and September?"). Beside them, the standalone
 * questions of the same families: "for each driver" asks a row per driver, never the hours per
 * driver a ratio column gives, even in an owner's example's content words; a "why" of a move is
 * not the example it shares words with; a quarter of a financial year is no whole year a label names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Decision } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { askThread, type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['hotels', 'lawfirm', 'delivery', 'freight', 'builder', 'saas', 'university', 'utility', 'people'])
    routers.set(name, await fixtureRouter(name));
}, 120_000);
afterAll(cleanupProjects);

/** Asks `turns` in one thread; the decision of each. */
function thread(project: string, turns: readonly string[]): Tier1Decision[] {
  return askThread((routers.get(project) as FixtureRouter).router, turns, NOW);
}

describe('follow-up turns', () => {
  it.each<[string, string[], string | undefined, Record<string, unknown>?]>([
    // The other end of a top-N league table is not its first rows.
    ['hotels', ['top 5 hotels by total revenue since July 2026', 'and the bottom 3?'], undefined],
    ['hotels', ['top 5 hotels by total revenue since July 2026', 'what about the lowest 2'], undefined],
    ['delivery', ['top 10 stores by orders in Manchester in October 2026', 'just the top 3', 'and the bottom 3?'], undefined],
    // A word of direction alone ranks on the block's own measure; a judgement word is the owner's end.
    ['utility', ['top 10 outages by customer minutes lost in 2026', 'and the 3 smallest?'], undefined],
    ['utility', ['top 10 outages by customer minutes lost in 2026', 'and the worst 3?'], 'network.worst_outages', { top_n: 3 }],
    ['university', ['5 modules with the lowest pass rates in 2025/26', 'just the bottom 3', 'and the 3 best?'], undefined],
    ['university', ['5 modules with the lowest pass rates in 2025/26', 'just the bottom 3'], 'teaching.lowest_pass_rate_modules', { top_n: 3 }],
    // The month before one month-end a block takes as YYYY-MM; a period before is never another block's breakdown.
    ['people', ['headcount by BU at end of Oct 2026', 'and the month before?'], 'workforce.headcount_by_business_unit', { month: '2026-09' }],
    ['people', ['headcount by BU at end of Oct 2026', 'and the year before?'], undefined],
    // The same end, fewer rows: still the thread's block.
    ['delivery', ['top 10 stores by orders in Manchester in October 2026', 'just the top 3'], 'stores.top_stores_by_orders', { top_n: 3 }],
    // Another grain with no measure of its own asks the thread's measure at that grain.
    ['lawfirm', ['chargeable hours by month for Litigation, May to October 2026', 'weekly instead?'], undefined],
    // A drilldown block gives the thread's measure as a figure, not a word of its description.
    ['hotels', ['room revenue by month in 2026', 'same for LON01 only'], undefined],
    // A month named alone is the latest such month, in the thread's other values.
    [
      'hotels',
      ['ADR and RevPAR by hotel for October 2026', 'and September?'],
      'revenue.adr_revpar_by_hotel',
      { start_date: '2026-09-01', end_date: '2026-09-30' },
    ],
    [
      'lawfirm',
      ['write-offs by reason for Corporate in 2026', 'just October'],
      'matters.write_offs_by_reason',
      { start_date: '2026-10-01', end_date: '2026-10-31', practice_group: 'CORP' },
    ],
  ])('%s: %j', (project, turns, block, params) => {
    const last = thread(project, turns).at(-1) as Tier1Decision;
    if (block === undefined) expect(last.kind).not.toBe('answer');
    else expect(last).toMatchObject({ kind: 'answer', block, params });
  });
});

describe('standalone questions of the same families', () => {
  it.each<[string, string, string | undefined]>([
    ['freight', 'duty hours for each driver at MAN1 since October', undefined],
    ['freight', 'driving hours for each driver at MAN1 last week', undefined],
    ['freight', 'How many hours did MAN1 drivers drive last week?', 'drivers.driver_hours_weekly'],
    // A ranking of a series kept in its key's order (hours of the day) is not led by the asked end.
    ['delivery', 'worst delivery time by hour of day last week', undefined],
    ['delivery', 'orders by hour of day last week', 'orders.orders_by_hour_of_day'],
    // An owner's example said again with a move to explain is another question.
    ['saas', 'why did churn by reason go up in October', undefined],
    ['saas', 'churn by reason in October', 'accounts.churn_by_reason'],
    // A part of a financial year is no whole year its label names.
    ['builder', 'Tender win rate by sector for Q1 FY27', undefined],
    ['builder', 'tender win rate by sector in H1 FY27', undefined],
    ['builder', 'tender win rate by sector FY27', 'bids.tender_win_rate_by_sector'],
  ])('%s: %s', (project, question, block) => {
    const d = (routers.get(project) as FixtureRouter).router.route(question, { now: NOW });
    if (block === undefined) expect(d.kind).not.toBe('answer');
    else expect(d).toMatchObject({ kind: 'answer', block });
  });
});
