/**
 * The seventh probe set's families, table-driven on the fixture projects they were seen in: a unit
 * asked that is another unit of the column's quantity ("in minutes" of aht_seconds, "booked hours"
 * of booked_minutes, "in USD" of GBP income), "%" written as a sign ("as a % of"), a ranking by a
 * measure beside the one the rows are sorted on ("by business adds" of a list sorted by gross
 * adds), and the kind of chart, which names no column ("bar" read as the initials of "book with
 * arrears rate"); "top" before a word of judgement ("top 10 worst"), a month's end said every way,
 * a word of the block's name in the plural, a count asked of a share ("how many part-timers" of
 * part_time_pct), and an owner's example whose other block's value ("claims", a queue) a question
 * must say too. Each beside the questions of the same shape that still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherUnit } from '../../src/ask/asked-units.js';
import { chartFields } from '../../src/ask/block-facts.js';
import { terms, words } from '../../src/ask/tokens.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-28T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['utility', 'vetclinic', 'university', 'telecom', 'bank', 'people', 'insurance', 'hospital']) routers.set(name, await fixtureRouter(name));
}, 120_000);
afterAll(cleanupProjects);

const route = (project: string, question: string) => (routers.get(project) as FixtureRouter).router.route(question, { now: NOW });

describe('no certified answer', () => {
  it.each([
    ['utility', 'average handling time in minutes each month'],
    ['utility', 'hours lost top 5 outages in 2026'],
    ['vetclinic', 'booked hours per appointment type at KEN in 2026'],
    ['university', 'tuition fee income in USD by month in 2025'],
    ['university', 'international fees as a % of total fee income, each month of 2025'],
    ['telecom', 'rank sales channels by business adds this year'],
    ['bank', 'mortgage book by LTV band with arrears rate per band'],
    ['university', 'top 5 modules by pass rate in 2025/26'],
    // A count asked of what the block gives only as a share.
    ['people', 'how many part-timers do we have in each BU'],
    // The unit word beside a measure is that measure's, not another column's in that unit.
    ['insurance', 'AHT in seconds per queue for Q3'],
    // An example whose only other word is another block's value ("Top 10 largest claims", "claims"
    // a queue) is not said again by a question without that word.
    ['insurance', 'the top 10 for 2024'],
    ['insurance', 'ok and the top 10 for 2024 then'],
  ])('%s: %s', (project, question) => {
    expect(route(project, question).kind).not.toBe('answer');
  });
});

describe('still answered', () => {
  it.each([
    ['utility', 'average handling time in seconds each month', 'customer.call_centre_monthly'],
    ['utility', 'customer minutes lost top 5 outages 2026', 'network.worst_outages'],
    ['vetclinic', 'booked minutes by appointment type at KEN in 2026', 'clinical.appointments_by_type'],
    ['university', 'tuition fee income by month in 2025', 'finance.tuition_fee_income_monthly'],
    ['telecom', 'rank sales channels by gross adds this year', 'growth.gross_adds_by_channel'],
    ['bank', 'Mortgage book by LTV band', 'lending.mortgage_book_by_ltv_band'],
    // "top" before a word of judgement counts the first rows; the judgement says which end.
    ['utility', 'top 10 worst outages by CML in 2026', 'network.worst_outages'],
    ['telecom', 'top 5 worst sites by outage minutes this year', 'network.worst_sites_by_outage_minutes'],
    ['university', 'top 5 lowest pass rate modules in 2025/26', 'teaching.lowest_pass_rate_modules'],
    // A word of the block's own name, in the plural, is what it counts, no value to filter on.
    ['bank', 'which 5 branches in the Midlands completed the most mortgages in October 2026?', 'lending.top_branches_by_mortgage_completions'],
    ['people', 'headcount by BU', 'workforce.headcount_by_business_unit'],
    ['insurance', 'Top 10 largest claims', 'claims.large_losses'],
    ['insurance', 'AHT in minutes per queue for Q3', 'service.call_handling_by_queue'],
    // An amount of a unit ("over an hour") is a threshold, not the unit a figure is given in.
    ['hospital', 'ambulance handovers over an hour at each hospital in October 2026', 'urgent_care.ambulance_handovers_by_site'],
  ])('%s: %s', (project, question, block) => {
    const d = route(project, question);
    expect(d.kind === 'answer' ? d.block : d.kind).toBe(block);
  });
  it.each([
    ['utility', 'top 40 worst outages by CML in 2026'],
    ['telecom', 'top 60 worst sites by outage minutes this year'],
  ])('%s: %s is a top-N past the policy', (project, question) => {
    const d = route(project, question);
    expect(d.kind === 'refused' ? d.code : d.kind).toBe('VALUE_NOT_ACCEPTED');
  });
});

describe('the parts', () => {
  const block = (over: Partial<CompiledBlock>): CompiledBlock => ({ outputs: [], params: [], ...over }) as unknown as CompiledBlock;
  it.each<[string, string, Partial<CompiledBlock>, string | undefined]>([
    ['minutes', 'column:aht_seconds', {}, 'aht_seconds in seconds'],
    ['seconds', 'column:aht_seconds', {}, undefined],
    ['hours', 'column:booked_minutes', {}, 'booked_minutes in minutes'],
    ['usd', 'column:income', { columns: { income: { unit: 'GBP' } } } as Partial<CompiledBlock>, 'income in GBP'],
    ['gbp', 'column:income', { columns: { income: { unit: 'GBP' } } } as Partial<CompiledBlock>, undefined],
    // Another quantity, no unit on the column, or a word that is no unit: nothing to convert.
    ['miles', 'column:aht_seconds', {}, undefined],
    ['minutes', 'column:calls', {}, undefined],
    ['calls', 'column:aht_seconds', {}, undefined],
    ['minutes', 'description', {}, undefined],
  ])('%s of %s', (word, source, over, expected) => {
    expect(otherUnit(block(over), terms(word)[0] as string, source)).toBe(expected);
  });

  it("reads a unit against the columns the question's other measure words found", () => {
    const b = block({});
    expect(otherUnit(b, terms('seconds')[0] as string, 'column:answer_seconds', ['column:handle_time_min'])).toBe('handle_time_min in minutes');
    expect(otherUnit(b, terms('minutes')[0] as string, 'column:answer_seconds', ['column:handle_time_min'])).toBeUndefined();
    expect(otherUnit(b, terms('minutes')[0] as string, undefined, ['column:customers', 'column:customer_minutes_lost'])).toBeUndefined();
  });

  it('reads a "%" of a whole after no number as the word percent, and leaves numbers and figure names their sign', () => {
    expect(words('what % of the base').map((w) => w.word)).toEqual(['what', 'percent', 'of', 'the', 'base']);
    expect(words('over 50% of orders').map((w) => w.word)).toEqual(['over', '50', 'of', 'orders']);
    expect(words('a 2.5 % rise').map((w) => w.word)).toEqual(['a', '2', '5', 'rise']);
    expect(words('occ % per hotel').map((w) => w.word)).toEqual(['occ', 'per', 'hotel']);
  });

  it('names the columns a chart shows, never the kind of chart', () => {
    expect(chartFields(block({ visualization: { chart: 'bar', x: 'ltv_band', y: 'balance_gbp' } } as Partial<CompiledBlock>))).toEqual([
      'ltv_band',
      'balance_gbp',
    ]);
  });
});
