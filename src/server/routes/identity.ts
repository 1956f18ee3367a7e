/**
 * GET /api/identity: who the server answers as. Without a host this is the local owner, and
 * the principal is the request's asker like every other route's.
 */
import type { FastifyPluginAsync } from 'fastify';
import { IDENTITY_ROUTE } from '../contract/identity.js';
import type { RouteOptions } from '../deps.js';

export const identityRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get('/api/identity', { schema: IDENTITY_ROUTE }, async (request) => {
    const principal = request.asker?.principal ?? null;
    return { owner: principal?.id ?? '', principal, requestId: request.asker?.requestId ?? null };
  });
};
