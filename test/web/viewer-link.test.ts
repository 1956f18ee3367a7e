/**
 * A viewer link in real Chromium against a real `svc serve` guarded by SVC_SERVER_TOKEN (spec 02
 * Authentication 4): opening the Share link shows that App's page with its tiles run, takes the
 * link out of the address, offers only the Apps screen, lists that App alone, and sends every
 * other screen back to it; the page passes the axe-core check at every impact level, on a desktop
 * window and at a phone's 390 px.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, type Served, screenshot, serve } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const TOKEN = 'browser-shared-secret-0123456789';

let served: Served;
let browser: Browser;
let page: Page;
let href = '';

beforeAll(async () => {
  const root = await commerceProject();
  cpSync(join(root, 'apps/growth'), join(root, 'apps/ledger'), { recursive: true });
  const doc = JSON.parse(readFileSync(join(root, 'apps/growth/svc.app.json'), 'utf8'));
  writeFileSync(join(root, 'apps/ledger/svc.app.json'), JSON.stringify({ ...doc, id: 'ledger', title: 'Ledger', lifecycle: 'certified' }));
  served = await serve(root, { SVC_SERVER_TOKEN: TOKEN });
  const made = await fetch(`${served.url}/api/apps/ledger/share-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: '{}',
  });
  href = ((await made.json()) as { href: string }).href;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  cleanupProjects();
});

describe('a viewer link in the browser', () => {
  it("opens its App's page, runs its tiles and shows only that App's reader", async () => {
    await page.goto(`${served.url}${href}`);
    await page.locator('.tile [data-trust-badge]').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/apps/ledger/overview');
    expect(page.url()).not.toContain('link=');
    expect(await page.locator('nav[aria-label="Main"] > a').allTextContents()).toEqual(['Apps']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'viewer-link');
    // And at a phone's 390 px, as the reader is often opened from a message.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${served.url}/apps`);
    await page.locator('.card h2').first().waitFor();
    expect(await page.locator('.card h2').allTextContents()).toEqual(['Ledger']);
    expect(await page.locator('form.view-as').count()).toBe(0);
    expect(await page.getByText('Build new App').count()).toBe(0);
    await page.goto(`${served.url}/ask`);
    await page.locator('.card h2').first().waitFor();
    expect(await page.locator('.card h2').allTextContents()).toEqual(['Ledger']);
  });
});
