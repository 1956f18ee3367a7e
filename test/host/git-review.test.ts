/**
 * Git review (spec 02 `git.openPullRequest` and rule 3, spec 03 `GET /api/git/diff` and
 * "Schedules, delivery, signing, git") on a real local git repository, over real HTTP: a
 * certification made in the web app with `review: true` becomes a commit authored as the
 * signed-in person on a new review branch (the checked-out branch, its commit and the index stay
 * as they were), and the review request goes through the host's hook, in a conformance table:
 * no hook, a valid answer (web address or same-origin path), a wrong shape, a throw, a time-out.
 * `git.review` refused changes nothing. An App published from the web app is sent alike. The diff route shows project content only, the path
 * matched literally. Schedule changes sent for review are committed without writing svc.app.json.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRequestRequest } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { initProject } from '../../src/runtime/init/init-project.js';
import { firstCommit, git } from '../helpers/git-repo.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { writePulseApp } from '../helpers/pulse-app.js';
import { CHANNELS } from '../runtime/app-builder/build-helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const COMPANION = 'semantic-layer/blocks/shop/monthly_revenue.yaml';
const BLOCK_FILE = 'domains/shop/blocks/monthly_revenue.svc';

/** What the hook does on the next call, and what it was asked. */
let answer: (request: PullRequestRequest) => unknown = () => ({ url: 'https://reviews.example.test/acme/analytics/pull/7' });
const asked: PullRequestRequest[] = [];

const PEOPLE: Record<string, { id: string; kind: 'person'; email?: string; displayName?: string }> = {
  ada: { id: 'ada', kind: 'person', email: 'ada@acme.test', displayName: 'Ada Lovelace' },
  nomail: { id: 'nomail', kind: 'person' },
  bob: { id: 'bob', kind: 'person', email: 'bob@acme.test' },
  cy: { id: 'cy', kind: 'person', email: 'cy@acme.test' },
};

const baseHooks: HostHooks = {
  resolvePrincipal: (req) => (req.headers['x-user'] === 'nobody' ? null : { ...(PEOPLE[String(req.headers['x-user'] ?? 'ada')] ?? PEOPLE['ada']!) }),
  // bob may certify but not send changes for review; cy may not certify.
  authorize: (person, action) => ({ allow: !(person.id === 'bob' && action === 'git.review') && !(person.id === 'cy' && action === 'dataset.certify') }),
};

const withHook: HostHooks = {
  ...baseHooks,
  git: {
    openPullRequest: (request) => {
      asked.push(request);
      return answer(request) as { url: string };
    },
  },
};

const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

/** A project from `svc init --example`, under git with one commit by the server's own identity. */
async function repository(): Promise<string> {
  const root = makeProject({});
  expect((await initProject({ cwd: root, example: true })).ok).toBe(true);
  firstCommit(root);
  return root;
}

async function serve(root: string, hooks: HostHooks): Promise<LocalServer> {
  const server = await startLocalServer({ project: root, port: 0, log: () => {}, hostHooks: hooks, hostHookTimeoutMs: 100 });
  servers.push(server);
  return server;
}

