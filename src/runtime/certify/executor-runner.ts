/**
 * The block runner commands use: one executor (the one query path) for the project's
 * connections, `runBlock` with the declared defaults, and `evaluateTests` on every row.
 * Certification needs every row, so the row cap is raised; a result still cut by it fails
 * its column tests rather than passing on the rows that happened to be read.
 */
import type { SvcConfig } from '../../compiler/project/config.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { evaluateTests, type TestOutcome } from '../blocks/evaluate-tests.js';
import { runBlock, type BlockRun } from '../blocks/run-block.js';
import { createExecutor } from '../executor/executor.js';
import type { RunFacts } from '../../rules/facts.js';
import type { BlockRunner, CheckRun, TestCheck } from './types.js';

/** Rows a certification or App check run reads before the result counts as cut. */
export const CHECK_MAX_ROWS = 100_000;

function runFacts(run: BlockRun): RunFacts {
  const facts: RunFacts = { ok: run.ok, columns: run.columns, rowCount: run.rowCount };
  if (run.error !== undefined) facts.error = run.error.message;
  return facts;
}

function testCheck(outcome: TestOutcome, run: BlockRun, subject: string): TestCheck {
  const check: TestCheck = { text: outcome.text, pass: outcome.pass, checked: outcome.checked };
  if (outcome.failures !== undefined) check.failures = outcome.failures;
  if (outcome.reason !== undefined) check.reason = outcome.reason;
  if (run.truncated && subject !== 'row_count' && check.pass) {
    check.pass = false;
    check.reason = `the result was cut at ${run.rowCount} rows, so the test could not be checked on every row`;
  }
  return check;
}

/**
 * Awaits `close` with a timer holding the event loop open: statement processes are unref'd,
 * so a command whose last pending work is waiting for them to exit would otherwise see Node
 * end the process before its exit code is set.
 */
async function closeHeld(close: () => Promise<void>): Promise<void> {
  const hold = setInterval(() => undefined, 1_000);
  try {
    await close();
  } finally {
    clearInterval(hold);
  }
}

/** A runner on the project's connections; close it when done. */
export function createBlockRunner(root: string, config: SvcConfig, maxRows = CHECK_MAX_ROWS): BlockRunner {
  const executor = createExecutor({ root, config, maxRows });
  return {
    async check(block: CompiledBlock): Promise<CheckRun> {
      const run = await runBlock(executor, block, {}, { maxRows });
      const outcomes = evaluateTests(block.tests, run);
      return { run: runFacts(run), tests: outcomes.map((o, i) => testCheck(o, run, block.tests[i]?.subject ?? '')) };
    },
    close: () => closeHeld(() => executor.close()),
  };
}
