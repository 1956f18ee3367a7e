/**
 * Rows kept from a certified result by values a question named ("revenue at AMS01"): kept as the
 * block gave them, and where an asked value has no row (a value the block's own window leaves
 * out, "at BWF24" of a block covering the last 12 months) the block gave nothing for it, so no
 * empty answer is certified for it. A keep's values are alternatives (one value's spellings).
 */
import { describe, expect, it } from 'vitest';
import { absentKept, missingKeep, rowsKept } from '../../../src/runtime/agent-runs/tier1-answer.js';

const ROWS = [
  { event_code: 'BWF26', incidents: 12 },
  { event_code: 'BWF25', incidents: 9 },
  { event_code: 'CLUB-1', incidents: 1 },
];

describe('rows kept by asked values', () => {
  it.each<[string, Array<{ column: string; values: string[] }> | undefined, string | undefined, number]>([
    ['no values asked', undefined, undefined, 3],
    ['one value the result holds', [{ column: 'event_code', values: ['BWF26'] }], undefined, 1],
    ['two values, in another case', [{ column: 'event_code', values: ['bwf26', 'BWF25'] }], undefined, 2],
    ['a value the result does not hold', [{ column: 'event_code', values: ['BWF24'] }], 'event_code BWF24', 0],
    // A keep's values are alternatives: one of them held is the asked rows.
    ['one held and one not', [{ column: 'event_code', values: ['BWF26', 'BWF24'] }], undefined, 1],
    [
      'two fields, the second held by none',
      [
        { column: 'event_code', values: ['BWF26'] },
        { column: 'incidents', values: ['7'] },
      ],
      'incidents 7',
      0,
    ],
  ])('%s', (_, keep, absent, kept) => {
    expect(absentKept(ROWS, keep)).toBe(absent);
    expect(rowsKept(ROWS, keep)).toHaveLength(kept);
  });

  it('a kept field the result has no column for', () => {
    expect(missingKeep(['event_code', 'incidents'], [{ column: 'region', values: ['North'] }])).toBe('region');
    expect(missingKeep(['event_code'], [{ column: 'event_code', values: ['BWF26'] }])).toBeUndefined();
  });
});
