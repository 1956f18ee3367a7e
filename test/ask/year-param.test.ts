/**
 * Parameters taking a year, not a date (src/ask/year-param.ts), and years written across two
 * calendar years (src/ask/periods.ts): what binds, in the owner's spelling, and what cannot.
 */
import { describe, expect, it } from 'vitest';
import type { FinancialYear } from '../../src/ask/financial-year.js';
import { fiscalRules } from '../../src/ask/fiscal-periods.js';
import { findPeriod } from '../../src/ask/periods.js';
import { bindYear, yearParamOf } from '../../src/ask/year-param.js';
import type { CompiledBlock, CompiledParam } from '../../src/compiler/types.js';

const NOW = '2026-11-27T09:00:00Z';

function block(params: CompiledParam[], policy: CompiledBlock['parameterPolicy'] = {}): CompiledBlock {
  return { id: 'x.y', query: 'SELECT 1', params, paramsUsed: params.map((p) => p.name), parameterPolicy: policy } as unknown as CompiledBlock;
}
const p = (name: string, type: CompiledParam['type'], value?: string | number): CompiledParam =>
  ({ name, type, required: false, ...(value !== undefined ? { default: value } : {}) }) as CompiledParam;

describe('findPeriod: a year across two calendar years', () => {
  it.each([
    ['halls at the 2025/26 census', 2025],
    ['headcount for AY 2023/24', 2023],
    ['spend in FY2025/26', 2025],
    ['income in 2024-25', 2024],
    ['the 2024/2025 academic year', 2024],
  ])('%s -> %s', (q, first) => {
    const period = findPeriod(q, NOW);
    expect(period?.splitYear).toBe(first);
    expect(period?.start).toBeUndefined();
    expect(period?.end).toBeUndefined();
  });
  it.each(['revenue on 2025-03-01', 'revenue 2024-2026', 'in 2025'])('%s is no split year', (q) => {
    expect(findPeriod(q, NOW)?.splitYear).toBeUndefined();
  });
});

describe('yearParamOf: what the owner declared', () => {
  it.each([
    [[p('entry_year', 'number', 2026)], 'entry_year', 'year'],
    [[p('academic_year', 'string', '2025/26')], 'academic_year', 'split'],
    [[p('season', 'string', '2024-25')], 'season', 'split'],
    [[p('fiscal_year', 'string', '2025')], 'fiscal_year', 'year'],
    [[p('top_n', 'number', 10), p('survey_year', 'number')], 'survey_year', 'year'],
    [[p('month', 'string', '2026-10')], 'month', 'month'],
    [[p('financial_year', 'string', 'FY27')], 'financial_year', 'label'],
    [[p('financial_year', 'string', 'FY26/27')], 'financial_year', 'split'],
  ] as Array<[CompiledParam[], string, string]>)('%j', (params, name, form) => {
    const y = yearParamOf(block(params));
    expect([y?.param.name, y?.form]).toEqual([name, form]);
  });
  it.each([[[p('min_amount', 'number', 2000)]], [[p('year_count', 'number', 3)]], [[p('since', 'date', '2025-01-01')]]])('%j takes no year', (params) => {
    expect(yearParamOf(block(params as CompiledParam[]))).toBeUndefined();
  });
});

describe('bindYear', () => {
  const cases: Array<[string, CompiledParam, string, unknown]> = [
    ['one calendar year', p('entry_year', 'number', 2026), 'for the 2025 intake', 2025],
    ['a month of one year', p('entry_year', 'number', 2026), 'for September 2027 entry', 2027],
    ['last year', p('survey_year', 'number', 2026), 'NSS scores last year', 2025],
    ['split, in the owner spelling', p('academic_year', 'string', '2025/26'), 'occupancy in AY 2023-24', '2023/24'],
    ['split, long form', p('season', 'string', '2024-2025'), 'attendance in 2023/24', '2023-2024'],
    ['text year', p('fiscal_year', 'string', '2025'), 'spend in 2024', '2024'],
    ['open range from an open period', p('from_cohort', 'number', 2015), 'retention since 2018', 2018],
    ['one whole month', p('month', 'string', '2026-10'), 'vacancies in September 2026', '2026-09'],
    ['last month', p('month', 'string', '2026-10'), 'vacancies last month', '2026-10'],
    ['a month end', p('month', 'string', '2026-10'), 'vacancy rate at the end of September 2026', '2026-09'],
  ];
  it.each(cases)('%s', (_, param, q, value) => {
    const period = findPeriod(q, NOW);
    expect(period).toBeDefined();
    expect(bindYear(block([param]), yearParamOf(block([param]))!, period!)).toEqual({ value });
  });
  const refused: Array<[string, CompiledParam, string, 'period' | 'value']> = [
    ['two calendar years', p('entry_year', 'number', 2026), 'applications in 2024 and 2025', 'period'],
    ['a split year for a calendar year', p('entry_year', 'number', 2026), 'applications for 2025/26', 'period'],
    ['a calendar year for a split year', p('academic_year', 'string', '2025/26'), 'headcount in 2025', 'period'],
    ['a closed period for an open range', p('from_cohort', 'number', 2015), 'retention for 2019', 'period'],
    ['outside the policy', p('entry_year', 'number', 2026), 'applications for 2028 entry', 'value'],
    ['half a year', p('entry_year', 'number', 2026), 'applications for the second half of last year', 'period'],
    ['a quarter', p('survey_year', 'number', 2026), 'NSS scores for Q3 2025', 'period'],
    ['a point in time', p('survey_year', 'number', 2026), 'NSS scores at the end of last year', 'period'],
    ['a split year beside a calendar one', p('academic_year', 'string', '2025/26'), 'aid in 2025/26 in 2019', 'period'],
    ['a year for a month', p('month', 'string', '2026-10'), 'vacancies in 2025', 'period'],
    ['a week for a month', p('month', 'string', '2026-10'), 'vacancies last week', 'period'],
  ];
  it.each(refused)('%s', (_, param, q, kind) => {
    const b = block([param], { entry_year: { min: 2021, max: 2027 } });
    const bound = bindYear(b, yearParamOf(b)!, findPeriod(q, NOW)!);
    expect('kind' in bound ? bound.kind : bound).toBe(kind);
  });
});

