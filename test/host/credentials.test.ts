/**
 * The host's `credentials` (spec 02 rules 6 and 7, spec 03 "Query path" 5): each person's own
 * warehouse settings laid over the connection before the row policy sees it, connectors pooled
 * by the full settings (two people never share one person's database), and every failure a
 * CREDENTIALS_REQUIRED that runs nothing and never falls back to the project's own settings.
 * The conformance table: no hook, valid, wrong shape, throw, time-out.
 */

import { describe, expect, it } from 'vitest';
import type { CredentialsContext, HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness, narrowedWarehouse } from '../helpers/hook-harness.js';

// Bob's own warehouse: the same tables, with only Texas orders left.
const harness = hookHarness((root) => narrowedWarehouse(root, 'data/bob.db', 'TX'));
const { events } = harness;

const server = (hooks: HostHooks) =>
  harness.server({ resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }), ...hooks }, { resultCache: true });

const RUN = { method: 'POST' as const, url: '/api/blocks/sales.top_states_by_revenue/run', payload: { params: { top_n: 5 } } };
const never = () => new Promise<never>(() => undefined);
const ownDatabase: HostHooks['credentials'] = (c) =>
  c.principal?.id === 'bob' ? { settings: { path: 'data/bob.db' }, credentialId: 'bob-token-1' } : { credentialId: 'ada-token-1' };

describe('credentials: conformance', () => {
  it.each([
    { name: "no hook: the project's settings", hook: undefined, status: 200, states: 5 },
    { name: "valid: the person's own database", hook: ownDatabase, status: 200, states: 1 },
    { name: 'refuses: reconnect', hook: () => ({ refuse: 'Your warehouse token expired; reconnect.' }), status: 403, code: 'CREDENTIALS_REQUIRED' },
    { name: 'wrong shape: a bare token string', hook: () => 'tok-123', status: 403, code: 'CREDENTIALS_REQUIRED' },
    { name: 'wrong shape: changes the driver', hook: () => ({ settings: { driver: 'duckdb' } }), status: 403, code: 'CREDENTIALS_REQUIRED' },
    {
      name: 'throws',
      hook: () => {
        throw new Error('vault down');
      },
      status: 403,
      code: 'CREDENTIALS_REQUIRED',
    },
    { name: 'times out', hook: never, status: 403, code: 'CREDENTIALS_REQUIRED' },
  ])('$name', async ({ hook, status, code, states }) => {
    const app = server(hook === undefined ? {} : { credentials: hook as HostHooks['credentials'] });
    const from = events.length;
    const res = await app.inject({ ...RUN, headers: { 'x-user': 'bob' } });
    expect(res.statusCode, res.body).toBe(status);
    if (code !== undefined) {
      expect((res.json() as { error: { code: string } }).error.code).toBe(code);
      // Nothing ran: not with the person's settings, and never with the project's instead.
      expect(
        events
          .slice(from)
          .filter((e) => e.origin === 'block')
          .map((e) => e.outcome),
      ).toEqual(['refused']);
      expect(res.body).not.toContain('vault down');
    } else {
      expect((res.json() as { rows: unknown[] }).rows).toHaveLength(states!);
    }
  });
});

describe('credentials and the row policy', () => {
  it("lays the person's settings over the connection before the policy sees it, and keeps people apart with the cache on", async () => {
    const order: string[] = [];
    const app = server({
      credentials: (c: CredentialsContext) => {
        order.push(`credentials ${c.connection} ${c.driver}`);
        return ownDatabase(c);
      },
      rowPolicy: (q: QueryContext) => {
        order.push(`rowPolicy ${q.connection}`);
        return { sql: q.sql, params: q.params };
      },
    });
    const states = async (user: string) =>
      ((await app.inject({ ...RUN, headers: { 'x-user': user } })).json() as { rows: Array<{ state: string }> }).rows.map((r) => r.state);
    expect(await states('bob')).toEqual(['TX']);
    expect((await states('ada')).length).toBe(5);
    expect(await states('bob')).toEqual(['TX']);
    expect(order.slice(0, 2)).toEqual(['credentials default sqlite', 'rowPolicy default']);
  });

  it("answers an Ask with CREDENTIALS_REQUIRED and the host's words", async () => {
    const app = server({ credentials: () => ({ refuse: 'Your warehouse token expired; reconnect.' }) });
    const run = (await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } })).json() as {
      tier: number;
      refusal: { code: string; reason: string };
    };
    expect([run.tier, run.refusal.code, run.refusal.reason]).toEqual([3, 'CREDENTIALS_REQUIRED', 'Your warehouse token expired; reconnect.']);
  });
});

describe('purposeAttributes in the cache key', () => {
  it.each([
    ['named: a result read for one purpose never serves another', ['purpose'], [false, false, true]],
    ["not named: the same person's result is served again", undefined, [false, true, true]],
    ['wrong shape (not a list of names): names none', 'purpose' as never, [false, true, true]],
  ])('%s', async (_name, purposeAttributes, cachedFlags) => {
    const app = server({
      resolvePrincipal: (req) => ({ id: 'ada', kind: 'person', attributes: { purpose: String(req.headers['x-purpose'] ?? 'screen') } }),
      ...(purposeAttributes !== undefined ? { purposeAttributes } : {}),
    });
    await app.ready();
    await new Promise((r) => setTimeout(r, 200));
    const cached: boolean[] = [];
    for (const purpose of ['screen', 'export', 'export']) {
      const from = events.length;
      expect((await app.inject({ ...RUN, headers: { 'x-purpose': purpose } })).statusCode).toBe(200);
      cached.push(
        events
          .slice(from)
          .filter((e) => e.origin === 'block')
          .some((e) => e.cached === true),
      );
    }
    expect(cached).toEqual(cachedFlags);
  });
});
