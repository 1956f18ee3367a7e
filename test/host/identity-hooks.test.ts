/**
 * Conformance of the first two host hooks (spec 02, "Rules every hook follows"): for
 * `resolvePrincipal` and `authorize`, the outcome with no hook, a valid answer, a wrong-shaped
 * answer, a throw and a time-out, each asserted by status, code, whether the statement ran and
 * whether anything of the hook's wrong answer reached the caller. Over the compiled commerce
 * fixture with a real executor (wrapped to count statements), with `inject`; the last case
 * runs a real loopback server with hooks.
 */

import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HostHooks, startLocalServer } from '../../src/host.js';
import { buildServer } from '../../src/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const SECRET = 'SELECT password FROM users -- token sk-live-123';
const TIMEOUT_MS = 100;
const PERSON = { id: 'ada@host.test', kind: 'person', attributes: { region: 'north' } } as const;

const harness = hookHarness();
let real: Executor;
let statements = 0;
const logged: string[] = [];

beforeAll(() => {
  real = harness.executor();
});

/** A server whose statements are counted, with `hooks`. */
function server(hooks: HostHooks | undefined): FastifyInstance {
  // Only the block's own statement counts: building the server's snapshot reads column values too.
  const counting: Executor = {
    ...real,
    execute: (req) => {
      if (req.sql.includes('week_start')) statements += 1;
      return real.execute(req);
    },
    driverOf: (c) => real.driverOf(c),
    close: async () => {},
  };
  return buildServer({
    root: harness.root,
    manifest: harness.manifest,
    executor: counting,
    config: harness.config,
    log: (line) => logged.push(line),
    ...(hooks !== undefined ? { hooks, hookTimeoutMs: TIMEOUT_MS } : {}),
  });
}

const never = () => new Promise<never>(() => undefined);

interface Case {
  name: string;
  hooks: HostHooks | undefined;
  status: number;
  code?: string;
  ran: boolean;
}

const RUN = { method: 'POST' as const, url: '/api/blocks/finance.weekly_revenue/run', payload: { params: { top_n: 2 } } };

async function check(c: Case) {
  const app = server(c.hooks);
  const before = statements;
  const logBefore = logged.length;
  const res = await app.inject(RUN);
  const body = res.json() as { error?: { code: string; message: string; reference?: string }; rows?: unknown[] };
  expect(res.statusCode, res.body).toBe(c.status);
  if (c.code !== undefined) expect(body.error?.code).toBe(c.code);
  expect(statements > before).toBe(c.ran);
  // Nothing a hook said wrongly reaches the caller; the log holds the failure under its reference.
  expect(res.body).not.toContain('sk-live');
  expect(res.body).not.toContain('password');
  if (body.error?.reference !== undefined) {
    expect(body.error.reference).toMatch(/^[a-z]{8}$/);
    expect(logged.slice(logBefore).some((l) => l.startsWith(`[${body.error!.reference}]`))).toBe(true);
  }
  expect(res.headers['x-svc-hosted']).toBe(c.hooks === undefined ? undefined : '1');
  // Health stays open whatever the hooks say.
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  return res;
}

