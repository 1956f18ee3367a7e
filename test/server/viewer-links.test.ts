/**
 * Viewer links (spec 02 Authentication 4, spec 03 Limits) on a network-shared server without a
 * host, over real HTTP: a Share link opens its one published App (listed, viewed, run, exported)
 * and nothing else; it expires after 14 days, dies when the server token changes, is refused for
 * an App whose tiles read blocks with per-member row rules (when made, and on every request once
 * an App gains such a tile), for a draft App, and on a server without a token.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { type LocalServer, startLocalServer } from '../../src/index.js';
import { signViewerLink, VIEWER_LINK_LIFETIME_MS, verifyViewerLink } from '../../src/server/viewer-link.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const TOKEN = 'first-shared-secret-0123456789';
const OTHER = 'second-shared-secret-987654321';

const RLS_BLOCK = `block "orders_in_my_states" {
  domain = "sales"
  status = "draft"
  description = "Completed orders per shipping state, kept to the reader's states."
  owner = "sales-ops@acme.test"
  outputs = ["state", "orders"]
  query = """
    SELECT state, COUNT(*) AS orders FROM orders
    WHERE status = 'completed' AND @rls(state IN {user.states})
    GROUP BY state
  """
}
`;

const RLS_TILE = { id: 'mine', title: 'My states', kind: 'table', source: { kind: 'block', id: 'sales.orders_in_my_states' } };

let root = '';
const servers: LocalServer[] = [];

/** A copy of the growth App as `id`, published, its overview page with `extraTiles` added. */
function publishedApp(id: string, extraTiles: unknown[] = []): void {
  cpSync(join(root, 'apps/growth'), join(root, `apps/${id}`), { recursive: true });
  const doc = JSON.parse(readFileSync(join(root, 'apps/growth/svc.app.json'), 'utf8'));
  writeFileSync(join(root, `apps/${id}/svc.app.json`), JSON.stringify({ ...doc, id, title: id, lifecycle: 'certified' }));
  if (extraTiles.length > 0) addTiles(id, extraTiles);
}

function addTiles(id: string, tiles: unknown[]): void {
  const file = join(root, `apps/${id}/dashboards/overview.svcd`);
  const page = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...page, tiles: [...page.tiles, ...tiles] }));
}

async function serve(token: string | undefined): Promise<string> {
  const before = process.env['SVC_SERVER_TOKEN'];
  if (token === undefined) delete process.env['SVC_SERVER_TOKEN'];
  else process.env['SVC_SERVER_TOKEN'] = token;
  try {
    const server = await startLocalServer({ project: root, port: 0, log: () => {} });
    servers.push(server);
    return server.url;
  } finally {
    if (before === undefined) delete process.env['SVC_SERVER_TOKEN'];
    else process.env['SVC_SERVER_TOKEN'] = before;
  }
}

async function call(base: string, bearer: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(bearer !== undefined ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: Record<string, any> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // A file export answers CSV.
  }
  return { status: res.status, body: json, text };
}

const share = (base: string, app: string) => call(base, TOKEN, 'POST', `/api/apps/${app}/share-link`, {});

