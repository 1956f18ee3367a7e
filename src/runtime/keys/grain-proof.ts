/**
 * One complete-source grain proof of a block's keys, counted as the asking person. The block's
 * statement (declared parameter defaults, bound as a run binds them) is counted by its keys
 * through the one query path, so the statement check, their credentials and their row policy apply as to any run of the block; a
 * policy that narrows the block narrows the proof alike. Only counts come back. A warehouse
 * failure is told by reference only (its words may quote data) and its words go to the log.
 *
 * Invariant: never throws for a failed statement; the proof answers `status: 'error'` with a code.
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { type Executor, StatementError, WarehouseStatementError } from '../../warehouse/types.js';
import { bindBlock } from '../blocks/run-block.js';
import { PROOF_COLUMNS, proofStatement } from './proof-statement.js';
import type { DatasetProof, ProofError, UniquenessCounts } from './types.js';

export interface GrainProofInput {
  executor: Executor;
  asker: Asker;
  block: CompiledBlock;
  /** The keys to prove (the block's declared keys, or an author's trial keys). */
  keys: readonly string[];
  /** Where a warehouse failure's own words go. */
  log: (line: string) => void;
}

function base(block: CompiledBlock, keys: readonly string[]): DatasetProof {
  return { block: block.id, file: block.file, keys: [...keys], keyEvidence: 'complete-source', status: 'error' };
}

/** The four counts of the proof's one row; undefined when any is not a whole number. */
function countsOf(row: Record<string, unknown> | undefined): UniquenessCounts | undefined {
  if (row === undefined) return undefined;
  const [rows, distinct, nulls, duplicates] = PROOF_COLUMNS.map((c) => Number(row[c] ?? Number.NaN));
  const all = [rows, distinct, nulls, duplicates];
  if (!all.every((n) => n !== undefined && Number.isSafeInteger(n) && n >= 0)) return undefined;
  return { rowCount: rows as number, distinctKeyCount: distinct as number, nullKeyCount: nulls as number, duplicateKeyCount: duplicates as number };
}

/** A statement failure as a proof error: a warehouse failure only by reference. `what` names the proof ("the key proof of sales.x"). */
export function proofError(error: StatementError, what: string, log: GrainProofInput['log']): ProofError {
  if (error.code !== 'WAREHOUSE_ERROR') return { code: error.code, message: error.message };
  const hosted = error instanceof WarehouseStatementError;
  const reference = hosted ? error.reference : errorReference();
  if (!hosted) log(`[${reference}] WAREHOUSE_ERROR running ${what}: ${error.message}`);
  return {
    code: 'WAREHOUSE_ERROR',
    message: `The warehouse could not run ${what}; the administrator can find it under reference ${reference}.`,
    reference,
  };
}

/** Proves `keys` unique and set on every row of `block` for `asker`. */
export async function proveGrain(input: GrainProofInput): Promise<DatasetProof> {
  const { executor, asker, block, keys, log } = input;
  const proof = base(block, keys);
  const binding = bindBlock(block, {}, asker);
  if (!('sql' in binding)) return { ...proof, error: { code: binding.code, message: binding.message } };
  try {
    const sql = proofStatement(binding.sql, keys);
    const result = await executor.execute({ asker, sql, params: binding.params, connection: block.connection, origin: 'block', maxRows: 1 });
    const counts = countsOf(result.rows[0]);
    if (counts === undefined) {
      return { ...proof, error: { code: 'WAREHOUSE_ERROR', message: `The warehouse's answer to the key proof of ${block.id} could not be read as counts.` } };
    }
    const status = counts.nullKeyCount === 0 && counts.duplicateKeyCount === 0 ? 'passed' : 'failed';
    return { ...proof, status, ...counts };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return { ...proof, error: proofError(error, `the key proof of ${block.id}`, log) };
  }
}
