/**
 * The organisation's financial year as its owners declare it (src/ask/financial-year.ts), and the
 * periods a question names in it (src/ask/fiscal-periods.ts): labels, split years, halves and
 * quarters, this and last year, to date; and none at all where the owners declare no year.
 */
import { describe, expect, it } from 'vitest';
import { type FinancialYear, financialYearOf, periodsAreMonths } from '../../src/ask/financial-year.js';
import { fiscalRules } from '../../src/ask/fiscal-periods.js';
import { findPeriod } from '../../src/ask/periods.js';
import type { Manifest } from '../../src/compiler/types.js';

const NOW = '2026-11-27T09:00:00Z';

/** A manifest whose one block (of `status`) says `description`. */
function manifest(description: string, status = 'certified'): Manifest {
  const block = { id: 'a.b', status, description, columns: {}, params: [] };
  return { blocks: { 'a.b': block }, terms: {}, views: {} } as unknown as Manifest;
}

describe('financialYearOf: what the owners declare', () => {
  it.each<[string, FinancialYear | undefined]>([
    ['Spend per directorate for one financial year (financial_year, April to March, spelled 2026/27).', { startMonth: 4, endYearNamed: true, current: true }],
    ['Finance reports on the calendar year (FY26 = January to December 2026).', { startMonth: 1, endYearNamed: false, current: true }],
    ['Billed amount per fuel for fiscal 2024 (April 2024 to March 2025).', { startMonth: 4, endYearNamed: false, current: true }],
    ['Revenue for FY2026 (July 2025 to June 2026).', { startMonth: 7, endYearNamed: true, current: true }],
    ['Our fiscal year begins in October.', { startMonth: 10, endYearNamed: true, current: true }],
    ['The financial year starts on 1 April.', { startMonth: 4, endYearNamed: true, current: true }],
    // A year named by both its calendar years says when it starts; a list of labels may stand between the words and the months.
    ['Evictions in one financial year (FY26/27 = April 2026 to March 2027).', { startMonth: 4, endYearNamed: true, current: true }],
    ['Complaints per stage (2026/27: April 2026 to March 2027).', { startMonth: 4, endYearNamed: true, current: true }],
    ['Evictions in one financial year (financial_year: FY24/25, FY25/26 or FY26/27; April to March).', { startMonth: 4, endYearNamed: true, current: true }],
    ['Headcount in 2026/27 = April 2025 to March 2026.', undefined],
    // No declaration: a month range that is no year, a year with no months, nothing at all.
    ['Orders from April to June, by region.', undefined],
    ['ARR per plan at the close of fiscal 2024.', undefined],
    ['Revenue per clinic.', undefined],
    // Months that do not make a year are no declaration.
    ['The financial year runs April to June.', undefined],
    // Days after their months, as written month first, and a labelled year in days written in numbers.
    ['Our fiscal year runs October 1 to September 30.', { startMonth: 10, endYearNamed: true, current: true }],
    ['Fiscal years run October 1 to September 30 and are named for the year they end in.', { startMonth: 10, endYearNamed: true, current: true }],
    ['Revenue per fiscal quarter (FY27 = 10/01/2026 to 09/30/2027).', { startMonth: 10, endYearNamed: true, current: true }],
    ['Claims per financial year (FY27 = 01/07/2026 to 30/06/2027).', { startMonth: 7, endYearNamed: true, current: true }],
    ['Sales for FY2026 = 01/02/2026 - 31/01/2027.', { startMonth: 2, endYearNamed: false, current: true }],
    // A leap day's year, and days that make no year either way.
    ['Bookings in FY28 (03/01/2027 to 02/29/2028).', { startMonth: 3, endYearNamed: true, current: true }],
    ['Bookings in FY27 = 01/03/2026 to 01/04/2027.', undefined],
    // "named for the year it ends in" says which year a label is.
    ['Our fiscal year begins in July and is named for the year it ends in.', { startMonth: 7, endYearNamed: true, current: true }],
  ])('%s', (text, year) => expect(financialYearOf(manifest(text))).toEqual(year));

  it("a deprecated block's history still says when the year starts, but not that figures are spoken of in it", () => {
    expect(financialYearOf(manifest('Billed amount for fiscal 2024 (April 2024 to March 2025).', 'deprecated'))).toEqual({
      startMonth: 4,
      endYearNamed: false,
      current: false,
    });
  });

  it('owners who disagree declare no year', () => {
    const m = manifest('The financial year runs April to March.');
    (m.blocks as Record<string, unknown>)['a.c'] = { id: 'a.c', status: 'certified', description: 'Our fiscal year begins in July.', columns: {}, params: [] };
    expect(financialYearOf(m)).toBeUndefined();
  });
});

