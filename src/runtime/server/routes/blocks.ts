/** `GET /api/blocks`: every block of the manifest (id, status, description, owner, params), by id. */
import type { FastifyPluginAsync } from 'fastify';
import { blockSummary } from '../block-views.js';
import type { RouteOptions } from '../deps.js';

export const blocksRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  // The manifest never changes under a running server, so the list is built once.
  const blocks = Object.values(deps.manifest.blocks)
    .map(blockSummary)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  app.get('/api/blocks', async () => ({ blocks }));
};
