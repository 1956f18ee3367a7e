import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILDS_DIR } from '../../src/runtime/app-builder/index.js';
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

  it('composes by hand through the compose route: clarifications answered, pages and tiles added, moved and removed, filters bound per tile', async () => {
    const { fake, page, served, root } = env;
    const tile = (id: string) => ({ sourceId: id, kind: 'table' });
    fake.script(
      JSON.stringify({
        title: 'Sales',
        pages: [{ title: 'Money', tiles: [{ ...tile(WEEKLY), title: 'Weekly' }] }],
        clarifications: ['Which period matters most?'],
      }),
      JSON.stringify({
        title: 'Sales',
        pages: [
          { title: 'Money', tiles: [{ ...tile(WEEKLY), title: 'Weekly' }] },
          { title: 'States', tiles: [{ ...tile(TOP_STATES), title: 'Top states' }] },
        ],
        clarifications: [],
      }),
    );
    const sent: Array<{ baseRevision: number; operations: Array<Record<string, unknown>> }> = [];
    page.on('request', (r) => void (r.url().endsWith('/compose') && sent.push(r.postDataJSON())));
    await page.goto(`${served.url}/apps`);
    await page.getByRole('link', { name: 'Build new App' }).click();
    await page.getByLabel('What should the App show?').fill('sales by week and state');
    await page.getByRole('button', { name: 'Propose' }).click();
    // A clarification answered is heard by a new proposal revision, with the same prompt.
    await page.getByLabel('Which period matters most?').fill('the last quarter');
    await page.getByRole('button', { name: 'Answer and propose again' }).click();
    await page.locator('.heard').waitFor();
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.text).toContain('sales by week and state');
    expect(fake.requests[1]?.text).toContain('the last quarter');
    expect(await pageTitles(page)).toEqual(['Money', 'States']);

    await page.getByRole('button', { name: 'Move page States up' }).click();
    await until(page, async () => (await pageTitles(page))[0] === 'States');
    await page.getByLabel('New page title').fill('Extra');
    await page.getByRole('button', { name: 'Add page' }).click();
    await until(page, async () => (await pageTitles(page)).length === 3);
    await page.getByRole('button', { name: 'Remove page Extra' }).click();
    await until(page, async () => (await pageTitles(page)).length === 2);

    // A source added to the chosen page, moved up before the planner's tile, then removed again.
    await page.getByLabel('Add to page').selectOption('states');
    await page.getByLabel('Search sources').fill('channel');
    await page.locator('[data-source$="#channel_mix"] button').click();
    await until(page, async () => (await tilesOf(page, 'states')).length === 2);
    await page.locator('[data-tile="channel_mix"] > button', { hasText: 'Up' }).click();
    await until(page, async () => (await tilesOf(page, 'states'))[0] === 'channel_mix');
    await page.locator('[data-tile="channel_mix"] > button', { hasText: 'Remove' }).click();
    await until(page, async () => (await tilesOf(page, 'states')).length === 1);

    // Filters: the parameters the source declares, bound per tile, and one unbound again.
    await page.getByLabel('Parameter of Weekly').selectOption('since');
    await page.getByRole('button', { name: 'Bind filter to Weekly' }).click();
    await page.locator('[data-tile="weekly_revenue"] [data-filter="since"]').waitFor();
    await page.getByLabel('Parameter of Top states').selectOption('top_n');
    await page.getByLabel('Filter id for Top states').fill('how_many');
    await page.getByRole('button', { name: 'Bind filter to Top states' }).click();
    await page.locator('[data-tile="top_states_by_revenue"] [data-filter="how_many"]').waitFor();
    await page.getByLabel('Parameter of Top states').selectOption('since');
    await page.getByRole('button', { name: 'Bind filter to Top states' }).click();
    await page.locator('[data-tile="top_states_by_revenue"] [data-filter="since"]').waitFor();
    await page.getByRole('button', { name: 'Unbind filter how_many from Top states' }).click();
    await until(page, async () => (await page.locator('[data-filter="how_many"]').count()) === 0);

    // After a preview, each tile shows the columns its settled run proved.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('[data-tile="weekly_revenue"] .proven-columns').waitFor();
    expect(await page.locator('[data-tile="weekly_revenue"] .proven-columns').textContent()).toContain('week_start');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'app-build-compose');

    // What the server stored: every change a revision of its own, with the bindings per tile.
    const stored = newestDraft(root);
    expect(stored.pages.map((p) => [p.id, p.tiles.map((t) => t.id), p.filters])).toEqual([
      [
        'states',
        ['top_states_by_revenue'],
        [
          { id: 'how_many', bindings: {} },
          { id: 'since', bindings: { top_states_by_revenue: 'since' } },
        ],
      ],
      ['money', ['weekly_revenue'], [{ id: 'since', bindings: { weekly_revenue: 'since' } }]],
    ]);
    expect(stored.revision).toBe(13);
    // The browser sent only allow-listed operations naming ids; never a binding, revision or tile of its own.
    expect(sent.flatMap((b) => b.operations.map((o) => o['op']))).toEqual([
      'move_page',
      'add_page',
      'remove_page',
      'add_tile',
      'move_tile',
      'remove_tile',
      'bind_filter',
      'bind_filter',
      'bind_filter',
      'unbind_filter',
    ]);
    const keys = new Set(sent.flatMap((b) => b.operations.flatMap((o) => Object.keys(o))));
    expect([...keys].sort()).toEqual(['filterId', 'op', 'pageId', 'parameter', 'sourceId', 'tileId', 'title', 'to']);
  });
});

type Stored = { revision: number; pages: Array<{ id: string; tiles: Array<{ id: string }>; filters: unknown[] }> };

/** The newest revision of the build changed last in `root`. */
function newestDraft(root: string): Stored {
  const dir = join(root, BUILDS_DIR);
  const builds = readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory());
  const last = builds.sort((a, b) => statSync(join(dir, b, 'revisions')).mtimeMs - statSync(join(dir, a, 'revisions')).mtimeMs)[0] ?? '';
  const files = readdirSync(join(dir, last, 'revisions')).sort();
  return JSON.parse(readFileSync(join(dir, last, 'revisions', files.at(-1) ?? ''), 'utf8')) as Stored;
}

const pageTitles = (page: Page) => page.locator('.draft-page h3').allTextContents();
const tilesOf = (page: Page, pageId: string) =>
  page.locator(`.draft-page[data-page="${pageId}"] .draft-tile`).evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));

/** Waits until `ok` holds (each compose answers a new revision the screen then shows). */
async function until(page: Page, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await ok()) return;
    await page.waitForTimeout(100);
  }
  throw new Error('the Build screen did not show the change');
}
