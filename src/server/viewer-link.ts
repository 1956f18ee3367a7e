/**
 * Viewer link tokens (spec 02 Authentication 4, spec 03 Limits): a signed token for one App on a
 * network-shared server without a host, valid 14 days. The signature is an HMAC-SHA256 keyed by
 * a key derived from the server's shared token, so changing that token ends every link at once
 * and nothing is kept per link. The token is `svc-link.<payload>.<signature>`, both base64url;
 * the payload names the App and when the link ends. Verifying never throws on what a caller sent.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a viewer link opens its App (spec 03 Limits: 14 days). */
export const VIEWER_LINK_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** Every viewer token starts so, which tells it from the shared token in the same header. */
export const VIEWER_LINK_PREFIX = 'svc-link.';

export interface ViewerLink {
  appId: string;
  /** When the link stops opening its App (ms since the epoch). */
  expiresAt: number;
}

/** The signing key: derived, so the server token itself never signs anything handed out. */
function keyOf(serverToken: string): Buffer {
  return createHmac('sha256', serverToken).update('svc viewer link key v1').digest();
}

function mac(serverToken: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(serverToken)).update(payload).digest();
}

/** A new viewer token for `appId`, ending VIEWER_LINK_LIFETIME_MS after `now`. */
export function signViewerLink(serverToken: string, appId: string, now: number = Date.now()): { token: string; link: ViewerLink } {
  const link: ViewerLink = { appId, expiresAt: now + VIEWER_LINK_LIFETIME_MS };
  // The nonce makes two links made in the same millisecond differ; it carries no meaning.
  const payload = Buffer.from(JSON.stringify({ v: 1, app: appId, exp: link.expiresAt, n: randomBytes(6).toString('base64url') })).toString('base64url');
  return { token: `${VIEWER_LINK_PREFIX}${payload}.${mac(serverToken, payload).toString('base64url')}`, link };
}

export type ViewerLinkCheck = { ok: true; link: ViewerLink } | { ok: false; why: 'malformed' | 'signature' | 'expired' };

function readPayload(payload: string): ViewerLink | undefined {
  try {
    const doc = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (doc['v'] !== 1 || typeof doc['app'] !== 'string' || doc['app'] === '' || typeof doc['exp'] !== 'number') return undefined;
    return { appId: doc['app'], expiresAt: doc['exp'] };
  } catch {
    return undefined;
  }
}

/** Whether `token` is a viewer link this server signed and that has not ended at `now`. */
export function verifyViewerLink(serverToken: string, token: string, now: number = Date.now()): ViewerLinkCheck {
  if (!token.startsWith(VIEWER_LINK_PREFIX)) return { ok: false, why: 'malformed' };
  const parts = token.slice(VIEWER_LINK_PREFIX.length).split('.');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return { ok: false, why: 'malformed' };
  const [payload, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const want = mac(serverToken, payload);
  // The signature is checked before the payload is read: nothing unsigned is parsed further.
  if (given.length !== want.length || !timingSafeEqual(given, want)) return { ok: false, why: 'signature' };
  const link = readPayload(payload);
  if (link === undefined) return { ok: false, why: 'malformed' };
  if (now >= link.expiresAt) return { ok: false, why: 'expired' };
  return { ok: true, link };
}
