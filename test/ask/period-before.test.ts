// A period said relative to the thread's ("and the month before?") is read as the dates of the
// calendar unit before the one the last answer covered.
import { describe, expect, it } from 'vitest';
import { periodBefore } from '../../src/ask/period-before.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

describe('periodBefore', () => {
  const commerce = useCommerceRouter();
  const monthly = (): CompiledBlock => commerce.manifest.blocks['finance.monthly_revenue'] as CompiledBlock;

  it.each<[string, Record<string, string>, string]>([
    ['and the month before?', { since: '2025-10-01', until: '2025-11-01' }, 'and between 2025-09-01 and 2025-09-30?'],
    ['the month before that', { since: '2025-03-01', until: '2025-04-01' }, 'between 2025-02-01 and 2025-02-28'],
    ['and the month before?', { since: '2025-01-01', until: '2025-02-01' }, 'and between 2024-12-01 and 2024-12-31?'],
    ['the week before', { since: '2025-11-10', until: '2025-11-17' }, 'between 2025-11-03 and 2025-11-09'],
    ['the day before', { since: '2025-03-01', until: '2025-03-02' }, 'between 2025-02-28 and 2025-02-28'],
    ['what about the preceding quarter?', { since: '2025-07-01', until: '2025-10-01' }, 'what about between 2025-04-01 and 2025-06-30?'],
    ['and the year before', { since: '2025-01-01', until: '2026-01-01' }, 'and between 2024-01-01 and 2024-12-31'],
    ['and the month before?', {}, 'and the month before?'],
    ['before that, what about March?', { since: '2025-10-01' }, 'before that, what about March?'],
  ])('%s after %j', (q, params, out) => {
    expect(periodBefore(q, monthly(), params)).toBe(out);
  });

  it('holds a follow-up to the thread’s block for the period before', () => {
    const previous = { block: 'finance.monthly_revenue', params: { since: '2025-10-01', until: '2025-11-01' }, question: 'monthly revenue in October 2025' };
    expect(commerce.router.followUp('and the month before?', previous, { now: NOW })).toMatchObject({
      kind: 'answer',
      block: 'finance.monthly_revenue',
      params: { since: '2025-09-01', until: '2025-10-01' },
    });
  });
});

describe('periodBefore: a block taking a year, not dates', () => {
  const yearly = (param: CompiledBlock['params'][number]): CompiledBlock =>
    ({ id: 'x.y', name: 'y', query: 'SELECT 1', params: [param], paramsUsed: [param.name], tests: [] }) as unknown as CompiledBlock;
  it.each<[CompiledBlock['params'][number], Record<string, string | number>, string]>([
    [{ name: 'academic_year', type: 'string', required: false, default: '2025/26' }, {}, 'and in 2024/25'],
    [{ name: 'academic_year', type: 'string', required: false, default: '2025/26' }, { academic_year: '2023/24' }, 'and in 2022/23'],
    [{ name: 'season', type: 'string', required: false, default: '2024-2025' }, {}, 'and in 2023-2024'],
    [{ name: 'survey_year', type: 'number', required: false, default: 2026 }, { survey_year: 2024 }, 'and in 2023'],
    // An open range's first year has no year before it to give.
    [{ name: 'from_cohort', type: 'number', required: false, default: 2015 }, {}, 'and the year before'],
  ])('%j after %j', (param, params, out) => {
    expect(periodBefore('and the year before', yearly(param), params)).toBe(out);
  });
});
