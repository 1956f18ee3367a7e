/**
 * Families of the tenth probe set, read in the words of a question. Punctuation ends a grouping
 * ("by queue, week by week" is not one grouping "queue week"); "each of our three centres" asks a
 * row per centre; a total said before a top-N ("total minutes lost in the 10 worst outages") is
 * one sum no ranked row gives; a word moved from the values to the measures keeps its phrase
 * ("fly-tipping rate" is the rate, not the incidents a ranking sorts by); a measure word a block
 * gives only by its name gives the name's kind of it ("sales" of parasiticide_sales_by_clinic is
 * parasiticide sales, not the clinics' sales); a side of a comparison the block holds only as a
 * literal of its query ("iOS vs Android" of app logins summed over both) is no figure of its own;
 * "list all 12" after a top 5 asks for 12 rows; a follow-up pointing back
 * at ranked rows ("show those in the Pennines") drills only to a block giving those rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Decision } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { askThread, type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['insurance', 'utility', 'council', 'vetclinic', 'bank']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

const router = (project: string) => (routers.get(project) as FixtureRouter).router;
const answered = (d: Tier1Decision | undefined) => (d?.kind === 'answer' ? { block: d.block, params: d.params } : undefined);

describe('phrases in one question', () => {
  it.each<[string, string, string | undefined, Record<string, unknown>?]>([
    ['insurance', 'call abandonment by queue, week by week', undefined],
    ['insurance', 'abandonment rate week by week', 'service.call_handling_weekly'],
    ['insurance', 'abandonment rate by queue', 'service.call_handling_by_queue'],
    ['council', 'leisure visits for each of the three centres in October 2026', undefined],
    ['council', 'leisure visits in October 2026', 'corporate.leisure_visits_monthly'],
    ['council', 'which ward has the highest fly-tipping rate per 1,000 households in 2025?', undefined],
    ['council', 'which ward had the most fly-tipping incidents in 2025?', 'environment.top_wards_by_fly_tipping'],
    ['utility', 'total customer minutes lost across the 5 worst outages in 2025', undefined],
    ['utility', 'top 5 outages by total customer minutes lost in 2025', 'network.worst_outages'],
    ['vetclinic', 'sales by clinic in September 2026', 'finance.revenue_by_clinic'],
    ['vetclinic', 'parasiticide sales by clinic in September 2026', 'pharmacy.parasiticide_sales_by_clinic'],
    ['vetclinic', 'flea and wormer sales per clinic in Q3 2026', 'pharmacy.parasiticide_sales_by_clinic'],
    ['bank', 'app logins on iOS vs Android in October 2026', undefined],
    ['bank', 'app logins per month since June 2026', 'customer.digital_adoption_monthly'],
  ])('%s: %s', (project, question, block, params) => {
    const got = answered(router(project).route(question, { now: NOW }));
    expect(got?.block).toBe(block);
    if (params !== undefined) expect(got?.params).toMatchObject(params);
  });
});

describe('follow-ups of ranked rows', () => {
  it.each<[string, string[], string | undefined, Record<string, unknown>?]>([
    ['utility', ['3 worst outages in October 2026', 'show those in the Pennines only'], undefined],
    ['utility', ['3 worst outages in October 2026', 'and the top 5?'], 'network.worst_outages', { top_n: 5 }],
    // "show all 12": a verb asking for rows, and how many.
    ['council', ['top 5 wards by fly-tipping in Q1 2026', 'list all 12'], 'environment.top_wards_by_fly_tipping', { top_n: 12 }],
  ])('%s: %j', (project, turns, block, params) => {
    const last = answered(askThread(router(project), turns, NOW).at(-1));
    expect(last?.block).toBe(block);
    if (params !== undefined) expect(last?.params).toMatchObject(params);
  });
});