async function certify(server: LocalServer, user = 'ada', review = true) {
  const res = await fetch(`${server.url}/api/block-studio/certifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ block: 'shop.monthly_revenue', review }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

let root = '';
let hooked: LocalServer;
let headBefore = '';

beforeAll(async () => {
  root = await repository();
  headBefore = git(root, 'rev-parse', 'HEAD');
  hooked = await serve(root, withHook);
}, 60_000);

describe('a certification made in the web app is sent for review', () => {
  it('as a commit authored by the signed-in person on a review branch, requested through the hook', async () => {
    asked.length = 0;
    const res = await certify(hooked);
    expect(res.status).toBe(200);
    const review = res.body['review'];
    expect(review).toMatchObject({ status: 'requested', url: 'https://reviews.example.test/acme/analytics/pull/7', base: 'main' });
    expect(review.branch).toMatch(/^svc\/review\/certify-shop-monthly-revenue-/);
    // The commit: on the branch, the person as author and committer, the certification's files only, over the old HEAD.
    expect(git(root, 'rev-parse', review.branch)).toBe(review.commit);
    expect(git(root, 'log', '-1', '--format=%an|%ae|%cn|%ce|%s', review.branch)).toBe(
      'Ada Lovelace|ada@acme.test|Ada Lovelace|ada@acme.test|Certify shop.monthly_revenue',
    );
    expect(git(root, 'rev-parse', `${review.branch}^`)).toBe(headBefore);
    expect(git(root, 'diff', '--name-only', headBefore, review.branch).split('\n').sort()).toEqual([COMPANION, BLOCK_FILE].sort());
    expect(git(root, 'show', `${review.branch}:${COMPANION}`)).toContain('certifiedBy: ada@acme.test');
    // The checked-out branch and its commit are as they were; the real index holds nothing staged.
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(headBefore);
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('');
    // The hook was asked once, with the spec's fields.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      gitRoot: git(root, 'rev-parse', '--show-toplevel'),
      branch: review.branch,
      base: 'main',
      title: 'Certify shop.monthly_revenue',
    });
    expect(asked[0]?.principal?.id).toBe('ada');
  });

  it('refused git.review changes nothing', async () => {
    const companionBefore = readFileSync(join(root, COMPANION), 'utf8');
    const branchesBefore = git(root, 'branch', '--list');
    const res = await certify(hooked, 'bob');
    expect([res.status, res.body['error']?.code, res.body['error']?.action]).toEqual([403, 'PERMISSION_DENIED', 'git.review']);
    expect(readFileSync(join(root, COMPANION), 'utf8')).toBe(companionBefore);
    expect(git(root, 'branch', '--list')).toBe(branchesBefore);
  });

  // Spec 03 Errors: an authorize refusal is 403 PERMISSION_DENIED with the action; no one placed is 401. Nothing is written or committed.
  it.each([
    ['cy, refused dataset.certify', 'cy', true, 403, 'PERMISSION_DENIED', 'dataset.certify'],
    ['cy, refused dataset.certify, without review', 'cy', false, 403, 'PERMISSION_DENIED', 'dataset.certify'],
    ['bob, refused git.review', 'bob', true, 403, 'PERMISSION_DENIED', 'git.review'],
    ['no one signed in', 'nobody', true, 401, 'SIGN_IN_REQUIRED', undefined],
  ])('who may not certify: %s', async (_name, user, review, status, code, action) => {
    const companionBefore = readFileSync(join(root, COMPANION), 'utf8');
    const refs = git(root, 'for-each-ref', '--format=%(refname)', 'refs/heads/');
    asked.length = 0;
    const res = await certify(hooked, user, review);
    expect([res.status, res.body['error']?.code, res.body['error']?.action]).toEqual([status, code, action]);
    expect(readFileSync(join(root, COMPANION), 'utf8')).toBe(companionBefore);
    expect([git(root, 'for-each-ref', '--format=%(refname)', 'refs/heads/'), asked.length]).toEqual([refs, 0]);
  });

  it("commits as git's own identity for a person without an address", async () => {
    const res = await certify(hooked, 'nomail');
    expect(res.body['review'].status).toBe('requested');
    expect(git(root, 'log', '-1', '--format=%an|%ae', res.body['review'].branch)).toBe('svc server|server@host.test');
  });

  it('without review, commits nothing', async () => {
    const before = git(root, 'for-each-ref', '--format=%(refname)', 'refs/heads/');
    const res = await certify(hooked, 'ada', false);
    expect([res.status, res.body['review']]).toEqual([200, undefined]);
    expect(git(root, 'for-each-ref', '--format=%(refname)', 'refs/heads/')).toBe(before);
  });
});

describe('git.openPullRequest conformance', () => {
  const slow = () => new Promise((resolve) => setTimeout(() => resolve({ url: 'https://late.example.test/1' }), 2_000));
  it.each([
    ['a web address', () => ({ url: 'https://reviews.example.test/pull/8' }), 'requested', 'https://reviews.example.test/pull/8'],
    ['a same-origin path', () => ({ url: '/reviews/8' }), 'requested', '/reviews/8'],
    ['a bare string', () => 'https://reviews.example.test/pull/8', 'refused', undefined],
    ['a list', () => [{ url: 'https://reviews.example.test/pull/8' }], 'refused', undefined],
    ['a script address', () => ({ url: 'javascript:alert(1)' }), 'refused', undefined],
    ['another origin without a scheme', () => ({ url: '//evil.example.test/x' }), 'refused', undefined],
    ['an address with credentials', () => ({ url: 'https://user:secret@reviews.example.test/8' }), 'refused', undefined],
    ['an ftp address', () => ({ url: 'ftp://reviews.example.test/8' }), 'refused', undefined],
    ['no url', () => ({ href: '/reviews/8' }), 'refused', undefined],
    [
      'a throw',
      () => {
        throw new Error('SELECT secret FROM tokens');
      },
      'refused',
      undefined,
    ],
    ['a time-out', slow, 'refused', undefined],
  ])('%s: %s', async (_name, given, status, url) => {
    answer = given;
    const res = await certify(hooked);
    const review = res.body['review'];
    expect([res.status, review.status, review.url]).toEqual([200, status, url]);
    // Either way the change is committed on its branch; a refusal carries a reference and never echoes the hook.
    expect(git(root, 'rev-parse', review.branch)).toBe(review.commit);
    if (status === 'refused') {
      expect(review.reference).toMatch(/^[A-Za-z]{8}$/);
      expect(JSON.stringify(res.body)).not.toMatch(/evil|secret|javascript|ftp:/);
    }
  });

  it('no hook: committed on its branch, no request made', async () => {
    const plain = await serve(root, baseHooks);
    const res = await certify(plain);
    expect(res.body['review']).toMatchObject({ status: 'committed', base: 'main' });
    expect(res.body['review'].url).toBeUndefined();
    expect(git(root, 'log', '-1', '--format=%ae', res.body['review'].branch)).toBe('ada@acme.test');
  });

  it('outside a repository: nothing committed, said plainly', async () => {
    const bare = makeProject({});
    expect((await initProject({ cwd: bare, example: true })).ok).toBe(true);
    const server = await serve(bare, withHook);
    const res = await certify(server);
    expect([res.status, res.body['ok'], res.body['review']?.status]).toEqual([200, true, 'not_committed']);
    const diff = await fetch(`${server.url}/api/git/diff?path=${encodeURIComponent(COMPANION)}`, { headers: { 'x-user': 'ada' } });
    expect([diff.status, ((await diff.json()) as { error: { code: string } }).error.code]).toEqual([409, 'GIT_REPOSITORY_MISSING']);
  });
});

describe('GET /api/git/diff', () => {
  const diff = async (path: string) => {
    const res = await fetch(`${hooked.url}/api/git/diff?path=${encodeURIComponent(path)}`, { headers: { 'x-user': 'ada' } });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('shows the diff of one project file against the current commit', async () => {
    const res = await diff(COMPANION);
    expect(res.status).toBe(200);
    expect(res.body['diff']).toContain(`+++ b/${COMPANION}`);
    expect(res.body['diff']).toContain('certifiedBy');
    expect(res.body['diff']).not.toContain(root);
  });

  it('matches the path literally', async () => {
    mkdirSync(join(root, 'docs'), { recursive: true });
    writeFileSync(join(root, 'docs/a.md'), 'one\n');
    writeFileSync(join(root, 'docs/[ab].md'), 'two\n');
    git(root, 'add', 'docs');
    git(root, 'commit', '-q', '-m', 'docs');
    writeFileSync(join(root, 'docs/a.md'), 'one changed\n');
    writeFileSync(join(root, 'docs/[ab].md'), 'two changed\n');
    const bracket = await diff('docs/[ab].md');
    expect(bracket.body['diff']).toContain('+two changed');
    expect(bracket.body['diff']).not.toContain('one changed');
    for (const wide of ['docs/*.md', ':(glob)**/*.md', 'docs/?.md']) expect([wide, (await diff(wide)).body['diff']]).toEqual([wide, '']);
    writeFileSync(join(root, 'docs/new.md'), 'fresh\n');
    const added = await diff('docs/new.md');
    expect(added.body['diff']).toContain('+fresh');
    expect(added.body['diff']).not.toContain(root);
  });

  it.each([
    '.git/config',
    '.env',
    'svc.config.json',
    'data/warehouse.duckdb',
    'node_modules/x/package.json',
    'domains/.hidden.svc',
    '../outside.md',
    '/etc/hostname',
    'docs/tool.sh',
    'docs/link.md',
  ])('refuses %s as not project content', async (path) => {
    if (path === 'docs/link.md') {
      mkdirSync(join(root, 'docs'), { recursive: true });
      symlinkSync(join(root, 'svc.config.json'), join(root, 'docs/link.md'));
    }
    const res = await diff(path);
    expect([res.status, res.body['error']?.code]).toEqual([403, 'PATH_REFUSED']);
  });
});

describe('an App published from the web app is sent for review', () => {
  it('as a commit of the App files authored by the signed-in person, requested through the hook', async () => {
    const shop = await commerceProject();
    firstCommit(shop);
    const server = await serve(shop, withHook);
    answer = () => ({ url: '/reviews/apps/9' });
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'ada' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const build = (await post('/api/app-builds', {})).body;
    const composed = (
      await post(`/api/app-builds/${build['id']}/compose`, { baseRevision: build['revision'], operations: [{ op: 'add_tile', sourceId: CHANNELS }] })
    ).body;
    expect((await post(`/api/app-builds/${build['id']}/preview`, { revision: composed['revision'] })).status).toBe(200);
    const published = await post(`/api/app-builds/${build['id']}/publish`, { revision: composed['revision'], appId: 'mix', review: true });
    expect(published.status).toBe(200);
    const review = published.body['review'];
    expect(review).toMatchObject({ status: 'requested', url: '/reviews/apps/9', base: 'main' });
    expect(git(shop, 'log', '-1', '--format=%an|%ae|%s', review.branch)).toBe('Ada Lovelace|ada@acme.test|Publish App mix');
    expect(git(shop, 'diff', '--name-only', 'main', review.branch).split('\n').sort()).toEqual([...published.body['files']].sort());
  }, 60_000);
});

describe('schedule changes from the web app are sent for review', () => {
  const APP_FILE = 'apps/pulse/svc.app.json';
  let shop = '';
  let server: LocalServer;
  let committed = '';
  const call = async (method: string, path: string, user: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/apps/pulse/schedules${path === '' ? '' : `/${path}`}`, {
      method,
      headers: { 'x-user': user, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const edit = { page: 'main', cron: '30 7 * * *', recipients: [{ kind: 'email', address: 'team@acme.test' }], review: true };

  beforeAll(async () => {
    shop = await commerceProject();
    writePulseApp(shop, 'ada@acme.test', [{ id: 'weekly', page: 'main', cron: '0 9 * * 1', recipients: [] }]);
    firstCommit(shop);
    committed = readFileSync(join(shop, APP_FILE), 'utf8');
    server = await serve(shop, withHook);
  }, 60_000);

  it.each([
    [
      'a new schedule',
      'PUT',
      'daily',
      edit,
      [
        ['weekly', '0 9 * * 1', undefined],
        ['daily', '30 7 * * *', 'ada'],
      ],
      'Save schedule daily of App pulse',
    ],
    ['a removal', 'DELETE', 'weekly?review=1', undefined, [], 'Delete schedule weekly of App pulse'],
  ])(
    '%s: committed as the person on a review branch, requested through the hook, svc.app.json left as it is',
    async (_n, method, path, body, schedules, title) => {
      asked.length = 0;
      answer = () => ({ url: '/reviews/schedules/1' });
      const res = await call(method, path, 'ada', body);
      expect([res.status, res.body['review']?.status, res.body['review']?.url, res.body['deleted']]).toEqual([
        200,
        'requested',
        '/reviews/schedules/1',
        method === 'DELETE' ? false : undefined,
      ]);
      const branch = res.body['review'].branch as string;
      expect(git(shop, 'log', '-1', '--format=%an|%ae|%s', branch)).toBe(`Ada Lovelace|ada@acme.test|${title}`);
      expect(git(shop, 'diff', '--name-only', 'main', branch)).toBe(APP_FILE);
      const there = JSON.parse(git(shop, 'show', `${branch}:${APP_FILE}`)) as { schedules: Array<{ id: string; cron: string; owner?: string }> };
      expect(there.schedules.map((s) => [s.id, s.cron, s.owner])).toEqual(schedules);
      expect(asked.map((r) => [r.branch, r.title, r.principal?.id])).toEqual([[branch, title, 'ada']]);
      expect(readFileSync(join(shop, APP_FILE), 'utf8')).toBe(committed);
      expect((await call('GET', '', 'ada')).body['schedules'].map((s: { id: string }) => s.id)).toEqual(['weekly']);
    },
  );

  it.each([
    ['bob, refused git.review, saving', 'PUT', 'daily', 'bob', edit, 403, 'PERMISSION_DENIED'],
    ['bob, refused git.review, deleting', 'DELETE', 'weekly?review=1', 'bob', undefined, 403, 'PERMISSION_DENIED'],
    ['a schedule the App does not declare', 'DELETE', 'monthly?review=1', 'ada', undefined, 404, 'SCHEDULE_NOT_FOUND'],
    ['a cadence that is not cron', 'PUT', 'daily', 'ada', { ...edit, cron: 'every morning' }, 422, 'SCHEDULE_INVALID'],
  ])('%s: refused, nothing committed or written', async (_n, method, path, user, body, status, code) => {
    const refs = git(shop, 'for-each-ref', '--format=%(refname)', 'refs/heads/');
    const res = await call(method, path, user, body);
    expect([res.status, res.body['error']?.code]).toEqual([status, code]);
    expect(git(shop, 'for-each-ref', '--format=%(refname)', 'refs/heads/')).toBe(refs);
    expect(readFileSync(join(shop, APP_FILE), 'utf8')).toBe(committed);
  });
});
