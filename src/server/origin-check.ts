/**
 * Origins a hosted server answers browsers from (`allowedOrigins`). A request that carries an
 * `Origin` is its own page's when that origin is this server's, and a listed origin's when it
 * is listed: those get the CORS headers (credentials allowed, `Vary: Origin`) and a preflight
 * answer. Any other origin may not change anything: a non-GET request from it is refused with
 * 403 ORIGIN_REFUSED before any hook or route runs, so a page elsewhere cannot act as the
 * person whose cookies its browser sends. Installed only with a host (a single-user server
 * takes JSON only, which a foreign page cannot send without a preflight it would fail).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from './errors.js';

/** `scheme://host[:port]` with nothing after it, lowercased: the only form an origin takes. */
export function normaliseOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username !== '' ||
      url.password !== '' ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== '' ||
      origin.endsWith('/')
    )
      return undefined;
    return url.origin.toLowerCase();
  } catch {
    return undefined;
  }
}

function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  return host === undefined ? undefined : `${request.protocol}://${host}`.toLowerCase();
}

/** Installs the origin check for `allowed` (already normalised origins). */
export function installOriginCheck(app: FastifyInstance, allowed: readonly string[]): void {
  const listed = new Set(allowed);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return undefined;
    const normal = normaliseOrigin(origin);
    if (normal !== undefined && normal === ownOrigin(request)) return undefined;
    if (normal !== undefined && listed.has(normal)) {
      void reply.header('Access-Control-Allow-Origin', normal).header('Access-Control-Allow-Credentials', 'true').header('Vary', 'Origin');
      if (request.method === 'OPTIONS') {
        return reply
          .code(204)
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
          .header('Access-Control-Allow-Headers', 'content-type, authorization, x-svc-background')
          .header('Access-Control-Max-Age', '600')
          .send();
      }
      return undefined;
    }
    if (request.method === 'GET' || request.method === 'HEAD') return undefined;
    return send(reply, 403, 'ORIGIN_REFUSED', 'Requests from this page are not accepted here.');
  });
}
