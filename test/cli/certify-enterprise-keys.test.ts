/**
 * `svc certify --enterprise` proves the grain keys a block declares with the same complete-source
 * proof as `svc keys prove` (real child processes on a copy of the commerce project): a block
 * whose keys hold is certified with `certification/keys-proven` passed; a block whose key repeats
 * is refused (exit 1) with that code and the counts in its message, never a key value, and
 * nothing is written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let root: string;

function enterpriseBlock(name: string, keys: string, outputs: string, table: string, query: string): string {
  return `// svc-format: 1
block "${name}" {
  domain = "keys"
  status = "review"
  description = "Enterprise key fixture ${name}."
  owner = "keys@acme.test"
  pattern = "detail"
  grain = { keys = [${keys}], keyEvidence = "complete-source" }
  outputs = [${outputs}]
  sourceSystems = ["${table}"]
  reviewCadence = "quarterly"
  query = """
    ${query}
  """
  tests {
    assert row_count > 0
  }
}
`;
}

beforeAll(async () => {
  root = await commerceProject();
  const dir = join(root, 'domains/keys/blocks');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'customer_rows.svc'),
    enterpriseBlock('customer_rows', '"customer_id"', '"customer_id", "segment"', 'customers', 'SELECT id AS customer_id, segment FROM customers'),
  );
  writeFileSync(join(dir, 'order_rows.svc'), enterpriseBlock('order_rows', '"state"', '"state", "status"', 'orders', 'SELECT state, status FROM orders'));
});
afterAll(cleanupProjects);

function ordersAndStates(): { rows: number; states: string[] } {
  const db = new Database(join(root, 'data/warehouse.db'), { readonly: true });
  try {
    const rows = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    const states = (db.prepare('SELECT DISTINCT state FROM orders').all() as Array<{ state: string }>).map((r) => r.state);
    return { rows, states };
  } finally {
    db.close();
  }
}

describe('svc certify --enterprise and grain keys', () => {
  it('keys that hold: certified, with certification/keys-proven passed', () => {
    const r = svc(['certify', 'keys.customer_rows', '--enterprise', '--format', 'json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; checks: Array<{ rule: string; outcome: string }> };
    expect(out.ok).toBe(true);
    expect(out.checks.find((c) => c.rule === 'certification/keys-proven')?.outcome).toBe('pass');
    expect(readFileSync(join(root, 'domains/keys/blocks/customer_rows.svc'), 'utf8')).toContain('status = "certified"');
  });

  it('a key held by many rows: refused with certification/keys-proven and the counts, no key value, nothing written', () => {
    const r = svc(['certify', 'keys.order_rows', '--enterprise', '--format', 'json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Array<{ code: string; message: string }> };
    const { rows, states } = ordersAndStates();
    expect(out.diagnostics.filter((d) => d.code.startsWith('certification/'))).toEqual([
      expect.objectContaining({
        code: 'certification/keys-proven',
        message: `The grain keys of keys.order_rows (state) are not proven: ${states.length} keys are held by more than one row (of ${rows} rows).`,
      }),
    ]);
    for (const s of states) expect(r.stdout).not.toContain(`"${s}"`);
    expect(readFileSync(join(root, 'domains/keys/blocks/order_rows.svc'), 'utf8')).toContain('status = "review"');
    expect(existsSync(join(root, 'semantic-layer/blocks/keys/order_rows.yaml'))).toBe(false);
  });

  it('without --enterprise the keys are not proven and the block certifies on the oss rules', () => {
    const r = svc(['certify', 'keys.order_rows', '--format', 'json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });
});
