/**
 * The owner's Share button on a server guarded by SVC_SERVER_TOKEN, in real Chromium against a
 * real `svc serve` (spec 02 Authentication 1-2, 4): the browser cannot send the bearer token, so
 * every call of the app answered 401 and Share could never make a link. Now the app asks the
 * owner for the server token once, the server keeps a signed session cookie (never the token),
 * the owner's App page makes a viewer link, and a browser with no cookie opens it and reads that
 * App alone. A wrong token is refused; a change sent with the owner's cookie from a page of
 * another origin is refused; the sign-in and the Share panel pass the axe-core check.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, type Served, screenshot, serve } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const TOKEN = 'owner-browser-secret-0123456789';

let served: Served;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let link = '';

beforeAll(async () => {
  const root = await commerceProject();
  cpSync(join(root, 'apps/growth'), join(root, 'apps/ledger'), { recursive: true });
  const doc = JSON.parse(readFileSync(join(root, 'apps/growth/svc.app.json'), 'utf8'));
  writeFileSync(join(root, 'apps/ledger/svc.app.json'), JSON.stringify({ ...doc, id: 'ledger', title: 'Ledger', lifecycle: 'certified' }));
  served = await serve(root, { SVC_SERVER_TOKEN: TOKEN });
  browser = await launchChromium();
  owner = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  page = await owner.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  cleanupProjects();
});

describe("the owner's browser on a token-guarded server", () => {
  it('asks for the server token once, refuses a wrong one, and keeps a session cookie instead of the token', async () => {
    await page.goto(`${served.url}/apps/ledger/overview`);
    await page.getByRole('heading', { name: 'Sign in to this svc server' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Server token').fill('not-the-server-token-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That is not the server token.' }).waitFor();
    await page.getByLabel('Server token').fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.tile [data-trust-badge]').first().waitFor();
    const cookies = await owner.cookies(served.url);
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['svc_owner', true, 'Strict']]);
    expect(cookies[0]?.value).not.toContain(TOKEN);
  });

  it('makes a viewer link with Share, which a browser without the session opens for that App alone', async () => {
    await page.getByRole('button', { name: 'Share' }).click();
    const shown = page.getByLabel('Viewer link');
    await shown.waitFor();
    link = await shown.inputValue();
    expect(link.startsWith(`${served.url}/?app=ledger&page=overview&link=svc-link.`)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'share-link');
    const viewer = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const reader = await viewer.newPage();
    await reader.goto(link);
    await reader.locator('.tile [data-trust-badge]').first().waitFor();
    expect(new URL(reader.url()).pathname).toBe('/apps/ledger/overview');
    expect(await reader.locator('nav[aria-label="Main"] > a').allTextContents()).toEqual(['Apps']);
    expect(await reader.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await reader.getByRole('heading', { name: 'Sign in to this svc server' }).count()).toBe(0);
    const other = await reader.request.get(`${served.url}/api/apps/growth/pages/overview`);
    expect(other.status()).toBe(403);
    await viewer.close();
  });

  it("refuses a change carrying the owner's cookie from another origin, and every call without token or session", async () => {
    const cookie = (await owner.cookies(served.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const share = (headers: Record<string, string>) =>
      fetch(`${served.url}/api/apps/ledger/share-link`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    const cases: Array<[Record<string, string>, number, string | undefined]> = [
      [{ cookie, origin: served.url }, 200, undefined],
      [{ cookie, origin: 'http://127.0.0.1:9' }, 403, 'ORIGIN_REFUSED'],
      [{ cookie }, 403, 'ORIGIN_REFUSED'],
      [{ origin: served.url }, 401, 'UNAUTHORIZED'],
      [{ cookie: 'svc_owner=svc-owner.99999999999999.forged', origin: served.url }, 401, 'UNAUTHORIZED'],
    ];
    for (const [headers, status, code] of cases) {
      const r = await share(headers);
      const body = (await r.json()) as { error?: { code: string } };
      expect([r.status, body.error?.code]).toEqual([status, code]);
    }
  });
});
