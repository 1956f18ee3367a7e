/**
 * The hosted client in real Chromium against a hosted server (startHostedServer on loopback):
 * `Connecting...` until the capability map arrives; the host's banner, environment, links (a
 * nav link opens the host page inside the app with `embed=1`) and answer actions (POST `{
 * runId, question, trustState }`); Build hidden for a person without `app.author`, with the
 * host's reason; a 401 naming a sign-in page goes there once with `returnTo`; requests long after
 * the last touch say `x-svc-background: 1`. Ask and App tile tables download CSV, JSON and Excel
 * through the export routes; an Ask table exports the rows a row policy leaves on screen, shows
 * EXPORT_REFUSED with no file when the policy refuses, and offers nothing without `export`.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { axeViolations, launchChromium, screenshot } from '../helpers/browser.js';
import { downloadsOf, readCsv, readXlsx } from '../helpers/export-files.js';
import { cleanupProjects } from '../helpers/project.js';
import { narrowToState } from '../helpers/state-person.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let browser: Browser;
let server: LocalServer;
let model: FakeOpenAi;

const hooks: HostHooks = {
  resolvePrincipal: (req) => {
    const user = String(req.headers['x-user'] ?? '');
    if (user === '' || user === 'nobody') return null;
    return { id: user, kind: 'person', displayName: user === 'ada' ? 'Ada' : 'Bob', ...(user === 'eve' ? { attributes: { state: 'CA' } } : {}) };
  },
  signInPath: '/login',
  authorize: (p, action) => {
    if (p.id === 'bob' && action === 'app.author')
      return { allow: false, reason: 'Only analysts build Apps.', next: { label: 'Request access', href: '/access' } };
    return p.id === 'cy' && action === 'export' ? { allow: false, reason: 'Exports are for analysts.' } : { allow: true };
  },
  // dee may export, but the policy keeps every file from leaving; eve reads only California's orders.
  rowPolicy: (q) => {
    if (q.principal?.id === 'dee' && q.destination === 'export') return { refuse: 'Rows may not leave as files here.' };
    return q.principal?.id === 'eve' ? narrowToState(q) : { sql: q.sql, params: q.params };
  },
  ui: () => ({
    banner: { text: 'Maintenance tonight at 22:00.', tone: 'caution', links: [{ label: 'Status', href: '/status' }] },
    links: [
      { label: 'Reports', href: '/reports', where: 'nav' },
      { label: 'Settings', href: '/settings', where: 'menu' },
    ],
    environment: 'Staging',
    signOutUrl: '/logout',
    answerActions: [{ label: 'Ask an analyst', href: '/host-actions/review', on: 'review' }],
  }),
};

beforeAll(async () => {
  model = await startFakeOpenAi();
  model.script(sqlReply('SELECT category, COUNT(*) AS products FROM products GROUP BY category'));
  const root = await commerceProject();
  useFakeModel(root, model);
  server = await startHostedServer({ project: root, port: 0, log: () => undefined, hostHooks: hooks });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await model?.close();
  cleanupProjects();
});

async function as(user: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1100, height: 900 }, extraHTTPHeaders: { 'x-user': user } });
}

const ask = async (page: import('playwright-core').Page, body: Record<string, unknown>) => {
  await page.getByLabel(/Ask a question about your data/).fill(String(body['question']));
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.locator('article.answer').last().waitFor();
};

describe('the hosted client', () => {
  it("shows the host's banner and links, and hides Build for a person without app.author", async () => {
    const context = await as('bob');
    const page = await context.newPage();
    await page.goto(`${server.url}/ask`);
    await page.locator('.banner').waitFor();
    expect(await page.locator('.banner').textContent()).toContain('Maintenance tonight at 22:00.');
    expect(await page.locator('nav a.host-link').allTextContents()).toEqual(['Reports']);
    expect(await page.locator('.environment').textContent()).toBe('Staging');
    await ask(page, { question: 'top 3 states by revenue' });
    expect(await page.locator('.trust').first().textContent()).toContain('Certified');
    expect(await page.getByText('Build: add to an App page').count()).toBe(0);
    expect(await page.locator('.build-refused').textContent()).toContain('Only analysts build Apps.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'hosted-reader');
    await page.goto(`${server.url}/apps`);
    await page.locator('.card').first().waitFor();
    expect(await page.getByRole('link', { name: 'Build new App' }).count()).toBe(0);
    await page.goto(`${server.url}/apps/build`);
    await page.getByText('Only analysts build Apps.').first().waitFor();
    await context.close();
  });

  it('offers Build to a person who may author Apps', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.goto(`${server.url}/ask`);
    await ask(page, { question: 'top 3 states by revenue' });
    expect(await page.getByText('Build: add to an App page').count()).toBe(1);
    await page.goto(`${server.url}/apps`);
    await page.getByRole('link', { name: 'Build new App' }).waitFor();
    await context.close();
  });

  it('says Connecting... until the map arrives', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/host/ui', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/ask`);
    await page.getByText('Connecting...').waitFor();
    expect(await page.locator('nav a').count()).toBe(0);
    release();
    await page.locator('nav a', { hasText: 'Ask' }).waitFor();
    await context.close();
  });

  it('opens a host nav link inside the app with embed=1', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.route('**/reports?embed=1', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Reports</title><p>Host reports</p>' }),
    );
    await page.goto(`${server.url}/ask`);
    await page.locator('nav a.host-link').click();
    const frame = page.locator('iframe.host-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/reports?embed=1');
    expect(await frame.getAttribute('title')).toBe('Reports');
    await context.close();
  });

  it('sends an answer action with the run, question and trust', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    const posted: unknown[] = [];
    await page.route('**/host-actions/review', async (route) => {
      posted.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto(`${server.url}/ask`);
    await ask(page, { question: 'top 3 states by revenue' });
    // A certified answer does not take an action shown on answers that need review.
    expect(await page.getByRole('button', { name: 'Ask an analyst' }).count()).toBe(0);
    await page.getByLabel(/Ask a follow-up/).fill('How many products are in each category?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('article.answer').nth(1).waitFor();
    const review = page.locator('article.answer').nth(1);
    expect(await review.locator('.trust').getAttribute('data-trust')).toBe('review_required');
    await review.getByRole('button', { name: 'Ask an analyst' }).click();
    await review.getByText('Ask an analyst: sent.').waitFor();
    expect(posted).toEqual([{ runId: expect.stringMatching(/^run_/), question: 'How many products are in each category?', trustState: 'review_required' }]);
    await context.close();
  });

  it.each([
    { name: 'a certified answer', question: 'top 3 states by revenue', file: 'top-3-states-by-revenue' },
    { name: 'a written answer', question: 'Products in each category, please', file: 'Products-in-each-category-please' },
  ])("$name's table downloads CSV, JSON and Excel through the export route as the person", async ({ question, file }) => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.goto(`${server.url}/ask`);
    await ask(page, { question });
    const answer = page.locator('article.answer').last();
    const shown = await answer.locator('tbody tr td:first-child').allTextContents();
    const files = await downloadsOf(answer);
    expect(Object.values(files).map((f) => f.name)).toEqual(['csv', 'json', 'xlsx'].map((ext) => `${file}.${ext}`));
    expect(
      readCsv(files['Download CSV']!.bytes.toString('utf8'))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(shown);
    expect(JSON.parse(files['Download JSON']!.bytes.toString('utf8')).rows).toHaveLength(shown.length);
    const { cells } = readXlsx(files['Download Excel']!.bytes);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.filter((c) => /^A\d+$/.test(c.ref) && c.ref !== 'A1').map((c) => c.value)).toEqual(shown);
    await context.close();
  });

  it('an Ask table exports the rows a row policy leaves on screen, shows EXPORT_REFUSED with no file, and offers nothing without export', async () => {
    const narrowed = await (await as('eve')).newPage();
    await narrowed.goto(`${server.url}/ask`);
    await ask(narrowed, { question: 'top 3 states by revenue' });
    const theirs = narrowed.locator('article.answer').last();
    expect(await theirs.locator('tbody tr td:first-child').allTextContents()).toEqual(['CA']);
    const files = await downloadsOf(theirs);
    expect(JSON.parse(files['Download JSON']!.bytes.toString('utf8')).rows.map((r: { state: string }) => r.state)).toEqual(['CA']);
    await narrowed.context().close();
    const refused = await (await as('dee')).newPage();
    const downloads: unknown[] = [];
    refused.on('download', (d) => downloads.push(d));
    await refused.goto(`${server.url}/ask`);
    await ask(refused, { question: 'top 3 states by revenue' });
    const answer = refused.locator('article.answer').last();
    expect(await answer.locator('tbody tr').count()).toBe(3);
    await answer.getByRole('button', { name: 'Download CSV' }).click();
    const alert = answer.getByRole('alert');
    await alert.getByText('EXPORT_REFUSED').waitFor();
    expect(await alert.textContent()).toBe('Rows may not leave as files here. (EXPORT_REFUSED)');
    expect(downloads).toEqual([]);
    await refused.context().close();
    const without = await (await as('cy')).newPage();
    await without.goto(`${server.url}/ask`);
    await ask(without, { question: 'top 3 states by revenue' });
    const plain = without.locator('article.answer').last();
    await plain.locator('tbody tr').first().waitFor();
    expect(await plain.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    await without.context().close();
  });

  it("an App tile's table downloads CSV, JSON and Excel through the export route, and shows the host's refusal", async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.goto(`${server.url}/apps/growth/overview`);
    const tile = page.locator('.tile[aria-label="Top states by revenue"]');
    await tile.locator('table').waitFor();
    const shown = await tile.locator('tbody tr td:first-child').allTextContents();
    const files = await downloadsOf(tile);
    expect(Object.values(files).map((f) => f.name)).toEqual(['Top-states-by-revenue.csv', 'Top-states-by-revenue.json', 'Top-states-by-revenue.xlsx']);
    expect(
      readCsv(files['Download CSV']!.bytes.toString('utf8'))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(shown);
    expect(JSON.parse(files['Download JSON']!.bytes.toString('utf8')).rows).toHaveLength(shown.length);
    expect(readXlsx(files['Download Excel']!.bytes).cells.filter((c) => c.formula)).toEqual([]);
    await context.close();
    const refused = await (await as('cy')).newPage();
    await refused.goto(`${server.url}/apps/growth/overview`);
    const theirs = refused.locator('.tile[aria-label="Top states by revenue"]');
    await theirs.locator('table').waitFor();
    await theirs.getByRole('button', { name: 'Download CSV' }).click();
    await theirs.getByRole('alert').getByText('Exports are for analysts.').waitFor();
    await refused.context().close();
  });

  it('goes to the sign-in page once, with returnTo, when the host names no one', async () => {
    const context = await as('nobody');
    const page = await context.newPage();
    await page.route('**/login?**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Sign in</title><p>Sign in</p>' }),
    );
    await page.goto(`${server.url}/blocks`);
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('returnTo')).toBe('/blocks');
    await context.close();
  });

  it('marks requests made more than 30 seconds after the last touch as background work', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/ask`);
    await page.locator('nav a', { hasText: 'Ask' }).waitFor();
    const seen: Array<string | undefined> = [];
    page.on('request', (r) => void (r.url().endsWith('/api/host/ui') && seen.push(r.headers()['x-svc-background'])));
    await page.evaluate(() => dispatchEvent(new Event('focus')));
    await page.waitForResponse('**/api/host/ui');
    await page.clock.fastForward(31_000);
    await page.evaluate(() => dispatchEvent(new Event('focus')));
    await page.waitForResponse('**/api/host/ui');
    await page.mouse.click(5, 400);
    await page.evaluate(() => dispatchEvent(new Event('focus')));
    await page.waitForResponse('**/api/host/ui');
    expect(seen.slice(-3)).toEqual([undefined, '1', undefined]);
    await context.close();
  });

  it('says the service cannot be reached after 15 s without a map, keeps retrying, and keeps a map that loaded once', async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.clock.install();
    await page.route('**/api/host/ui', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    await page.goto(`${server.url}/ask`);
    await page.getByText('Connecting...').waitFor();
    await page.clock.fastForward(16_000);
    await page.getByText('The service cannot be reached').waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(1);
    await page.unroute('**/api/host/ui');
    await page.clock.fastForward(31_000);
    await page.locator('nav a', { hasText: 'Ask' }).waitFor();
    await page.route('**/api/host/ui', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    await page.evaluate(() => dispatchEvent(new Event('focus')));
    await page.clock.fastForward(61_000);
    expect(await page.locator('nav a', { hasText: 'Ask' }).count()).toBe(1);
    expect(await page.locator('.banner').count()).toBe(1);
    await context.close();
  });

  it("reads the host's links again when a host page says svc-host:changed", async () => {
    const context = await as('ada');
    const page = await context.newPage();
    await page.goto(`${server.url}/ask`);
    await page.locator('nav a.host-link').waitFor();
    const again = page.waitForRequest('**/api/host/ui');
    await page.evaluate(() => postMessage('svc-host:changed', location.origin));
    await again;
    // Another message, or one from another origin's frame, is not a change.
    let more = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/host/ui') && (more += 1)));
    await page.evaluate(() => postMessage('something-else', location.origin));
    await page.waitForTimeout(300);
    expect(more).toBe(0);
    await context.close();
  });
});
