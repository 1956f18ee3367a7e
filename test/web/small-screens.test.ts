/**
 * The web app at a phone's width in real Chromium against a real `svc serve` on the commerce
 * fixture: at 360 px no screen is wider than the window (the page scrolls down, never sideways;
 * a wide table scrolls inside its own box), with each kind of answer shown, on its trace and on
 * App pages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type Served, screenshot } from '../helpers/browser.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let model: FakeOpenAi;
let page: Page;

beforeAll(async () => {
  model = await startFakeOpenAi();
  model.script(sqlReply('SELECT category, COUNT(*) AS products FROM products GROUP BY category ORDER BY products DESC'));
  const root = await commerceProject();
  useFakeModel(root, model);
  opened = await openApp(root);
  ({ served, page } = opened);
  await page.setViewportSize({ width: 360, height: 740 });
}, 300_000);

afterAll(async () => {
  await opened?.close();
  await model?.close();
  cleanupProjects();
});

/** How wide the page is laid out, against the window's 360 px. */
const width = () => page.evaluate(() => document.documentElement.scrollWidth);

describe('the web app at 360 px wide', () => {
  it.each([
    ['/ask', 'section.suggestions'],
    ['/blocks', 'section.blocks h1, main h1'],
    ['/blocks/sales.top_states_by_revenue', 'main h1'],
    ['/apps', '.card'],
    ['/apps/build', 'main h1'],
    ['/apps/growth/overview', '.tile table'],
    ['/apps/growth/customers', '.tile'],
  ])('lays %s out within the window', async (path, shown) => {
    await page.goto(`${served.url}${path}`);
    await page.locator(shown).first().waitFor();
    expect(await width()).toBeLessThanOrEqual(360);
  });

  it.each([
    ['a certified answer', 'top 3 states by revenue'],
    ['an answer that needs review', 'How many products are there in each category?'],
    ['a refusal', "What is Ava Smith's email address?"],
  ])('lays out %s within the window', async (_what, question) => {
    await page.goto(`${served.url}/ask`);
    await page.getByLabel('Ask a question about your data').fill(question);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('article.answer').waitFor();
    expect(await width()).toBeLessThanOrEqual(360);
    await screenshot(page, `narrow-${question.slice(0, 12).replace(/\W+/g, '-')}`);
    // And its trace: its facts, the phases' timeline and the candidates.
    await page.getByRole('link', { name: 'Open full trace' }).click();
    await page.locator('section.trace dl.facts').first().waitFor();
    expect(await width()).toBeLessThanOrEqual(360);
  });
});
