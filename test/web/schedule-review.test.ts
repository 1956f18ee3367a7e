/**
 * Schedule changes sent for review from the App page's editor, in real Chromium against a real
 * `svc serve` on a project under a real local git repository (spec 02 `git.review`, spec 03
 * Schedules and "Schedules, delivery, signing, git"): with Send for review on, making, changing
 * and deleting a schedule each become a commit authored as the signed-in owner on a review
 * branch, holding only the App's svc.app.json as changed, while the App's svc.app.json in the
 * project, and so the schedules the server runs, stay as they were. The editor with the toggle
 * passes the axe-core check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, type Served, serve } from '../helpers/browser.js';
import { firstCommit, git } from '../helpers/git-repo.js';
import { cleanupProjects } from '../helpers/project.js';
import { writePulseApp } from '../helpers/pulse-app.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const APP_FILE = 'apps/pulse/svc.app.json';
const WEEKLY = { id: 'weekly', page: 'main', cron: '0 9 * * 1', recipients: [{ kind: 'email', address: 'team@acme.test' }] };

let root: string;
let head: string;
let committed: string;
let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  root = await commerceProject();
  writePulseApp(root, 'dana@acme.test', [WEEKLY]);
  const config = join(root, 'svc.config.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), owner: 'dana@acme.test' }, null, 2));
  head = firstCommit(root);
  committed = readFileSync(join(root, APP_FILE), 'utf8');
  served = await serve(root);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  cleanupProjects();
});

/** The review branch the editor's note names once `text` shows. */
async function branchNoted(text: string): Promise<string> {
  const note = page.getByRole('status').filter({ hasText: text });
  await note.waitFor();
  const branch = /branch (\S+?)[;.](?:\s|$)/.exec((await note.textContent()) ?? '')?.[1];
  expect(branch).toMatch(/^svc\/review\//);
  return branch ?? '';
}

/** What the commit on `branch` holds: its author, its parent, the files it changed and the App's schedules there. */
function commitOn(branch: string) {
  return {
    who: git(root, 'log', '-1', '--format=%an|%ae|%s', branch),
    parent: git(root, 'rev-parse', `${branch}^`) === head,
    files: git(root, 'diff', '--name-only', head, branch),
    schedules: (JSON.parse(git(root, 'show', `${branch}:${APP_FILE}`)) as { schedules: Array<{ id: string; cron: string }> }).schedules.map((s) => [
      s.id,
      s.cron,
    ]),
  };
}

/** The project's own copy is as committed, and the server still runs only the weekly schedule. */
async function projectUnchanged(): Promise<void> {
  expect(readFileSync(join(root, APP_FILE), 'utf8')).toBe(committed);
  expect([git(root, 'symbolic-ref', '--short', 'HEAD'), git(root, 'rev-parse', 'HEAD')]).toEqual(['main', head]);
  const listed = (await (await page.request.get(`${served.url}/api/apps/pulse/schedules`)).json()) as { schedules: Array<{ id: string; cron: string }> };
  expect(listed.schedules.map((s) => [s.id, s.cron])).toEqual([['weekly', '0 9 * * 1']]);
}

describe('schedule changes sent for review', () => {
  it('makes a schedule on a review branch, leaving svc.app.json as it is', async () => {
    await page.goto(`${served.url}/apps/pulse/main#schedules`);
    await page.getByRole('heading', { name: 'weekly', exact: true }).waitFor();
    const toggle = page.getByLabel(/Send for review/);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await page.getByRole('button', { name: 'New schedule' }).click();
    await page.getByLabel('Schedule id').fill('daily');
    await page.getByLabel('How often').selectOption('day');
    await page.getByLabel('At (UTC, HH:MM)').fill('07:30');
    await page.getByLabel('Send to (mail or webhook addresses, one a line)').fill('team@acme.test');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and send for review' }).click();
    const branch = await branchNoted('Schedule daily:');
    expect(commitOn(branch)).toEqual({
      who: 'dana@acme.test|dana@acme.test|Save schedule daily of App pulse',
      parent: true,
      files: APP_FILE,
      schedules: [
        ['weekly', '0 9 * * 1'],
        ['daily', '30 7 * * *'],
      ],
    });
    await projectUnchanged();
    expect(await page.getByRole('heading', { name: 'daily', exact: true }).count()).toBe(0);
  });

  it('changes and deletes a schedule on review branches of their own', async () => {
    await page.getByRole('button', { name: 'Edit weekly' }).click();
    await page.getByLabel('At (UTC, HH:MM)').fill('10:15');
    await page.getByRole('button', { name: 'Save and send for review' }).click();
    const edited = await branchNoted('Schedule weekly:');
    expect(commitOn(edited).schedules).toEqual([['weekly', '15 10 * * 1']]);
    await page.getByRole('button', { name: 'Delete weekly' }).click();
    const removed = await branchNoted('Deleting schedule weekly:');
    expect(removed).not.toBe(edited);
    expect(commitOn(removed)).toMatchObject({ who: 'dana@acme.test|dana@acme.test|Delete schedule weekly of App pulse', parent: true, schedules: [] });
    await projectUnchanged();
    expect(await page.getByRole('heading', { name: 'weekly', exact: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});
