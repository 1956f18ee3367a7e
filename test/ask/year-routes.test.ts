/**
 * Routing on a project whose blocks take years, not dates (fixtures/university): an intake, a
 * survey year and an academic year bind from the question in the owner's spelling, a split year
 * never binds a date range, a month-compared end date keeps its last month, two measures
 * joined by "and" are two measures, and a default picking one value of several is no answer to a
 * question naming none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
let router: Tier1Router;

beforeAll(async () => {
  router = (await fixtureRouter('university')).router;
}, 120_000);
afterAll(() => cleanupProjects());

describe('years bind year parameters', () => {
  it.each([
    ['How full were our halls of residence at the 2025/26 census?', 'finance.hall_occupancy_by_hall', { academic_year: '2025/26' }],
    ['headcount and FTE by faculty for AY 2023/24', 'students.headcount_fte_by_faculty', { academic_year: '2023/24' }],
    ['Which 5 modules had the worst pass rates in 2024/25?', 'teaching.lowest_pass_rate_modules', { top_n: 5, academic_year: '2024/25' }],
    [
      'Which Business and Law programmes converted the most offers into enrolments for the 2025 intake?',
      'admissions.offer_yield_by_programme',
      { faculty_code: 'BUS', entry_year: 2025 },
    ],
    [
      'UG applications, offers and acceptances by faculty for September 2027 entry',
      'admissions.admissions_funnel_by_faculty',
      { entry_year: 2027, level: 'UG' },
    ],
    ['non-continuation by cohort since the 2019 intake', 'students.first_year_retention_by_cohort', { from_cohort: 2019 }],
    ['Leverhulme income by faculty for the first half of 2026', 'research.research_income_by_faculty', { end_date: '2026-06-30' }],
    // The owner's word after the year says what the year is of; a label may hold a comma.
    [
      'offer yield by programme in Arts, Humanities and Social Sciences for the 2024 intake',
      'admissions.offer_yield_by_programme',
      { faculty_code: 'AHS', entry_year: 2024 },
    ],
    ['NSS scores by faculty for the 2024 survey', 'teaching.nss_scores_by_faculty', { survey_year: 2024 }],
    // "by cohort" is the series' own rows, as its declared grain names them.
    ['completion rate by cohort', 'students.six_year_graduation_by_cohort', {}],
  ])('%s', (q, block, params) => {
    expect(router.route(q, { now: NOW })).toMatchObject({ kind: 'answer', block, params });
  });

  it.each([
    // A calendar year does not say which academic year; a split year has no dates.
    'student headcount by faculty in 2025',
    'tuition fee income by month in 2025/26',
    // Beyond the policy's years, and two measures where the block has one of them.
    'applications and offers by programme for UG 2026 entry',
    // Any word after a year is not the year's noun: only the owner's.
    'offer yield by programme for the 2026 Ferrari',
    // A money column named "weekly" is no weekly breakdown.
    'Hall occupancy by week',
    // A default that picks one faculty (or level) of several answers for a value no one asked.
    'yield for the 2025 intake',
    'Offer yield by programme',
    'applications, offers and acceptances by faculty for September 2027 entry',
  ])('no certified answer: %s', (q) => {
    expect(router.route(q, { now: NOW }).kind).not.toBe('answer');
  });

  it('"and the year before" is the academic year before the thread\'s', () => {
    const first = router.route('student staff ratio by faculty', { now: NOW });
    expect(first).toMatchObject({ kind: 'answer', block: 'teaching.student_staff_ratio_by_faculty' });
    const previous = { block: 'teaching.student_staff_ratio_by_faculty', params: {}, question: 'student staff ratio by faculty' };
    expect(router.followUp('and the year before', previous, { now: NOW })).toMatchObject({ kind: 'answer', params: { academic_year: '2024/25' } });
  });
});
