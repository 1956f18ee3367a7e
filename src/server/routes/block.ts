/** `GET /api/blocks/:id`: one block's view; 404 BLOCK_NOT_FOUND for an unknown id. */
import type { FastifyPluginAsync } from 'fastify';
import { gateRefusal } from '../../ask/refusals.js';
import { blockDetail } from '../../runtime/blocks/block-views.js';
import { BLOCK_ROUTE, type BlockView } from '../contract/blocks.js';
import type { RouteOptions } from '../deps.js';
import { snapshotOf } from '../snapshot-hook.js';
import { findBlock } from './find-block.js';

export const blockRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Params: { id: string }; Reply: BlockView }>('/api/blocks/:id', { schema: BLOCK_ROUTE }, async (request) => {
    const { ask } = snapshotOf(request);
    const block = findBlock(ask.manifest(), request.params.id);
    return { block: blockDetail(block, gateRefusal(block, ask.router().gate)) };
  });
};
