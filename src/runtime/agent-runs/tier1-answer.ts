/**
 * Tier 1: the router chose a certified block; run it with the parameters bound from the
 * question (declared defaults for the rest) through the one executor, origin `block`. A block
 * whose run fails is refused with its run code and never handed to written SQL: a certified
 * block that cannot run now is not a reason to improvise an uncertified answer.
 */

import { gateRefusal } from '../../ask/refusals.js';
import type { Tier1Answer } from '../../ask/types.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { type BlockRunError, runBlock } from '../blocks/run-block.js';
import { answerTerms } from './definition-answer.js';
import { finishRun, type RunBase, refusedRun } from './run-shapes.js';
import type { AskContext, AskRefusal, AskRun } from './types.js';
import { answerViews } from './view-answer.js';

function runFailureReason(block: CompiledBlock, error: BlockRunError): string {
  switch (error.code) {
    case 'PARAM_INVALID':
    case 'PARAM_REQUIRED':
    case 'PARAM_UNKNOWN':
      return error.message;
    case 'STATEMENT_TIMEOUT':
      return `Block ${block.id} did not finish within its deadline.`;
    case 'RESULT_TOO_LARGE':
      return `Block ${block.id} returned more data than an answer carries: ${error.message}`;
    case 'CREDENTIALS_REQUIRED':
      return error.message;
    case 'CONNECTION_UNAVAILABLE':
      return `The warehouse connection of block ${block.id} is not available.`;
    case 'ROW_POLICY_REFUSED':
      return `Block ${block.id} was refused by the statement check: ${error.message}`;
    default:
      // The engine's own words may quote the statement; they stay out of the answer.
      if (error.reference !== undefined)
        return `The warehouse could not run block ${block.id}${error.tables !== undefined && error.tables.length > 0 ? `, which reads ${error.tables.join(', ')}` : ''}; the administrator can find it under reference ${error.reference}.`;
      return `The warehouse could not run block ${block.id}.`;
  }
}

/** Spec 03's names beside svc's code: a hosted warehouse failure, a policy refusal. */
function failureNames(error: BlockRunError): Pick<AskRefusal, 'name' | 'classification' | 'reference'> {
  if (error.code === 'ROW_POLICY_REFUSED') return { classification: 'POLICY_DENIED' };
  if (error.code === 'WAREHOUSE_ERROR' && error.reference !== undefined) return { name: 'WarehouseStatementError', reference: error.reference };
  return {};
}

const termsOf = (terms: ReturnType<typeof answerTerms>) => (terms.length > 0 ? { terms } : {});
const viewsOf = (views: ReturnType<typeof answerViews>) => (views.length > 0 ? { views } : {});

/** Every parameter the block runs with: the question's values, else the declared defaults, marked so. */
function paramsApplied(block: CompiledBlock, bound: Tier1Answer['params']): NonNullable<AskRun['paramsApplied']> {
  return block.params.map((p) =>
    Object.hasOwn(bound, p.name)
      ? { name: p.name, value: bound[p.name] as string | number | boolean, default: false }
      : { name: p.name, value: p.default ?? null, default: true },
  );
}

/** A period value as a day: `2025-12` is its first day, `2025-12-29` itself. */
const asDay = (v: unknown): string | undefined => {
  if (typeof v !== 'string' || !/^\d{4}(-\d{2}(-\d{2})?)?/.test(v)) return undefined;
  const d = v.slice(0, 10);
  return d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d;
};

/** The rows of the asked period, when the block's time series runs past it (its rows are kept, never changed). */
export function rowsWithin(rows: AskRun['rows'], within: Tier1Answer['within']): AskRun['rows'] {
  if (within === undefined) return rows;
  return rows.filter((row) => {
    const day = asDay(row[within.column]);
    return day !== undefined && (within.start === undefined || day >= within.start) && day < within.end;
  });
}

