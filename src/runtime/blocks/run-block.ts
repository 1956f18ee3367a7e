/**
 * Running a compiled block: `${name}` references become `?` placeholders in order of
 * appearance (a name used twice binds twice), each bound to the caller's value or the declared
 * default, coerced to the declared type. The statement goes through the executor like any
 * other (origin `block`), so the statement check, deadline and row cap apply.
 *
 * Invariant: runBlock never throws for a bad parameter or a failed statement; it answers
 * `ok: false` with a stable code. Only an unexpected failure (a bug) propagates.
 */

import { replaceParams } from '../../compiler/analyze/params.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { ParamErrorCode } from '../../rules/ask-refusal-codes.js';
import { policyProblem } from '../../rules/parameter-policy.js';
import type { SqlValue } from '../../warehouse/connectors/connector.js';
import { type Executor, StatementError, type StatementErrorCode, WarehouseStatementError } from '../../warehouse/types.js';
import { coerceParam } from './coerce-param.js';

/** Codes of a block run that did not produce rows. */
export type BlockRunErrorCode = StatementErrorCode | ParamErrorCode;

export interface BlockRunError {
  code: BlockRunErrorCode;
  message: string;
  /** The parameter at fault (PARAM_* codes). */
  param?: string;
  /** The statement check's reason (ROW_POLICY_REFUSED). */
  reason?: string;
  /** A hosted warehouse failure: where its words are in the log, and the tables the statement reads. */
  reference?: string;
  tables?: string[];
}

export interface BlockRun {
  ok: boolean;
  columns: string[];
  rows: Array<Record<string, unknown>>;
  rowCount: number;
  truncated: boolean;
  durationMs: number;
  error?: BlockRunError;
}

export interface RunBlockOptions {
  deadlineMs?: number;
  maxRows?: number;
}

/** The statement text and positional values of a block, or the parameter error. */
export function bindBlock(block: CompiledBlock, values: Record<string, unknown>): { sql: string; params: SqlValue[] } | BlockRunError {
  const declared = new Map(block.params.map((p) => [p.name, p]));
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) return { code: 'PARAM_UNKNOWN', param: name, message: `Block ${block.id} has no parameter named "${name}".` };
  }
  const bound = new Map<string, SqlValue>();
  for (const p of block.params) {
    const given = values[p.name];
    const raw = given !== undefined ? given : p.default;
    if (raw === undefined) return { code: 'PARAM_REQUIRED', param: p.name, message: `Block ${block.id} needs a value for parameter "${p.name}".` };
    const coerced = coerceParam(p.type, raw);
    if (!coerced.ok) return { code: 'PARAM_INVALID', param: p.name, message: `Parameter "${p.name}" of block ${block.id} must be ${coerced.expected}.` };
    // The block's one parameter policy, as Ask applies it: a value outside it is refused here too.
    const problem = given === undefined ? undefined : policyProblem(block, p, coerced.value);
    if (problem !== undefined) return { code: 'PARAM_INVALID', param: p.name, message: problem };
    bound.set(p.name, coerced.value);
  }
  const order: string[] = [];
  const sql = replaceParams(block.query, (name) => {
    order.push(name);
    return '?';
  });
  const undeclared = order.find((name) => !bound.has(name));
  if (undeclared !== undefined) {
    return { code: 'PARAM_UNKNOWN', param: undeclared, message: `Block ${block.id} uses parameter "${undeclared}" without declaring it.` };
  }
  return { sql, params: order.map((name) => bound.get(name) as SqlValue) };
}

function failed(error: BlockRunError, durationMs = 0): BlockRun {
  return { ok: false, columns: [], rows: [], rowCount: 0, truncated: false, durationMs, error };
}

/** Runs `block` for `asker` with `values` (else declared defaults) through the executor. */
export async function runBlock(
  executor: Executor,
  asker: Asker,
  block: CompiledBlock,
  values: Record<string, unknown> = {},
  options: RunBlockOptions = {},
): Promise<BlockRun> {
  const started = performance.now();
  const binding = bindBlock(block, values);
  if (!('sql' in binding)) return failed(binding);
  try {
    const result = await executor.execute({ asker, sql: binding.sql, params: binding.params, connection: block.connection, origin: 'block', ...options });
    return { ok: true, columns: result.columns, rows: result.rows, rowCount: result.rows.length, truncated: result.truncated, durationMs: result.durationMs };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    const hosted = error instanceof WarehouseStatementError ? { reference: error.reference, tables: error.tables } : {};
    const detail: BlockRunError = { code: error.code, message: error.message, ...(error.reason !== undefined ? { reason: error.reason } : {}), ...hosted };
    return failed(detail, performance.now() - started);
  }
}
