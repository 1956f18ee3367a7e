/**
 * The web app audited as Lighthouse audits it, with real Chromium against a real `svc serve` on
 * the commerce fixture (a loopback fake model writes Tier-2 SQL): an App page's cumulative layout
 * shift stays under 0.1 on a desktop window and on a 390 px phone, its first load takes under
 * 100 KB of compressed script, and every screen (Home, Ask with each kind of answer, a trace,
 * a conversation of two answers, the Blocks list and a certified and a draft block, the App library, the Build screen and each
 * App page) has no axe-core violation at any impact level, minor and moderate included, on both
 * windows. The metrics are read through the DevTools protocol (test/helpers/page-metrics.ts).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, type Served, serve } from '../helpers/browser.js';
import { DESKTOP, layoutShift, PHONE, scriptLoad } from '../helpers/page-metrics.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let served: Served;
let model: FakeOpenAi;
let browser: Browser;

beforeAll(async () => {
  model = await startFakeOpenAi();
  model.script(sqlReply('SELECT category, COUNT(*) AS products FROM products GROUP BY category ORDER BY products DESC'));
  const root = await commerceProject();
  useFakeModel(root, model);
  served = await serve(root);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  await model?.close();
  cleanupProjects();
});

const APP_PAGE = ['/apps/growth/overview', ['.tile figure.chart svg', '.tile table']] as const;
const WINDOWS = [
  ['desktop', DESKTOP],
  ['390 px phone', PHONE],
] as const;

describe('an App page as Lighthouse measures it', () => {
  it.each(WINDOWS)('keeps its layout still while its tiles run on a %s window (cumulative layout shift under 0.1)', async (_name, options) => {
    const [path, ready] = APP_PAGE;
    const shift = await layoutShift(browser, options, `${served.url}${path}`, [...ready]);
    expect(shift).toBeLessThan(0.1);
  });

  it('takes under 100 KB of compressed script on its first load', async () => {
    const [path, ready] = APP_PAGE;
    const load = await scriptLoad(browser, DESKTOP, `${served.url}${path}`, [...ready]);
    expect(Object.keys(load.files)).toContain('/assets/app.js');
    for (const [file, encoding] of Object.entries(load.encodings)) expect(encoding, file).toMatch(/^(br|gzip)$/);
    expect(load.total, JSON.stringify(load.files)).toBeLessThan(100_000);
  });
});

/** Asks each question in turn on a fresh Ask page (the later ones as follow-ups) and waits for every answer. */
async function ask(page: Page, ...questions: string[]): Promise<void> {
  await page.goto(`${served.url}/ask`);
  for (const [i, question] of questions.entries()) {
    await page.getByLabel(/Ask a (question about your data|follow-up)/).fill(question);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('article.answer .trust').nth(i).waitFor();
  }
}

/** Each screen: how to reach it and what shows once it has drawn. */
const SCREENS: Array<[string, (page: Page) => Promise<unknown>, string]> = [
  ['Home', (page) => page.goto(`${served.url}/home`), 'main h1'],
  ['the empty Ask page', (page) => page.goto(`${served.url}/ask`), 'section.suggestions button'],
  ['a certified answer', (page) => ask(page, 'top 3 states by revenue'), 'article.answer figure.chart svg'],
  ['an answer that needs review', (page) => ask(page, 'How many products are in each category?'), 'article.answer table'],
  ['a refusal', (page) => ask(page, "What is Ava Smith's email address?"), 'article.answer p.next'],
  [
    'two answers with their business terms',
    (page) => ask(page, 'What was revenue last week?', 'What is in the revenue reporting view?'),
    'section.view-contents',
  ],
  [
    'a trace',
    async (page) => (await ask(page, 'top 3 states by revenue'), await page.getByRole('link', { name: 'Open full trace' }).click()),
    'section.trace dd[data-status="complete"]',
  ],
  ['the Blocks list', (page) => page.goto(`${served.url}/blocks`), 'section.drafts'],
  ['a certified block', (page) => page.goto(`${served.url}/blocks/sales.top_states_by_revenue`), 'section.block pre'],
  [
    'a draft block',
    async (page) => (await ask(page, 'How many products are in each category?'), await page.getByRole('link', { name: 'Open draft' }).click()),
    'section.block pre',
  ],
  ['the App library', (page) => page.goto(`${served.url}/apps`), '.card'],
  ['the Build screen', (page) => page.goto(`${served.url}/apps/build`), 'main h1'],
  ['the App page Overview', (page) => page.goto(`${served.url}/apps/growth/overview`), '.tile figure.chart svg'],
  ['the App page Customers', (page) => page.goto(`${served.url}/apps/growth/customers`), '.tile table'],
];

describe.each(WINDOWS)('every screen on a %s window', (_name, options: BrowserContextOptions) => {
  let page: Page;
  beforeAll(async () => void (page = await (await browser.newContext(options)).newPage()));
  afterAll(async () => await page?.context().close());

  it.each(SCREENS)('%s has no axe-core violation at any impact level', async (_screen, open, shown) => {
    await open(page);
    await page.locator(shown).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
  });
});
