/** `GET /api/blocks/:id`: one block's view; 404 BLOCK_NOT_FOUND for an unknown id. */
import type { FastifyPluginAsync } from 'fastify';
import { blockDetail, findBlock } from '../block-views.js';
import type { RouteOptions } from '../deps.js';

export const blockRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { id: string } }>('/api/blocks/:id', async (request) => ({ block: blockDetail(findBlock(deps.manifest, request.params.id)) }));
};
