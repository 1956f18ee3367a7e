/**
 * One of the caller's own Ask answers rerun for a file (`POST /api/query/export` `{ runId }`):
 * the server reads the answer in its own run store and reruns the statement it recorded, as the
 * caller, through the one query path (statement check, row policy told destination `export`,
 * masking, the caller's credentials), so the file holds what the caller may read now, never a
 * copy of a screen. The client names only the answer: no SQL, connection or title it sends is
 * trusted, so nobody can pass their own SQL off as a certified answer's.
 *
 * A certified block's answer reruns that block with the values the question bound, keeping the
 * rows the answer kept (its period and asked values), and is `certified` only while the block is
 * the one that answered (its source hash unchanged) and still answers as certified through the
 * gate; otherwise nothing runs (409). Written SQL reruns as written (origin `model`, read only) on
 * the connection it ran on and is `review_required`.
 */
import { createHash } from 'node:crypto';
import { gateRefusal } from '../ask/refusals.js';
import { figuresAtStake, reviewFiguresShown } from '../hooks/answer-figures.js';
import type { Asker } from '../hooks/context/request-context.js';
import type { RunRecord, RunStore } from '../hooks/stores/run-store.js';
import { missingKeep, rowsKept, rowsWithin } from '../runtime/agent-runs/tier1-answer.js';
import { type BlockRunError, runBlock } from '../runtime/blocks/run-block.js';
import { StatementError, WarehouseStatementError } from '../warehouse/types.js';
import { ApiError } from './errors.js';
import { certifiedBlockOf, ownRun } from './own-answer.js';
import type { ProjectSnapshot } from './project-snapshot.js';

/** What a rerun gave: the rows for the file, or the statement's failure (the route answers it). */
export type AnswerRerun =
  | { ok: true; columns: string[]; rows: Array<Record<string, unknown>>; truncated: boolean; title: string; trust: 'certified' | 'review_required' }
  | { ok: false; error: BlockRunError };

/** A statement failure as a run's error. */
export function runErrorOf(error: StatementError): BlockRunError {
  const hosted = error instanceof WarehouseStatementError ? { reference: error.reference, tables: error.tables } : {};
  return { code: error.code, message: error.message, ...(error.reason !== undefined ? { reason: error.reason } : {}), ...hosted };
}

const changed = (what: string) =>
  new ApiError(409, 'ANSWER_SOURCE_CHANGED', `${what}, so this answer cannot be rerun as it was given; ask again for a new answer to export.`);

/** The certified block's answer rerun with its bound values; 409 when it is no longer the block that answered. */
async function rerunBlockAnswer(record: RunRecord, snapshot: ProjectSnapshot, asker: Asker): Promise<AnswerRerun> {
  const block = certifiedBlockOf(record, snapshot.manifest);
  const id = record.sources.find((s) => s.startsWith('block:'))?.slice('block:'.length) ?? 'its block';
  if (block === undefined) throw changed(`Block ${id} is no longer in this project`);
  if (createHash('sha256').update(block.query).digest('hex') !== record.sqlSha256) throw changed(`Block ${block.id} changed since this answer`);
  if (record.rerun === undefined)
    throw new ApiError(409, 'ANSWER_NOT_EXPORTABLE', 'This answer was kept without the values its block was run with; ask again for a new answer to export.');
  const refusal = gateRefusal(block, snapshot.gate);
  if (refusal !== undefined) throw new ApiError(409, 'BLOCK_NOT_CERTIFIED', refusal.reason);
  const run = await runBlock(snapshot.executor, asker, block, record.rerun.params);
  if (!run.ok || run.error !== undefined) return { ok: false, error: run.error ?? { code: 'WAREHOUSE_ERROR', message: 'The block did not run.' } };
  const { within, keep } = record.rerun;
  const missing = missingKeep(run.columns, keep);
  if (missing !== undefined) throw changed(`Block ${block.id} no longer gives the ${missing} column this answer kept rows by`);
  const rows = rowsKept(rowsWithin(run.rows, within), keep);
  return { ok: true, columns: run.columns, rows, truncated: run.truncated, title: record.question, trust: 'certified' };
}

/** Written SQL rerun as it ran: origin `model` (read only), on the connection it ran on. */
async function rerunWritten(record: RunRecord, sql: string, snapshot: ProjectSnapshot, asker: Asker): Promise<AnswerRerun> {
  try {
    const connection = record.connection !== undefined ? { connection: record.connection } : {};
    const result = await snapshot.executor.execute({ asker, sql, params: [], origin: 'model', ...connection });
    return { ok: true, columns: result.columns, rows: result.rows, truncated: result.truncated, title: record.question, trust: 'review_required' };
  } catch (error) {
    if (error instanceof StatementError) return { ok: false, error: runErrorOf(error) };
    throw error;
  }
}

/** Reruns the caller's answer `runId`: 404 when it is not theirs, 409 when it ran no statement, 403 when its figures are withheld from them. */
export async function rerunAnswer(runs: RunStore | undefined, runId: string, snapshot: ProjectSnapshot, asker: Asker): Promise<AnswerRerun> {
  const record = await ownRun(runs, runId, asker);
  const sql = record.sql;
  if (sql === undefined || record.status !== 'answered')
    throw new ApiError(409, 'ANSWER_NOT_EXPORTABLE', 'This answer ran no statement (it was refused), so there is nothing to export.');
  // Withholding is decided again on every read, as the answer's facts decide it.
  if (record.figuresWithheld === true || (figuresAtStake(record.trust) && !(await reviewFiguresShown(asker))))
    throw new ApiError(403, 'EXPORT_REFUSED', "This answer's figures are withheld from you until it is reviewed, so they cannot be exported.");
  return record.sqlFrom === 'block' ? rerunBlockAnswer(record, snapshot, asker) : rerunWritten(record, sql, snapshot, asker);
}
