/**
 * What a source promises the Autopilot's proposal and summary (spec 01 App Autopilot rule 3):
 * its revision (the block's content hash) and its dataset contract, a hash over what a tile
 * relies on beyond the text: the declared contract and whether it resolves, the outputs, the
 * declared column meanings (additivity included), the parameters, the grain and the lifecycle the
 * project relies on. A contract manifest edit or a lapsed certification changes the contract
 * while the block's text, and so its revision, stays the same.
 */
import { createHash } from 'node:crypto';
import type { Manifest } from '../../compiler/types.js';
import { blockOfSource } from '../app-builder/index.js';

export interface SourcePin {
  id: string;
  revision: string;
  contract: string;
}

/** The pin of catalog source `id` as the project holds it now; undefined when it is gone. */
export function pinOf(manifest: Manifest, id: string): SourcePin | undefined {
  const block = blockOfSource(manifest, id);
  if (block === undefined) return undefined;
  const promised = {
    contract: block.contract === undefined ? null : { raw: block.contract.raw, status: block.contract.status },
    outputs: block.outputs,
    columns: block.columns ?? {},
    params: block.params.map((p) => ({ name: p.name, type: p.type, required: p.required, default: p.default ?? null })),
    grain: block.grain ?? null,
    grainKeys: block.grainKeys ?? null,
    status: block.effectiveStatus,
  };
  return { id, revision: block.sourceSha256, contract: `sha256:${createHash('sha256').update(JSON.stringify(promised)).digest('hex')}` };
}
