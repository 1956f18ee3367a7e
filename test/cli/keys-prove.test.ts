/**
 * `svc keys prove` as a real child process on a copy of the commerce project with the key
 * blocks: a duplicate key exits 1 with its counts and no key value in the output, good keys exit
 * 0, a block that is not certified or does not exist is an error with its code, a named
 * relationship answers RELATIONSHIP_NOT_DECLARED, the evidence is kept under .svc/local, and a
 * folder without a project exits 2.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { addKeyBlocks, expectedCounts, keyValues } from '../helpers/key-blocks.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let root: string;

beforeAll(async () => {
  root = await commerceProject();
  addKeyBlocks(root);
});
afterAll(cleanupProjects);

const db = () => join(root, 'data/warehouse.db');

describe('svc keys prove', () => {
  it('a duplicate key: exit 1, status failed with the counts, no key value printed', () => {
    const r = svc(['keys', 'prove', 'keys.order_states', '--format', 'json'], root);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ exitCode: 1, ok: false, relationships: [], diagnostics: [] });
    expect(out.datasets).toEqual([
      {
        block: 'keys.order_states',
        file: 'domains/keys/blocks/order_states.svc',
        keys: ['state'],
        keyEvidence: 'complete-source',
        status: 'failed',
        ...expectedCounts(db(), 'order_states'),
      },
    ]);
    for (const v of keyValues(db(), 'order_states')) expect(r.stdout).not.toContain(`"${v}"`);
    expect(existsSync(join(root, '.svc/local/key-proofs/keys.order_states.json'))).toBe(true);
  });

  it.each([
    {
      args: ['keys.customer_directory', 'domains/keys/blocks/channel_by_state.svc'],
      code: 0,
      lines: ['passed  keys.customer_directory', 'passed  keys.channel_by_state', 'All 2 key proofs passed.'],
    },
    { args: ['keys.draft_directory'], code: 1, lines: ['error   keys.draft_directory', 'KEY_PROOF_NOT_CERTIFIED', '0 of 1 key proofs passed.'] },
    { args: ['keys.nothing_here'], code: 1, lines: ['error   keys.nothing_here  keys (none)', 'BLOCK_NOT_FOUND'] },
    {
      args: ['keys.customer_directory', '--relationship', 'orders_to_customers'],
      code: 1,
      lines: ['relationship orders_to_customers', 'RELATIONSHIP_NOT_DECLARED', '1 of 2 key proofs passed.'],
    },
  ])('svc keys prove $args: exit $code', ({ args, code, lines }) => {
    const r = svc(['keys', 'prove', ...args], root);
    expect(r.code, r.stdout + r.stderr).toBe(code);
    for (const line of lines) expect(r.stdout).toContain(line);
  });

  it('the customer directory proves with the counts of every customer', () => {
    const r = svc(['keys', 'prove', 'customer_directory'], root);
    const c = expectedCounts(db(), 'customer_directory');
    expect(r.stdout).toContain(`rows ${c.rowCount}, distinct keys ${c.distinctKeyCount}, null keys 0, duplicate keys 0`);
  });

  it('outside a project: exit 2', () => {
    const r = svc(['keys', 'prove'], mkdtempSync(join(tmpdir(), 'svc-no-project-')));
    expect(r.code).toBe(2);
  });
});
