/**
 * A cold compile starts its worker thread only with room on the cores: two or more cores, and a
 * 1-minute load average below their number (SVC_WORKERS=1 still forces the worker; the
 * manifest is the same either way, test/cli/compile-parallel.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { coreToSpare } from '../../src/compiler/cache/compile-parallel.js';

const CASES: Array<[cores: number, load: number, spare: boolean, why: string]> = [
  [2, 0, true, 'two idle cores (or no load average reported)'],
  [2, 0.6, true, 'two cores, the other mostly free'],
  [2, 1.44, true, 'two cores just after a build ended (the average lags)'],
  [2, 2, false, 'two cores, both kept busy by other work'],
  [2, 9.5, false, 'two cores under a load of 9.5'],
  [1, 0, false, 'one core'],
  [4, 2.5, true, 'four cores, one and a half free'],
  [4, 3, true, 'four cores, one free'],
  [4, 4.2, false, 'four cores, all busy'],
  [16, 12, true, 'sixteen cores, four free'],
];

describe('coreToSpare', () => {
  it.each(CASES)('%i cores at load %d: worker %s (%s)', (cores, load, spare) => {
    expect(coreToSpare(cores, load)).toBe(spare);
  });
});
