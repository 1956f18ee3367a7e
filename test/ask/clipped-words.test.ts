/**
 * Clipped words (shorthand.ts): a clipped word is read as the one long word of its list the project
 * uses; question words whatever the project holds; nothing where two long words are the
 * project's, or none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandShorthand } from '../../src/ask/shorthand.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const routers = new Map<string, FixtureRouter>();
beforeAll(async () => {
  for (const name of ['hotels', 'delivery']) routers.set(name, await fixtureRouter(name));
}, 180_000);
afterAll(cleanupProjects);

const project =
  (...known: string[]) =>
  (word: string) =>
    known.includes(word);

describe('expandShorthand', () => {
  it.each<[string, string[], string | undefined]>([
    ['mnth', ['month'], 'month'],
    ['mnth', [], undefined],
    ['hw', [], 'how'],
    ['occ', ['occupancy'], 'occupancy'],
    ['subs', ['substitutions'], 'substitutions'],
    ['subs', ['subscriptions'], 'subscriptions'],
    ['subs', ['substitutions', 'subscriptions'], undefined],
    ['main', ['maintenance'], undefined],
    ['maint', ['maintenance'], 'maintenance'],
  ])('%s in a project of %j', (written, known, expected) => {
    expect(expandShorthand(written, project(...known))).toBe(expected);
  });
});

describe('shorthand in questions', () => {
  it.each<[string, string, string, string, Record<string, unknown>]>([
    ['hotels', '2026-05-13T09:00:00Z', 'occ by hotel last month', 'revenue.adr_revpar_by_hotel', { start_date: '2026-04-01', end_date: '2026-04-30' }],
    ['hotels', '2026-05-13T09:00:00Z', 'room rev by mnth in 2025', 'revenue.monthly_room_revenue', { since: '2025-01-01', until: '2026-01-01' }],
    [
      'delivery',
      '2026-11-27T09:00:00Z',
      'hw many weekly active customers in Bristol since w/c 5 Oct 2026',
      'customers.weekly_active_customers',
      { city_code: 'BRS', since: '2026-10-05' },
    ],
  ])('%s: %s', (project, now, question, block, params) => {
    expect((routers.get(project) as FixtureRouter).router.route(question, { now })).toMatchObject({ kind: 'answer', block, params });
  });
});
