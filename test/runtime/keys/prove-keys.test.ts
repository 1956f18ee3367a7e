/**
 * Key proofs on the commerce warehouse (SQLite), through the one query path: each fixture
 * block's proof against counts the test computes itself from the database, the statuses and
 * codes of proofs that cannot run, narrowing by id, name and file, and the evidence kept in
 * `.svc/local/key-proofs` (atomic, no row or key value in it or in the answer).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { proveKeys } from '../../../src/runtime/keys/prove-keys.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { addKeyBlocks, expectedCounts, keyValues } from '../../helpers/key-blocks.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

let root: string;
let manifest: Manifest;
let executor: Executor;
const logged: string[] = [];

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

const prove = (blocks?: string[], relationships?: string[]) =>
  proveKeys({
    root,
    manifest,
    executor,
    asker: undefined,
    log: (l) => logged.push(l),
    provedFor: 'keys@acme.test',
    now: () => new Date('2026-11-26T12:00:00Z'),
    ...(blocks !== undefined ? { blocks } : {}),
    ...(relationships !== undefined ? { relationships } : {}),
  });

const db = () => join(root, 'data/warehouse.db');

describe('complete-source grain proofs', () => {
  it.each([
    { name: 'customer_directory', status: 'passed' },
    { name: 'order_states', status: 'failed' },
    { name: 'order_keys_with_gaps', status: 'failed' },
    { name: 'channel_by_state', status: 'passed' },
  ])('keys.$name: $status, with the counts of every row', async ({ name, status }) => {
    const result = await prove([`keys.${name}`]);
    const expected = expectedCounts(db(), name);
    expect(result.datasets).toEqual([
      { block: `keys.${name}`, file: `domains/keys/blocks/${name}.svc`, keys: expect.any(Array), keyEvidence: 'complete-source', status, ...expected },
    ]);
    expect(result.ok).toBe(status === 'passed');
    expect(expected.rowCount).toBeGreaterThan(0);
  });

  it('a duplicate key shows as counts only: no key value anywhere in the answer or the evidence', async () => {
    const result = await prove(['keys.order_states']);
    const proof = result.datasets[0]!;
    expect(proof.duplicateKeyCount).toBeGreaterThan(0);
    const values = keyValues(db(), 'order_states');
    expect(values.length).toBeGreaterThan(3);
    const evidence = readFileSync(join(root, '.svc/local/key-proofs/keys.order_states.json'), 'utf8');
    for (const text of [JSON.stringify(result), evidence]) for (const v of values) expect(text).not.toContain(`"${v}"`);
  });

  it('without names proves every certified block that declares keys, and only those', async () => {
    const result = await prove();
    expect(result.datasets.map((d) => [d.block, d.status])).toEqual([
      ['keys.channel_by_state', 'passed'],
      ['keys.customer_directory', 'passed'],
      ['keys.order_keys_with_gaps', 'failed'],
      ['keys.order_states', 'failed'],
      ['keys.orders_since', 'error'],
    ]);
    expect(result.ok).toBe(false);
    expect(result.datasets[4]?.error?.code).toBe('PARAM_REQUIRED');
  });

  it.each([
    { named: 'keys.draft_directory', code: 'KEY_PROOF_NOT_CERTIFIED', block: 'keys.draft_directory' },
    { named: 'sales.top_states_by_revenue', code: 'KEYS_NOT_DECLARED', block: 'sales.top_states_by_revenue' },
    { named: 'keys.nothing_here', code: 'BLOCK_NOT_FOUND', block: 'keys.nothing_here' },
    { named: 'keys.orders_since', code: 'PARAM_REQUIRED', block: 'keys.orders_since' },
  ])('$named: error $code, and no counts', async ({ named, code, block }) => {
    const result = await prove([named]);
    expect(result.ok).toBe(false);
    expect(result.datasets).toHaveLength(1);
    expect(result.datasets[0]).toMatchObject({ block, status: 'error', error: { code } });
    expect(result.datasets[0]).not.toHaveProperty('rowCount');
  });

  it('narrows by id, name or project-relative file, each block once', async () => {
    const result = await prove(['customer_directory', 'domains/keys/blocks/customer_directory.svc', './domains/keys/blocks/channel_by_state.svc']);
    expect(result.datasets.map((d) => d.block)).toEqual(['keys.customer_directory', 'keys.channel_by_state']);
    expect(result.ok).toBe(true);
  });

  it('a relationship no block declares: RELATIONSHIP_NOT_DECLARED', async () => {
    const result = await prove(['keys.customer_directory'], ['orders_to_customers']);
    expect(result.relationships).toEqual([
      { id: 'orders_to_customers', keys: [], cardinality: null, status: 'error', error: { code: 'RELATIONSHIP_NOT_DECLARED', message: expect.any(String) } },
    ]);
    expect(result.ok).toBe(false);
  });

  it('keeps one evidence file per proven block, with counts, source hash and who it was proven for', async () => {
    await prove(['keys.customer_directory']);
    const dir = join(root, '.svc/local/key-proofs');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const evidence = JSON.parse(readFileSync(join(dir, 'keys.customer_directory.json'), 'utf8'));
    expect(evidence).toEqual({
      version: 1,
      block: 'keys.customer_directory',
      file: 'domains/keys/blocks/customer_directory.svc',
      sourceSha256: manifest.blocks['keys.customer_directory']?.sourceSha256,
      connection: 'default',
      keys: ['customer_id'],
      keyEvidence: 'complete-source',
      status: 'passed',
      ...expectedCounts(db(), 'customer_directory'),
      provedAt: '2026-11-26T12:00:00.000Z',
      provedFor: 'keys@acme.test',
      hosted: false,
    });
    // A proof that never ran keeps nothing.
    expect(existsSync(join(dir, 'keys.draft_directory.json'))).toBe(false);
  });
});
