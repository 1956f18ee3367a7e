/**
 * One relationship validation, counted as the asking person: the declaring block's statement and
 * the statement of the block it refers to (each with its declared parameter defaults and row
 * rules, bound as a run binds them) are counted together in one statement through the one query
 * path, so the statement check, their credentials and their row policy apply as to any run of
 * either block. Only counts come back.
 *
 * It passes when the join holds over every row: every key of the declaring side is set and found
 * on the other side (no orphans), the other side holds each key once and never a null key, and,
 * for `one-to-one`, the declaring side holds each key once too. Both blocks run on one
 * connection (one statement reads both); blocks on different connections are not validated.
 *
 * Invariant: never throws for a failed statement; the proof answers `status: 'error'` with a code.
 */
import type { CompiledBlock, Relationship } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { SqlValue } from '../../warehouse/connectors/connector.js';
import { type Executor, StatementError } from '../../warehouse/types.js';
import { bindBlock } from '../blocks/run-block.js';
import { proofError } from './grain-proof.js';
import { RELATIONSHIP_COLUMNS, relationshipStatement } from './relationship-statement.js';
import type { ObservedCardinality, ProofError, RelationshipCounts, RelationshipProof } from './types.js';

export interface RelationshipProofInput {
  executor: Executor;
  asker: Asker;
  /** The declaring block and the relationship it declares. */
  block: CompiledBlock;
  relationship: Relationship;
  /** The block `relationship.to` names. */
  target: CompiledBlock;
  log: (line: string) => void;
}

const FIELDS: ReadonlyArray<keyof RelationshipCounts> = [
  'fromRowCount',
  'fromNullKeyCount',
  'fromDistinctKeyCount',
  'fromDuplicateKeyCount',
  'toRowCount',
  'toNullKeyCount',
  'toDistinctKeyCount',
  'toDuplicateKeyCount',
  'orphanKeyCount',
  'orphanRowCount',
];

/** The qualified id of a declared relationship. */
export const relationshipId = (block: CompiledBlock, r: Relationship): string => `${block.id}.${r.name}`;

/** The proof's fields before it runs (status error until counts come back). */
export function relationshipBase(block: CompiledBlock, r: Relationship): RelationshipProof {
  return {
    id: relationshipId(block, r),
    block: block.id,
    file: block.file,
    to: r.to,
    keys: [...r.keys],
    toKeys: [...r.toKeys],
    cardinality: r.cardinality,
    status: 'error',
  };
}

/** The proof of a relationship whose `to` names no block of the project (nothing runs). */
export function targetMissing(block: CompiledBlock, r: Relationship): RelationshipProof {
  const message = `Relationship ${relationshipId(block, r)} refers to block ${r.to}, which this project does not have.`;
  return { ...relationshipBase(block, r), error: { code: 'RELATIONSHIP_TARGET_NOT_FOUND', message } };
}

/** The counts of the statement's one row; undefined when any is not a whole number. */
function countsOf(row: Record<string, unknown> | undefined): RelationshipCounts | undefined {
  if (row === undefined) return undefined;
  const values = RELATIONSHIP_COLUMNS.map((c) => Number(row[c] ?? Number.NaN));
  if (!values.every((n) => Number.isSafeInteger(n) && n >= 0)) return undefined;
  return Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])) as unknown as RelationshipCounts;
}

/** What the rows show: each side is "many" when it holds some key more than once. */
export function observedCardinality(c: RelationshipCounts): ObservedCardinality {
  return `${c.fromDuplicateKeyCount > 0 ? 'many' : 'one'}-to-${c.toDuplicateKeyCount > 0 ? 'many' : 'one'}`;
}

/** True when the counts hold the declared join over every row. */
export function joinHolds(c: RelationshipCounts, cardinality: Relationship['cardinality']): boolean {
  const referenced = c.orphanKeyCount === 0 && c.fromNullKeyCount === 0;
  const oneSide = c.toNullKeyCount === 0 && c.toDuplicateKeyCount === 0;
  return referenced && oneSide && (cardinality === 'many-to-one' || c.fromDuplicateKeyCount === 0);
}

/** Both statements bound for the asker, in order, or why one cannot be. */
type Bound = { sql: string; params: SqlValue[] };

function bindBoth(input: RelationshipProofInput): { from: Bound; to: Bound } | ProofError {
  const { block, target, relationship: r } = input;
  if (block.connection !== target.connection) {
    const message = `Relationship ${relationshipId(block, r)} joins blocks on connections ${block.connection} and ${target.connection}; one statement cannot read both, so it was not validated.`;
    return { code: 'RELATIONSHIP_CROSS_CONNECTION', message };
  }
  const from = bindBlock(block, {}, input.asker);
  if (!('sql' in from)) return { code: from.code, message: from.message };
  const to = bindBlock(target, {}, input.asker);
  if (!('sql' in to)) return { code: to.code, message: to.message };
  return { from, to };
}

/** Validates one declared relationship over every row of both blocks for `asker`. */
export async function proveRelationship(input: RelationshipProofInput): Promise<RelationshipProof> {
  const { executor, asker, block, relationship: r, log } = input;
  const proof = relationshipBase(block, r);
  const bound = bindBoth(input);
  if ('code' in bound) return { ...proof, error: bound };
  const what = `the validation of relationship ${proof.id}`;
  try {
    const sql = relationshipStatement({ sql: bound.from.sql, keys: r.keys }, { sql: bound.to.sql, keys: r.toKeys });
    const params = [...bound.from.params, ...bound.to.params];
    const result = await executor.execute({ asker, sql, params, connection: block.connection, origin: 'block', maxRows: 1 });
    const counts = countsOf(result.rows[0]);
    if (counts === undefined)
      return { ...proof, error: { code: 'WAREHOUSE_ERROR', message: `The warehouse's answer to ${what} could not be read as counts.` } };
    const status = joinHolds(counts, r.cardinality) ? 'passed' : 'failed';
    return { ...proof, observedCardinality: observedCardinality(counts), status, ...counts };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return { ...proof, error: proofError(error, what, log) };
  }
}
