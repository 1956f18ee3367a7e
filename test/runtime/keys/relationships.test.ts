/**
 * Relationship validation on the commerce warehouse (SQLite), through the one query path: each
 * declared join of the fixture blocks against counts the test computes itself from the database
 * (a join that holds, a one-to-one that is many-to-one, orphans and null keys, a "one" side that
 * repeats its key, other key names on each side), the codes of joins that cannot be validated,
 * narrowing by qualified id, file and name, and no key value anywhere in the answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { proveKeys } from '../../../src/runtime/keys/prove-keys.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { addKeyBlocks, expectedJoinCounts } from '../../helpers/key-blocks.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

let root: string;
let manifest: Manifest;
let executor: Executor;
const written: string[] = [];

beforeAll(async () => {
  root = await commerceProject();
  manifest = addKeyBlocks(root);
  const config = JSON.parse(readFileSync(join(root, 'svc.config.json'), 'utf8')) as SvcConfig;
  executor = createExecutor({ root, config });
});

afterAll(async () => {
  await executor.close();
  cleanupProjects();
});

const prove = (relationships?: string[], blocks?: string[], on: Manifest = manifest) =>
  proveKeys({
    root,
    manifest: on,
    executor,
    asker: undefined,
    log: (l) => written.push(l),
    ...(blocks !== undefined ? { blocks } : {}),
    ...(relationships !== undefined ? { relationships } : {}),
  });

const db = () => join(root, 'data/warehouse.db');

describe('relationship validation', () => {
  it.each([
    { block: 'order_customers', name: 'customer', status: 'passed', cardinality: 'many-to-one', observed: 'many-to-one' },
    { block: 'order_customers', name: 'customer_once', status: 'failed', cardinality: 'one-to-one', observed: 'many-to-one' },
    { block: 'order_refs_with_gaps', name: 'customer', status: 'failed', cardinality: 'many-to-one', observed: 'many-to-one' },
    { block: 'state_totals', name: 'states', status: 'failed', cardinality: 'one-to-one', observed: 'one-to-many' },
    { block: 'customer_emails', name: 'directory', status: 'passed', cardinality: 'one-to-one', observed: 'one-to-one' },
  ])('keys.$block.$name: $status, observed $observed, with the counts of every row of both', async ({ block, name, status, cardinality, observed }) => {
    const result = await prove([`keys.${block}.${name}`]);
    expect(result.datasets).toEqual([]);
    expect(result.relationships).toEqual([
      {
        id: `keys.${block}.${name}`,
        block: `keys.${block}`,
        file: `domains/keys/blocks/${block}.svc`,
        to: expect.stringMatching(/^keys\./),
        keys: expect.any(Array),
        toKeys: expect.any(Array),
        cardinality,
        observedCardinality: observed,
        status,
        ...expectedJoinCounts(db(), block, name),
      },
    ]);
    expect(result.ok).toBe(status === 'passed');
  });

  it('the fixtures show what each one claims: orphans and null keys, a repeated key on the one side', () => {
    const gaps = expectedJoinCounts(db(), 'order_refs_with_gaps', 'customer');
    expect([gaps.orphanKeyCount > 0, gaps.fromNullKeyCount > 0, gaps.toDuplicateKeyCount]).toEqual([true, true, 0]);
    const states = expectedJoinCounts(db(), 'state_totals', 'states');
    expect([states.orphanKeyCount, states.toDuplicateKeyCount > 0]).toEqual([0, true]);
  });

  it('orphans show as counts only: no key value anywhere in the answer', async () => {
    const result = await prove(['keys.order_refs_with_gaps.customer']);
    const d = new Database(db(), { readonly: true });
    const orphans = (d.prepare('SELECT DISTINCT customer_id + 1000000 AS k FROM orders WHERE id % 7 = 0 AND id % 10 <> 0').all() as Array<{ k: number }>).map(
      (r) => r.k,
    );
    d.close();
    expect(orphans.length).toBeGreaterThan(3);
    const text = JSON.stringify(result);
    for (const v of orphans) expect(text).not.toContain(String(v));
  });

  it.each([
    { named: 'keys.order_customers.draft_customer', code: 'KEY_PROOF_NOT_CERTIFIED', id: 'keys.order_customers.draft_customer' },
    { named: 'keys.draft_orders.customer', code: 'KEY_PROOF_NOT_CERTIFIED', id: 'keys.draft_orders.customer' },
    { named: 'keys.draft_orders.nowhere', code: 'RELATIONSHIP_TARGET_NOT_FOUND', id: 'keys.draft_orders.nowhere' },
    { named: 'orders_to_customers', code: 'RELATIONSHIP_NOT_DECLARED', id: 'orders_to_customers' },
  ])('$named: error $code, and no counts', async ({ named, code, id }) => {
    const result = await prove([named]);
    expect(result.ok).toBe(false);
    expect(result.relationships).toHaveLength(1);
    expect(result.relationships[0]).toMatchObject({ id, status: 'error', error: { code } });
    expect(result.relationships[0]).not.toHaveProperty('orphanKeyCount');
  });

  it('blocks on two connections: error RELATIONSHIP_CROSS_CONNECTION, nothing runs', async () => {
    const moved = structuredClone(manifest);
    (moved.blocks['keys.customer_directory'] as { connection: string }).connection = 'archive';
    const result = await prove(['keys.order_customers.customer'], undefined, moved);
    expect(result.relationships[0]).toMatchObject({ status: 'error', error: { code: 'RELATIONSHIP_CROSS_CONNECTION' } });
  });

  it('a block that needs a parameter without a default: error PARAM_REQUIRED, nothing runs', async () => {
    const moved = structuredClone(manifest);
    const joins = moved.blocks['keys.order_customers']?.relationships ?? [];
    joins[0] = { ...(joins[0] as (typeof joins)[number]), to: 'keys.orders_since', toKeys: ['id'] };
    const result = await prove(['keys.order_customers.customer'], undefined, moved);
    expect(result.relationships[0]).toMatchObject({ status: 'error', to: 'keys.orders_since', error: { code: 'PARAM_REQUIRED' } });
    expect(result.relationships[0]).not.toHaveProperty('fromRowCount');
  });

  it.each([
    {
      named: ['customer'],
      ids: ['keys.draft_orders.customer', 'keys.order_customers.customer', 'keys.order_refs_with_gaps.customer'],
    },
    {
      named: ['domains/keys/blocks/order_customers.svc', 'keys.order_customers.customer'],
      ids: ['keys.order_customers.customer', 'keys.order_customers.customer_once', 'keys.order_customers.draft_customer'],
    },
  ])('narrows by qualified id, block file or name, each once: $named', async ({ named, ids }) => {
    expect((await prove(named)).relationships.map((r) => r.id)).toEqual(ids);
  });

  it('naming neither proves every key and every relationship certified blocks declare; naming one kind proves only it', async () => {
    const all = await prove();
    expect(all.relationships.map((r) => [r.id, r.status])).toEqual([
      ['keys.customer_emails.directory', 'passed'],
      ['keys.order_customers.customer', 'passed'],
      ['keys.order_customers.customer_once', 'failed'],
      ['keys.order_customers.draft_customer', 'error'],
      ['keys.order_refs_with_gaps.customer', 'failed'],
      ['keys.state_totals.states', 'failed'],
    ]);
    expect(all.datasets.length).toBeGreaterThan(0);
    expect((await prove(undefined, ['keys.customer_directory'])).relationships).toEqual([]);
  });
});
