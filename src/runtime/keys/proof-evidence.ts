/**
 * The evidence a key proof keeps: the last proof of each block, in
 * `.svc/local/key-proofs/<block id>.json` (svc's local state, which `svc init` keeps out of git),
 * written atomically so a reader never sees half a record. It holds what was proven and how it
 * came out: block, file, source hash, keys, evidence kind, connection, status, counts, when and
 * for whom. Never a row or a key value. (Spec 03 "Exports and key proofs" 3: a dataset proof
 * keeps local git-ignored proof evidence; nothing else is written.)
 */
import { join } from 'node:path';
import type { CompiledBlock } from '../../compiler/types.js';
import { atomicWrite } from '../../compiler/write-file.js';
import type { DatasetProof } from './types.js';

export const EVIDENCE_DIR = join('.svc', 'local', 'key-proofs');

export interface EvidenceFacts {
  /** When the proof ran (ISO 8601). */
  provedAt: string;
  /** Whose rows were counted: the asking person's id, or the local owner on the command line. */
  provedFor: string;
  /** True when a host's hooks (credentials, row policy) applied: the counts are of the rows this person reads. */
  hosted: boolean;
}

/** Project-relative path of a block's evidence. */
export function evidencePath(blockId: string): string {
  return join(EVIDENCE_DIR, `${blockId}.json`).split('\\').join('/');
}

/** Writes the evidence of one proof that ran or failed; returns its project-relative path. */
export function writeEvidence(root: string, block: CompiledBlock, proof: DatasetProof, facts: EvidenceFacts): string {
  const { error: _error, block: id, file, ...rest } = proof;
  const record = {
    version: 1,
    block: id,
    file,
    sourceSha256: block.sourceSha256,
    connection: block.connection,
    ...rest,
    ...(proof.error !== undefined ? { errorCode: proof.error.code } : {}),
    ...facts,
  };
  const path = evidencePath(block.id);
  atomicWrite(join(root, path), `${JSON.stringify(record, null, 2)}\n`);
  return path;
}
