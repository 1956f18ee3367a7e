/**
 * The block runner commands use: one executor (the one query path) for the project's
 * connections, `runBlock` with the declared defaults, and `evaluateTests` on every row.
 * Certification needs every row, so the row cap is raised; a result still cut by it fails
 * its column tests rather than passing on the rows that happened to be read.
 */

import { replaceParams } from '../../compiler/analyze/params.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { KeyProofFacts, RunFacts, ValidationFacts } from '../../rules/facts.js';
import { createExecutor } from '../../warehouse/executor.js';
import type { Executor } from '../../warehouse/types.js';
import { evaluateTests, type TestOutcome } from '../blocks/evaluate-tests.js';
import { type BlockRun, runBlock } from '../blocks/run-block.js';
import { proveGrain } from '../keys/grain-proof.js';
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
export async function closeHeld(close: () => Promise<void>): Promise<void> {
  const hold = setInterval(() => undefined, 1_000);
  try {
    await close();
  } finally {
    clearInterval(hold);
  }
}

/** Asks the block's engine to prepare its query (parameters as placeholders) without running it. */
async function validation(executor: Executor, asker: Asker, block: CompiledBlock): Promise<ValidationFacts> {
  if (executor.validate === undefined) return { ok: true, prepared: false };
  const failure = await executor.validate({
    asker,
    sql: replaceParams(block.query, () => '?'),
    params: [],
    connection: block.connection,
    origin: 'block',
    deadlineMs: 10_000,
  });
  if (failure === undefined) return { ok: true, prepared: false };
  if (failure === null) return { ok: true, prepared: true };
  const first = (failure.message.split('\n')[0] ?? failure.message).trim().replace(/\.$/, '');
  if (failure.code === 'CONNECTION_UNAVAILABLE') return { ok: false, prepared: false, error: first, unreachable: true };
  // A refusal is svc's own statement check, not the engine: say which one spoke.
  return { ok: false, prepared: false, error: failure.code === 'ROW_POLICY_REFUSED' ? `the statement check refuses it: ${first}` : first };
}

/** The run and test facts of a block that was not run because its engine rejected it. */
function notRun(block: CompiledBlock, why: ValidationFacts): CheckRun {
  const reason =
    why.unreachable === true
      ? `not run: connection ${block.connection} cannot be reached (${why.error ?? 'no reason given'})`
      : `not run: the engine rejects the query (${why.error ?? 'unknown error'})`;
  return {
    validation: why,
    run: { ok: false, columns: [], rowCount: 0, error: reason },
    tests: block.tests.map((t) => ({ text: t.text, pass: false, reason })),
  };
}

/** Validation, one run and the tests of a block on `executor`, for `asker`. */
async function checkOn(executor: Executor, asker: Asker, block: CompiledBlock, maxRows: number): Promise<CheckRun> {
  const validated = await validation(executor, asker, block);
  if (!validated.ok) return notRun(block, validated);
  const run = await runBlock(executor, asker, block, {}, { maxRows });
  const outcomes = evaluateTests(block.tests, run);
  return { validation: validated, run: runFacts(run), tests: outcomes.map((o, i) => testCheck(o, run, block.tests[i]?.subject ?? '')) };
}

/** The block's grain key proof as certification facts (no keys declared: an empty proof the rule never reads). */
async function keyFacts(executor: Executor, asker: Asker, block: CompiledBlock): Promise<KeyProofFacts> {
  const keys = block.grainKeys?.keys ?? [];
  if (keys.length === 0) return { keys, status: 'error', errorCode: 'KEYS_NOT_DECLARED' };
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const { status, rowCount, distinctKeyCount, nullKeyCount, duplicateKeyCount, error } = await proveGrain({ executor, asker, block, keys, log });
  const counts = rowCount === undefined ? {} : { rowCount, distinctKeyCount, nullKeyCount, duplicateKeyCount };
  return { keys, status, ...counts, ...(error !== undefined ? { errorCode: error.code } : {}) } as KeyProofFacts;
}

/** A runner on the project's connections; close it when done. */
export function createBlockRunner(root: string, config: SvcConfig, maxRows = CHECK_MAX_ROWS): BlockRunner {
  const executor = createExecutor({ root, config, maxRows });
  return {
    check: (block) => checkOn(executor, undefined, block, maxRows),
    proveKeys: (block) => keyFacts(executor, undefined, block),
    close: () => closeHeld(() => executor.close()),
  };
}

/**
 * A runner on an executor someone else owns (a server's one query path, so certification's
 * statements pass its host's hooks for the certifier like any other); closing it leaves the executor open.
 */
export function runnerOn(executor: Executor, asker: Asker, maxRows = CHECK_MAX_ROWS): BlockRunner {
  return { check: (block) => checkOn(executor, asker, block, maxRows), proveKeys: (block) => keyFacts(executor, asker, block), close: async () => undefined };
}
