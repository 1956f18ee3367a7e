/**
 * The shared token that guards a server listening beyond loopback without a host (spec 02,
 * Authentication 1–2): SVC_SERVER_TOKEN must be set to start such a server, and every request
 * except the health check must carry `Authorization: Bearer <token>`. A loopback server needs
 * no token (only this machine can reach it) but uses one that is set. A token shorter than 16
 * characters is refused wherever it is read. Fails closed: no usable token, no start.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../loopback.js';
import type { StartErrorCode } from './codes.js';

export const TOKEN_ENV = 'SVC_SERVER_TOKEN';
/** Shorter tokens are refused: a token is the only thing between the network and the warehouse. */
export const MIN_TOKEN_LENGTH = 16;

/** Thrown when a non-loopback bind has no usable token; the server does not start. */
export class SharedTokenRequiredError extends Error {
  readonly code = 'SERVER_TOKEN_REQUIRED' satisfies StartErrorCode;
  constructor(host: string) {
    super(`Listening on ${host} reaches beyond this machine: set ${TOKEN_ENV} to a secret of at least ${MIN_TOKEN_LENGTH} characters, or listen on 127.0.0.1.`);
    this.name = 'SharedTokenRequiredError';
  }
}

/** Thrown when SVC_SERVER_TOKEN is set but too short to guard anything; the server does not start. */
export class SharedTokenTooShortError extends Error {
  readonly code = 'SERVER_TOKEN_TOO_SHORT' satisfies StartErrorCode;
  constructor() {
    super(`${TOKEN_ENV} is set but shorter than ${MIN_TOKEN_LENGTH} characters: use a longer secret, or unset it on a loopback server.`);
    this.name = 'SharedTokenTooShortError';
  }
}

/**
 * The token a bind to `host` must use. A token that is set is always used (on loopback too:
 * whoever set it expects it to guard the server) and must be long enough; without one, a
 * loopback server needs none and any other bind refuses to start.
 */
export function requiredToken(host: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const token = env[TOKEN_ENV];
  const set = token !== undefined && token !== '';
  if (set && token.length < MIN_TOKEN_LENGTH) throw new SharedTokenTooShortError();
  if (set) return token;
  if (isLoopbackHost(host)) return undefined;
  throw new SharedTokenRequiredError(host);
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  // Lengths are compared first without timing the content; equal lengths compare in constant time.
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses with 401 every request but GET /api/health that lacks the bearer token. */
export function installSharedToken(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.split('?')[0] === '/api/health') return;
    // A schedule pass was checked before this hook (loopback only, its own App's page runs).
    if (request.asker?.schedule !== undefined) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, token)) {
      return reply
        .code(401)
        .send({ error: { code: 'UNAUTHORIZED', message: `This server needs the shared token: send Authorization: Bearer <${TOKEN_ENV}>.` } });
    }
    return undefined;
  });
}
