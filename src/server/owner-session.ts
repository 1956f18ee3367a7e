/**
 * The owner's browser session on a server guarded by the shared token (spec 02 Authentication
 * 1-2, 4): a browser cannot add `Authorization: Bearer` to the app's own requests, so the owner
 * types the server token once into the app (`POST /api/owner-session`) and the server answers
 * with an HttpOnly, SameSite=Strict cookie holding a signed session, not the token. The session
 * is `svc-owner.<expiry>.<signature>`, an HMAC-SHA256 under a key derived from the server token,
 * so changing the token ends every session (as it ends every viewer link) and nothing is kept
 * per session. It lasts 12 hours. Verifying never throws on what a caller sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a browser stays signed in as the owner. */
export const OWNER_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The cookie the owner's browser keeps the session in. */
export const OWNER_COOKIE = 'svc_owner';

const PREFIX = 'svc-owner.';

function mac(serverToken: string, expiry: string): Buffer {
  const key = createHmac('sha256', serverToken).update('svc owner session key v1').digest();
  return createHmac('sha256', key).update(expiry).digest();
}

/** A new owner session ending OWNER_SESSION_LIFETIME_MS after `now`. */
export function signOwnerSession(serverToken: string, now: number = Date.now()): { value: string; expiresAt: number } {
  const expiresAt = now + OWNER_SESSION_LIFETIME_MS;
  const expiry = String(expiresAt);
  return { value: `${PREFIX}${expiry}.${mac(serverToken, expiry).toString('base64url')}`, expiresAt };
}

/** Whether `value` is an owner session this server's token signed that has not ended at `now`. */
export function verifyOwnerSession(serverToken: string, value: string, now: number = Date.now()): boolean {
  if (!value.startsWith(PREFIX)) return false;
  const [expiry, signature, ...rest] = value.slice(PREFIX.length).split('.');
  if (expiry === undefined || signature === undefined || rest.length > 0 || !/^\d{1,16}$/.test(expiry)) return false;
  const given = Buffer.from(signature, 'base64url');
  const want = mac(serverToken, expiry);
  return given.length === want.length && timingSafeEqual(given, want) && now < Number(expiry);
}

/** The Set-Cookie value that keeps `session` in the browser until it ends (or clears it, with none). */
export function ownerCookie(session: { value: string; expiresAt: number } | undefined, now: number = Date.now()): string {
  if (session === undefined) return `${OWNER_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
  const seconds = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
  return `${OWNER_COOKIE}=${encodeURIComponent(session.value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${seconds}`;
}
