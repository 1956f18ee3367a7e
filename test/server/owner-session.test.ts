/**
 * The owner's browser session on a token-guarded server (spec 02 Authentication 1-2): a session
 * is signed under a key derived from the server token, so a forged, malformed, expired or
 * other-token session reads as none; over real HTTP the app's page is open without a token, a
 * wrong token signs no one in, the right one sets an HttpOnly SameSite=Strict cookie that opens
 * the API, and a server without a token has no owner sign-in (409 OWNER_SESSION_UNAVAILABLE).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../src/index.js';
import { OWNER_SESSION_LIFETIME_MS, signOwnerSession, verifyOwnerSession } from '../../src/server/owner-session.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const TOKEN = 'an-owner-session-server-token';
const NOW = 1_800_000_000_000;
const signed = signOwnerSession(TOKEN, NOW).value;

afterAll(() => cleanupProjects());

describe('owner sessions', () => {
  it.each([
    ['a session this token signed', TOKEN, signed, NOW + 1_000, true],
    ['the same session once it ended', TOKEN, signed, NOW + OWNER_SESSION_LIFETIME_MS, false],
    ['the same session after the server token changed', `${TOKEN}-changed`, signed, NOW + 1_000, false],
    ['a later expiry with the old signature', TOKEN, signed.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 1}.`), NOW + 1_000, false],
    ['a malformed value', TOKEN, 'svc-owner.abc', NOW, false],
    ['the server token itself', TOKEN, TOKEN, NOW, false],
  ])('%s -> %s', (_name, token, value, now, ok) => {
    expect(verifyOwnerSession(token, value, now)).toBe(ok);
  });
});

async function withServer(env: string | undefined, run: (base: string) => Promise<void>): Promise<void> {
  const root = await commerceProject();
  const before = process.env['SVC_SERVER_TOKEN'];
  if (env === undefined) delete process.env['SVC_SERVER_TOKEN'];
  else process.env['SVC_SERVER_TOKEN'] = env;
  const server = await startLocalServer({ project: root, host: '127.0.0.1', port: 0, log: () => {} });
  try {
    await run(server.url);
  } finally {
    await server.close();
    if (before === undefined) delete process.env['SVC_SERVER_TOKEN'];
    else process.env['SVC_SERVER_TOKEN'] = before;
  }
}

const signIn = (base: string, token: string) =>
  fetch(`${base}/api/owner-session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });

describe('POST /api/owner-session over HTTP', () => {
  it('opens the page, refuses a wrong token and keeps a cookie that opens the API', async () => {
    await withServer(TOKEN, async (base) => {
      expect((await fetch(`${base}/apps`)).status).toBe(200);
      expect((await fetch(`${base}/api/blocks`)).status).toBe(401);
      const wrong = await signIn(base, `${TOKEN}x`);
      expect([wrong.status, ((await wrong.json()) as { error: { code: string } }).error.code, wrong.headers.get('set-cookie')]).toEqual([
        401,
        'UNAUTHORIZED',
        null,
      ]);
      const right = await signIn(base, TOKEN);
      expect(right.status).toBe(200);
      const cookie = right.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^svc_owner=svc-owner\.\d+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      expect(cookie).not.toContain(TOKEN);
      const blocks = await fetch(`${base}/api/blocks`, { headers: { cookie: cookie.split(';')[0] ?? '' } });
      expect(blocks.status).toBe(200);
    });
  });

  it('has no owner sign-in on a server without a token', async () => {
    await withServer(undefined, async (base) => {
      const r = await signIn(base, TOKEN);
      expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([409, 'OWNER_SESSION_UNAVAILABLE']);
    });
  });
});