describe("a financial year in the owner's own spelling and naming", () => {
  const APRIL: FinancialYear = { startMonth: 4, endYearNamed: true, current: true };
  const described = (param: CompiledParam, description: string): CompiledBlock => ({ ...block([param]), description }) as CompiledBlock;
  const STARTS = 'for one financial year (financial_year: 2024, 2025 or 2026; April to March, named by the year in which it starts).';
  const EXAMPLE = 'for one survey year (financial_year: 2024, 2025 or 2026; 2026 = April 2026 to March 2027).';
  const cases: Array<[string, CompiledBlock, string, unknown]> = [
    // A split year with a label before it, its first year in two digits.
    ['FY25/26 as said', described(p('financial_year', 'string', 'FY26/27'), ''), 'evictions by reason in FY25/26', 'FY25/26'],
    ['2025/26 in the FY spelling', described(p('financial_year', 'string', 'FY26/27'), ''), 'evictions by reason in 2025/26', 'FY25/26'],
    ['last financial year as a split year', described(p('financial_year', 'string', 'FY26/27'), ''), 'evictions last financial year', 'FY25/26'],
    ['a label as a split year', described(p('financial_year', 'string', '2026/27'), ''), 'complaints by stage in FY26', '2025/26'],
    // One year named by the year it starts in, as the owner says.
    ['a split year, start-named', described(p('financial_year', 'string', '2026'), STARTS), 'spend per home in 2024/25', '2024'],
    ['last financial year, start-named', described(p('financial_year', 'string', '2026'), STARTS), 'spend per home last financial year', '2025'],
    ["a label said is the owner's own", described(p('financial_year', 'string', '2026'), STARTS), 'spend per home in financial year 2025', '2025'],
    ['start-named by an example range', described(p('financial_year', 'string', '2026'), EXAMPLE), 'TSMs 25/26', '2025'],
    // Unsaid, the project's label: the year it ends in.
    ['last financial year, the project label', described(p('financial_year', 'string', '2026'), ''), 'spend last financial year', '2026'],
  ];
  it.each(cases)('%s', (_, b, q, value) => {
    const period = findPeriod(q, NOW, [], fiscalRules(APRIL));
    expect(period).toBeDefined();
    expect(bindYear(b, yearParamOf(b)!, period!)).toEqual({ value });
  });
  it('a calendar year is still no financial year of a split parameter', () => {
    const b = described(p('financial_year', 'string', 'FY26/27'), '');
    const bound = bindYear(b, yearParamOf(b)!, findPeriod('evictions in 2025', NOW, [], fiscalRules(APRIL))!);
    expect('kind' in bound ? bound.kind : bound).toBe('period');
  });
});

describe('an edition: one code per year, its letters the same', () => {
  const policy = (values: string[]) => ({ edition: { values } }) as unknown as CompiledBlock['parameterPolicy'];
  const festival = block([p('edition', 'string', 'BWF26')], policy(['BWF24', 'BWF25', 'BWF26']));

  it.each<[string, unknown]>([
    ['ticket sales for the 2025 festival', 'BWF25'],
    ["this year's festival", 'BWF26'],
    ["last year's festival", 'BWF25'],
    ['the festival in 2023', 'value'],
  ])('%s -> %s', (q, expected) => {
    const y = yearParamOf(festival);
    const period = findPeriod(q, NOW);
    if (y === undefined || period === undefined) throw new Error('no year parameter or period');
    const bound = bindYear(festival, y, period);
    expect('value' in bound ? bound.value : bound.kind).toBe(expected);
  });

  it.each<[string, string[], string]>([
    ['a numbered series is no years', ['LON01', 'LON02', 'LON03'], 'LON01'],
    ['letters that differ', ['BWF25', 'XMS25'], 'BWF25'],
    ['years not in a run', ['BWF22', 'BWF25'], 'BWF25'],
    ['one value', ['BWF26'], 'BWF26'],
  ])('%s', (_, values, value) => {
    expect(yearParamOf(block([p('edition', 'string', value)], policy(values)))).toBeUndefined();
  });
});
