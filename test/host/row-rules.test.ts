/**
 * A block's own `@rls(...)` row rules are the row policy when the host has none (spec 02 defaults:
 * "@rls lowering for blocks"), over real HTTP on a hosted server: each person reads the rows
 * their attributes name, bound as values; a person without the attribute is refused before any
 * statement runs, and a key proof counts only the person's rows; the single-user server reads every row; with the host's rowPolicy the rules are
 * lowered first and the hook narrows further; with the result cache on, two people each get
 * their own rows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { writeReceipts } from '../helpers/receipts.js';

const BLOCK = `block "orders_in_my_states" {
  domain = "sales"
  status = "certified"
  description = "Completed orders per shipping state, kept to the reader's states."
  owner = "sales-ops@acme.test"
  outputs = ["state", "orders"]
  grain = { keys = ["state"] }
  query = """
    SELECT state, COUNT(*) AS orders
    FROM orders
    WHERE status = 'completed'
      AND @rls(state IN {user.states})
    GROUP BY state
    ORDER BY state
  """
  tests {
    assert orders > 0
  }
}
`;

const harness = hookHarness((root) => {
  mkdirSync(join(root, 'domains/sales/blocks'), { recursive: true });
  writeFileSync(join(root, 'domains/sales/blocks/orders_in_my_states.svc'), BLOCK);
  writeReceipts(root);
});

/** The person named by `x-user`, with the attributes given as JSON in `x-attributes`. */
const resolvePrincipal: HostHooks['resolvePrincipal'] = (req) => ({
  id: String(req.headers['x-user'] ?? 'ada'),
  kind: 'person',
  attributes: JSON.parse(String(req.headers['x-attributes'] ?? '{}')),
});

const RUN = { method: 'POST' as const, url: '/api/blocks/sales.orders_in_my_states/run', payload: {} };

async function run(hooks: HostHooks | undefined, attributes?: unknown, user = 'ada', cache = false) {
  const app = harness.server(hooks, { resultCache: cache });
  const from = harness.events.length;
  const res = await app.inject({ ...RUN, headers: { 'x-user': user, ...(attributes !== undefined ? { 'x-attributes': JSON.stringify(attributes) } : {}) } });
  const body = res.json() as { rows?: Array<{ state: string }>; error?: { code: string; reason?: string; message: string } };
  const ran = harness.events.slice(from).filter((e) => e.origin === 'block');
  return { status: res.statusCode, body, states: body.rows?.map((r) => r.state), ran };
}

describe('@rls row rules without a host row policy', () => {
  it('compiles clean: the rule reads as a predicate', () => {
    expect(harness.manifest.blocks['sales.orders_in_my_states']?.tables).toEqual(['orders']);
  });

  it('the single-user server reads every row', async () => {
    const { status, states } = await run(undefined);
    expect(status).toBe(200);
    expect(states?.length).toBeGreaterThan(5);
  });

  it.each([
    { name: 'two states', attributes: { states: ['CA', 'NY'] }, states: ['CA', 'NY'] },
    { name: 'one state as a plain value', attributes: { states: 'TX' }, states: ['TX'] },
    { name: 'an empty list', attributes: { states: [] }, states: [] },
    { name: 'a quote in a value is a value', attributes: { states: ["CA') OR ('1'='1"] }, states: [] },
  ])('a hosted person: $name', async ({ attributes, states }) => {
    const got = await run({ resolvePrincipal }, attributes);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.states).toEqual(states);
  });

  it.each([
    { name: 'without the attribute', attributes: {} },
    { name: 'with no attributes at all', attributes: undefined },
  ])('a hosted person $name is refused before anything runs', async ({ attributes }) => {
    const got = await run({ resolvePrincipal }, attributes);
    expect([got.status, got.body.error?.code, got.body.error?.reason]).toEqual([403, 'ROW_POLICY_REFUSED', 'row-rules']);
    expect(got.body.error?.message).toContain('states');
    expect(got.ran.filter((e) => e.outcome === 'ok')).toEqual([]);
  });

  it("with the host's rowPolicy the rules are lowered first and the hook narrows further", async () => {
    const told: QueryContext[] = [];
    const rowPolicy: HostHooks['rowPolicy'] = (q) => {
      told.push(q);
      return { sql: `WITH orders AS (SELECT * FROM main.orders WHERE state <> 'NY') ${q.sql}`, params: q.params };
    };
    const got = await run({ resolvePrincipal, rowPolicy }, { states: ['CA', 'NY'] });
    expect(got.states).toEqual(['CA']);
    expect(told).toHaveLength(1);
    expect(told[0]?.sql).not.toContain('@rls');
    expect(told[0]?.params).toEqual(['CA', 'NY']);
  });

  it("a key proof counts only the rows the person's rules leave, and refuses one without the attribute", async () => {
    const prove = async (attributes: unknown) => {
      const app = harness.server({ resolvePrincipal });
      const res = await app.inject({
        method: 'POST',
        url: '/api/keys/prove',
        payload: { blocks: ['sales.orders_in_my_states'] },
        headers: { 'x-attributes': JSON.stringify(attributes) },
      });
      return (res.json() as { datasets: Array<{ status: string; rowCount?: number; error?: { code: string } }> }).datasets[0];
    };
    expect(await prove({ states: ['CA', 'NY'] })).toMatchObject({ status: 'passed', rowCount: 2 });
    expect(await prove({})).toMatchObject({ status: 'error', error: { code: 'ROW_POLICY_REFUSED' } });
  });

  it('with the result cache on, two people each get their own rows', async () => {
    const hooks = { resolvePrincipal };
    const ca = await run(hooks, { states: ['CA'] }, 'ca', true);
    const ny = await run(hooks, { states: ['NY'] }, 'ny', true);
    const caAgain = await run(hooks, { states: ['CA'] }, 'ca', true);
    expect([ca.states, ny.states, caAgain.states]).toEqual([['CA'], ['NY'], ['CA']]);
  });
});
