/**
 * `GET /api/blocks`: every block of the manifest (id, status, description, owner, params), by id,
 * with the drafts this server's Asks captured since it loaded (so a capture is listed at once).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Manifest } from '../../compiler/types.js';
import { gateRefusal } from '../../ask/refusals.js';
import type { BlockGate } from '../../rules/gates/answer-gate.js';
import { blockSummary, type BlockSummary } from '../../runtime/blocks/block-views.js';
import { BLOCK_LIST_ROUTE, type BlockList } from '../contract/blocks.js';
import type { RouteOptions } from '../deps.js';
import { snapshotOf } from '../snapshot-hook.js';

/** The list of a manifest, built once per loaded manifest. */
const lists = new WeakMap<Manifest, BlockSummary[]>();

function listOf(manifest: Manifest, gate: BlockGate): BlockSummary[] {
  let blocks = lists.get(manifest);
  if (blocks === undefined) {
    blocks = Object.values(manifest.blocks)
      .map((b) => blockSummary(b, gateRefusal(b, gate)))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    lists.set(manifest, blocks);
  }
  return blocks;
}

export const blocksRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Reply: BlockList }>('/api/blocks', { schema: BLOCK_LIST_ROUTE }, async (request) => {
    const { ask } = snapshotOf(request);
    return { blocks: listOf(ask.manifest(), ask.router().gate) };
  });
};
