/**
 * `POST /api/modeling/dbt-first/relationships/validate` (spec 03 Endpoints: "the proofs reused by
 * key proofs") on the commerce warehouse with the key blocks: while a block is authored, the
 * relationship validation key proofs run, of the relationships it declares (a draft's too), the
 * one named, or one proposed before it is declared; counts only, never a key value; bad
 * requests refused. With a host: it asks `dataset.author` (someone refused gets 403 and nothing
 * runs), and the row policy hears the one validation statement as the person's and narrows both
 * sides to the rows they read.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { addKeyBlocks, expectedJoinCounts, gappedCustomerJoin } from '../helpers/key-blocks.js';
import { narrowToState, stateHost } from '../helpers/state-person.js';

const harness = hookHarness((root) => {
  addKeyBlocks(root);
});

const validate = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/modeling/dbt-first/relationships/validate',
  payload: payload as object,
  headers,
});
const db = () => join(harness.root, 'data/warehouse.db');

function scalar(sql: string): number[] {
  const d = new Database(db(), { readonly: true });
  try {
    return (d.prepare(sql).all() as Array<{ k: number }>).map((r) => r.k);
  } finally {
    d.close();
  }
}

type Proof = Record<string, unknown> & { id: string; status: string; error?: { code: string } };

describe('POST /api/modeling/dbt-first/relationships/validate without a host', () => {
  it('a draft block: every relationship it declares, each validated or told why not', async () => {
    const res = await harness.server().inject(validate({ block: 'keys.draft_orders' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { ok: boolean; relationships: Proof[] };
    expect(body.ok).toBe(false);
    expect(body.relationships.map((r) => [r.id, r.status, r.error?.code])).toEqual([
      ['keys.draft_orders.customer', 'passed', undefined],
      ['keys.draft_orders.nowhere', 'error', 'RELATIONSHIP_TARGET_NOT_FOUND'],
    ]);
    expect(body.relationships[0]).toMatchObject(expectedJoinCounts(db(), 'draft_orders', 'customer'));
  });

  it('the one named: a join with orphans and null keys fails with its counts and no key value', async () => {
    const res = await harness.server().inject(validate({ block: 'domains/keys/blocks/order_refs_with_gaps.svc', relationship: 'customer' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      relationships: [gappedCustomerJoin(db())],
    });
    for (const k of scalar('SELECT DISTINCT customer_id + 1000000 AS k FROM orders WHERE id % 7 = 0 AND id % 10 <> 0'))
      expect(res.body).not.toContain(String(k));
  });

  it.each([
    {
      name: 'proposed one-to-one where customers repeat: failed, as the declared customer_once',
      body: { block: 'keys.order_customers', to: 'keys.customer_directory', keys: ['customer_id'], cardinality: 'one-to-one' },
      status: 'failed',
      same: ['order_customers', 'customer_once'],
    },
    {
      name: 'proposed with other key names on the far side: passed, as the declared directory',
      body: { block: 'keys.customer_emails', to: 'keys.customer_directory', keys: ['id'], toKeys: ['customer_id'] },
      status: 'passed',
      same: ['customer_emails', 'directory'],
    },
  ])('$name', async ({ body, status, same }) => {
    const res = await harness.server().inject(validate(body));
    expect(res.statusCode, res.body).toBe(200);
    const proof = (res.json() as { relationships: Proof[] }).relationships[0];
    expect(proof).toMatchObject({ id: `${body.block}.proposed`, status, ...expectedJoinCounts(db(), same[0] as string, same[1] as string) });
  });

  it.each([
    { body: { block: 'sales.top_states_by_revenue' }, status: 409, code: 'RELATIONSHIP_NOT_DECLARED' },
    { body: { block: 'keys.order_customers', relationship: 'nope' }, status: 409, code: 'RELATIONSHIP_NOT_DECLARED' },
    { body: { block: 'keys.nothing_here' }, status: 404, code: 'BLOCK_NOT_FOUND' },
    { body: { block: 'keys.order_customers', to: 'keys.customer_directory' }, status: 400, code: 'BAD_REQUEST' },
    { body: { block: 'keys.order_customers', keys: ['customer_id'] }, status: 400, code: 'BAD_REQUEST' },
    {
      body: { block: 'keys.order_customers', relationship: 'customer', to: 'keys.customer_directory', keys: ['customer_id'] },
      status: 400,
      code: 'BAD_REQUEST',
    },
    { body: { block: 'keys.order_customers', to: 'keys.customer_directory', keys: ['customer_id'], toKeys: ['a', 'b'] }, status: 400, code: 'BAD_REQUEST' },
    { body: { block: 'keys.order_customers', to: 'keys.customer_directory', keys: ['not a column'] }, status: 400, code: 'BAD_REQUEST' },
  ])('$body: $status $code', async ({ body, status, code }) => {
    const res = await harness.server().inject(validate(body));
    expect([res.statusCode, res.json().error.code], res.body).toEqual([status, code]);
  });
});

describe('POST /api/modeling/dbt-first/relationships/validate with a host', () => {
  it.each([
    { name: 'dataset.author allowed', refuse: [], status: 200 },
    { name: 'dataset.author refused', refuse: ['dataset.author'], status: 403 },
  ])('$name: $status, and the row policy hears the validation as the person’s', async ({ refuse, status }) => {
    const heard: QueryContext[] = [];
    const res = await harness.server(stateHost({ refuse, heard })).inject(validate({ block: 'keys.customer_emails' }));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', action: 'dataset.author' });
    else expect(res.json()).toMatchObject({ ok: true, relationships: [{ id: 'keys.customer_emails.directory', status: 'passed' }] });
    expect(heard.map((q) => [q.principal?.id, q.action, q.destination])).toEqual(status === 200 ? [['ca@host.test', 'dataset.author', 'person']] : []);
  });

  it('a narrowing row policy: both sides counted as each person reads them', async () => {
    const app = harness.server(stateHost({ policy: narrowToState }));
    for (const state of ['CA', 'NY']) {
      const res = await app.inject(validate({ block: 'keys.state_totals', relationship: 'states' }, { 'x-state': state }));
      const rows = scalar(`SELECT COUNT(*) AS k FROM orders WHERE state = '${state}'`)[0] as number;
      expect(res.json().relationships[0]).toMatchObject({
        status: rows > 1 ? 'failed' : 'passed',
        fromRowCount: 1,
        toRowCount: rows,
        toDuplicateKeyCount: rows > 1 ? 1 : 0,
        orphanKeyCount: 0,
      });
      expect(res.body).not.toContain(`"${state}"`);
    }
  });
});
