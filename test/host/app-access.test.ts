/**
 * Apps per person (issue 27; spec 02 Authentication 6, spec 03 Apps rules 9, 10), on a hosted
 * server over real HTTP with two Apps: `growth` (a draft) and `ledger` (published). The library
 * lists only the Apps each person may open (`authorize(app.view)` per App, the host's
 * `appGrants`, the App's `audienceGroups` set through `PUT /api/apps/:app/audience`, owners and
 * authors), App pages and follows read the same decision, and a `read` grant opens a page but
 * does not run a draft App's tiles while `execute` and authors do.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks, Principal } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  cleanupProjects();
});

const PEOPLE: Record<string, Omit<Principal, 'source'>> = {
  ada: { id: 'ada', kind: 'person' },
  bob: { id: 'bob', kind: 'person', groups: ['finance'] },
  carol: { id: 'carol', kind: 'person', appGrants: { growth: 'read' } },
  dan: { id: 'dan', kind: 'person', appGrants: { growth: 'execute' } },
  erin: { id: 'erin', kind: 'person', email: 'Growth@acme.test' },
};

const hooks: Partial<HostHooks> = {
  resolvePrincipal: (req) => ({ ...(PEOPLE[String(req.headers['x-user'])] ?? PEOPLE['ada']!) }),
  authorize: (person, action, resource) => {
    if (person.id === 'ada') return { allow: true };
    if (action === 'app.author' || action === 'query.run') return { allow: false, reason: 'Authoring is for ada.' };
    // bob may not see the growth App; everyone else may view what they are not refused.
    if (action === 'app.view' && resource.kind === 'app' && resource.id === 'growth') return { allow: person.id !== 'bob' && person.id !== 'erin' };
    return { allow: true };
  },
};

let url = '';

beforeAll(async () => {
  const root = await commerceProject();
  // A second App, published, with the same pages.
  cpSync(join(root, 'apps/growth'), join(root, 'apps/ledger'), { recursive: true });
  const app = JSON.parse(readFileSync(join(root, 'apps/ledger/svc.app.json'), 'utf8'));
  writeFileSync(
    join(root, 'apps/ledger/svc.app.json'),
    JSON.stringify({ ...app, id: 'ledger', title: 'Ledger', owner: 'finance@acme.test', lifecycle: 'certified' }),
  );
  url = (await hosted.start(hooks, root)).server.url;
}, 60_000);

async function call(user: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-user': user },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const listed = async (user: string) => ((await call(user, 'GET', '/api/apps')).body.apps as Array<{ id: string }>).map((a) => a.id);

describe('Apps open only to who may open them', () => {
  it('lists each App only to the people the decisions let open it', async () => {
    expect(await listed('ada')).toEqual(['growth', 'ledger']);
    expect(await listed('bob')).toEqual(['ledger']);
    // erin owns growth (by address, any case) although the host refuses her app.view: listed and opened alike.
    expect(await listed('erin')).toEqual(['growth', 'ledger']);
    expect((await call('erin', 'GET', '/api/apps/growth/pages/overview')).status).toBe(200);
  });

  it('opens the page, runs and follows by the same decision', async () => {
    for (const [user, status] of [
      ['ada', 200],
      ['bob', 403],
    ] as const) {
      expect((await call(user, 'GET', '/api/apps/growth/pages/overview')).status, user).toBe(status);
      expect((await call(user, 'PUT', '/api/follows/growth/overview', { following: true })).status, user).toBe(status);
    }
  });

  it('splits read from execute: a read grant opens a draft App but does not run it', async () => {
    const run = (user: string, app: string) => call(user, 'POST', `/api/apps/${app}/pages/overview/run`, {});
    expect((await call('carol', 'GET', '/api/apps/growth/pages/overview')).status).toBe(200);
    const refused = await run('carol', 'growth');
    expect([refused.status, refused.body.error?.code, refused.body.error?.action]).toEqual([403, 'PERMISSION_DENIED', 'query.run']);
    expect((await run('dan', 'growth')).status).toBe(200);
    expect((await run('ada', 'growth')).status).toBe(200);
    // A published App's page runs on read.
    expect((await run('carol', 'ledger')).status).toBe(200);
  });

  it('keeps an App with audience groups to their members, owners and authors', async () => {
    expect((await call('bob', 'PUT', '/api/apps/ledger/audience', { groups: ['finance'] })).status).toBe(403);
    const set = await call('ada', 'PUT', '/api/apps/ledger/audience', { groups: ['finance'], text: 'The finance team' });
    expect([set.status, set.body]).toEqual([200, { appId: 'ledger', groups: ['finance'], text: 'The finance team' }]);
    expect(await listed('bob')).toEqual(['ledger']);
    expect(await listed('carol')).toEqual(['growth']);
    expect((await call('carol', 'POST', '/api/apps/ledger/pages/overview/run', {})).status).toBe(403);
    // Ask about the App reads the same decision.
    const about = { question: 'Top 5 states by revenue', workspaceContext: { surface: 'apps', appId: 'ledger' } };
    const refused = await call('carol', 'POST', '/api/agent-runs', about);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect((await call('bob', 'POST', '/api/agent-runs', about)).status).toBe(200);
    expect(await listed('ada')).toEqual(['growth', 'ledger']);
    const missing = await call('ada', 'PUT', '/api/apps/nope/audience', { groups: [] });
    expect([missing.status, missing.body.error?.code]).toEqual([404, 'APP_NOT_FOUND']);
  });
});

describe('every route that opens one App asks the App decision', () => {
  it('lists the routes whose action is app.view on an App, and each refuses someone the decision refuses', async () => {
    const { ROUTE_RULES, routeAction } = await import('../../src/hooks/context/route-action.js');
    const appView = ROUTE_RULES.filter((r) => {
      const [method, pattern] = r.split(' ') as [string, string];
      const route = routeAction(
        method,
        pattern.replace(/:[A-Za-z]+/g, (p) => (p === ':appId' ? 'growth' : 'overview')),
      );
      return route.action === 'app.view' && route.resource.kind === 'app';
    });
    expect(appView.sort()).toEqual([
      'GET /api/apps/:appId/pages/:pageId',
      'POST /api/apps/:appId/follow',
      'POST /api/apps/:appId/pages/:pageId/run',
      'PUT /api/follows/:appId/:pageId',
    ]);
    const bodies: Record<string, unknown> = {
      'POST /api/apps/:appId/follow': { pageId: 'overview', following: true },
      'POST /api/apps/:appId/pages/:pageId/run': {},
      'PUT /api/follows/:appId/:pageId': { following: true },
    };
    for (const rule of appView) {
      const [method, pattern] = rule.split(' ') as [string, string];
      const res = await call('bob', method, pattern.replace(':appId', 'growth').replace(':pageId', 'overview'), bodies[rule]);
      expect([rule, res.status]).toEqual([rule, 403]);
    }
  });
});