let base = '';
beforeAll(async () => {
  root = await commerceProject();
  mkdirSync(join(root, 'domains/sales/blocks'), { recursive: true });
  writeFileSync(join(root, 'domains/sales/blocks/orders_in_my_states.svc'), RLS_BLOCK);
  publishedApp('ledger');
  publishedApp('regional', [RLS_TILE]);
  base = await serve(TOKEN);
}, 90_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

describe('a viewer link opens one App only', () => {
  it('is made for a published App, as a same-origin link that lasts 14 days', async () => {
    const before = Date.now();
    const made = await share(base, 'ledger');
    expect(made.status).toBe(200);
    expect(made.body['href']).toMatch(/^\/\?app=ledger&page=overview&link=svc-link\./);
    const ends = Date.parse(made.body['expiresAt']);
    expect(ends - before).toBeGreaterThanOrEqual(VIEWER_LINK_LIFETIME_MS - 1000);
    expect(ends - Date.now()).toBeLessThanOrEqual(VIEWER_LINK_LIFETIME_MS);
  });

  it('views, runs and exports its App and nothing else', async () => {
    const link = (await share(base, 'ledger')).body['token'] as string;
    const apps = await call(base, link, 'GET', '/api/apps');
    expect(apps.status).toBe(200);
    expect(apps.body['apps'].map((a: { id: string }) => a.id)).toEqual(['ledger']);
    expect((await call(base, link, 'GET', '/api/apps/ledger/pages/overview')).status).toBe(200);
    const run = await call(base, link, 'POST', '/api/apps/ledger/pages/overview/run', {});
    expect(run.status).toBe(200);
    expect(run.body['tiles'].length).toBeGreaterThan(0);
    const file = await call(base, link, 'POST', '/api/apps/ledger/dashboards/overview/export', { tileId: 'aov', format: 'csv' });
    expect(file.status).toBe(200);
    expect(file.text.split('\n')[0]).toMatch(/[a-z_]+/);
    expect((await call(base, link, 'GET', '/api/identity')).body['principal']).toMatchObject({ source: 'link', id: 'link:ledger' });
    for (const [method, path, body] of [
      ['GET', '/api/apps/growth/pages/overview', undefined],
      ['POST', '/api/apps/growth/pages/overview/run', {}],
      ['POST', '/api/apps/regional/dashboards/overview/export', { tileId: 'aov', format: 'csv' }],
      ['GET', '/api/blocks', undefined],
      ['POST', '/api/blocks/finance.average_order_value/run', {}],
      ['POST', '/api/query/export', { sql: 'SELECT 1', format: 'csv' }],
      ['POST', '/api/apps/ledger/share-link', {}],
      ['PUT', '/api/apps/ledger/audience', { groups: [] }],
    ] as const) {
      const refused = await call(base, link, method, path, body);
      expect([path, refused.status, refused.body['error']?.code]).toEqual([path, 403, 'VIEWER_LINK_REFUSED']);
    }
  });

  it('loads the app page with the link in the address, keeps it in a strict cookie, and opens no data route by address', async () => {
    const link = (await share(base, 'ledger')).body['token'] as string;
    const page = await fetch(`${base}/?app=ledger&page=overview&link=${encodeURIComponent(link)}`);
    expect(page.status).toBe(200);
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^svc_link=svc-link\.[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    expect((await fetch(`${base}/api/apps?link=${encodeURIComponent(link)}`)).status).toBe(401);
    const jar = { cookie: cookie.split(';')[0]! };
    const apps = await fetch(`${base}/api/apps`, { headers: jar });
    expect(((await apps.json()) as { apps: Array<{ id: string }> }).apps.map((a) => a.id)).toEqual(['ledger']);
    expect((await fetch(`${base}/api/apps/growth/pages/overview`, { headers: jar })).status).toBe(403);
    expect((await fetch(`${base}/api/blocks`, { headers: jar })).status).toBe(403);
    // The owner's token still wins over a link cookie the same browser holds.
    expect((await fetch(`${base}/api/blocks`, { headers: { ...jar, authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe("a viewer link never carries the owner's persona", () => {
  it("lists its App while the owner views Apps as a group that App's audience excludes", async () => {
    const link = (await share(base, 'ledger')).body['token'] as string;
    expect((await call(base, TOKEN, 'PUT', '/api/apps/ledger/audience', { groups: ['finance'] })).status).toBe(200);
    expect((await call(base, TOKEN, 'POST', '/api/persona', { persona: { id: 'sales', groups: ['sales'] } })).status).toBe(200);
    try {
      expect((await call(base, TOKEN, 'GET', '/api/apps')).body['apps'].map((a: { id: string }) => a.id)).not.toContain('ledger');
      expect((await call(base, link, 'GET', '/api/apps')).body['apps'].map((a: { id: string }) => a.id)).toEqual(['ledger']);
      // A link has no slot of its own to set.
      expect((await call(base, link, 'POST', '/api/persona', { persona: null })).status).toBe(403);
    } finally {
      await call(base, TOKEN, 'POST', '/api/persona', { persona: null });
      await call(base, TOKEN, 'PUT', '/api/apps/ledger/audience', { groups: [] });
    }
  });
});

describe('a viewer link ends', () => {
  it('after 14 days', async () => {
    const old = signViewerLink(TOKEN, 'ledger', Date.now() - VIEWER_LINK_LIFETIME_MS - 1).token;
    const res = await call(base, old, 'GET', '/api/apps/ledger/pages/overview');
    expect([res.status, res.body['error']?.code]).toEqual([401, 'VIEWER_LINK_INVALID']);
    expect(res.body['error'].message).toMatch(/expired/);
    const now = Date.now();
    const fresh = signViewerLink(TOKEN, 'ledger', now).token;
    expect(verifyViewerLink(TOKEN, fresh, now + VIEWER_LINK_LIFETIME_MS - 1).ok).toBe(true);
    expect(verifyViewerLink(TOKEN, fresh, now + VIEWER_LINK_LIFETIME_MS)).toEqual({ ok: false, why: 'expired' });
  });

  it('when the server token changes', async () => {
    const link = (await share(base, 'ledger')).body['token'] as string;
    const second = await serve(OTHER);
    const res = await call(second, link, 'GET', '/api/apps/ledger/pages/overview');
    expect([res.status, res.body['error']?.code]).toEqual([401, 'VIEWER_LINK_INVALID']);
    // The same link still opens on the server whose token signed it.
    expect((await call(base, link, 'GET', '/api/apps/ledger/pages/overview')).status).toBe(200);
  });

  it.each([
    [
      'another App named in a signed payload',
      (t: string) =>
        t.replace(/^svc-link\.[^.]+/, `svc-link.${Buffer.from(JSON.stringify({ v: 1, app: 'growth', exp: Date.now() + 1e9 })).toString('base64url')}`),
    ],
    ['a cut signature', (t: string) => t.slice(0, -2)],
    ['no signature', (t: string) => t.slice(0, t.lastIndexOf('.'))],
    ['the shared token itself spelt as a link', () => `svc-link.${TOKEN}`],
  ])('when tampered with: %s', async (_name, tamper) => {
    const link = (await share(base, 'ledger')).body['token'] as string;
    const res = await call(base, tamper(link), 'GET', '/api/apps/ledger/pages/overview');
    expect([res.status, res.body['error']?.code]).toEqual([401, 'VIEWER_LINK_INVALID']);
  });
});

describe('Apps with per-member row rules are not shared by link', () => {
  it('refuses to make a link for them, or for a draft App', async () => {
    for (const [app, why] of [
      ['regional', /row rules/],
      ['growth', /publish/],
    ] as const) {
      const res = await share(base, app);
      expect([res.status, res.body['error']?.code]).toEqual([403, 'APP_NOT_SHAREABLE']);
      expect(res.body['error'].message).toMatch(why);
    }
    expect((await share(base, 'nowhere')).status).toBe(404);
  });

  it('refuses every request of a link once its App gains such a tile', async () => {
    publishedApp('turning');
    const second = await serve(TOKEN);
    const link = (await share(second, 'turning')).body['token'] as string;
    expect((await call(second, link, 'GET', '/api/apps/turning/pages/overview')).status).toBe(200);
    addTiles('turning', [RLS_TILE]);
    // As `svc compile` (or serve's watch) does: the server follows the manifest it writes.
    compileProject({ project: root });
    const res = await call(second, link, 'POST', '/api/apps/turning/pages/overview/run', {});
    expect([res.status, res.body['error']?.code]).toEqual([403, 'APP_NOT_SHAREABLE']);
  });

  it('makes no link on a server without a token', async () => {
    const open = await serve(undefined);
    const res = await call(open, undefined, 'POST', '/api/apps/ledger/share-link', {});
    expect([res.status, res.body['error']?.code]).toEqual([409, 'SHARE_LINK_UNAVAILABLE']);
  });
});
