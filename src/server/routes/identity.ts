/**
 * GET /api/identity: who the server answers as. Without a host this is the local owner, and
 * the principal is read from the request context like every other route would.
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentContext, currentPrincipal } from '../../hooks/context/request-context.js';
import type { RouteOptions } from '../deps.js';

export const identityRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get('/api/identity', async () => {
    const principal = currentPrincipal() ?? null;
    return { owner: principal?.id ?? '', principal, requestId: currentContext()?.requestId ?? null };
  });
};
