/**
 * A value's place among the others ("where does Abbey rank for fly-tipping?") is asked of every
 * row of a ranking, so a limited ranking answers it with its top-N raised to the most its owner's
 * policy allows, and no row is left out. A value's own rows of a limited ranking are kept only
 * where the limit shows every value the field holds; a question's own top-N is never raised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindQuestion, buildValueLexicon, readAsks } from '../../src/ask/index.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-26T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['insurance', 'council']) routers.set(name, await fixtureRouter(name));
}, 120_000);
afterAll(cleanupProjects);

const route = (project: string, q: string) => (routers.get(project) as FixtureRouter).router.route(q, { now: NOW });

describe('a place asked of a ranking', () => {
  it.each<[string, string, string | undefined, Record<string, unknown>?]>([
    [
      'insurance',
      'Where does Trent Valley Insurance rank on premium placed this year?',
      'distribution.top_brokers_by_gwp',
      { start_date: '2026-01-01', end_date: '2026-12-31', top_n: 14 },
    ],
    [
      'council',
      'Where does Abbey rank for fly-tipping this financial year?',
      'environment.top_wards_by_fly_tipping',
      { start_date: '2026-04-01', end_date: '2027-03-31', top_n: 18 },
    ],
    // The question's own top 5 may leave the value out: it is never raised.
    ['insurance', 'Where does Trent Valley Insurance rank in the top 5 brokers by premium this year?', undefined],
    // A ward's own rows, with how many wards there are unknown: the top 5 cannot say it holds them.
    ['council', 'fly-tipping in Abbey this financial year', undefined],
  ])('%s: %s', (project, q, block, params) => {
    const d = route(project, q);
    expect(d.kind === 'answer' ? d.block : undefined).toBe(block);
    if (d.kind !== 'answer') return;
    expect(d.params).toEqual(params);
    expect(d.keep).toBeUndefined();
  });
});

describe('reading a place asked', () => {
  const lexicon = buildValueLexicon([]);
  const place = (q: string) => readAsks(q, { lexicon, isKnown: () => false, now: NOW }).place === true;

  it.each([
    ['Where does Leeds rank for completions?', true],
    ['where do the Glasgow stores stand on footfall', true],
    ['What position is Abbey in for fly-tipping?', true],
    ['How does York compare on revenue this year?', true],
    ['how did Mersey Cover stack up last quarter', true],
    ['Where does Priya Shah work?', false],
    ['rank the wards by fly-tipping', false],
    ['top 5 brokers by premium', false],
  ])('%s', (q, expected) => {
    expect(place(q)).toBe(expected);
  });
});

describe('a grain says one row per value only of the entity itself', () => {
  const block = {
    id: 'retail.top_stores',
    name: 'top_stores',
    dialect: 'sqlite',
    grain: 'store',
    description: 'The top_n stores by sales.',
    examples: [],
    columns: {},
    tests: [],
    tables: ['sales'],
    outputs: ['store_name', 'store_region', 'sales'],
    params: [{ name: 'top_n', type: 'number', default: 5, required: false }],
    paramsUsed: ['top_n'],
    parameterPolicy: { top_n: { min: 1, max: 20 } },
    query: 'SELECT store_name, store_region, SUM(amount) AS sales FROM sales GROUP BY store_name, store_region ORDER BY sales DESC LIMIT ${top_n}',
  } as unknown as CompiledBlock;
  const data = new Map([
    ['store_name', ['Leeds', 'York', 'Hull', 'Bath', 'Ely', 'Kew']],
    ['store_region', ['North', 'South']],
  ]);
  const bind = (q: string) => bindQuestion(block, q, { lexicon: buildValueLexicon([block], data), now: NOW });

  it.each<[string, Record<string, unknown>, Array<{ column: string; values: string[] }> | undefined, boolean]>([
    // Six stores, the policy's most 20: raised, every store shown, Leeds's row kept.
    ['sales at Leeds', { top_n: 20 }, [{ column: 'store_name', values: ['Leeds'] }], false],
    // Two regions fit in 20 rows, but the rows are stores: a region's stores may be cut.
    ['sales in North', {}, undefined, true],
  ])('%s', (q, params, keep, unmet) => {
    const b = bind(q);
    expect(b.params).toEqual(params);
    expect(b.keep).toEqual(keep);
    expect(b.unmet.length > 0).toBe(unmet);
  });
});
