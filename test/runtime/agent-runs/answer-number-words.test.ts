/**
 * An answer's figures are written as en-US numbers, whole numbers grouped and others to at most
 * four decimals, however often the same value is written (the words keep the values they wrote):
 * each text equals the one the formatters write afresh, -0 and the non-finite values included.
 */
import { describe, expect, it } from 'vitest';
import { answerWords } from '../../../src/runtime/agent-runs/answer-words.js';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';

const whole = new Intl.NumberFormat('en-US');
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const expected = (v: number) => (Number.isInteger(v) ? whole.format(v) : decimal.format(v));

function run(value: number, rowCount: number): AskRun {
  return {
    runId: 'run_1',
    traceId: 'trc_1',
    question: 'weekly revenue',
    tier: 1,
    trust: 'certified',
    block: 'finance.weekly_revenue',
    columns: ['revenue'],
    rows: [{ revenue: value }],
    rowCount,
    truncated: false,
    candidates: [],
  } as unknown as AskRun;
}

const values = [0, -0, 7, -7, 1_234, 1_234_567, -9_876_543, 2 ** 53, 1e21, 0.5, 0.12345, 1234.56789, -0.00004, 0.1 + 0.2, Number.NaN, Infinity, -Infinity];

describe('figures in an answer, written again and again', () => {
  it.each(values.map((v) => ({ v, name: Object.is(v, -0) ? '-0' : String(v) })))('$name', ({ v }) => {
    for (const rowCount of [1, 1, 1_234, 1_234]) {
      const text = answerWords(run(v, rowCount), 'stakeholder').text;
      expect(text).toBe(`${whole.format(rowCount)} row${rowCount === 1 ? '' : 's'}; ${rowCount === 1 ? 'it reads' : 'the first'}: revenue ${expected(v)}.`);
    }
  });

  it('keeps 0 and -0 apart in either order', () => {
    for (const v of [0, -0, 0, -0]) expect(answerWords(run(v, 1), 'stakeholder').text).toBe(`1 row; it reads: revenue ${whole.format(v)}.`);
  });
});
