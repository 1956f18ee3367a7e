/** The block a block route names, or the route's 404 (the block views themselves know nothing of HTTP). */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import { ApiError } from '../errors.js';

/** The block with `id`, else a 404 BLOCK_NOT_FOUND. */
export function findBlock(manifest: Manifest, id: string): CompiledBlock {
  const block = Object.hasOwn(manifest.blocks, id) ? manifest.blocks[id] : undefined;
  if (block === undefined) throw new ApiError(404, 'BLOCK_NOT_FOUND', `There is no block ${id} in this project.`);
  return block;
}
