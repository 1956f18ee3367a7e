/**
 * A period said of an event (period-event.ts): "resolved in October" of a block counting what was
 * opened in October, "published last week" of a block counting last week's views, "delivered in
 * October" of a block counting shipments by despatch. Each block's query compares its period with
 * one date and reads another; a verb before the period naming that other date is not the block's.
 * The same questions said of the block's own date, or with no event, still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['saas', 'utility', 'bank', 'factory', 'publisher']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

function routed(project: string, question: string): string | undefined {
  const d = (routers.get(project) as FixtureRouter).router.route(question, { now: NOW });
  return d.kind === 'answer' ? d.block : undefined;
}

describe('a period on another date than the block takes', () => {
  it.each<[string, string, string | undefined]>([
    // The event the question dates is another date the block reads.
    ['saas', 'support tickets solved during September 2026 per category', undefined],
    ['saas', 'trials that converted in Q3 2026 by acquisition channel', undefined],
    ['utility', 'complaints settled in September 2026 by category', undefined],
    ['bank', 'complaints we resolved last month per category', undefined],
    ['factory', 'on-time delivery for shipments delivered last month', undefined],
    ['publisher', 'top 5 articles published in October 2026 by pageviews', undefined],
    // The block's own date, said by its verb or one of its stage, or no event at all.
    ['saas', 'support tickets opened during September 2026 per category', 'support.tickets_by_category'],
    ['saas', 'support tickets by category in September 2026', 'support.tickets_by_category'],
    ['utility', 'complaints received in September 2026 by category', 'customer.complaints_by_category'],
    ['bank', 'complaints logged last month per category', 'customer.complaints_by_category'],
    ['factory', 'customer OTD for shipments despatched last month', 'supply_chain.customer_otd_monthly'],
    ['publisher', 'top 5 articles by pageviews in October 2026', 'audience.top_articles_by_pageviews'],
  ])('%s: %s', (project, question, block) => {
    expect(routed(project, question)).toBe(block);
  });
});
