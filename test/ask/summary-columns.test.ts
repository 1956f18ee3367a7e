/**
 * A column that is an average or a median of a figure over each row's period or members gives
 * that summary, not the figure: "headcount by BU" is not answered by a twelve-month average
 * headcount, "average headcount by BU" is. A plain name the owner declared for the column ("DAU"
 * for avg_dau) says the summary is what the word means.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryOnly } from '../../src/ask/summary-column.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['people', 'games']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(() => cleanupProjects());

const route = (fixture: string, question: string) => routers.get(fixture)?.router.route(question, { now: NOW });

describe('through the router', () => {
  it.each<[string, string, string]>([
    ['people', 'average headcount and attrition by BU', 'retention.attrition_rolling_12m_by_bu'],
    ['people', 'mean headcount and leavers by business unit', 'retention.attrition_rolling_12m_by_bu'],
    ['people', 'Rolling 12 month attrition by business unit', 'retention.attrition_rolling_12m_by_bu'],
  ])('%s: "%s" is certified from %s', (fixture, question, block) => {
    expect(route(fixture, question)).toMatchObject({ kind: 'answer', block });
  });

  it.each<[string, string, string]>([
    ['people', 'headcount and attrition by BU', 'retention.attrition_rolling_12m_by_bu'],
    ['people', 'leavers and headcount per business unit', 'retention.attrition_rolling_12m_by_bu'],
  ])('%s: "%s" is not certified from %s', (fixture, question, block) => {
    const d = route(fixture, question);
    expect(d?.kind === 'answer' ? d.block : undefined).not.toBe(block);
  });
});

const block = (outputs: string[], columns: CompiledBlock['columns'] = {}): CompiledBlock => ({ outputs, columns }) as unknown as CompiledBlock;
const measure = (term: string, start = 0) => ({ term, text: term, start, end: start + term.length, run: 0 });
const shape = (...terms: string[]) => ({ groupings: [], measures: terms.map((t, i) => measure(t, i * 20)) });

describe('summaryOnly', () => {
  it.each<[string, CompiledBlock, string[], string, boolean]>([
    ['an average column, the figure asked plainly', block(['bu_code', 'avg_headcount']), ['headcount'], 'headcount', true],
    ['the average asked', block(['bu_code', 'avg_headcount']), ['averag', 'headcount'], 'headcount', false],
    ['a mean column, "mean" asked (the same term as average)', block(['mean_wait_days']), ['averag', 'wait'], 'wait', false],
    ['a median column, an average asked', block(['median_days']), ['averag', 'day'], 'day', true],
    ['a median column, the median asked', block(['median_days']), ['median', 'day'], 'day', false],
    ['a plain column beside the average', block(['headcount', 'avg_headcount']), ['headcount'], 'headcount', false],
    ['a plain name declared for the average column', block(['avg_dau'], { avg_dau: { synonyms: ['DAU'] } }), ['dau'], 'dau', false],
    ['a declared name that is an average too', block(['avg_hc'], { avg_hc: { synonyms: ['average headcount'] } }), ['headcount'], 'headcount', true],
    ['no column holds the word', block(['leavers']), ['headcount'], 'headcount', false],
  ])('%s', (_, b, terms, term, expected) => {
    const s = shape(...terms);
    const m = s.measures.find((x) => x.term === term) ?? measure(term);
    expect(summaryOnly(b, s as never, m)).toBe(expected);
  });
});
