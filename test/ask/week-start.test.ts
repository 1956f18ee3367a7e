/**
 * The organisation's own weeks (src/ask/week-start.ts): the day its owners say a week starts on,
 * and "last week", "this week", "the week before last" and "week to date" read in those weeks,
 * from the declaration to the bound parameters of a certified answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPeriod, unitsSpanned } from '../../src/ask/periods.js';
import { weekRules, weekStartOf } from '../../src/ask/week-start.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

/** Friday 27 November 2026. */
const NOW = '2026-11-27T09:00:00Z';

/** A manifest whose blocks say `descriptions`, one each. */
function manifest(...descriptions: string[]): Manifest {
  const blocks = Object.fromEntries(
    descriptions.map((description, i) => [`a.b${i}`, { id: `a.b${i}`, status: 'certified', description, columns: {}, params: [] }]),
  );
  return { blocks, terms: {}, views: {} } as unknown as Manifest;
}

describe('weekStartOf: the day the owners say a week starts on', () => {
  it.each<[string, number | undefined]>([
    ["Pageviews per reporting week (Northgate's reporting weeks run Sunday to Saturday).", 0],
    ['Copies sold per Sunday-to-Saturday week.', 0],
    ['Sales per trading week; weeks start on Saturday.', 6],
    ['One row per week (week_start is the Sunday).', 0],
    ['Takings for the weeks ending Friday.', 6],
    ['Orders per ISO week.', 1],
    ['Weeks run Monday to Sunday.', 1],
    // Days of the week listed are no week: nothing says when one starts.
    ['Copies sold per day of the week (Sunday to Saturday).', undefined],
    // Two days that do not make a whole week declare nothing.
    ['Shifts run Sunday to Thursday.', undefined],
    ['Weeks run Sunday to Thursday.', undefined],
    ['Revenue per week.', undefined],
  ])('%s', (text, start) => expect(weekStartOf(manifest(text))).toBe(start));

  it('owners who declare two different starts declare no week', () => {
    expect(weekStartOf(manifest('Weeks run Sunday to Saturday.', 'Orders per ISO week.'))).toBe('disagree');
  });
});

describe('week phrases in the declared week', () => {
  const read = (q: string, start: number | 'disagree' | undefined) => {
    const p = findPeriod(q, NOW, [], weekRules(start));
    return p === undefined ? undefined : { start: p.start, end: p.end, undeclared: p.undeclared };
  };

  it.each<[string, number | 'disagree' | undefined, { start?: string; end?: string; undeclared?: string }]>([
    // Sunday weeks: Friday 27 November is in the week of Sunday 22 November.
    ['articles by desk last week', 0, { start: '2026-11-15', end: '2026-11-22' }],
    ['pageviews the previous week', 0, { start: '2026-11-15', end: '2026-11-22' }],
    ['subs this week', 0, { start: '2026-11-22', end: '2026-11-29' }],
    ['the week before last', 0, { start: '2026-11-08', end: '2026-11-15' }],
    ['week to date', 0, { start: '2026-11-22' }],
    ['WTD', 0, { start: '2026-11-22' }],
    // Saturday weeks.
    ['takings last week', 6, { start: '2026-11-14', end: '2026-11-21' }],
    // Monday weeks, declared or not, are the calendar's.
    ['orders last week', 1, { start: '2026-11-16', end: '2026-11-23' }],
    ['orders last week', undefined, { start: '2026-11-16', end: '2026-11-23' }],
    // Owners who disagree: no days.
    ['orders last week', 'disagree', { undeclared: 'week' }],
    // "the last week of 2025" is a week of that year, not the week before today.
    ['orders in the last week of 2025', 0, { start: '2025-01-01', end: '2026-01-01' }],
  ])('%s (weeks from day %s)', (q, start, expected) =>
    expect(read(q, start)).toEqual({ start: undefined, end: undefined, undeclared: undefined, ...expected }),
  );

  it('a Sunday week is one row of a Sunday-week series, and two of a Monday-week one', () => {
    expect(unitsSpanned('2026-11-15', '2026-11-22', 'week', 0)).toBe(1);
    expect(unitsSpanned('2026-11-15', '2026-11-22', 'week')).toBe(2);
  });
});

describe('a project whose weeks run Sunday to Saturday', () => {
  let fx: FixtureRouter;
  beforeAll(async () => {
    fx = await fixtureRouter('publisher');
  }, 120_000);
  afterAll(() => cleanupProjects());

  it.each<[string, string, Record<string, unknown>]>([
    ['How many articles did each desk publish last week?', 'editorial.articles_by_desk', { start_date: '2026-11-15', end_date: '2026-11-21' }],
    ['What were the 5 most-read articles last week?', 'audience.top_articles_by_pageviews', { top_n: 5, start_date: '2026-11-15', end_date: '2026-11-21' }],
    ['new subs and cancellations last week', 'subscriptions.subscription_starts_weekly', { since: '2026-11-15', until: '2026-11-22' }],
  ])('%s', (question, block, params) => {
    const d = fx.router.route(question, { now: NOW });
    expect(d).toMatchObject({ kind: 'answer', block });
    expect(d.kind === 'answer' ? d.params : undefined).toEqual(params);
  });
});
