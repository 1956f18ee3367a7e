/**
 * Families of the thirteenth probe set, on projects the router had never seen. Where the owners'
 * financial year does not start in January, a bare "Q3", "H1" or "YTD" may be of either year:
 * people asking of one project were seen to mean the calendar's, of others the financial year's.
 * It binds a parameter taking financial years, never a block's dates, which a wrong guess would
 * certify for another quarter. A calendar unit alone ("how about the year before?") asks no
 * measure, and an owner's example's period ("Attendance by month this year") declares no word
 * the block gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalRules } from '../../src/ask/fiscal-periods.js';
import { findPeriod } from '../../src/ask/periods.js';
import { cleanupProjects } from '../helpers/project.js';
import { NOW as COMMERCE_NOW, useCommerceRouter } from './commerce-manifest.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-26T09:00:00Z';
const APRIL = { startMonth: 4, endYearNamed: true, current: true };
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['hospital', 'council']) routers.set(name, await fixtureRouter(name));
}, 120_000);
afterAll(cleanupProjects);

const route = (project: string, q: string) => (routers.get(project) as FixtureRouter).router.route(q, { now: NOW });

describe('a bare part of a year, where the financial year starts in April', () => {
  it.each<[string, boolean]>([
    ['handover times in H1', true],
    ['handover times in Q3', true],
    ['handover times YTD', true],
    ['handover times in Q3 2026', false],
    ['handover times in H1 FY27', false],
    ['handover times this financial year', false],
    ['handover times financial year to date', false],
  ])('%s: of either year %s', (q, either) => {
    expect(findPeriod(q, NOW, [], fiscalRules(APRIL))?.bareFiscal === true).toBe(either);
  });

  it.each<[string, string, string | undefined]>([
    // Dates: which half is meant, the question does not say.
    ['hospital', 'handover times by hospital in H1', undefined],
    ['hospital', 'handover times by hospital in H1 FY27', 'urgent_care.ambulance_handovers_by_site'],
    ['hospital', 'handover times by hospital in H1 2026', 'urgent_care.ambulance_handovers_by_site'],
    // A parameter taking financial years: the current one.
    ['council', 'CTax collection YTD', 'revenues.council_tax_collection_ytd'],
  ])('%s: %s', (project, q, block) => {
    const d = route(project, q);
    expect(d.kind === 'answer' ? d.block : undefined).toBe(block);
  });
});

describe('a calendar unit alone asks no measure', () => {
  const commerce = useCommerceRouter();

  it.each(['How about the year before?', 'and the month after?', 'what about last week?'])('%s', (q) => {
    expect(commerce.router.route(q, { now: COMMERCE_NOW }).kind).not.toBe('answer');
  });

  it('still answers a measure asked with its period', () => {
    expect(commerce.router.route('revenue by week', { now: COMMERCE_NOW }).kind).toBe('answer');
  });
});

describe('"last July" where July has come round this year', () => {
  it.each<[string, Record<string, unknown>]>([
    ['since last July', { undeclared: 'days' }],
    ['footfall per month since last September', { undeclared: 'days' }],
    // Not yet come round this year: only the year before's.
    ['since last December', { start: '2025-12-01' }],
    ['since July', { start: '2026-07-01' }],
    ['since last month', { start: '2026-10-01' }],
    ['since last July 2025', { start: '2025-07-01' }],
  ])('%s', (q, expected) => {
    expect(findPeriod(q, NOW, [])).toMatchObject(expected);
  });
});
