/**
 * The shared token that guards a server listening beyond loopback without a host (spec 02,
 * Authentication 1–2): SVC_SERVER_TOKEN must be set to start such a server, and every request
 * except the health check must carry `Authorization: Bearer <token>`. A loopback server needs
 * no token (only this machine can reach it) but uses one that is set. A token shorter than 16
 * characters is refused wherever it is read. Fails closed: no usable token, no start.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeAction } from '../hooks/context/route-action.js';
import type { HostHooks } from '../hooks/hooks.js';
import { isLoopbackHost } from '../loopback.js';
import { APP_RULES } from './app-paths.js';
import type { StartErrorCode } from './codes.js';
import { send } from './errors.js';
import { VIEWER_LINK_PREFIX } from './viewer-link.js';
import { admitViewerLink } from './viewer-link-gate.js';

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

/** Viewer links on this server (spec 02 Authentication 4): absent, a viewer token is no token. */
export interface LinkOptions {
  hooks?: HostHooks;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** The cookie a browser keeps a viewer link in, once a page of the app was opened with it. */
export const LINK_COOKIE = 'svc_link';

function cookieLink(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LINK_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The viewer token a request carries and where from: the bearer; on a page load of the app,
 * `?link=`; else the browser's link cookie (SameSite=Strict, so no other site's page sends it).
 */
function viewerToken(request: FastifyRequest, bearer: string): { token: string; from: 'bearer' | 'address' | 'cookie' } | undefined {
  if (bearer.startsWith(VIEWER_LINK_PREFIX)) return { token: bearer, from: 'bearer' };
  if (bearer !== '') return undefined;
  const link = request.method === 'GET' ? new URLSearchParams(request.url.split('?')[1] ?? '').get('link') : null;
  const rule = routeAction(request.method, request.url).rule;
  // Only the app's own page takes it from the address: it carries no data.
  if (link !== null && link.startsWith(VIEWER_LINK_PREFIX) && rule !== undefined && APP_RULES.has(rule)) return { token: link, from: 'address' };
  const kept = cookieLink(request);
  return kept?.startsWith(VIEWER_LINK_PREFIX) === true ? { token: kept, from: 'cookie' } : undefined;
}

/** Keeps the link in the browser for the app's files and calls, for as long as the link lasts. */
function keepLink(reply: FastifyReply, token: string, expiresAt: number, now: number): void {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  void reply.header('set-cookie', `${LINK_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${seconds}`);
}

/**
 * Refuses with 401 every request but GET /api/health that lacks the bearer token. With `links`,
 * a request carrying a viewer token is admitted as that link (viewer-link-gate.ts) or refused.
 */
export function installSharedToken(app: FastifyInstance, token: string, links?: LinkOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.split('?')[0] === '/api/health') return;
    // A schedule pass was checked before this hook (loopback only, its own App's page runs).
    if (request.asker?.schedule !== undefined) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const viewer = links !== undefined ? viewerToken(request, given) : undefined;
    if (viewer !== undefined && links !== undefined) {
      const now = links.now?.() ?? Date.now();
      const admitted = admitViewerLink(request, viewer.token, token, links.hooks, now);
      if (!('principal' in admitted)) return send(reply, admitted.status, admitted.code, admitted.message);
      if (viewer.from === 'address') keepLink(reply, viewer.token, admitted.expiresAt, now);
      // The context object the request runs in is changed in place, so every route reads the link.
      if (request.asker !== undefined) {
        request.asker.principal = admitted.principal;
        // A link reader is no one's slot: the owner's persona never travels with a link.
        delete request.asker.persona;
      }
      return undefined;
    }
    if (!sameSecret(given, token)) {
      return reply
        .code(401)
        .send({ error: { code: 'UNAUTHORIZED', message: `This server needs the shared token: send Authorization: Bearer <${TOKEN_ENV}>.` } });
    }
    return undefined;
  });
}
