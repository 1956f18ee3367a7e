/**
 * evaluateTests: every operator the grammar accepts, on every row, under SQL NULL semantics;
 * numbers against numeric strings compare as numbers; row_count against the count.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledTest, JsonValue, TestOp } from '../../../src/compiler/types.js';
import { evaluateTests, holds } from '../../../src/runtime/blocks/evaluate-tests.js';

function test(subject: string, op: TestOp, value?: JsonValue, value2?: JsonValue): CompiledTest {
  return { subject, op, text: `${subject} ${op}`, ...(value !== undefined ? { value } : {}), ...(value2 !== undefined ? { value2 } : {}) };
}

describe('holds: one cell', () => {
  // [cell, op, value, value2, expected]
  const cases: Array<[unknown, TestOp, JsonValue | undefined, JsonValue | undefined, boolean]> = [
    [5, '>', 0, undefined, true],
    [0, '>', 0, undefined, false],
    [-1, '>', 0, undefined, false],
    [5, '<', 10, undefined, true],
    [10, '<', 10, undefined, false],
    [0, '>=', 0, undefined, true],
    [-0.01, '>=', 0, undefined, false],
    [10, '<=', 10, undefined, true],
    [10.5, '<=', 10, undefined, false],
    [3, '==', 3, undefined, true],
    [3, '==', 4, undefined, false],
    ['CA', '==', 'CA', undefined, true],
    [3, '!=', 4, undefined, true],
    [3, '!=', 3, undefined, false],
    ['x', '!=', 3, undefined, true],
    // Numbers against numeric strings compare as numbers, both ways.
    ['12.5', '>', 9, undefined, true],
    [10, '==', '10.0', undefined, true],
    ['10', '>', '9', undefined, true],
    ['abc', '>', 1, undefined, false],
    ['b', '>', 'a', undefined, true],
    [1, '==', true, undefined, true],
    [0, '==', false, undefined, true],
    ['card', 'in', ['card', 'paypal'], undefined, true],
    ['cash', 'in', ['card', 'paypal'], undefined, false],
    [2, 'in', ['1', '2'], undefined, true],
    [2, 'in', [1, null], undefined, false],
    [1, 'in', [1, null], undefined, true],
    ['cash', 'not in', ['card'], undefined, true],
    ['card', 'not in', ['card'], undefined, false],
    ['cash', 'not in', ['card', null], undefined, false],
    [50, 'between', 0, 100, true],
    [0, 'between', 0, 100, true],
    [100, 'between', 0, 100, true],
    [100.01, 'between', 0, 100, false],
    ['50', 'between', 0, 100, true],
    ['b', 'between', 'a', 'c', true],
    [null, 'is null', undefined, undefined, true],
    [0, 'is null', undefined, undefined, false],
    ['', 'is null', undefined, undefined, false],
    [null, 'is not null', undefined, undefined, false],
    [0, 'is not null', undefined, undefined, true],
    // Any comparison with NULL fails, whichever side it is on.
    [null, '>', 0, undefined, false],
    [null, '<', 0, undefined, false],
    [null, '==', 0, undefined, false],
    [null, '!=', 0, undefined, false],
    [null, 'in', [1], undefined, false],
    [null, 'not in', [1], undefined, false],
    [null, 'between', 0, 1, false],
    [undefined, '>=', 0, undefined, false],
    [1, '==', null, undefined, false],
    [1, '!=', null, undefined, false],
    [new Uint8Array([1]), '>', 0, undefined, false],
    [{ a: 1 }, '==', 1, undefined, false],
  ];
  it.each(cases)('%j %s %j %j -> %s', (cell, op, value, value2, expected) => {
    expect(holds(cell, test('c', op, value, value2))).toBe(expected);
  });
});

describe('evaluateTests: a result', () => {
  const run = {
    ok: true,
    columns: ['state', 'revenue', 'note'],
    rows: [
      { state: 'CA', revenue: 100, note: null },
      { state: 'TX', revenue: '0', note: 'x' },
      { state: 'NY', revenue: -5, note: null },
    ],
    rowCount: 3,
  };

  it.each([
    // [test, pass, failures, checked]
    [test('revenue', '>=', 0), false, 1, 3],
    [test('revenue', '>', -10), true, 0, 3],
    [test('state', 'in', ['CA', 'TX', 'NY']), true, 0, 3],
    [test('state', 'not in', ['TX']), false, 1, 3],
    [test('note', 'is null'), false, 1, 3],
    [test('note', 'is not null'), false, 2, 3],
    [test('note', '!=', 'y'), false, 2, 3],
    [test('revenue', 'between', -5, 100), true, 0, 3],
  ] as const)('%j -> pass %s, %d of %d failing', (t, pass, failures, checked) => {
    const [outcome] = evaluateTests([t], run);
    expect(outcome).toMatchObject({ text: t.text, pass, failures, checked });
    if (!pass) expect(outcome?.reason).toBe(`${failures} of ${checked} rows fail`);
  });

  it.each([
    [test('row_count', '>', 0), true],
    [test('row_count', '==', 3), true],
    [test('row_count', '==', 1), false],
    [test('row_count', '<=', 10), true],
    [test('row_count', 'between', 1, 4), true],
    [test('row_count', 'between', 4, 8), false],
    [test('row_count', '!=', 3), false],
    [test('row_count', '<', 3), false],
  ] as const)('row_count %j -> %s', (t, pass) => {
    const [outcome] = evaluateTests([t], run);
    expect(outcome).toMatchObject({ pass, checked: 3 });
    expect(outcome?.failures).toBeUndefined();
    if (!pass) expect(outcome?.reason).toBe('the result has 3 rows');
  });

  it('fails a test naming a column the result lacks, with the reason', () => {
    expect(evaluateTests([test('margin', '>', 0)], run)).toEqual([
      { text: 'margin >', pass: false, failures: 0, checked: 0, reason: 'column "margin" is not in the result' },
    ]);
  });

  it('passes a column test vacuously on an empty result, and says so through checked', () => {
    expect(evaluateTests([test('revenue', '>', 0)], { ...run, rows: [], rowCount: 0 })).toEqual([{ text: 'revenue >', pass: true, failures: 0, checked: 0 }]);
  });

  it.each([
    [test('row_count', '>', 0), true],
    [test('row_count', '>=', 6), true],
    [test('row_count', '>', 6), false],
    [test('row_count', '!=', 2), true],
    [test('row_count', '==', 5), false],
    [test('row_count', '<', 100), false],
  ] as const)('row_count %j on a result cut at 5 rows -> %s', (t, pass) => {
    const cut = { ...run, rows: [], rowCount: 5, truncated: true };
    expect(evaluateTests([t], cut)[0]?.pass).toBe(pass);
  });

  it('fails a column test on a result the row cap cut, even when every kept row passes', () => {
    const cut = { ...run, truncated: true };
    expect(evaluateTests([test('revenue', '>', -10), test('revenue', '>=', 0)], cut)).toEqual([
      { text: 'revenue >', pass: false, failures: 0, checked: 3, reason: 'the result was cut at 3 rows, so the test could not be checked on every row' },
      { text: 'revenue >=', pass: false, failures: 1, checked: 3, reason: '1 of 3 rows fail' },
    ]);
  });

  it('fails every test when the block did not run', () => {
    const failed = { ok: false, columns: [], rows: [], rowCount: 0, error: { code: 'WAREHOUSE_ERROR' } };
    const outcomes = evaluateTests([test('row_count', '>=', 0), test('x', 'is null')], failed);
    expect(outcomes.map((o) => [o.pass, o.reason])).toEqual([
      [false, 'the block did not run (WAREHOUSE_ERROR)'],
      [false, 'the block did not run (WAREHOUSE_ERROR)'],
    ]);
  });
});
