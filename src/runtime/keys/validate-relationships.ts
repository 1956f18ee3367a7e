/**
 * Relationship validation while a block is authored (spec 03 Endpoints,
 * `POST /api/modeling/dbt-first/relationships/validate`: "the proofs reused by key proofs"): the
 * very validation key proofs run (relationship-proof.ts), of the relationships one block declares
 * or of one it proposes before declaring it, whatever either block's status, through the one
 * query path as the asking person. Only counts come back, never a row or a key value; nothing is
 * kept (key proofs of certified content keep their own evidence).
 */
import type { CompiledBlock, Manifest, Relationship } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { Executor } from '../../warehouse/types.js';
import { proveRelationship, targetMissing } from './relationship-proof.js';
import type { RelationshipProof } from './types.js';

export interface ValidateRelationshipsInput {
  manifest: Manifest;
  executor: Executor;
  asker: Asker;
  /** The declaring block. */
  block: CompiledBlock;
  /** Relationships it declares, or the one it proposes. */
  relationships: readonly Relationship[];
  log: (line: string) => void;
}

/** The name a proposed relationship is validated under (its id `<block id>.proposed`). */
export const PROPOSED = 'proposed';

/** Validates each relationship in turn; `ok` when every one passed. */
export async function validateRelationships(input: ValidateRelationshipsInput): Promise<{ ok: boolean; relationships: RelationshipProof[] }> {
  const { manifest, executor, asker, block, log } = input;
  const relationships: RelationshipProof[] = [];
  for (const relationship of input.relationships) {
    const target = manifest.blocks[relationship.to];
    relationships.push(
      target === undefined ? targetMissing(block, relationship) : await proveRelationship({ executor, asker, block, relationship, target, log }),
    );
  }
  return { ok: relationships.every((r) => r.status === 'passed'), relationships };
}
