/**
 * Families of the twelfth probe set, on the fixture projects they were seen in. Follow-ups: a turn
 * that opens by narrowing ("only the claims queue", "same for Business monthly") asks the thread's
 * question again, so its words are never a new question and a series over time never hands on to
 * a block giving one figure for the whole period; a turn pointing back at the thread's rows
 * ("break those plans down by tariff") is answered only by a block giving those rows and the
 * thread's figures. Standalone: a unit asked of a measure phrase is read against the column the
 * whole phrase names ("average handle time in seconds" of avg_handle_time_min); "by region" is a
 * breakdown even where the block's remarks say "every region"; a value elsewhere in the question
 * does not say which kind of a measure ("installs ... for Gem Harbour" of paid installs); a distinct
 * count is given by a column the engine counts distinct, for the groups the block gives; "calendar
 * 2025" is January to December, never a financial year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Decision } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { askThread, type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-26T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['insurance', 'utility', 'saas', 'bank', 'games', 'hotels', 'housing', 'lawfirm']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

const router = (project: string) => (routers.get(project) as FixtureRouter).router;

describe('turns that narrow the thread or point back at its rows', () => {
  it.each<[string, string[], string | undefined, Record<string, unknown>?]>([
    // The weekly block has no queue; the per-queue block gives one figure for the whole period.
    ['insurance', ['Call handling by queue last month', 'and week by week since September?', 'only the claims queue'], undefined],
    ['insurance', ['Call handling by queue last month', 'and week by week since September?'], 'service.call_handling_weekly', { since: '2026-09-01' }],
    // "plans" were payment plans; a tariff's plans are another thing.
    ['utility', ['Arrears by region', 'and payment plans agreed per region this year?', 'break those plans down by tariff'], undefined],
    // "Business monthly" is no value the plan block knows; "business" is no measure asked again.
    ['saas', ['How has BUS-A MRR moved month by month since January 2026?', 'same for Business monthly'], undefined],
    [
      'saas',
      ['How has BUS-A MRR moved month by month since January 2026?', 'same for PRO-M', 'just since June'],
      'revenue.plan_mrr_monthly',
      { plan_code: 'PRO-M', since: '2026-06-01' },
    ],
  ])('%s: %j', (project, turns, block, params) => {
    const last = askThread(router(project), turns, NOW).at(-1) as Tier1Decision;
    if (block === undefined) expect(last.kind).not.toBe('answer');
    else expect(last).toMatchObject({ kind: 'answer', block, params });
  });
});

describe('standalone questions of the same families', () => {
  it.each<[string, string, string | undefined, Record<string, unknown>?]>([
    ['insurance', 'Average handle time in seconds for each queue last month', undefined],
    ['insurance', 'Average handle time in minutes for each queue last month', 'service.call_handling_by_queue', { start_date: '2026-10-01' }],
    ['insurance', 'average speed of answer in seconds by queue last month', 'service.call_handling_by_queue'],
    ['bank', 'Customer deposits by region at the end of October', undefined],
    ['bank', 'deposit balances by region at the end of October', undefined],
    ['games', 'Installs by channel for Gem Harbour last month', undefined],
    ['games', 'paid installs by channel for Gem Harbour last month', 'acquisition.cpi_by_channel', { title_code: 'GEM' }],
    ['hotels', 'Unique guests and stays per loyalty tier since the start of 2026', 'guests.loyalty_tier_summary', { since: '2026-01-01' }],
    ['hotels', 'how many distinct guests per loyalty tier', 'guests.loyalty_tier_summary'],
    // Stays are counted row by row: "unique" asks for something else.
    ['hotels', 'unique stays per loyalty tier', undefined],
    // A calendar year said so is January to December: no financial year, but a block taking dates takes it.
    ['housing', 'Repairs spend per home by patch for calendar year 2025', undefined],
    [
      'lawfirm',
      'Realisation by practice group for calendar year 2025',
      'practice.realisation_by_practice_group',
      { start_date: '2025-01-01', end_date: '2025-12-31' },
    ],
    ['insurance', 'LR by class of business for calendar 2025', 'finance.loss_ratio_by_line', { start_date: '2025-01-01', end_date: '2025-12-31' }],
  ])('%s: %s', (project, question, block, params) => {
    const d = router(project).route(question, { now: NOW });
    if (block === undefined) expect(d.kind).not.toBe('answer');
    else expect(d).toMatchObject({ kind: 'answer', block, ...(params !== undefined ? { params } : {}) });
  });
});
