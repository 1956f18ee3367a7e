/**
 * View as in real Chromium against a real `svc serve` (spec 02 rules 7-8, spec 03 `POST
 * /api/persona`): on the App library an author names the groups to see Apps as; an App whose
 * audience is another group leaves the library, naming its group brings it back, and View as
 * myself returns to the person's own view; a reload keeps the persona in use and shows it. The
 * form passes the axe-core check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openApp, type Served, screenshot } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;

beforeAll(async () => {
  const root = await commerceProject();
  const file = join(root, 'apps/growth/svc.app.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), audienceGroups: ['finance'] }));
  opened = await openApp(root);
  ({ served, page } = opened);
}, 300_000);

afterAll(async () => {
  await opened?.close();
  cleanupProjects();
});

const titles = async () => {
  await page.locator('.card h2, .apps p.note:text("No Apps to show here.")').first().waitFor();
  return page.locator('.card h2').allTextContents();
};

describe('View as in the browser', () => {
  it('shows the library as the named groups see it, and as oneself again', async () => {
    await page.goto(`${served.url}/apps`);
    expect(await titles()).toEqual(['Growth']);
    await page.getByLabel('View as groups (comma separated)').fill('sales, support');
    await page.getByRole('button', { name: 'View as', exact: true }).click();
    await page.getByText('Seeing Apps as sales, support.').waitFor();
    await page.getByText('No Apps to show here.').waitFor();
    expect(await titles()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'view-as');
    // The persona lives on the server, per person: a reload shows it still in use.
    await page.reload();
    await page.getByText('Seeing Apps as sales, support.').waitFor();
    expect(await page.getByLabel('View as groups (comma separated)').inputValue()).toBe('sales, support');
    expect(await titles()).toEqual([]);
    await page.getByLabel('View as groups (comma separated)').fill('finance');
    await page.getByRole('button', { name: 'View as', exact: true }).click();
    await page.getByText('Seeing Apps as finance.').waitFor();
    await page.locator('.card h2').first().waitFor();
    expect(await titles()).toEqual(['Growth']);
    await page.getByLabel('View as groups (comma separated)').fill('sales');
    await page.getByRole('button', { name: 'View as', exact: true }).click();
    await page.getByText('No Apps to show here.').waitFor();
    await page.getByRole('button', { name: 'View as myself' }).click();
    await page.getByText('Seeing Apps as yourself.').waitFor();
    await page.locator('.card h2').first().waitFor();
    expect(await titles()).toEqual(['Growth']);
  });
});
