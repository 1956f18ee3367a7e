/** `GET /api/health`: the server is up, for which project, serving how many blocks. */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../deps.js';

export const healthRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get('/api/health', async () => ({ ok: true, project: deps.manifest.project, blocks: Object.keys(deps.manifest.blocks).length }));
};
