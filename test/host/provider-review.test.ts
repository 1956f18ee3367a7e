/**
 * The hosting provider's command line for review requests (spec 02 defaults: "the hosting
 * provider's command line"; spec 03 "Schedules, delivery, signing, git"), with no host hook: a
 * real `svc serve` certifies a block with Send for review on a project under a real local git
 * repository whose `origin` names a GitHub Enterprise address (pushes go to a local bare
 * repository through git's own pushInsteadOf), and Debian's real `gh` makes the review request.
 * gh's `http_unix_socket` setting sends its GitHub calls to a loopback server on a Unix socket
 * that speaks the GraphQL operations `gh pr create` makes and records what it was sent: the test
 * reads the request svc had gh make (base, head, title, body, token, host). A provider that
 * refuses the request is reported as refused, with a reference and not its words.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initProject } from '../../src/runtime/init/init-project.js';
import { type Served, serve } from '../helpers/browser.js';
import { firstCommit } from '../helpers/git-repo.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { ensureCommand } from '../helpers/provision.js';

const ORIGIN = 'https://ghe.test/acme/analytics.git';
const TOKEN = 'svc-test-enterprise-token';
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

interface Call {
  operation: string;
  variables: Record<string, any>;
  authorization: string | undefined;
  host: string | undefined;
}

/** What the loopback provider was asked, and whether it refuses to create review requests. */
const calls: Call[] = [];
let refuseCreate = false;

const REPOSITORY = {
  id: 'R_analytics',
  name: 'analytics',
  owner: { login: 'acme' },
  hasIssuesEnabled: true,
  description: '',
  hasWikiEnabled: false,
  viewerPermission: 'WRITE',
  defaultBranchRef: { name: 'main' },
  parent: null,
  mergeCommitAllowed: true,
  rebaseMergeAllowed: true,
  squashMergeAllowed: true,
};

/** The answer to one GraphQL operation of `gh pr create`; an operation it does not know is an error gh reports. */
function answer(operation: string, variables: Record<string, any>): unknown {
  if (operation === 'RepositoryInfo') return { data: { repository: REPOSITORY } };
  if (operation === 'PullRequestForBranch') return { data: { repository: { pullRequests: { nodes: [] } } } };
  if (operation === 'PullRequestCreate' && refuseCreate) return { errors: [{ message: 'provider says: branch protection forbids SELECT secret' }] };
  if (operation === 'PullRequestCreate') {
    const number = calls.filter((c) => c.operation === 'PullRequestCreate').length;
    return { data: { createPullRequest: { pullRequest: { id: `PR_${number}`, url: `https://ghe.test/acme/analytics/pull/${number}` } } } };
  }
  return { errors: [{ message: `the loopback provider does not speak ${operation} (${JSON.stringify(variables)})` }] };
}

function provider(socket: string): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const sent = (body === '' ? {} : JSON.parse(body)) as { query?: string; variables?: Record<string, any> };
      const operation = /\b(?:query|mutation)\s+(\w+)/.exec(sent.query ?? '')?.[1] ?? `${req.method} ${req.url}`;
      const variables = sent.variables ?? {};
      calls.push({ operation, variables, authorization: req.headers.authorization, host: req.headers.host });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(operation, variables)));
    });
  });
  return new Promise((resolve) => server.listen(socket, () => resolve(server)));
}

let root = '';
let bare = '';
let fake: Server;
let served: Served;

beforeAll(async () => {
  ensureCommand('gh', 'gh');
  root = makeProject({});
  expect((await initProject({ cwd: root, example: true })).ok).toBe(true);
  const config = join(root, 'svc.config.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), owner: 'dana@acme.test' }, null, 2));
  firstCommit(root);
  // origin names the provider; pushes to it land in a local bare repository.
  bare = join(makeProject({}), 'analytics.git');
  git(root, 'init', '-q', '--bare', bare);
  git(root, 'remote', 'add', 'origin', ORIGIN);
  git(root, 'config', `url.${bare}.pushInsteadOf`, ORIGIN);
  git(root, 'push', '-q', 'origin', 'main');
  const gh = join(makeProject({}), 'gh');
  mkdirSync(gh, { recursive: true });
  writeFileSync(join(gh, 'config.yml'), `http_unix_socket: ${join(gh, 'provider.sock')}\n`);
  fake = await provider(join(gh, 'provider.sock'));
  served = await serve(root, { GH_CONFIG_DIR: gh, GH_HOST: 'ghe.test', GH_ENTERPRISE_TOKEN: TOKEN });
}, 300_000);

afterAll(async () => {
  await served?.stop();
  await new Promise((done) => (fake ? fake.close(done) : done(undefined)));
  cleanupProjects();
});

async function certifyForReview(): Promise<Record<string, any>> {
  const res = await fetch(`${served.url}/api/block-studio/certifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ block: 'shop.monthly_revenue', review: true }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { review: Record<string, any> }).review;
}

describe("the provider's command line makes the review request", () => {
  it('pushes the review branch and asks the provider for a review of it into the current branch', async () => {
    calls.length = 0;
    refuseCreate = false;
    const review = await certifyForReview();
    expect(review).toMatchObject({ status: 'requested', url: 'https://ghe.test/acme/analytics/pull/1', base: 'main' });
    // The branch reached the provider's repository with the commit authored as the signed-in owner.
    expect(git(bare, 'rev-parse', `refs/heads/${review.branch}`)).toBe(review.commit);
    expect(git(bare, 'log', '-1', '--format=%an|%ae|%s', review.commit)).toBe('dana@acme.test|dana@acme.test|Certify shop.monthly_revenue');
    const created = calls.filter((c) => c.operation === 'PullRequestCreate');
    expect(created.map((c) => c.variables['input'])).toEqual([
      {
        repositoryId: 'R_analytics',
        baseRefName: 'main',
        headRefName: review.branch,
        title: 'Certify shop.monthly_revenue',
        body: 'Certified from the web app by dana@acme.test under the oss rules.',
        draft: false,
        maintainerCanModify: true,
      },
    ]);
    // Every call went to the host GH_HOST names, with its token.
    expect(new Set(calls.map((c) => `${c.host} ${c.authorization}`))).toEqual(new Set([`ghe.test token ${TOKEN}`]));
  }, 120_000);

  it('reports a refused request as refused, with a reference and never the words of the refusal', async () => {
    calls.length = 0;
    refuseCreate = true;
    const review = await certifyForReview();
    expect(review.status).toBe('refused');
    expect(review.reference).toMatch(/^[A-Za-z]{8}$/);
    expect(JSON.stringify(review)).not.toMatch(/secret|branch protection/);
    expect(calls.map((c) => c.operation)).toContain('PullRequestCreate');
    // The change is still on its branch, pushed for whoever retries.
    expect(git(bare, 'rev-parse', `refs/heads/${review.branch}`)).toBe(review.commit);
  }, 120_000);
});
