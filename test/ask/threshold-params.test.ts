/**
 * A number the question says on a threshold's side binds the block's threshold parameter: only on
 * the side, inclusive or strict, its query compares with, and within the parameter's policy.
 */
import { describe, expect, it } from 'vitest';
import { numbersIn } from '../../src/ask/asked-numbers.js';
import { findPeriod } from '../../src/ask/periods.js';
import { bindThresholds } from '../../src/ask/threshold-params.js';
import type { CompiledBlock } from '../../src/compiler/types.js';

const block = (where: string, params: string[], policy: Record<string, unknown> = {}): CompiledBlock =>
  ({
    id: 'd.b',
    name: 'b',
    dialect: 'sqlite',
    outputs: ['branch', 'members'],
    examples: [],
    columns: {},
    description: '',
    tables: ['t'],
    tests: [],
    params: params.map((name) => ({ name, type: 'number', default: 10 })),
    paramsUsed: params,
    parameterPolicy: policy,
    query: `SELECT branch, COUNT(*) AS members FROM t GROUP BY branch ${where}`,
  }) as unknown as CompiledBlock;

const AT_LEAST = block('HAVING SUM(owed) >= ${min_balance}', ['min_balance'], { min_balance: { min: 1, max: 100 } });
const ABOVE = block('HAVING COUNT(*) > ${floor}', ['floor']);
const AT_MOST = block('HAVING ${cap} >= COUNT(*)', ['cap']);
const TWO = block('HAVING SUM(owed) >= ${a} AND COUNT(*) >= ${b}', ['a', 'b']);

describe('bindThresholds', () => {
  it.each<[string, CompiledBlock, string, Record<string, number>, number]>([
    ['or more', AT_LEAST, 'members owing £20 or more', { min_balance: 20 }, 0],
    ['at least', AT_LEAST, 'members owing at least £30', { min_balance: 30 }, 0],
    ['a plus sign', AT_LEAST, 'members with 25+ owed', { min_balance: 25 }, 0],
    ['strict said of an inclusive threshold', AT_LEAST, 'members owing over £20', {}, 0],
    ['outside the policy', AT_LEAST, 'members owing at least £250', {}, 1],
    ['strict said of a strict threshold', ABOVE, 'branches with more than 50 members', { floor: 50 }, 0],
    ['inclusive said of a strict threshold', ABOVE, 'branches with 50 or more members', {}, 0],
    ['an upper bound, written the other way round', AT_MOST, 'branches with up to 10 members', { cap: 10 }, 0],
    ['an upper bound after the number', AT_MOST, 'branches with 10 or fewer members', { cap: 10 }, 0],
    ['two thresholds on the same side', TWO, 'members owing £20 or more', {}, 0],
    ['a number with no side', AT_LEAST, 'members owing 20 pounds', {}, 0],
  ])('%s', (_, b, q, params, refused) => {
    const got = bindThresholds(b, numbersIn(q));
    expect(got.params).toEqual(params);
    expect(got.refused).toHaveLength(refused);
  });
});

describe('a number said as a bound is no year', () => {
  it.each<[string, boolean]>([
    ['no-show rates for events with 2000+ tickets', false],
    ['events with 2000 or more tickets', false],
    ['no-show rates in 2000', true],
    ['no-show rates 2025', true],
  ])('%s', (q, year) => {
    expect(findPeriod(q, '2026-11-20T09:00:00Z', []) !== undefined).toBe(year);
  });
});