describe('resolvePrincipal: conformance', () => {
  it.each<Case>([
    { name: 'no host', hooks: undefined, status: 200, ran: true },
    { name: 'a host without the hook places no one: 401, nothing runs', hooks: {}, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    { name: 'valid principal', hooks: { resolvePrincipal: () => PERSON }, status: 200, ran: true },
    { name: 'valid, as a promise', hooks: { resolvePrincipal: async () => PERSON }, status: 200, ran: true },
    { name: 'null: no one', hooks: { resolvePrincipal: () => null }, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    { name: 'wrong shape: a string', hooks: { resolvePrincipal: (() => SECRET) as never }, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    { name: 'wrong shape: a list', hooks: { resolvePrincipal: (() => [PERSON]) as never }, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    { name: 'wrong shape: no kind', hooks: { resolvePrincipal: (() => ({ id: SECRET })) as never }, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    {
      name: 'throws',
      hooks: {
        resolvePrincipal: () => {
          throw new Error(SECRET);
        },
      },
      status: 401,
      code: 'SIGN_IN_REQUIRED',
      ran: false,
    },
    { name: 'rejects', hooks: { resolvePrincipal: () => Promise.reject(new Error(SECRET)) }, status: 401, code: 'SIGN_IN_REQUIRED', ran: false },
    { name: 'times out', hooks: { resolvePrincipal: never }, status: 503, code: 'IDENTITY_UNAVAILABLE', ran: false },
  ])('$name', async (c) => {
    await check(c);
  });

  it('names the principal in the context as source host, whatever source the host claimed', async () => {
    const app = server({ resolvePrincipal: () => ({ ...PERSON, source: 'local' }) as never });
    const identity = (await app.inject({ method: 'GET', url: '/api/identity' })).json() as {
      owner: string;
      principal: { id: string; source: string; attributes: unknown };
    };
    expect(identity).toMatchObject({ owner: PERSON.id, principal: { id: PERSON.id, source: 'host', attributes: { region: 'north' } } });
  });

  it.each([
    ['/sign-in?from=svc', '/sign-in?from=svc'],
    ['//evil.test/sign-in', undefined],
    ['https://evil.test/', undefined],
    ['/\\evil.test', undefined],
    ['/ok\r\nSet-Cookie: x=1', undefined],
  ])('passes the sign-in path %j on with a 401 only when it is same-origin', async (path, header) => {
    const res = await server({ resolvePrincipal: () => null, signInPath: path }).inject({ method: 'GET', url: '/api/blocks' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-svc-sign-in']).toBe(header);
  });

  it('marks failures and not-found answers X-SVC-Hosted too', async () => {
    const app = server({ resolvePrincipal: () => PERSON });
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect([missing.statusCode, missing.headers['x-svc-hosted']]).toEqual([404, '1']);
  });
});

const allow = () => ({ allow: true });

describe('authorize: conformance', () => {
  const withAuthorize = (authorize: HostHooks['authorize']): HostHooks => ({ resolvePrincipal: () => PERSON, authorize });
  it.each<Case>([
    { name: 'no hook: allowed', hooks: { resolvePrincipal: () => PERSON }, status: 200, ran: true },
    { name: 'allows', hooks: withAuthorize(allow), status: 200, ran: true },
    { name: 'refuses', hooks: withAuthorize(() => ({ allow: false, reason: 'Runs are for analysts.' })), status: 403, code: 'PERMISSION_DENIED', ran: false },
    { name: 'wrong shape: true', hooks: withAuthorize((() => true) as never), status: 403, code: 'PERMISSION_DENIED', ran: false },
    {
      name: 'wrong shape: allow as text',
      hooks: withAuthorize((() => ({ allow: 'yes', reason: SECRET })) as never),
      status: 403,
      code: 'PERMISSION_DENIED',
      ran: false,
    },
    {
      name: 'throws',
      hooks: withAuthorize(() => {
        throw new Error(SECRET);
      }),
      status: 403,
      code: 'PERMISSION_DENIED',
      ran: false,
    },
    { name: 'times out', hooks: withAuthorize(never), status: 403, code: 'PERMISSION_DENIED', ran: false },
  ])('$name', async (c) => {
    await check(c);
  });

  it('is asked with the route action and resource, and the refusal names the action', async () => {
    const asked: unknown[] = [];
    const app = server(
      withAuthorize((principal, action, resource) => {
        asked.push([principal.id, action, resource]);
        return { allow: false };
      }),
    );
    const res = await app.inject({ method: 'POST', url: '/api/%61gent-runs', payload: { question: 'x' } });
    expect(res.statusCode).toBe(403);
    expect((res.json() as { error: { action: string } }).error.action).toBe('ask');
    expect(asked).toEqual([[PERSON.id, 'ask', { kind: 'project' }]]);
  });

  it.each([
    ['/apply-for-access', { label: 'Ask for access', href: '/apply-for-access' }],
    ['//evil.test/x', undefined],
    ['javascript:alert(1)', undefined],
  ])('passes next %j on only when same-origin', async (href, next) => {
    const res = await server(withAuthorize(() => ({ allow: false, next: { label: 'Ask for access', href } }))).inject({ method: 'GET', url: '/api/blocks' });
    expect((res.json() as { error: { next?: unknown } }).error.next).toEqual(next);
  });

  it('says it could not check in time when authorize is late', async () => {
    const res = await server(withAuthorize(never)).inject({ method: 'GET', url: '/api/blocks' });
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/could not check what you may do right now/);
  });
});

describe('a real loopback server with hooks', () => {
  it('answers as the named person, refuses the unnamed, and needs no shared token beyond loopback', async () => {
    const copy = await commerceProject();
    const hooks: HostHooks = {
      resolvePrincipal: (req) => (req.headers['x-host-user'] === 'ada' ? PERSON : null),
      authorize: (_p, action) => ({ allow: action !== 'query.run', reason: 'Running blocks is not allowed here.' }),
    };
    const server = await startLocalServer({ project: copy, port: 0, hostHooks: hooks, hostHookTimeoutMs: 2_000, log: () => {} });
    try {
      const as = (headers: Record<string, string>, path = '/api/identity', method = 'GET') =>
        fetch(`${server.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      const anonymous = await as({});
      expect([anonymous.status, anonymous.headers.get('x-svc-hosted')]).toEqual([401, '1']);
      const ada = await as({ 'x-host-user': 'ada' });
      expect(((await ada.json()) as { owner: string }).owner).toBe(PERSON.id);
      const run = await as({ 'x-host-user': 'ada' }, '/api/blocks/finance.weekly_revenue/run', 'POST');
      expect(run.status).toBe(403);
      expect((await as({}, '/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
