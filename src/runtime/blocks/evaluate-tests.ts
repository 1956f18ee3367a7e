/**
 * Evaluating a block's tests on a run. A column test holds for EVERY row (its failures are the
 * failing rows); `row_count` is compared with the number of rows. SQL NULL semantics: any
 * comparison with a NULL cell (or a NULL test value) fails, except `is null`; `not in` a list
 * holding NULL never holds. A test naming a column the result lacks fails with that reason, and
 * so does a column test on a result the row cap cut (its unseen rows were not checked).
 */
import type { CompiledTest, JsonValue } from '../../compiler/types.js';
import { compareValues, isNull } from './compare-values.js';

/** What a test is evaluated on: a block run's columns, rows and count. */
export interface TestSubjectRun {
  ok?: boolean;
  columns: string[];
  rows: ReadonlyArray<Record<string, unknown>>;
  rowCount: number;
  /** True when the row cap cut the result: the real count is larger than `rowCount`. */
  truncated?: boolean;
  error?: { code: string };
}

export interface TestOutcome {
  text: string;
  pass: boolean;
  /** Failing rows (column tests). */
  failures?: number;
  /** Rows checked (column tests) or counted (`row_count`). */
  checked: number;
  /** Why the test failed, in plain words. */
  reason?: string;
}

/** True when `cell` satisfies `op value [and value2]` under SQL NULL semantics. */
export function holds(cell: unknown, test: Pick<CompiledTest, 'op' | 'value' | 'value2'>): boolean {
  const { op, value, value2 } = test;
  if (op === 'is null') return isNull(cell);
  if (op === 'is not null') return !isNull(cell);
  if (isNull(cell)) return false;
  if (op === 'in' || op === 'not in') {
    const list: JsonValue[] = Array.isArray(value) ? value : [];
    const found = list.some((v) => !isNull(v) && compareValues(cell, v) === 0);
    if (op === 'in') return found;
    return !found && !list.some((v) => isNull(v));
  }
  if (isNull(value)) return false;
  const c = compareValues(cell, value);
  if (op === 'between') {
    const c2 = isNull(value2) ? undefined : compareValues(cell, value2);
    return c !== undefined && c2 !== undefined && c >= 0 && c2 <= 0;
  }
  // Values of kinds that cannot be compared are certainly not equal, and nothing else.
  if (c === undefined) return op === '!=';
  switch (op) {
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    case '>=':
      return c >= 0;
    case '<=':
      return c <= 0;
    case '==':
      return c === 0;
    case '!=':
      return c !== 0;
    default:
      return false;
  }
}

function rowCountOutcome(test: CompiledTest, run: TestSubjectRun): TestOutcome {
  const n = run.rowCount;
  if (!run.truncated) {
    const pass = holds(n, test);
    return { text: test.text, pass, checked: n, ...(pass ? {} : { reason: `the result has ${n} rows` }) };
  }
  // Cut by the row cap: the real count is at least n + 1. Only tests true for every larger
  // count can pass (`> k`, `>= k`, `!= k` with k below the bound).
  const atLeast = n + 1;
  const bound = typeof test.value === 'number' ? test.value : Number.NaN;
  const pass = (test.op === '>' || test.op === '>=' || test.op === '!=') && holds(atLeast, test) && (test.op !== '!=' || bound < atLeast);
  return { text: test.text, pass, checked: n, ...(pass ? {} : { reason: `the result was cut at ${n} rows, so its full row count is unknown` }) };
}

function columnOutcome(test: CompiledTest, run: TestSubjectRun): TestOutcome {
  if (!run.columns.includes(test.subject)) {
    return { text: test.text, pass: false, failures: 0, checked: 0, reason: `column "${test.subject}" is not in the result` };
  }
  let failures = 0;
  for (const row of run.rows) if (!holds(row[test.subject], test)) failures += 1;
  const checked = run.rows.length;
  if (failures > 0) return { text: test.text, pass: false, failures, checked, reason: `${failures} of ${checked} rows fail` };
  // "Every row" includes the rows the cap cut off, which nobody saw.
  if (run.truncated)
    return { text: test.text, pass: false, failures, checked, reason: `the result was cut at ${checked} rows, so the test could not be checked on every row` };
  return { text: test.text, pass: true, failures, checked };
}

/** Every test evaluated on `run`; a run that failed fails every test. */
export function evaluateTests(tests: readonly CompiledTest[], run: TestSubjectRun): TestOutcome[] {
  if (run.ok === false) {
    const reason = `the block did not run (${run.error?.code ?? 'error'})`;
    return tests.map((t) => ({ text: t.text, pass: false, checked: 0, reason }));
  }
  return tests.map((t) => (t.subject === 'row_count' ? rowCountOutcome(t, run) : columnOutcome(t, run)));
}
