import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from '../helpers/browser.js';
import { svc } from '../helpers/cli.js';
import { DRAFT_SOURCE, TOP_STATES, WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { useServedWithModel } from './with-model.js';

const env = useServedWithModel();

describe('the Build screen', () => {
  it('takes a prompt to a published App with the trust svc app check gives it', async () => {
    const { fake, page, served, root } = env;
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
    expect(await axeViolations(page)).toEqual([]);

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
