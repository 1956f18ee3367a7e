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
import { lowerRowRules, rowRules } from '../../compiler/analyze/row-rules.js';
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

/** The statement text and positional values of a block for `asker`, or the parameter or row-rule error. */
export function bindBlock(block: CompiledBlock, values: Record<string, unknown>, asker: Asker): { sql: string; params: SqlValue[] } | BlockRunError {
  const lowered = lowerFor(block, asker);
  if ('code' in lowered) return lowered;
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
  lowered.values.forEach((value, i) => bound.set(ruleMarker(i), value));
  const order: string[] = [];
  const sql = replaceParams(lowered.query, (name) => {
    order.push(name);
    return '?';
  });
  const undeclared = order.find((name) => !bound.has(name));
  if (undeclared !== undefined) {
    return { code: 'PARAM_UNKNOWN', param: undeclared, message: `Block ${block.id} uses parameter "${undeclared}" without declaring it.` };
  }
  return { sql, params: order.map((name) => bound.get(name) as SqlValue) };
}

/** A row rule's value as a parameter name no declared parameter can take (names start with a letter). */
function ruleMarker(index: number): string {
  return `__rls_${index}`;
}

/**
 * The block's row rules lowered for who asks: a person a host placed reads their own attributes
 * (bound, never spliced) and is refused when one is missing; anyone else is the owner, whose form
 * `replaceParams` gives.
 */
function lowerFor(block: CompiledBlock, asker: Asker): { query: string; values: Array<string | number | boolean> } | BlockRunError {
  if (asker?.host === undefined || rowRules(block.query).length === 0) return { query: block.query, values: [] };
  const lowered = lowerRowRules(block.query, asker.principal?.attributes ?? {}, ruleMarker);
  if ('query' in lowered) return lowered;
  const what = lowered.problem === 'missing' ? `your sign-in gives no ${lowered.attribute}` : `your ${lowered.attribute} is a list where one value is compared`;
  return {
    code: 'ROW_POLICY_REFUSED',
    reason: 'row-rules',
    message: `Block ${block.id} keeps its rows to the people its row rules name, and ${what}, so nothing ran.`,
  };
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
  const binding = bindBlock(block, values, asker);
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
