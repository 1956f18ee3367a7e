/**
 * Home (spec 03 "Home"): `GET /api/home` shows each person only figures of their own last two
 * complete runs of a page under one scope (two people following one page under a row policy
 * that narrows them to their own state see different figures), never a needs-review tile's,
 * never rows; My Apps lists followed Apps first, then the most recently opened. `POST
 * /api/apps/:appId/follow` follows a page; the earlier `PUT /api/follows/...` stays its alias.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/host.js';
import { hostedCommerce } from '../../helpers/hosted-commerce.js';
import { cleanupProjects } from '../../helpers/project.js';
import { scaleRevenue, writePulseApp } from '../../helpers/pulse-app.js';
import { narrowToState, PERSON, stateHost } from '../../helpers/state-person.js';
import { commerceProject } from '../../runtime/helpers/warehouse.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

async function call(server: LocalServer, state: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-state': state, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}

const run = (server: LocalServer, state: string) => call(server, state, 'POST', '/api/apps/pulse/pages/main/run', {});
const lastRevenue = (page: Record<string, any>): number => {
  const tile = (page['tiles'] as Array<Record<string, any>>).find((t) => t['id'] === 'revenue');
  return Number((tile?.['rows'] as Array<Record<string, unknown>>).at(-1)?.['revenue']);
};

describe('Home', () => {
  it("shows each person only their own moved figures, never a needs-review tile's", async () => {
    const root = await commerceProject();
    writePulseApp(root, 'owner@host.test');
    const { server } = await servers.start(
      { ...stateHost({ policy: narrowToState }), resolvePrincipal: (req) => PERSON(String(req.headers['x-state'] ?? 'CA')) },
      root,
    );
    for (const state of ['CA', 'TX'])
      expect((await call(server, state, 'POST', '/api/apps/pulse/follow', { pageId: 'main', following: true })).status).toBe(200);
    const first = { CA: await run(server, 'CA'), TX: await run(server, 'TX') };
    expect(first.CA.json['tiles'].map((t: Record<string, unknown>) => t['trust'])).toEqual(['Certified', 'Needs review']);
    await scaleRevenue(root, 'CA', 2);
    await scaleRevenue(root, 'TX', 3);
    const second = { CA: await run(server, 'CA'), TX: await run(server, 'TX') };
    for (const state of ['CA', 'TX'] as const) {
      const home = (await call(server, state, 'GET', '/api/home')).json;
      expect(home['whatMoved']).toEqual([
        {
          appId: 'pulse',
          pageId: 'main',
          appTitle: 'Pulse',
          pageTitle: 'Main',
          href: '/?app=pulse&page=main',
          at: expect.any(String),
          figures: [
            {
              tileId: 'revenue',
              title: 'Weekly revenue',
              trust: 'Certified',
              value: lastRevenue(second[state].json),
              previous: lastRevenue(first[state].json),
            },
          ],
        },
      ]);
      expect(JSON.stringify(home)).not.toMatch(/rows|channel/);
    }
    expect(lastRevenue(second.CA.json)).not.toBe(lastRevenue(second.TX.json));
  });

  it('lists followed Apps first, then the most recently opened; someone with no runs sees nothing moved', async () => {
    const root = await commerceProject();
    writePulseApp(root, 'owner@host.test');
    const { server } = await servers.start(stateHost(), root);
    expect((await call(server, 'NY', 'GET', '/api/home')).json).toMatchObject({ whatMoved: [] });
    const ids = async () => ((await call(server, 'NY', 'GET', '/api/home')).json['myApps'] as Array<Record<string, any>>).map((a) => [a['id'], a['following']]);
    expect(await ids()).toEqual([
      ['growth', false],
      ['pulse', false],
    ]);
    await run(server, 'NY');
    expect(await ids()).toEqual([
      ['pulse', false],
      ['growth', false],
    ]);
    expect((await call(server, 'NY', 'PUT', '/api/follows/growth/customers', { following: true })).status).toBe(200);
    expect(await ids()).toEqual([
      ['growth', true],
      ['pulse', false],
    ]);
    expect(await call(server, 'NY', 'POST', '/api/apps/growth/follow', { pageId: 'customers', following: false })).toEqual({
      status: 200,
      json: { pageId: 'customers', following: false },
    });
    expect((await call(server, 'NY', 'POST', '/api/apps/growth/follow', { pageId: 'nowhere', following: true })).json).toMatchObject({
      error: { code: 'PAGE_NOT_FOUND' },
    });
    expect((await call(server, 'NY', 'POST', '/api/apps/growth/follow', { pageId: 'overview' })).status).toBe(400);
  });
});
