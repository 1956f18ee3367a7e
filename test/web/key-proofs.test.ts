/**
 * Key proofs in real Chromium against a real `svc serve` and a hosted server: a certified block's
 * page lists the grain keys and relationships it declares and proves them with one button
 * (POST /api/keys/prove for exactly those), showing each proof's status and the counts the test
 * computes itself from the warehouse, and no key value; a draft is told to certify first; a hosted
 * person without `query.run` is told so instead of offered the button; and axe finds no serious
 * violation on the page with its results.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { axeViolations, launchChromium, openApp, type Served, screenshot } from '../helpers/browser.js';
import { addKeyBlocks, expectedCounts, expectedJoinCounts } from '../helpers/key-blocks.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;
let root: string;
let hosted: LocalServer;
let browser: Browser;

const hooks: HostHooks = {
  resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }),
  authorize: (p, action) => (p.id === 'bob' && action === 'query.run' ? { allow: false, reason: 'Only analysts run queries.' } : { allow: true }),
};

beforeAll(async () => {
  root = await commerceProject();
  addKeyBlocks(root);
  opened = await openApp(root);
  ({ served, page } = opened);
  hosted = await startHostedServer({ project: root, port: 0, log: () => undefined, hostHooks: hooks });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await opened?.close();
  await browser?.close();
  await hosted?.close();
  cleanupProjects();
});

const db = () => join(root, 'data/warehouse.db');

/** Every distinct value of a column, as text: what the page must never show. */
function valuesOf(sql: string): string[] {
  const d = new Database(db(), { readonly: true });
  try {
    return (d.prepare(sql).all() as Array<{ v: unknown }>).map((r) => String(r.v));
  } finally {
    d.close();
  }
}

async function proveOn(p: Page, url: string): Promise<string[][]> {
  await p.goto(url);
  await p.getByRole('heading', { name: 'Keys', exact: true }).waitFor();
  await p.getByRole('button', { name: 'Prove keys' }).click();
  await p.locator('table.key-proofs tbody tr').first().waitFor();
  return p.locator('table.key-proofs tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
}

describe('key proofs on a block page', () => {
  it('proves a block with a repeated key: failed with the counts of every row, and no key value on the page', async () => {
    const rows = await proveOn(page, `${served.url}/blocks/keys.order_states`);
    const c = expectedCounts(db(), 'order_states');
    expect(rows).toEqual([
      ['keys state', 'failed', `${c.rowCount} rows, ${c.distinctKeyCount} distinct keys, ${c.nullKeyCount} null keys, ${c.duplicateKeyCount} duplicate keys`],
    ]);
    expect(await page.locator('table.key-proofs caption').textContent()).toBe('Not every key proof passed.');
    const text = (await page.locator('.key-proof-panel').textContent()) ?? '';
    for (const v of valuesOf('SELECT DISTINCT state AS v FROM orders')) expect(text).not.toMatch(new RegExp(`\\b${v}\\b`));
  });

  it('validates the relationships a block declares: one row per join with its status and counts', async () => {
    await page.goto(`${served.url}/blocks/keys.order_customers`);
    await page.getByRole('heading', { name: 'Keys', exact: true }).waitFor();
    expect(await page.locator('.key-proof-panel li').allTextContents()).toEqual([
      'customer: customer_id refers to keys.customer_directory, many-to-one',
      'customer_once: customer_id refers to keys.customer_directory, one-to-one',
      'draft_customer: customer_id refers to keys.draft_directory, many-to-one',
    ]);
    const rows = await proveOn(page, `${served.url}/blocks/keys.order_customers`);
    const j = expectedJoinCounts(db(), 'order_customers', 'customer');
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['relationship keys.order_customers.customer', 'passed'],
      ['relationship keys.order_customers.customer_once', 'failed'],
      ['relationship keys.order_customers.draft_customer', 'error'],
    ]);
    expect(rows[0]?.[2]).toBe(
      `observed many-to-one; ${j.orphanKeyCount} orphan keys (${j.orphanRowCount} rows); this block: ${j.fromRowCount} rows, ${j.fromNullKeyCount} null keys, ${j.fromDuplicateKeyCount} duplicate keys; keys.customer_directory: ${j.toRowCount} rows, ${j.toNullKeyCount} null keys, ${j.toDuplicateKeyCount} duplicate keys`,
    );
    expect(rows[2]?.[2]).toMatch(/^KEY_PROOF_NOT_CERTIFIED: /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'block-key-proofs');
  });

  it('a draft block lists its keys and says key proofs prove certified blocks, with no button', async () => {
    await page.goto(`${served.url}/blocks/keys.draft_directory`);
    await page.getByRole('heading', { name: 'Keys', exact: true }).waitFor();
    expect(await page.locator('.key-proof-panel li').allTextContents()).toEqual(['One row per customer_id (complete-source)']);
    expect(await page.locator('.key-proof-panel .note').textContent()).toContain('certify this block to prove its keys');
    expect(await page.getByRole('button', { name: 'Prove keys' }).count()).toBe(0);
  });

  it('a block that declares no keys has no Keys section', async () => {
    await page.goto(`${served.url}/blocks/sales.top_states_by_revenue`);
    await page.getByRole('heading', { name: 'SQL' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Keys', exact: true }).count()).toBe(0);
  });
});

describe('key proofs on a hosted block page', () => {
  it.each([
    { user: 'ada', button: 1 },
    { user: 'bob', button: 0 },
  ])('$user: the button only with query.run, and a proof as that person', async ({ user, button }) => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, extraHTTPHeaders: { 'x-user': user } });
    const p = await context.newPage();
    await p.goto(`${hosted.url}/blocks/keys.customer_directory`);
    await p.getByRole('heading', { name: 'Keys', exact: true }).waitFor();
    expect(await p.getByRole('button', { name: 'Prove keys' }).count()).toBe(button);
    if (button === 0) expect(await p.locator('.key-proof-panel .note').textContent()).toBe('Proving keys runs queries, which you may not do here.');
    else {
      const rows = await proveOn(p, `${hosted.url}/blocks/keys.customer_directory`);
      expect(rows.map((r) => r.slice(0, 2))).toEqual([['keys customer_id', 'passed']]);
      expect(await axeViolations(p)).toEqual([]);
    }
    await context.close();
  });
});
