/**
 * The Build screen in real Chromium against a real `svc serve` on a commerce copy, with the
 * loopback fake model speaking the provider's protocol as the planner: prompt -> proposal ->
 * compose by hand (a source added from the catalog, a draft source's Add disabled) -> preview ->
 * preflight -> publish, after which the new App is in Apps and `svc app check` gives it the
 * trust the Build screen showed. No serious accessibility violation on the way.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type Served, screenshot, seriousViolations } from '../helpers/browser.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { DRAFT_SOURCE, TOP_STATES, WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let fake: FakeOpenAi;
let root: string;
let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await commerceProject();
  configureAsk(root, fake.baseUrl);
  opened = await openApp(root);
  ({ served, page } = opened);
}, 300_000);

afterAll(async () => {
  await opened?.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

describe('the Build screen', () => {
  it('takes a prompt to a published App with the trust svc app check gives it', async () => {
    fake.script(JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY, kind: 'chart' }] }], clarifications: [] }));
    await page.goto(`${served.url}/apps`);
    await page.getByRole('link', { name: 'Build new App' }).click();
    await page.getByLabel('What should the App show?').fill('weekly revenue');
    await page.getByRole('button', { name: 'Propose' }).click();
    await page.locator('.planner').waitFor();
    expect(await page.locator('.planner').textContent()).toBe('Proposed by the configured model.');
    expect(await page.locator('.draft-tile').count()).toBe(1);

    await page.getByLabel('Search sources').fill('orders state');
    await page.locator(`[data-source="${DRAFT_SOURCE}"]`).waitFor();
    expect(await page.locator(`[data-source="${DRAFT_SOURCE}"] .badge`).textContent()).toBe('Draft');
    expect(await page.locator(`[data-source="${DRAFT_SOURCE}"] button`).isDisabled()).toBe(true);
    await page.getByLabel('Search sources').fill('top_n');
    await page.locator(`[data-source="${TOP_STATES}"] button`).click();
    await page.locator('.draft-tile').nth(1).waitFor();
    expect(await page.locator('.draft-tile').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview li').nth(1).waitFor();
    expect(await page.locator('.preview li.ok').count()).toBe(2);
    await page.getByLabel('App id').fill('revenue');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.preflight').waitFor();
    expect(await page.locator('.preflight p').first().textContent()).toBe('Ready to publish.');
    const shown = await page.locator('.preflight .trust-line').textContent();
    await screenshot(page, 'app-build');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.published').waitFor();

    const check = JSON.parse(svc(['app', 'check', 'revenue', '--format', 'json'], root).stdout) as { trust: { label: string; line: string } };
    expect(shown).toBe(`${check.trust.label}: ${check.trust.line}`);
    await page.locator('.published a').click();
    await page.locator('.card h2').nth(1).waitFor();
    expect(await page.locator('.card h2').allTextContents()).toContain('Revenue');
    // The published App's own page reads the trust svc app check gives it.
    await page.locator('.card h2 a', { hasText: 'Revenue' }).click();
    await page.locator('.tile').first().waitFor();
    await page.waitForFunction(() => !(document.querySelector('.trust-line')?.textContent ?? 'Trust not checked yet').includes('not checked'));
    expect(await page.locator('.trust-line').textContent()).toBe(`${check.trust.label}: ${check.trust.line}`);
    expect(await page.locator('.page-head [data-trust-badge]').textContent()).toBe(check.trust.label);
  });
});
