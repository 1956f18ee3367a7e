/**
 * Key proofs over HTTP (spec 03 "Exports and key proofs" 3): `POST /api/keys/prove` and
 * `POST /api/datasets/validate-grain` on the commerce warehouse with the key blocks. Without a
 * host: a duplicate key fails with its counts and no key value in the body. With a host: the
 * route asks `query.run` (validate-grain `dataset.author`) and a refused person gets 403 and runs
 * nothing; the row policy hears every proof statement as the person's and may narrow it (the
 * counts are then of the rows that person reads) or refuse it (the proof's error, in the
 * host's words); a host that refuses the warehouse sign-in gives CREDENTIALS_REQUIRED; a
 * warehouse failure is told by reference; the evidence names who the proof was for. Declared
 * relationships are validated the same way: `relationships` narrows to them, a join with orphans
 * fails with its counts and no key value, one no block declares is RELATIONSHIP_NOT_DECLARED, and
 * the row policy hears the one validation statement as the person's and narrows both sides.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { addKeyBlocks, expectedCounts, gappedCustomerJoin, keyValues } from '../helpers/key-blocks.js';
import { narrowToState, stateHost } from '../helpers/state-person.js';

const harness = hookHarness((root) => {
  addKeyBlocks(root);
});

const prove = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/keys/prove',
  payload: payload as object,
  headers,
});
const validate = (payload: unknown) => ({ method: 'POST' as const, url: '/api/datasets/validate-grain', payload: payload as object });

const db = () => join(harness.root, 'data/warehouse.db');

function ordersIn(state: string): number {
  const d = new Database(db(), { readonly: true });
  try {
    return (d.prepare('SELECT COUNT(*) AS n FROM orders WHERE state = ?').get(state) as { n: number }).n;
  } finally {
    d.close();
  }
}

describe('POST /api/keys/prove without a host', () => {
  it('a duplicate key: status failed with the counts, and no key value in the body', async () => {
    const res = await harness.server().inject(prove({ blocks: ['keys.order_states'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      datasets: [
        {
          block: 'keys.order_states',
          file: 'domains/keys/blocks/order_states.svc',
          keys: ['state'],
          keyEvidence: 'complete-source',
          status: 'failed',
          ...expectedCounts(db(), 'order_states'),
        },
      ],
      relationships: [],
    });
    for (const v of keyValues(db(), 'order_states')) expect(res.body).not.toContain(`"${v}"`);
  });

  it('no body proves every certified block with keys; a good key passes', async () => {
    const res = await harness.server().inject({ method: 'POST', url: '/api/keys/prove' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { ok: boolean; datasets: Array<{ block: string; status: string }> };
    expect(body.datasets.find((d) => d.block === 'keys.customer_directory')).toMatchObject({ status: 'passed', ...expectedCounts(db(), 'customer_directory') });
    expect(body.datasets.map((d) => d.block)).toHaveLength(5);
    expect(body.ok).toBe(false);
  });

  it.each([
    { body: { blocks: 'keys.order_states' }, status: 400, code: 'BAD_REQUEST' },
    { body: { blocks: [''] }, status: 400, code: 'BAD_REQUEST' },
    { body: { everything: true }, status: 400, code: 'BAD_REQUEST' },
  ])('refuses a malformed body $body: $status', async ({ body, status, code }) => {
    const res = await harness.server().inject(prove(body));
    expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
  });
});

describe('GET /api/blocks/:id', () => {
  it.each([
    { id: 'keys.channel_by_state', grainKeys: { keys: ['state', 'channel'], keyEvidence: 'complete-source' } },
    { id: 'sales.top_states_by_revenue', grainKeys: undefined },
  ])('$id shows the grain keys it declares', async ({ id, grainKeys }) => {
    const res = await harness.server().inject({ method: 'GET', url: `/api/blocks/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().block.grainKeys).toEqual(grainKeys);
  });

  it.each([
    {
      id: 'keys.customer_emails',
      relationships: [{ name: 'directory', to: 'keys.customer_directory', keys: ['id'], toKeys: ['customer_id'], cardinality: 'one-to-one' }],
    },
    { id: 'keys.customer_directory', relationships: undefined },
  ])('$id shows the relationships it declares', async ({ id, relationships }) => {
    const res = await harness.server().inject({ method: 'GET', url: `/api/blocks/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().block.relationships).toEqual(relationships);
  });
});

describe('POST /api/keys/prove with a host', () => {
  it.each([
    { name: 'query.run allowed', refuse: [], status: 200 },
    { name: 'query.run refused', refuse: ['query.run'], status: 403 },
  ])('$name: $status, and the row policy hears the proof as the person’s', async ({ refuse, status }) => {
    const heard: QueryContext[] = [];
    const res = await harness.server(stateHost({ refuse, heard })).inject(prove({ blocks: ['keys.customer_directory'] }));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', action: 'query.run' });
    expect(heard.map((q) => [q.principal?.id, q.action, q.destination])).toEqual(status === 200 ? [['ca@host.test', 'query.run', 'person']] : []);
  });

  it('a narrowing row policy: each person proves the rows they read, and the evidence names them', async () => {
    const app = harness.server(stateHost({ policy: narrowToState }));
    for (const state of ['CA', 'NY']) {
      const res = await app.inject(prove({ blocks: ['keys.order_states'] }, { 'x-state': state }));
      const proof = (res.json() as { datasets: Array<Record<string, unknown>> }).datasets[0];
      const rows = ordersIn(state);
      expect(proof).toMatchObject({
        status: rows > 1 ? 'failed' : 'passed',
        rowCount: rows,
        distinctKeyCount: 1,
        nullKeyCount: 0,
        duplicateKeyCount: rows > 1 ? 1 : 0,
      });
      expect(res.body).not.toContain(`"${state}"`);
      const evidence = JSON.parse(readFileSync(join(harness.root, '.svc/local/key-proofs/keys.order_states.json'), 'utf8'));
      expect(evidence).toMatchObject({ provedFor: `${state.toLowerCase()}@host.test`, hosted: true, rowCount: rows });
    }
  });

  it('a refusing row policy: the proof answers error ROW_POLICY_REFUSED in the host’s words, with no counts', async () => {
    const policy = () => ({ refuse: 'Customer keys are not yours to count.' });
    const res = await harness.server(stateHost({ policy })).inject(prove({ blocks: ['keys.customer_directory'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      datasets: [
        {
          block: 'keys.customer_directory',
          file: 'domains/keys/blocks/customer_directory.svc',
          keys: ['customer_id'],
          keyEvidence: 'complete-source',
          status: 'error',
          error: { code: 'ROW_POLICY_REFUSED', message: 'Customer keys are not yours to count.' },
        },
      ],
      relationships: [],
    });
  });
});

describe('POST /api/keys/prove: relationships', () => {
  it('a join with orphans and null keys: failed with the counts of both sides, and no key value in the body', async () => {
    const res = await harness.server().inject(prove({ relationships: ['keys.order_refs_with_gaps.customer'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      datasets: [],
      relationships: [gappedCustomerJoin(db())],
    });
    const d = new Database(db(), { readonly: true });
    const orphans = d.prepare('SELECT DISTINCT customer_id + 1000000 AS k FROM orders WHERE id % 7 = 0 AND id % 10 <> 0').all() as Array<{ k: number }>;
    d.close();
    for (const { k } of orphans) expect(res.body).not.toContain(String(k));
  });

  it.each([
    { named: 'keys.customer_emails.directory', status: 'passed', code: undefined },
    { named: 'orders_to_customers', status: 'error', code: 'RELATIONSHIP_NOT_DECLARED' },
    { named: 'keys.draft_orders.customer', status: 'error', code: 'KEY_PROOF_NOT_CERTIFIED' },
  ])('$named: $status $code', async ({ named, status, code }) => {
    const res = await harness.server().inject(prove({ relationships: [named] }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { ok: boolean; relationships: Array<{ status: string; error?: { code: string } }> };
    expect([body.ok, body.relationships[0]?.status, body.relationships[0]?.error?.code]).toEqual([status === 'passed', status, code]);
  });

  it('with a narrowing row policy: one statement heard as the person’s, and both sides counted as they read them', async () => {
    const heard: QueryContext[] = [];
    const app = harness.server(stateHost({ policy: narrowToState, heard }));
    for (const state of ['CA', 'NY']) {
      const res = await app.inject(prove({ relationships: ['keys.state_totals.states'] }, { 'x-state': state }));
      const rows = ordersIn(state);
      expect(res.json().relationships[0]).toMatchObject({
        status: rows > 1 ? 'failed' : 'passed',
        observedCardinality: rows > 1 ? 'one-to-many' : 'one-to-one',
        fromRowCount: 1,
        toRowCount: rows,
        toDuplicateKeyCount: rows > 1 ? 1 : 0,
        orphanKeyCount: 0,
      });
      expect(res.body).not.toContain(`"${state}"`);
    }
    expect(heard.map((q) => [q.principal?.id, q.action, q.destination])).toEqual([
      ['ca@host.test', 'query.run', 'person'],
      ['ny@host.test', 'query.run', 'person'],
    ]);
  });
});

describe('POST /api/keys/prove with a host that holds the warehouse sign-in', () => {
  it('credentials refused: the proof answers error CREDENTIALS_REQUIRED and nothing runs', async () => {
    const heard: QueryContext[] = [];
    const hooks = { ...stateHost({ heard }), credentials: () => ({ refuse: 'Your warehouse token expired; reconnect.' }) };
    const res = await harness.server(hooks).inject(prove({ blocks: ['keys.customer_directory'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datasets[0]).toMatchObject({ status: 'error', error: { code: 'CREDENTIALS_REQUIRED' } });
    expect(heard).toEqual([]);
  });
});

describe('POST /api/datasets/validate-grain', () => {
  it.each([
    { body: { block: 'keys.draft_directory' }, status: 200, proof: { block: 'keys.draft_directory', status: 'passed', keys: ['customer_id'] } },
    {
      body: { block: 'sales.top_states_by_revenue', keys: ['state'] },
      status: 200,
      proof: { block: 'sales.top_states_by_revenue', status: 'passed', keys: ['state'] },
    },
    { body: { block: 'domains/keys/blocks/order_states.svc' }, status: 200, proof: { block: 'keys.order_states', status: 'failed' } },
    { body: { block: 'sales.top_states_by_revenue' }, status: 409, code: 'KEYS_NOT_DECLARED' },
    { body: { block: 'keys.nothing_here' }, status: 404, code: 'BLOCK_NOT_FOUND' },
    { body: { block: 'keys.order_states', keys: ['not a column'] }, status: 400, code: 'BAD_REQUEST' },
  ])('$body.block $body.keys: $status', async ({ body, status, proof, code }) => {
    const res = await harness.server().inject(validate(body));
    expect(res.statusCode, res.body).toBe(status);
    if (proof !== undefined) expect(res.json()).toMatchObject(proof);
    if (code !== undefined) expect(res.json().error.code).toBe(code);
  });

  it('a key the result does not have: error WAREHOUSE_ERROR by reference, the engine words only in the log', async () => {
    const logged: string[] = [];
    const res = await harness.server(undefined, { log: (l) => logged.push(l) }).inject(validate({ block: 'keys.customer_directory', keys: ['no_such_key'] }));
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json() as { status: string; error: { code: string; reference: string; message: string }; rowCount?: number };
    expect(proof).toMatchObject({ status: 'error', error: { code: 'WAREHOUSE_ERROR', reference: expect.stringMatching(/^[a-z]{8}$/) } });
    expect(proof).not.toHaveProperty('rowCount');
    expect(proof.error.message).not.toMatch(/no such column/i);
    expect(logged.filter((l) => l.includes(proof.error.reference) && /no such column/i.test(l))).toHaveLength(1);
  });

  it('with a host: needs dataset.author', async () => {
    const res = await harness.server(stateHost({ refuse: ['dataset.author'] })).inject(validate({ block: 'keys.draft_directory' }));
    expect([res.statusCode, res.json().error.code, res.json().error.action]).toEqual([403, 'PERMISSION_DENIED', 'dataset.author']);
  });
});
