/**
 * The review toggle of the Build screen's publish, in real Chromium against a real `svc serve` on
 * a project under git (spec 02 `git.openPullRequest`, spec 03 "Schedules, delivery, signing,
 * git"): with Send for review on, publishing writes the App and commits its files on a review
 * branch (the checked-out branch and its head stay as they were), and the screen says where the
 * change went; with it off (test/web/build.test.ts) publication only writes the files.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openApp, type Served } from '../helpers/browser.js';
import { firstCommit, git } from '../helpers/git-repo.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let opened: Awaited<ReturnType<typeof openApp>>;
let served: Served;
let page: Page;
let root: string;
let head = '';

beforeAll(async () => {
  root = await commerceProject();
  head = firstCommit(root, { name: 'svc owner', email: 'owner@acme.test' });
  opened = await openApp(root);
  ({ served, page } = opened);
}, 300_000);

afterAll(async () => {
  await opened?.close();
  cleanupProjects();
});

describe('Send for review on publish', () => {
  it('commits the published App on a review branch and says so', async () => {
    await page.goto(`${served.url}/apps/build`);
    await page.getByLabel('What should the App show?').fill('weekly revenue');
    await page.getByRole('button', { name: 'Propose' }).click();
    await page.locator('.draft-tile').first().waitFor();
    // Only the certified weekly revenue tile, which needs no parameter, so the preflight passes.
    for (let n = await page.locator('.draft-tile').count(); n > 1; n--) {
      await page
        .locator('.draft-tile')
        .last()
        .getByRole('button', { name: /^Remove / })
        .click();
      await expect.poll(() => page.locator('.draft-tile').count()).toBe(n - 1);
    }
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview li.ok').waitFor();
    await page.getByLabel('App id').fill('revenue');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.preflight').waitFor();
    expect(await page.locator('.preflight p').first().textContent()).toBe('Ready to publish.');
    const toggle = page.getByLabel(/Send for review/);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publish and send for review' }).click();
    const outcome = page.locator('.published .review-outcome');
    await outcome.waitFor();
    const branch = /on branch (\S+?)[;.]/.exec((await outcome.textContent()) ?? '')?.[1];
    expect(branch).toBeDefined();
    const files = git(root, 'diff', '--name-only', head, branch ?? '').split('\n');
    expect(files).toContain('apps/revenue/svc.app.json');
    expect(git(root, 'rev-parse', `${branch}^`)).toBe(head);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });
});
