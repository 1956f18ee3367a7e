/**
 * Certify on a block's page, in real Chromium, on projects under real local git repositories
 * (spec 02 `dataset.certify`, `git.review`, `git.openPullRequest`, Authentication 5; spec 03
 * "Schedules, delivery, signing, git"). With a host: someone refused `dataset.certify` is not
 * offered Certify, someone refused `git.review` is offered Certify without the review toggle, and
 * a person who may do both certifies with Send for review on: the block's files become a commit
 * authored as that person (name and address) on a review branch, the review is requested through
 * the host's hook, and the page then reads the block as the answer gate does, Certified, from the
 * receipt the certification wrote. On a token-guarded server without a host, the owner signed in
 * through the owner session certifies alike, the commit authored as the local owner.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRequestRequest } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { axeViolations, launchChromium, type Served, screenshot, serve } from '../helpers/browser.js';
import { firstCommit, git } from '../helpers/git-repo.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const BLOCK = 'catalog.slow_movers';
const FILES = ['domains/catalog/blocks/slow_movers.svc', 'semantic-layer/blocks/catalog/slow_movers.yaml'];

/** The commerce project under git, one commit by the server's own identity; answers its root and head. */
async function repository(config: Record<string, unknown> = {}): Promise<{ root: string; head: string }> {
  const root = await commerceProject();
  const file = join(root, 'svc.config.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...config }, null, 2));
  firstCommit(root);
  return { root, head: git(root, 'rev-parse', 'HEAD') };
}

const PEOPLE: Record<string, { id: string; kind: 'person'; email: string; displayName: string }> = {
  ada: { id: 'ada', kind: 'person', email: 'ada@acme.test', displayName: 'Ada Lovelace' },
  bob: { id: 'bob', kind: 'person', email: 'bob@acme.test', displayName: 'Bob Reader' },
  cy: { id: 'cy', kind: 'person', email: 'cy@acme.test', displayName: 'Cy Steward' },
};
const asked: PullRequestRequest[] = [];
const hooks: HostHooks = {
  resolvePrincipal: (req) => PEOPLE[String(req.headers['x-user'] ?? '')] ?? null,
  // bob may not certify; cy may certify but not send changes for review.
  authorize: (person, action) => ({ allow: !(person.id === 'bob' && action === 'dataset.certify') && !(person.id === 'cy' && action === 'git.review') }),
  git: {
    openPullRequest: (request) => {
      asked.push(request);
      return { url: 'https://reviews.example.test/acme/analytics/pull/31' };
    },
  },
};

let browser: Browser;
let hosted: LocalServer;
let hostedRepo: { root: string; head: string };
let owned: Served;
let ownedRepo: { root: string; head: string };
const TOKEN = 'certify-owner-secret-0123456789';

beforeAll(async () => {
  hostedRepo = await repository();
  hosted = await startHostedServer({ project: hostedRepo.root, port: 0, log: () => undefined, hostHooks: hooks });
  ownedRepo = await repository({ owner: 'dana@acme.test' });
  owned = await serve(ownedRepo.root, { SVC_SERVER_TOKEN: TOKEN });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await hosted?.close();
  await owned?.stop();
  cleanupProjects();
});

async function blockPage(url: string, user?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...(user !== undefined ? { extraHTTPHeaders: { 'x-user': user } } : {}) });
  const page = await context.newPage();
  await page.goto(`${url}/blocks/${BLOCK}`);
  return page;
}

/** Turns Send for review on, certifies, and answers the review branch the page names. */
async function certifyForReview(page: Page): Promise<string> {
  expect(await page.locator('.block .trust').textContent()).toContain('Review required');
  await page.getByLabel(/Send for review/).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Certify and send for review' }).click();
  const outcome = page.locator('.certify-result .review-outcome');
  await outcome.waitFor({ timeout: 60_000 });
  const branch = /branch (\S+?)[;.](?:\s|$)/.exec((await outcome.textContent()) ?? '')?.[1];
  expect(branch).toMatch(/^svc\/review\/certify-catalog-slow-movers-/);
  // The page reads the block again: the answer gate now reads the receipt the certification wrote.
  await page.locator('.block .trust-certified').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  return branch ?? '';
}

/** The commit on `branch`: its author and committer, its parent, and the files it changed. */
function commitOn(root: string, head: string, branch: string) {
  return {
    who: git(root, 'log', '-1', '--format=%an|%ae|%cn|%ce|%s', branch),
    parent: git(root, 'rev-parse', `${branch}^`) === head,
    files: git(root, 'diff', '--name-only', head, branch).split('\n').sort(),
    checkedOut: [git(root, 'symbolic-ref', '--short', 'HEAD'), git(root, 'rev-parse', 'HEAD') === head],
  };
}

describe('Certify on a block page with a host', () => {
  it('is not offered to someone the host refuses dataset.certify', async () => {
    const page = await blockPage(hosted.url, 'bob');
    await page.locator('.block .trust').waitFor();
    await page.getByRole('heading', { name: 'Tests' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Certify' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Certify/ }).count()).toBe(0);
    await page.context().close();
  });

  it('is offered without the review toggle to someone refused git.review', async () => {
    const page = await blockPage(hosted.url, 'cy');
    await page.getByRole('heading', { name: 'Certify' }).waitFor();
    expect(await page.getByRole('button', { name: 'Certify', exact: true }).count()).toBe(1);
    expect(await page.getByLabel(/Send for review/).count()).toBe(0);
    await page.context().close();
  });

  it('certifies as the signed-in person, committed on a review branch and requested through the hook', async () => {
    const page = await blockPage(hosted.url, 'ada');
    await page.getByRole('heading', { name: 'Certify' }).waitFor();
    const branch = await certifyForReview(page);
    expect(await page.locator('.certify-result').textContent()).toContain('Certified by ada@acme.test under the oss rules.');
    expect(await page.getByRole('link', { name: 'Open the review request' }).getAttribute('href')).toBe('https://reviews.example.test/acme/analytics/pull/31');
    await screenshot(page, 'certify-review');
    const { root, head } = hostedRepo;
    expect(commitOn(root, head, branch)).toEqual({
      who: `Ada Lovelace|ada@acme.test|Ada Lovelace|ada@acme.test|Certify ${BLOCK}`,
      parent: true,
      files: FILES,
      checkedOut: ['main', true],
    });
    expect(git(root, 'show', `${branch}:${FILES[1]}`)).toContain('certifiedBy: ada@acme.test');
    expect(asked.map((r) => [r.branch, r.base, r.title, r.principal?.id])).toEqual([[branch, 'main', `Certify ${BLOCK}`, 'ada']]);
    // The blocks route reads the block through the same answer gate Ask does.
    const read = await page.request.get(`${hosted.url}/api/blocks/${BLOCK}`);
    expect(((await read.json()) as { block: { trust: { label: string } } }).block.trust.label).toBe('certified');
    await page.context().close();
  });
});

describe('Certify on a block page as the signed-in owner without a host', () => {
  it('commits as the local owner on a review branch', async () => {
    const page = await blockPage(owned.url);
    await page.getByLabel('Server token').fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Certify' }).waitFor();
    const branch = await certifyForReview(page);
    expect(await page.locator('.certify-result').textContent()).toContain('Certified by dana@acme.test');
    const { root, head } = ownedRepo;
    expect(commitOn(root, head, branch)).toEqual({
      who: `dana@acme.test|dana@acme.test|dana@acme.test|dana@acme.test|Certify ${BLOCK}`,
      parent: true,
      files: FILES,
      checkedOut: ['main', true],
    });
    await page.context().close();
  });
});