const APRIL: FinancialYear = { startMonth: 4, endYearNamed: true, current: true };
const APRIL_HISTORY: FinancialYear = { ...APRIL, current: false };
const CALENDAR: FinancialYear = { startMonth: 1, endYearNamed: false, current: true };
const period = (q: string, year: FinancialYear | undefined) => {
  const p = findPeriod(q, NOW, [], fiscalRules(year));
  return p === undefined ? undefined : { start: p.start, end: p.end, ...(p.undeclared !== undefined ? { undeclared: p.undeclared } : {}) };
};

describe('fiscal periods in a year starting in April (FY26 = April 2025 to March 2026)', () => {
  it.each([
    ['readmissions for FY26', '2025-04-01', '2026-04-01'],
    ['readmissions for FY 2026', '2025-04-01', '2026-04-01'],
    ['readmissions in financial year 2027', '2026-04-01', '2027-04-01'],
    ['agency spend in 2025/26', '2025-04-01', '2026-04-01'],
    ['agency spend in FY25/26', '2025-04-01', '2026-04-01'],
    ['agency spend in H1 FY27', '2026-04-01', '2026-10-01'],
    ['agency spend in FY27 Q3', '2026-10-01', '2027-01-01'],
    ['agency spend this financial year', '2026-04-01', '2027-04-01'],
    ['agency spend last financial year', '2025-04-01', '2026-04-01'],
    ['agency spend last FY', '2025-04-01', '2026-04-01'],
    ['agency spend financial year to date', '2026-04-01', undefined],
    // A half or quarter of the year said relative to now.
    ['agency spend Q2 this FY', '2026-07-01', '2026-10-01'],
    ['agency spend in H1 of last financial year', '2025-04-01', '2025-10-01'],
    ["agency spend this FY's Q3", '2026-10-01', '2027-01-01'],
    ['agency spend last FY Q4', '2026-01-01', '2026-04-01'],
    // The organisation speaks in its year: bare halves, quarters and YTD are of it.
    ['handover times in H1', '2026-04-01', '2026-10-01'],
    ['handover times in Q2', '2026-07-01', '2026-10-01'],
    ['handover times in Q4', '2026-01-01', '2026-04-01'],
    ['handover times YTD', '2026-04-01', undefined],
    // A calendar year said beside a quarter stays the calendar's.
    ['handover times in Q3 2026', '2026-07-01', '2026-10-01'],
    ['handover times in 2025', '2025-01-01', '2026-01-01'],
  ])('%s -> %s .. %s', (q, start, end) => expect(period(q, APRIL)).toEqual({ start, end }));

  it.each([
    // A point phrase before a financial-year period is its last day, as "at the end of 2025" is.
    ['headcount at the end of FY26', '2026-03-31', '2026-04-01'],
    ['attrition to the end of H1 FY27', '2026-09-30', '2026-10-01'],
    ['headcount as at last financial year', '2026-03-31', '2026-04-01'],
  ])('%s is the point %s', (q, start, end) => {
    const p = findPeriod(q, NOW, [], fiscalRules(APRIL));
    expect({ start: p?.start, end: p?.end, point: p?.point }).toEqual({ start, end, point: true });
  });

  it('"up to the end of" a period is still the period, no point', () => {
    expect(findPeriod('spend up to the end of FY26', NOW, [], fiscalRules(APRIL))?.point).toBeUndefined();
  });

  it('an academic year is no financial year', () => {
    const p = findPeriod('headcount for AY 2025/26', NOW, [], fiscalRules(APRIL));
    expect(p?.splitYear).toBe(2025);
    expect(p?.start).toBeUndefined();
  });

  it('where the year is declared only in history, a bare half is the calendar one; labels still follow the year', () => {
    expect(period('handover times in H1', APRIL_HISTORY)).toEqual({ start: '2026-01-01', end: '2026-07-01' });
    expect(period('handover times for FY26', APRIL_HISTORY)).toEqual({ start: '2025-04-01', end: '2026-04-01' });
  });
});

