/**
 * A question asking one figure that no certified block gives as asked: a measure word the project
 * measures in several kinds, said bare ("total revenue" where one block gives ad revenue and
 * another subscription and total revenue), and one rate over every row of a block giving it per
 * row ("overall completion rate", "completion rate across all genres"), what is to come ("what
 * will ... be"), and a grain of nothing ("and daily?"). Each family beside the
 * questions of the same shape that still answer. Table-driven over the streaming project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureKinds } from '../../src/ask/measure-kinds.js';
import { terms } from '../../src/ask/tokens.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-28T09:00:00Z';

describe('one figure asked', () => {
  let streaming: FixtureRouter;
  beforeAll(async () => {
    streaming = await fixtureRouter('streaming');
  });
  afterAll(() => cleanupProjects());

  it('reads the kinds of each measure word from the certified blocks', () => {
    const kinds = measureKinds(Object.values(streaming.manifest.blocks) as CompiledBlock[]);
    const [revenue] = terms('revenue');
    expect([...(kinds.get(revenue as string) ?? [])]).toEqual(expect.arrayContaining([...terms('ad'), ...terms('advertising'), ...terms('subscription')]));
  });

  it.each([
    // What is to come, and a grain of nothing.
    'what will ad revenue by region be in December?',
    'how many paid subscribers are we going to have by plan?',
    'and daily?',
    // A bare measure word of several kinds, or "overall" / "across all" of a rate given per row.
    'total revenue in Oct 2026',
    'revenue in October',
    'overall completion rate in oct',
    'completion rate across all genres in oct',
    'overall completion rate in oct across all genres',
    // A rate said bare of a block giving it per row: the rate of what the rows divide.
    'What was CPM yesterday?',
  ])('%s -> no certified answer', (question) => {
    expect(streaming.router.route(question, { now: NOW }).kind).not.toBe('answer');
  });

  it.each<[string, string]>([
    // The kind said, the owner's own example, a breakdown asked, or a sum the rows add up to.
    ['ad revenue in Oct 2026', 'advertising.ad_revenue_by_region'],
    ['ad revenue by region last month', 'advertising.ad_revenue_by_region'],
    ['What was total revenue in each quarter of FY26?', 'revenue.revenue_by_fiscal_quarter'],
    ['completion rate by genre in oct', 'engagement.completion_rate_by_genre'],
    ['Completion rate by genre', 'engagement.completion_rate_by_genre'],
    // A request ("will you"), not the future tense.
    ['will you show me ad revenue by region last month', 'advertising.ad_revenue_by_region'],
    ['CPM by region yesterday', 'advertising.ad_revenue_by_region'],
    ['what was the CPM in EMEA yesterday', 'advertising.ad_revenue_by_region'],
  ])('%s -> %s', (question, block) => {
    expect(streaming.router.route(question, { now: NOW })).toMatchObject({ kind: 'answer', block });
  });
});
