/**
 * The host's rowPolicy on the one query path (spec 02 rules 1, 4, 6, 8, 9): the conformance
 * table (no hook, valid, wrong shape, throw, time-out; status, code, whether the statement ran,
 * whether the warehouse was touched), exactly one call per statement on the block route and
 * the Ask route, groupRows enforced on the result, and two people with different row rules
 * asking the same certified question with the result cache on: each gets their own rows.
 */

import { describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { narrowToState, PERSON } from '../helpers/state-person.js';

const harness = hookHarness();
const { events } = harness;

/** A server with its own executor (result cache on), whose statement events are recorded. */
const server = (hooks: HostHooks | undefined, timeoutMs = 100) => harness.server(hooks, { timeoutMs, resultCache: true });

const byHeader: HostHooks['resolvePrincipal'] = (req) => PERSON(String(req.headers['x-state'] ?? 'CA'));

const RUN = { method: 'POST' as const, url: '/api/blocks/sales.top_states_by_revenue/run', payload: { params: { top_n: 5 } } };
const never = () => new Promise<never>(() => undefined);

/** Block statement events since `from` (the snapshot's own reads are not the block's). */
const blockEvents = (from: number) => events.slice(from).filter((e) => e.origin === 'block');

describe('rowPolicy: conformance on the block route', () => {
  it.each([
    { name: 'no hook', policy: undefined, status: 200, touched: true, states: 5 },
    { name: 'narrows', policy: narrowToState, status: 200, touched: true, states: 1 },
    {
      name: 'refuses',
      policy: () => ({ refuse: 'Your region has no access to sales.' }),
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy',
      touched: false,
    },
    {
      name: 'wrong shape: a string',
      policy: () => 'SELECT * FROM orders',
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy-failed',
      touched: false,
    },
    {
      name: 'wrong shape: sql and refuse',
      policy: () => ({ sql: 'SELECT 1', refuse: 'x' }),
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy-failed',
      touched: false,
    },
    {
      name: 'wrong shape: params not a list',
      policy: (q: QueryContext) => ({ sql: q.sql, params: 'CA' }),
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy-failed',
      touched: false,
    },
    {
      name: 'widens to a write',
      policy: () => ({ sql: 'DELETE FROM orders' }),
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy-unsafe',
      touched: false,
    },
    {
      name: 'throws',
      policy: () => {
        throw new Error('policy store down');
      },
      status: 403,
      code: 'ROW_POLICY_REFUSED',
      reason: 'row-policy-failed',
      touched: false,
    },
    { name: 'times out', policy: never, status: 403, code: 'ROW_POLICY_REFUSED', reason: 'row-policy-failed', touched: false },
  ])('$name', async ({ policy, status, code, reason, touched, states }) => {
    const hooks: HostHooks = { resolvePrincipal: byHeader, ...(policy !== undefined ? { rowPolicy: policy as HostHooks['rowPolicy'] } : {}) };
    const app = server(hooks);
    const from = events.length;
    const res = await app.inject({ ...RUN, headers: { 'x-state': 'TX' } });
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { rows?: Array<{ state: string }>; error?: { code: string; message: string; reason?: string; classification?: string } };
    if (code !== undefined) expect([body.error?.code, body.error?.classification]).toEqual([code, 'POLICY_DENIED']);
    // Why: the host refused, its policy could not be asked, or it answered with what may not run.
    if (reason !== undefined) expect(body.error?.reason).toBe(reason);
    if (states !== undefined) expect(body.rows?.length).toBe(states);
    if (states === 1) expect(body.rows?.[0]?.state).toBe('TX');
    const ran = blockEvents(from);
    expect(ran.some((e) => e.outcome === 'ok' && e.cached !== true)).toBe(touched);
    if (!touched) expect(ran.map((e) => e.outcome)).toEqual(['refused']);
    expect(res.body).not.toContain('policy store down');
  });

  it('shows the policy refusal to the person', async () => {
    const res = await server({ resolvePrincipal: byHeader, rowPolicy: () => ({ refuse: 'Your region has no access to sales.' }) }).inject(RUN);
    expect((res.json() as { error: { message: string } }).error.message).toContain('Your region has no access to sales.');
  });
});

describe('rowPolicy: exactly once per statement', () => {
  it.each([
    ['the block route', RUN],
    ['the Ask route (Tier 1)', { method: 'POST' as const, url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } }],
  ])('%s', async (_name, request) => {
    const calls: QueryContext[] = [];
    const app = server({
      resolvePrincipal: byHeader,
      rowPolicy: (q) => {
        calls.push(q);
        return narrowToState(q);
      },
    });
    await app.ready();
    // The snapshot's own start-up reads run outside any request: they are not the person's.
    await new Promise((r) => setTimeout(r, 200));
    const from = events.length;
    const res = await app.inject({ ...request, headers: { 'x-state': 'CA' } });
    expect(res.statusCode, res.body).toBe(200);
    const statements = events.slice(from);
    expect(statements.length).toBeGreaterThan(0);
    expect(calls.length).toBe(statements.length);
    expect(calls.every((c) => c.principal?.id === 'ca@host.test' && c.purpose === 'data' && c.tables.includes('orders'))).toBe(true);
  });
});

describe('rowPolicy: two people, one certified question, the result cache on', () => {
  it("gives each person their own rows, never the other's", async () => {
    const app = server({ resolvePrincipal: byHeader, rowPolicy: narrowToState });
    const ask = async (state: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/agent-runs', headers: { 'x-state': state }, payload: { question: 'Top 5 states by revenue' } });
      const run = res.json() as { tier: number; trust: string; rows: Array<{ state: string }> };
      expect([run.tier, run.trust]).toEqual([1, 'certified']);
      return run.rows.map((r) => r.state);
    };
    expect(await ask('CA')).toEqual(['CA']);
    expect(await ask('TX')).toEqual(['TX']);
    const from = events.length;
    expect(await ask('CA')).toEqual(['CA']);
    // The repeat was served from the cache, under the first person's own key.
    expect(blockEvents(from).map((e) => e.cached)).toEqual([true]);
    expect(await ask('TX')).toEqual(['TX']);
  });
});

describe('rowPolicy: groupRows', () => {
  it.each([
    [1, 200],
    [1_000_000, 403],
  ])('a minimum of %d on orders per group answers %d', async (minimum, status) => {
    const app = server({
      resolvePrincipal: byHeader,
      rowPolicy: (q) => ({ sql: q.sql, params: q.params, groupRows: { column: 'orders', minimum, refusal: 'Groups under the minimum are not shown.' } }),
    });
    const res = await app.inject(RUN);
    expect(res.statusCode).toBe(status);
    if (status === 403)
      expect((res.json() as { error: { message: string } }).error).toMatchObject({
        code: 'ROW_POLICY_REFUSED',
        reason: 'group-rows',
        message: 'Groups under the minimum are not shown.',
      });
  });
});
