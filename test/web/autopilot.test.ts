/**
 * The App Autopilot beside the Build screen's draft, in real Chromium against a real `svc serve`
 * on a commerce copy, with the loopback fake model answering: ask for a chart change on a draft,
 * read the proposed change as a diff while the draft is still as it was, Apply, and see the
 * draft change; a question about a tile's figures, with the tile and its current preview named,
 * is answered from the governed summary; a refused request shows its recovery reason. No serious
 * accessibility violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type Served, screenshot, seriousViolations } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let fake: FakeOpenAi;
let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  const root = await commerceProject();
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

describe('the Autopilot beside the Build screen', () => {
  it('proposes a chart change as a diff, changes nothing before Apply, and Apply changes the draft', async () => {
    fake.script(JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY, kind: 'table' }] }], clarifications: [] }));
    await page.goto(`${served.url}/apps`);
    await page.getByRole('link', { name: 'Build new App' }).click();
    await page.getByLabel('What should the App show?').fill('weekly revenue');
    await page.getByRole('button', { name: 'Propose' }).click();
    await page.locator('.draft-tile').first().waitFor();
    expect(await page.locator('.draft-tile .note').textContent()).toBe('(table)');

    fake.script(JSON.stringify({ intent: 'change_visualization', pageId: 'money', tileId: 'weekly_revenue', kind: 'chart' }));
    await page.getByLabel('Ask the Autopilot').fill('show weekly revenue as a chart');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-diff li').first().waitFor();
    expect(await page.locator('.autopilot-diff li').allTextContents()).toEqual(['changed page money / tile weekly_revenue: visualization: table -> chart']);
    expect(await page.locator('.draft-tile .note').textContent()).toBe('(table)');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'app-autopilot');

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.draft-tile .note', { hasText: '(chart)' }).waitFor();
    expect(await page.locator('.build-draft h2 .note').textContent()).toBe('revision 3');
    expect(await page.locator('.autopilot-diff').count()).toBe(0);

    // A question about a tile's figures names the tile and the current preview as its evidence.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview li.ok').waitFor();
    await page.getByLabel('About tile').selectOption({ index: 1 });
    fake.script(JSON.stringify({ intent: 'explain', answer: 'The latest week leads.' }));
    await page.getByLabel('Ask the Autopilot').fill('which week had the most revenue?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-answer').waitFor();
    expect(await page.locator('.autopilot-answer').textContent()).toBe('The latest week leads.');
    expect(fake.requests.at(-1)?.text).toContain('Governed summary');

    await page.getByLabel('About tile').selectOption({ index: 0 });
    fake.script(JSON.stringify({ intent: 'run_sql', sql: 'SELECT * FROM orders' }));
    await page.getByLabel('Ask the Autopilot').fill('add a tile of every order');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-refusal').waitFor();
    expect(await page.locator('.autopilot-refusal').textContent()).toContain('AUTOPILOT_INTENT_OUT_OF_BOUNDS');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
