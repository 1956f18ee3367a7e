/**
 * A hosted server needs someone placed (issue 27, hole 4; spec 03 Errors): `startHostedServer`
 * refuses hooks without `resolvePrincipal` with a stable code; a host started another way without
 * it answers 401 on every route but health, the app's files and who-am-I (no one), asks neither
 * `authorize` nor `rowPolicy` and runs nothing; with a resolver, a request it names no one for is
 * 401 on every API route but health. `/api/host/ui` never answers `host: false` beside
 * `X-SVC-Hosted: 1`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../src/hooks/context/route-action.js';
import { type HostHooks, HostResolverRequiredError, type LocalServer, startHostedServer, startLocalServer } from '../../src/host.js';
import { APP_RULES } from '../../src/server/app-paths.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupProjects();
});

const asked: string[] = [];
const decisions: HostHooks = {
  authorize: (_p, action) => (asked.push(`authorize ${action}`), { allow: true }),
  rowPolicy: (q) => (asked.push('rowPolicy'), { sql: q.sql, params: q.params }),
};

/** One request per API rule, parameters filled; health and the app's files are left to their own cases. */
const API_RULES = ROUTE_RULES.filter((r) => r.split(' ')[1]!.startsWith('/api/') && r !== 'GET /api/health' && !APP_RULES.has(r));
const requestOf = (rule: string) => {
  const [method, pattern] = rule.split(' ') as [string, string];
  const url = pattern.replace(/:[A-Za-z]+/g, (p) => (p === ':name' ? 'query_via_block' : 'x1'));
  return { method, url, body: method === 'GET' ? undefined : JSON.stringify({ question: 'Top 5 states by revenue' }) };
};

async function call(base: string, method: string, url: string, body?: string, user?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(user !== undefined ? { 'x-user': user } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, hosted: res.headers.get('x-svc-hosted'), body: text.startsWith('{') ? (JSON.parse(text) as Record<string, any>) : text };
}

describe('startHostedServer without resolvePrincipal', () => {
  it.each([[{}], [decisions], [{ resolvePrincipal: 'ada' }]])('refuses to start (%#)', async (hooks) => {
    const project = await commerceProject();
    const refused = startHostedServer({ project, port: 0, hostHooks: hooks as HostHooks, log: () => {} });
    await expect(refused).rejects.toBeInstanceOf(HostResolverRequiredError);
    await expect(refused).rejects.toMatchObject({ code: 'HOST_RESOLVER_REQUIRED', message: expect.stringContaining('resolvePrincipal') });
  });
});

describe('a host that names no one', () => {
  it('answers 401 on every API route but health and who-am-I, and asks no decision', async () => {
    const server = await startLocalServer({ project: await commerceProject(), port: 0, hostHooks: decisions, log: () => {} });
    servers.push(server);
    asked.length = 0;
    for (const rule of API_RULES.filter((r) => r !== 'GET /api/identity')) {
      const { method, url, body } = requestOf(rule);
      for (const user of ['ada', 'bob']) {
        const res = await call(server.url, method, url, body, user);
        expect([rule, res.status, res.hosted], rule).toEqual([rule, 401, '1']);
      }
    }
    expect(asked).toEqual([]);
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
    const identity = await call(server.url, 'GET', '/api/identity');
    expect([identity.status, identity.body]).toMatchObject([200, { owner: '', principal: null }]);
  });
});

describe('a host that names people', () => {
  const hooks: HostHooks = {
    ...decisions,
    resolvePrincipal: (req) => (req.headers['x-user'] === undefined ? null : { id: String(req.headers['x-user']), kind: 'person' }),
  };

  it('answers 401 to whoever it names no one for, on every API route but health', async () => {
    const server = await startHostedServer({ project: await commerceProject(), port: 0, hostHooks: hooks, log: () => {} });
    servers.push(server);
    asked.length = 0;
    for (const rule of API_RULES) {
      const { method, url, body } = requestOf(rule);
      const res = await call(server.url, method, url, body);
      expect([rule, res.status, res.hosted, (res.body as any).error?.code]).toEqual([rule, 401, '1', 'SIGN_IN_REQUIRED']);
    }
    expect(asked).toEqual([]);
    const ui = await call(server.url, 'GET', '/api/host/ui', undefined, 'ada');
    expect([ui.status, ui.hosted, (ui.body as any).host, (ui.body as any).person?.id]).toEqual([200, '1', true, 'ada']);
  });
});