describe('a calendar financial year, and none declared', () => {
  it.each([
    ['subsidies for FY26', '2026-01-01', '2027-01-01'],
    ['subsidies for fiscal 2025', '2025-01-01', '2026-01-01'],
    ['subsidies in H1', '2026-01-01', '2026-07-01'],
  ])('calendar: %s', (q, start, end) => expect(period(q, CALENDAR)).toEqual({ start, end }));

  it.each(['subsidies for FY26', 'subsidies this financial year', 'subsidies in FY2025/26', 'subsidies fiscal year to date', 'subsidies Q2 this FY'])(
    'undeclared: %s binds no days',
    (q) => expect(period(q, undefined)).toEqual({ start: undefined, end: undefined, undeclared: 'financial year' }),
  );

  it('undeclared: a bare half stays the calendar one', () => expect(period('subsidies in H1', undefined)).toEqual({ start: '2026-01-01', end: '2026-07-01' }));
});

describe('reporting periods the owners declare as calendar months', () => {
  it.each<[string, boolean]>([
    ['Cost of sales per region for closed P&L periods (calendar months) between start_date and end_date.', true],
    ['Net sales per reporting period (calendar month, spelled 2026-07).', true],
    ['Periods are calendar months; only closed periods are in the P&L.', true],
    ['Net sales for the period between start_date and end_date.', false],
    ['Sales per 4-4-5 period.', false],
  ])('%s -> %s', (text, months) => expect(periodsAreMonths(manifest(text))).toBe(months));

  const periods = (q: string, year: FinancialYear | undefined, months: boolean) => {
    const p = findPeriod(q, NOW, [], fiscalRules(year, months));
    return p === undefined ? undefined : { start: p.start, end: p.end, ...(p.undeclared !== undefined ? { undeclared: p.undeclared } : {}) };
  };
  it.each([
    ['food cost % last period', CALENDAR, '2026-10-01', '2026-11-01'],
    ['labour % for P8', CALENDAR, '2026-08-01', '2026-09-01'],
    ['labour % in period 10', CALENDAR, '2026-10-01', '2026-11-01'],
    // Not begun yet this year: last year's.
    ['labour % in P12', CALENDAR, '2025-12-01', '2026-01-01'],
    // Counted from the financial year's first month: P1 is April.
    ['labour % for P1', APRIL, '2026-04-01', '2026-05-01'],
    ['labour % for P10', APRIL, '2026-01-01', '2026-02-01'],
  ])('months: %s', (q, year, start, end) => expect(periods(q, year, true)).toEqual({ start, end }));

  it.each(['food cost % last period', 'labour % in period 10', 'sales this reporting period'])('undeclared: %s binds no days', (q) =>
    expect(periods(q, CALENDAR, false)).toEqual({ start: undefined, end: undefined, undeclared: 'period' }),
  );
  it('undeclared: a bare P1 may be a priority, and stays no period', () => expect(periods('P1 incidents by region', CALENDAR, false)).toBeUndefined());
});

describe('a financial year by its label, as a label parameter takes it', () => {
  const OCTOBER: FinancialYear = { startMonth: 10, endYearNamed: true, current: true };
  it.each([
    ['impairment by quarter in FY26', OCTOBER, 2026],
    ['impairment by quarter last financial year', OCTOBER, 2026],
    ['impairment by quarter this FY', OCTOBER, 2027],
    ['spend in 2025/26', APRIL, 2026],
    ['subsidies for FY26', CALENDAR, 2026],
  ])('%s -> %s', (q, year, label) => expect(findPeriod(q, NOW, [], fiscalRules(year))?.fiscalLabel).toBe(label));
  it.each(['impairment by quarter in H1 FY26', 'impairment by quarter in 2025', 'impairment in FY26 and FY25'])('%s names no one financial year', (q) =>
    expect(findPeriod(q, NOW, [], fiscalRules(OCTOBER))?.fiscalLabel).toBeUndefined(),
  );
});