/** The rows of the asked values of a field the result is broken down by (kept, never changed). */
export function rowsKept(rows: AskRun['rows'], keep: Tier1Answer['keep']): AskRun['rows'] {
  if (keep === undefined) return rows;
  return rows.filter((row) => keep.every((k) => k.values.some((v) => String(row[k.column] ?? '').toLowerCase() === v.toLowerCase())));
}

/**
 * Asked values no row of the result holds ("at BWF24" of a block covering the last 12 months):
 * the block gave nothing for them, so an empty answer would not be one it certified. A keep's
 * values are alternatives (one value in each of its spellings: FY26, 2025/26), so it is absent
 * only where none of them has a row.
 */
export function absentKept(rows: AskRun['rows'], keep: Tier1Answer['keep']): string | undefined {
  const absent = keep?.find((k) => rowsKept(rows, [k]).length === 0);
  return absent === undefined ? undefined : `${absent.column} ${absent.values[0] ?? ''}`;
}

/** A kept field the result has no column for: the rows cannot be chosen, so the block cannot answer. */
export function missingKeep(columns: readonly string[], keep: Tier1Answer['keep']): string | undefined {
  return keep?.find((k) => !columns.includes(k.column))?.column;
}

/** Why the asked rows cannot be kept from the result: no column to keep them by, or no row of an asked value. */
function keepFailure(id: string, columns: readonly string[], rows: AskRun['rows'], keep: Tier1Answer['keep']): string | undefined {
  const missing = missingKeep(columns, keep);
  if (missing !== undefined) return `${id} has no ${missing} column in its result to keep the asked rows by.`;
  const absent = absentKept(rows, keep);
  return absent === undefined ? undefined : `${id} gives no row for ${absent} with these parameters, so it does not answer for it.`;
}

/** Runs the block the router chose and labels the answer certified. */
export async function answerTier1(ctx: AskContext, decision: Tier1Answer, base: RunBase): Promise<AskRun> {
  const block = Object.hasOwn(ctx.manifest.blocks, decision.block) ? ctx.manifest.blocks[decision.block] : undefined;
  if (block === undefined) {
    return refusedRun(base, { code: 'BLOCK_NOT_FOUND', reason: `${decision.block} is not a block of this project.`, block: decision.block });
  }
  // The router only answers through the gate; asked again right before the run, because a
  // certified label is a promise to the person and this is the last place it can be withheld.
  const gate = gateRefusal(block, ctx.router.gate);
  if (gate !== undefined) return refusedRun(base, { code: gate.code, reason: gate.reason, block: block.id }, gate.next, gate.nextAction);
  const run = await runBlock(ctx.executor, ctx.asker, block, decision.params);
  if (!run.ok || run.error !== undefined) {
    const error = run.error ?? { code: 'WAREHOUSE_ERROR' as const, message: '' };
    return refusedRun(base, {
      code: error.code,
      reason: runFailureReason(block, error),
      block: block.id,
      ...(error.reason !== undefined ? { checkReason: error.reason } : {}),
      ...failureNames(error),
    });
  }
  const within = rowsWithin(run.rows, decision.within);
  const unkept = keepFailure(block.id, run.columns, within, decision.keep);
  if (unkept !== undefined) return refusedRun(base, { code: 'BLOCK_CANNOT_ANSWER', reason: unkept, block: block.id });
  const rows = rowsKept(within, decision.keep);
  return finishRun(base, {
    tier: 1,
    trust: 'certified',
    block: block.id,
    ...(decision.contract !== undefined ? { contract: decision.contract } : {}),
    params: decision.params,
    paramsApplied: paramsApplied(block, decision.params),
    ...(decision.within !== undefined ? { within: decision.within } : {}),
    ...(decision.keep !== undefined ? { keep: decision.keep } : {}),
    columns: run.columns,
    rows,
    rowCount: rows.length,
    truncated: run.truncated,
    ...termsOf(answerTerms(ctx, base.question, block.id)),
    ...viewsOf(answerViews(ctx, block.id)),
  });
}
