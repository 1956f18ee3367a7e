/**
 * The web app in real Chromium against a real `svc serve` on the commerce fixture (a loopback
 * fake model writes Tier-2 SQL): a certified answer shows `Certified` with its block and a
 * chart; a needs-review answer shows `Review required`, `Saved for review as a draft block` and
 * Open draft; a refusal says its reason and its next step once each; an empty Ask page suggests
 * the example questions of certified blocks, and clicking one asks it; Open full trace reaches the trace page, which stops
 * polling once the trace is terminal; the Blocks page lists the new draft apart; a certified and
 * a written answer's table download CSV, JSON and Excel through the export route by run id, read
 * back (formula-like text stays text). Every page has
 * no accessibility violation at any impact level (axe-core) and is saved as a screenshot.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chartLibraryChunk, openApp, type Served, screenshot } from '../helpers/browser.js';
import { downloadsOf, readCsv, readXlsx } from '../helpers/export-files.js';
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
}, 300_000);

afterAll(async () => {
  await opened?.close();
  await model?.close();
  cleanupProjects();
});

async function ask(question: string): Promise<void> {
  const before = await page.locator('article.answer').count();
  await page.getByLabel(/Ask a (question about your data|follow-up)/).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.locator('article.answer').nth(before).waitFor();
}

const last = () => page.locator('article.answer').last();

describe('Ask in the browser', () => {
  it('shows a certified answer with its trust label first, its block, a chart and the rows', async () => {
    await page.goto(`${served.url}/ask`);
    await ask('top 3 states by revenue');
    const answer = last();
    await expect(answer.locator('.trust').first().textContent()).resolves.toContain('Certified');
    expect(await answer.locator('.trust code').first().textContent()).toBe('sales.top_states_by_revenue');
    // The label comes before any figure.
    expect(await answer.locator(':scope > *').first().getAttribute('class')).toContain('trust');
    await answer.locator('figure.chart svg').waitFor();
    expect(await answer.locator('tbody tr').count()).toBe(3);
    expect(await answer.getByRole('button', { name: 'Download CSV' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-certified');
  });

  it.each([
    { name: 'a certified answer', question: 'top 3 states by revenue', file: 'top-3-states-by-revenue' },
    {
      name: 'a written answer',
      question: 'Products per category with a note',
      sql: "SELECT category, COUNT(*) AS products, '=1+1' AS note FROM products GROUP BY category ORDER BY products DESC",
      file: 'Products-per-category-with-a-note',
    },
  ])('$name: its table downloads CSV, JSON and Excel through the export route, rerun by its run id', async ({ question, sql, file }) => {
    if (sql !== undefined) model.script(sqlReply(sql));
    const sent: unknown[] = [];
    const listen = (r: import('playwright-core').Request) => void (r.url().endsWith('/api/query/export') && sent.push(r.postDataJSON()));
    page.on('request', listen);
    try {
      await page.goto(`${served.url}/ask`);
      await ask(question);
      const answer = last();
      const firstColumn = await answer.locator('tbody tr td:first-child').allTextContents();
      const files = await downloadsOf(answer);
      // The request names the answer only: the server reruns the statement it recorded, never SQL from the page.
      expect(sent).toEqual(['csv', 'json', 'xlsx'].map((format) => ({ runId: expect.stringMatching(/^run_/), format })));
      expect(Object.values(files).map((f) => f.name)).toEqual(['csv', 'json', 'xlsx'].map((ext) => `${file}.${ext}`));
      const csv = readCsv(files['Download CSV']!.bytes.toString('utf8'));
      expect(csv.slice(1).map((r) => r[0])).toEqual(firstColumn);
      expect(JSON.parse(files['Download JSON']!.bytes.toString('utf8')).rows).toHaveLength(firstColumn.length);
      const { cells } = readXlsx(files['Download Excel']!.bytes);
      expect(cells.filter((c) => c.formula)).toEqual([]);
      expect(cells.filter((c) => /^A\d+$/.test(c.ref) && c.ref !== 'A1').map((c) => c.value)).toEqual(firstColumn);
      if (sql !== undefined) {
        // Formula-like text stays text: behind a single quote in CSV, an inline string in Excel.
        expect(new Set(csv.slice(1).map((r) => r[2]))).toEqual(new Set(["'=1+1"]));
        expect(new Set(cells.filter((c) => /^C\d+$/.test(c.ref) && c.ref !== 'C1').map((c) => `${c.type}:${c.value}`))).toEqual(new Set(['inlineStr:=1+1']));
      }
    } finally {
      page.off('request', listen);
      model.script(sqlReply('SELECT category, COUNT(*) AS products FROM products GROUP BY category ORDER BY products DESC'));
    }
  });

  it('shows a needs-review answer as Review required, saved as a draft with Open draft', async () => {
    await page.goto(`${served.url}/ask`);
    await ask('How many products are in each category?');
    const answer = last();
    expect(await answer.locator('.trust').textContent()).toContain('Review required');
    expect(await answer.locator('.trust').textContent()).toContain('uncertified');
    expect(await answer.textContent()).toContain('Saved for review as a draft block');
    expect(await answer.textContent()).toContain('svc certify --from-draft');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-review-required');
    await answer.getByRole('link', { name: 'Open draft' }).click();
    await page.locator('section.block h1').waitFor();
    expect(await page.locator('section.block .trust').textContent()).toContain('Draft: review required');
    expect(await page.locator('section.block pre').textContent()).toContain('FROM products');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'block-draft');
  });

  it('shows a refusal with its reason', async () => {
    await page.goto(`${served.url}/ask`);
    await ask("What is Ava Smith's email address?");
    const trust = last().locator('.trust');
    expect(await trust.getAttribute('data-trust')).toBe('refused');
    expect(await trust.textContent()).toContain('Refused');
    expect(await trust.textContent()).toContain('SENSITIVE_QUESTION');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-refused');
  });

  it("loads the shell and Ask's own code for an empty Ask page, and the chart library with the first chart", async () => {
    const scripts: string[] = [];
    const heard = (r: { url(): string }) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    };
    page.on('request', heard);
    await page.goto(`${served.url}/ask`);
    await page.getByRole('region', { name: 'Questions certified blocks answer' }).waitFor();
    expect(scripts[0]).toBe('/assets/app.js');
    expect(scripts).not.toContain(chartLibraryChunk());
    await ask('top 3 states by revenue');
    await last().locator('figure.chart svg').waitFor();
    page.off('request', heard);
    expect(scripts).toContain(chartLibraryChunk());
  });

  it("says a refusal's reason and its next step once each", async () => {
    await page.goto(`${served.url}/ask`);
    await ask("What is Ava Smith's email address?");
    const text = (await last().textContent()) ?? '';
    const reason = "It asks for a person's contact details";
    expect(text.split(reason).length - 1, text).toBe(1);
    const next = (await last().locator('p.next').textContent())?.replace(/^Next: /, '') ?? '';
    expect(next.length).toBeGreaterThan(10);
    expect(text.split(next).length - 1, text).toBe(1);
  });

  it("suggests certified blocks' example questions on an empty page, and asks one when clicked", async () => {
    const listed = (await (await page.request.get(`${served.url}/api/blocks`)).json()) as {
      blocks: Array<{ trust: { label: string; servable: boolean }; examples: string[] }>;
    };
    const certified = new Set(listed.blocks.filter((b) => b.trust.label === 'certified' && b.trust.servable).flatMap((b) => b.examples));
    const uncertified = new Set(listed.blocks.filter((b) => b.trust.label !== 'certified').flatMap((b) => b.examples));
    await page.goto(`${served.url}/ask`);
    const offered = page.getByRole('region', { name: 'Questions certified blocks answer' });
    await offered.getByRole('button').first().waitFor();
    const questions = await offered.getByRole('button').allTextContents();
    expect(questions.length).toBeGreaterThan(1);
    expect(questions.length).toBeLessThanOrEqual(6);
    for (const q of questions) expect(certified.has(q) && !uncertified.has(q), q).toBe(true);
    await offered.getByRole('button', { name: questions[0] }).click();
    await last().waitFor();
    expect(await last().locator('h2.question').textContent()).toBe(questions[0]);
    expect(await last().locator('.trust').first().getAttribute('data-trust')).toBe('certified');
    // Once a conversation has started, the suggestions give way to it.
    expect(await offered.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the business terms and views beside a certified answer, and what a certified view holds', async () => {
    await page.goto(`${served.url}/ask`);
    await ask('What was revenue last week?');
    const context = last().getByRole('complementary', { name: 'Business terms and views' });
    expect(await context.textContent()).toContain('Terms: revenue (finance.revenue)');
    expect(await context.textContent()).toContain('Views: revenue reporting (finance.revenue_reporting)');
    await ask('What is in the revenue reporting view?');
    const view = last();
    expect(await view.locator('.trust').getAttribute('data-trust')).toBe('certified');
    const contents = view.getByRole('region', { name: 'View revenue reporting' });
    expect(await contents.getByRole('link').allTextContents()).toEqual([
      'finance.weekly_revenue',
      'finance.monthly_revenue',
      'finance.average_order_value',
      'finance.revenue_by_payment_method',
      'finance.refund_rate_monthly',
    ]);
    expect(await view.getByRole('complementary', { name: 'Business terms and views' }).textContent()).toContain(
      'average order value (finance.average_order_value)',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-view');
  });

  it('opens the full trace, which stops polling once the trace is terminal', async () => {
    await page.goto(`${served.url}/ask`);
    await ask('top 3 states by revenue');
    let reads = 0;
    const counter = (r: { url(): string }) => void (r.url().includes('/api/ask-traces/by-run/') && (reads += 1));
    page.on('request', counter);
    await last().getByRole('link', { name: 'Open full trace' }).click();
    await page.locator('dd[data-status]').waitFor();
    expect(await page.locator('dd[data-status]').textContent()).toBe('complete');
    await page.waitForTimeout(2500);
    page.off('request', counter);
    expect(reads).toBe(1);
    expect(await page.locator('.timeline li').count()).toBeGreaterThan(0);
    expect(await page.locator('section.trace table tbody tr').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'trace');
  });

  it('tells a trace that does not exist apart', async () => {
    await page.goto(`${served.url}/ask/traces/run_nothing`);
    await page.locator('[data-code]').waitFor();
    expect(await page.locator('[data-code]').getAttribute('data-code')).toBe('TRACE_NOT_FOUND');
  });

  it('lists blocks by domain, with the captured draft apart', async () => {
    await page.goto(`${served.url}/blocks`);
    await page.locator('section.drafts').waitFor();
    expect(await page.locator('h2', { hasText: 'sales' }).count()).toBe(1);
    expect(await page.locator('section.drafts li').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('section.drafts').textContent()).toContain('svc certify --from-draft');
    // The fixture runs with the unsigned setting: the page says so, as svc lint does.
    expect(await page.locator('[data-code="certify/unsigned-project"]').textContent()).toContain('are not signed');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'blocks');
  });

  it("shows progress from the run's events while it works", async () => {
    model.script({ delayMs: 1500, content: sqlReply('SELECT category, AVG(price) AS avg_price FROM products GROUP BY category') });
    await page.goto(`${served.url}/ask`);
    await page.getByLabel(/Ask a question about your data/).fill('What is the average product price in each category?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByText('No certified block answers this: writing SQL from the metadata').waitFor();
    await page.locator('article.answer').waitFor();
    expect(await page.locator('article.answer .trust').getAttribute('data-trust')).toBe('review_required');
    expect(await page.locator('.progress').textContent()).toBe('');
  });

  it('polls a recording trace until it is terminal, then stops', async () => {
    let reads = 0;
    const detail = {
      traceId: 'trc_1',
      runId: 'run_rec',
      kind: 'ask',
      status: 'recording',
      startedAt: '2026-01-01T00:00:00Z',
      phases: [],
      candidates: [],
      attempts: [],
      outcome: {},
    };
    await page.route('**/api/ask-traces/by-run/run_rec', (route) => {
      reads += 1;
      const status = reads < 3 ? 'recording' : 'complete';
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ...detail, status, ...(status === 'complete' ? { durationMs: 12.5, outcome: { tier: 1, trust: 'certified' } } : {}) }),
      });
    });
    await page.goto(`${served.url}/ask/traces/run_rec`);
    await page.locator('dd[data-status="complete"]').waitFor();
    await page.waitForTimeout(2000);
    expect(reads).toBe(3);
    await page.unroute('**/api/ask-traces/by-run/run_rec');
  });

  it.each([
    ['TRACE_DETAIL_EXPIRED', 410, 'has expired', { summary: { traceId: 'trc_old', status: 'complete', durationMs: 40 } }],
    ['TRACE_STORE_UNAVAILABLE', 503, 'trace store is unavailable', {}],
  ] as const)('says %s in its own words', async (code, status, words, extra) => {
    await page.route('**/api/ask-traces/by-run/run_err', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message: 'x' }, ...extra }) }),
    );
    await page.goto(`${served.url}/ask/traces/run_err`);
    await page.locator(`[data-code="${code}"]`).waitFor();
    expect(await page.locator(`[data-code="${code}"]`).textContent()).toContain(words);
    if ('summary' in extra) expect(await page.locator(`[data-code="${code}"] dl`).textContent()).toContain('trc_old');
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute('**/api/ask-traces/by-run/run_err');
  });

  it('is operable from the keyboard alone', async () => {
    await page.goto(`${served.url}/ask`);
    // The question box has the focus on arrival.
    await page.waitForFunction(() => document.activeElement?.id === 'question');
    await page.keyboard.type('top 3 states by revenue');
    await page.keyboard.press('Enter');
    await page.locator('article.answer [data-trust="certified"]').waitFor();
    // Every control of the answer is reached with Tab.
    const reached = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      reached.add((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim());
    }
    for (const control of ['Download CSV', 'Download JSON', 'Open full trace', 'Blocks', 'Apps']) expect(reached).toContain(control);
  });

  it('reopens an answer from /ask?run=<runId> and removes the parameter', async () => {
    await page.goto(`${served.url}/ask`);
    await ask('top 3 states by revenue');
    const href = await last().getByRole('link', { name: 'Open full trace' }).getAttribute('href');
    const runId = decodeURIComponent(href?.split('/').pop() ?? '');
    await page.goto(`${served.url}/ask?run=${encodeURIComponent(runId)}`);
    await page.locator('article.answer').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('article.answer .trust').getAttribute('data-trust')).toBe('certified');
    expect(await page.locator('article.answer tbody tr').count()).toBe(3);
  });
});
