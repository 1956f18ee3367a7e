/**
 * POST /api/owner-session `{ token }` (spec 02 Authentication 1-2): the owner of a server guarded
 * by SVC_SERVER_TOKEN signs their browser in by typing the token into the app once; the answer
 * sets the signed session cookie (owner-session.ts) the shared-token hook admits from then on, so
 * the owner's own page can make viewer links without the token in any script. Open without a
 * token (it is where the token is given), compared in constant time; a hosted server or one
 * without a token has no such sign-in.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { OWNER_SESSION_ROUTE, type OwnerSession, type OwnerSessionRequest } from '../contract/owner-session.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { ownerCookie, signOwnerSession } from '../owner-session.js';

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const ownerSessionRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Body: OwnerSessionRequest; Reply: OwnerSession }>('/api/owner-session', { schema: OWNER_SESSION_ROUTE }, async (request, reply) => {
    const token = deps.sharedToken;
    if (token === undefined || deps.hooks !== undefined)
      throw new ApiError(409, 'OWNER_SESSION_UNAVAILABLE', 'This server has no owner sign-in: it is not guarded by a shared token, or a host signs people in.');
    if (!sameSecret(request.body.token, token)) throw new ApiError(401, 'UNAUTHORIZED', 'That is not the server token.');
    const now = deps.now?.() ?? Date.now();
    const session = signOwnerSession(token, now);
    void reply.header('set-cookie', ownerCookie(session, now));
    return { signedIn: true, expiresAt: new Date(session.expiresAt).toISOString() };
  });
};
