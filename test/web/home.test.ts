/**
 * Home in real Chromium against a real `svc serve`: after two runs of a page whose certified
 * figure moved, Home shows that figure with the one before (and not the needs-review tile's),
 * lists the App just opened first under My Apps, links to the page, and has no
 * accessibility violation at any impact level (axe-core); Follow on an App page follows it, and Home then lists that
 * App first.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openApp, type Served, screenshot } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { scaleRevenue, writePulseApp } from '../helpers/pulse-app.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;
let root: string;

beforeAll(async () => {
  root = await commerceProject();
  writePulseApp(root, 'growth@acme.test');
  opened = await openApp(root);
  ({ served, page } = opened);
}, 300_000);

afterAll(async () => {
  await opened?.close();
  cleanupProjects();
});

describe('Home in the browser', () => {
  it('shows what moved on a page the person ran twice, their Apps, and passes axe', async () => {
    const run = async () =>
      (await (await page.request.post(`${served.url}/api/apps/pulse/pages/main/run`, { data: {} })).json()) as {
        tiles: Array<{ id: string; rows: Array<{ revenue: number }> }>;
      };
    const before = await run();
    await scaleRevenue(root, 'CA', 2);
    const after = await run();
    const last = (r: typeof before) => r.tiles.find((t) => t.id === 'revenue')?.rows.at(-1)?.revenue ?? Number.NaN;
    await page.goto(`${served.url}/home`);
    await page.locator('.moved').first().waitFor();
    expect(await page.locator('.moved h3').allTextContents()).toEqual(['Pulse: Main']);
    const figure = (await page.locator('.moved .figures li').allTextContents()).join('\n');
    expect(figure).toContain(`Weekly revenue: ${last(after).toLocaleString('en-US', { maximumFractionDigits: 2 })}`);
    expect(figure).toContain(`was ${last(before).toLocaleString('en-US', { maximumFractionDigits: 2 })}`);
    expect(figure).not.toContain('Revenue by channel');
    expect(await page.locator('.my-app h3').allTextContents()).toEqual(['Pulse', 'Growth']);
    expect(await page.locator('nav[aria-label="Main"] a[aria-current="page"]').textContent()).toBe('Home');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home');
    await page.locator('.moved h3 a').click();
    await page.waitForURL(`${served.url}/apps/pulse/main`);
  });

  it('follows a page from its footer, and Home lists the followed App first', async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    const follow = page.locator('button.follow');
    await follow.waitFor();
    expect([await follow.textContent(), await follow.getAttribute('aria-pressed')]).toEqual(['Follow', 'false']);
    await follow.click();
    await page.locator('button.follow[aria-pressed="true"]').waitFor();
    expect(await follow.textContent()).toBe('Following');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${served.url}/home`);
    await page.locator('.my-app').first().waitFor();
    expect(await page.locator('.my-app h3').allTextContents()).toEqual(['Growth', 'Pulse']);
    expect(await page.locator('.my-app .note').first().textContent()).toBe('Following');
  });
});
