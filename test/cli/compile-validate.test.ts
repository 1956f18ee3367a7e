/**
 * `svc compile --validate` as a child process on a copy of the commerce fixture: every
 * certified block prepares on the real SQLite warehouse (exit 0), and a query naming a column
 * the table lacks is reported with the engine's own words at the query in the block file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

const BROKEN = `block "b" {
  domain = "hr"
  status = "draft"
  description = "Customer names."
  owner = "o@x.test"
  query = """
    SELECT nme FROM customers
  """
}
`;

describe('svc compile --validate', () => {
  it('prepares every block of the fixture without running any', async () => {
    const root = await commerceProject();
    const run = svc(['compile', '--validate', '--format', 'json'], root);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).diagnostics.filter((d: { code: string }) => d.code.startsWith('sql/'))).toEqual([]);
  });

  it("names the engine's error at the query of the block", async () => {
    const root = await commerceProject();
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), BROKEN);
    const plain = svc(['compile'], root);
    expect(plain.code).toBe(0);
    const run = svc(['compile', '--validate'], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('domains/hr/blocks/b.svc:6:11 error sql/engine-error');
    expect(run.stdout).toContain('no such column: nme');
  });
});
