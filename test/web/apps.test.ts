/**
 * Apps in real Chromium against a real `svc serve`: the library shows each App's lifecycle
 * only; an App page reads `Trust not checked yet` before it has run, then one trust value alike
 * in the header badge, the `N of M tiles certified` line and every tile badge, the value the
 * server's rules decide; `/?app=<id>&page=<id>` opens that page and the parameters are removed;
 * each tile's landmarks are named after the tile (no two landmarks alike) and the page links to
 * the App's other pages; the page's layout stays still while its tiles run (layout shift under
 * 0.1, as Chromium measures it).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openApp, type Served, screenshot } from '../helpers/browser.js';
import { downloadsOf, readCsv, readXlsx } from '../helpers/export-files.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;

beforeAll(async () => {
  opened = await openApp(await commerceProject());
  ({ served, page } = opened);
}, 300_000);

afterAll(async () => {
  await opened?.close();
  cleanupProjects();
});

describe('Apps in the browser', () => {
  it('lists Apps by lifecycle only', async () => {
    await page.goto(`${served.url}/apps`);
    await page.locator('.card').first().waitFor();
    expect(await page.locator('.card h2').allTextContents()).toEqual(['Growth']);
    expect(await page.locator('.card .lifecycle').textContent()).toBe('App draft');
    expect(await page.locator('.card').textContent()).not.toMatch(/certified and verified|Certified/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'apps');
  });

  it('shows one trust value in the header, the line and every tile badge, and none before the page has run', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/apps/growth/pages/overview/run', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${served.url}/apps/growth/overview`);
    await page.locator('.page-head [data-trust-badge]').waitFor();
    expect(await page.locator('.page-head [data-trust-badge]').textContent()).toBe('Trust not checked yet');
    release();
    await page.locator('.tile').first().waitFor();
    await page.unroute('**/api/apps/growth/pages/overview/run');
    const expected = (
      (await (await page.request.post(`${served.url}/api/apps/growth/pages/overview/run`, { data: {} })).json()) as {
        trust: { label: string; line: string; text?: string };
      }
    ).trust;
    expect(await page.locator('.page-head [data-trust-badge]').textContent()).toBe(expected.label);
    expect(await page.locator('.trust-line').textContent()).toBe(`${expected.label}: ${expected.line}`);
    const badges = await page.locator('.tile [data-trust-badge]').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set([expected.label]));
    // The all-certified words appear exactly when the server's rules allow them.
    expect(await page.locator('.all-certified').count()).toBe(expected.text !== undefined ? 1 : 0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'app-page');
  });

  it("charts a block tile by the block's declared visualization, as Ask does", async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    const caption = page.locator('.tile[aria-label="Weekly revenue"] figure.chart figcaption');
    await caption.waitFor();
    expect(await caption.textContent()).toBe('Weekly revenue: revenue by week_start');
  });

  it("a tile's table downloads CSV, JSON and Excel through the tile export route", async () => {
    const exported: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/apps/growth/dashboards/overview/export')) exported.push(JSON.parse(r.postData() ?? '{}').format);
    });
    await page.goto(`${served.url}/apps/growth/overview`);
    const tile = page.locator('.tile[aria-label="Top states by revenue"]');
    await tile.locator('table').waitFor();
    const shown = await tile.locator('tbody tr td:first-child').allTextContents();
    const files = await downloadsOf(tile);
    expect(exported).toEqual(['csv', 'json', 'xlsx']);
    expect(Object.values(files).map((f) => f.name)).toEqual(['Top-states-by-revenue.csv', 'Top-states-by-revenue.json', 'Top-states-by-revenue.xlsx']);
    const csv = readCsv(files['Download CSV']!.bytes.toString('utf8'));
    expect(csv.slice(1).map((r) => r[0])).toEqual(shown);
    expect(JSON.parse(files['Download JSON']!.bytes.toString('utf8')).rows).toHaveLength(shown.length);
    const { cells } = readXlsx(files['Download Excel']!.bytes);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.filter((c) => /^A\d+$/.test(c.ref) && c.ref !== 'A1').map((c) => c.value)).toEqual(shown);
  });

  it('opens /?app=<id>&page=<id> and removes the parameters', async () => {
    await page.goto(`${served.url}/?app=growth&page=customers`);
    await page.locator('.tile').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/apps/growth/customers');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('.page-head h1').textContent()).toBe('Customers');
  });

  it('runs the page again with its filters bound to each tile', async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    await page.locator('.tile').first().waitFor();
    const before = await page.locator('.tile[aria-label="Top states by revenue"] tbody tr').count();
    await page.getByLabel('state', { exact: true }).fill('CA');
    await page.getByLabel('since', { exact: true }).fill('2099-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page
      .getByText('Trust not checked yet')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.locator('.tile').first().waitFor();
    await expect.poll(async () => page.locator('.tile[aria-label="Top states by revenue"] tbody tr').count()).toBeLessThan(before);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("names each tile's landmarks after the tile, no two landmarks on the page alike", async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    await page.locator('.tile table').first().waitFor();
    const names = await page.evaluate(() =>
      [...document.querySelectorAll('section[aria-label], article[aria-label], nav[aria-label], aside[aria-label], form[aria-label]')].map((e) =>
        e.getAttribute('aria-label'),
      ),
    );
    expect(names.filter((n) => /result table|rows/i.test(n ?? '')).length).toBeGreaterThan(1);
    expect(names.length).toBe(new Set(names).size);
    const tile = page.locator('.tile[aria-label="Top states by revenue"]');
    expect(await tile.getByRole('region', { name: 'Top states by revenue: result table' }).count()).toBe(1);
    expect(await tile.getByRole('region', { name: 'Top states by revenue: rows' }).count()).toBe(1);
  });

  it("links to the App's other pages, the current one marked", async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    const pages = page.getByRole('navigation', { name: 'Pages of Growth' });
    await pages.waitFor();
    expect(await pages.getByRole('link').allTextContents()).toEqual(['Overview', 'Customers']);
    expect(await pages.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('link', { name: 'Customers' }).click();
    await expect.poll(async () => page.locator('.page-head h1').textContent()).toBe('Customers');
    expect(new URL(page.url()).pathname).toBe('/apps/growth/customers');
    expect(await pages.getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the layout of an App page still while its tiles run (cumulative layout shift under 0.1)', async () => {
    await page.goto(`${served.url}/apps/growth/overview`);
    await page.locator('.tile figure.chart svg').first().waitFor();
    await page.locator('.tile table').first().waitFor();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) total += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.1);
  });
});
