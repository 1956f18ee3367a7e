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
import { normaliseOrigin } from './origin-check.js';
import { OWNER_COOKIE, verifyOwnerSession } from './owner-session.js';
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

/** The owner's sign-in route: open without a token, since it is where the token is given. */
export const OWNER_SESSION_RULE = 'POST /api/owner-session';

function cookieValue(request: FastifyRequest, cookie: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== cookie) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
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
  const kept = cookieValue(request, LINK_COOKIE);
  return kept?.startsWith(VIEWER_LINK_PREFIX) === true ? { token: kept, from: 'cookie' } : undefined;
}

/** Keeps the link in the browser for the app's files and calls, for as long as the link lasts. */
function keepLink(reply: FastifyReply, token: string, expiresAt: number, now: number): void {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  void reply.header('set-cookie', `${LINK_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${seconds}`);
}

/** Admits the request as the viewer link it carries (the context is changed in place), or refuses it. */
function admitLink(request: FastifyRequest, reply: FastifyReply, viewer: { token: string; from: string }, token: string, links: LinkOptions, now: number) {
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

/**
 * The owner's signed-in browser (owner-session.ts): `owner` for a request with a valid session
 * cookie, `foreign` when such a request would change something but does not come from this
 * server's own page (a page on another port of the same host is the same site, so SameSite alone
 * does not keep it out), undefined without a valid session.
 */
function ownerBrowser(request: FastifyRequest, token: string, now: number): 'owner' | 'foreign' | undefined {
  const session = cookieValue(request, OWNER_COOKIE);
  if (session === undefined || !verifyOwnerSession(token, session, now)) return undefined;
  if (request.method === 'GET' || request.method === 'HEAD') return 'owner';
  const origin = normaliseOrigin(request.headers.origin ?? '');
  const own = `${request.protocol}://${request.headers.host ?? ''}`.toLowerCase();
  return origin === own ? 'owner' : 'foreign';
}

/** Open without any token: the app's page and files (they carry no data) and the owner's sign-in, which checks the token itself. */
function openWithoutToken(request: FastifyRequest): boolean {
  const rule = routeAction(request.method, request.url).rule;
  return rule !== undefined && (rule === OWNER_SESSION_RULE || APP_RULES.has(rule));
}

const UNAUTHORIZED_MESSAGE = `This server needs the shared token: send Authorization: Bearer <${TOKEN_ENV}>, or sign in with it in the app.`;

/**
 * Refuses with 401 every request but GET /api/health that lacks the bearer token or the owner's
 * signed-in browser session; the app's page and files and the sign-in itself are open. With
 * `links`, a request carrying a viewer token is admitted as that link (viewer-link-gate.ts) or
 * refused; the owner's session wins over a link the same browser keeps from opening one.
 */
export function installSharedToken(app: FastifyInstance, token: string, links?: LinkOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.split('?')[0] === '/api/health') return;
    // A schedule pass was checked before this hook (loopback only, its own App's page runs).
    if (request.asker?.schedule !== undefined) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const now = links?.now?.() ?? Date.now();
    const owner = given === '' ? ownerBrowser(request, token, now) : undefined;
    const viewer = links !== undefined ? viewerToken(request, given) : undefined;
    if (viewer !== undefined && links !== undefined && !(owner === 'owner' && viewer.from === 'cookie'))
      return admitLink(request, reply, viewer, token, links, now);
    if (owner === 'owner') return undefined;
    if (owner === 'foreign') return send(reply, 403, 'ORIGIN_REFUSED', "A signed-in owner's change must come from this server's own page.");
    if (given === '' && openWithoutToken(request)) return undefined;
    if (!sameSecret(given, token)) return send(reply, 401, 'UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    return undefined;
  });
}
