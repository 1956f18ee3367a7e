/**
 * `svc compile --validate` as a child process on a copy of the commerce fixture: every
 * certified block prepares on the real SQLite warehouse (exit 0), and a query naming a column
 * the table lacks is reported with the engine's own words at the query in the block file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { blockSource, cleanupProjects, makeProject } from '../helpers/project.js';
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

  it.each([
    // The block: not a read, so the warehouse never sees it; SQLite still names the syntax error.
    [
      'SELEC name FROM departments WHERE',
      [
        ['sql/engine-error', 6, 11],
        ['sql/not-a-read', 7, 5],
        ['sql/dangling-end', 7, 33],
      ],
      'near "SELEC": syntax error',
    ],
    // A read the check lets through: the warehouse's own engine prepares it.
    [
      'SELECT name FROM customers WHERE',
      [
        ['sql/engine-error', 6, 11],
        ['sql/dangling-end', 7, 32],
      ],
      'incomplete input',
    ],
    ['SELECT name FROM departments', [['sql/engine-error', 6, 11]], 'no such table: departments'],
  ])('%s: offline findings and the engine error at the query span', async (query, expected, engineMessage) => {
    const root = await commerceProject();
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), BROKEN.replace('SELECT nme FROM customers', query));
    const run = svc(['compile', '--validate', '--format', 'json'], root);
    expect(run.code).toBe(1);
    const found = (
      JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; file?: string; span?: { start: { line: number; column: number } }; message: string }> }
    ).diagnostics.filter((d) => d.file === 'domains/hr/blocks/b.svc');
    expect(found.map((d) => [d.code, d.span?.start.line, d.span?.start.column])).toEqual(expected);
    expect(found.find((d) => d.code === 'sql/engine-error')?.message).toContain(engineMessage);
  });

  it('warns once per connection it cannot reach, and checks those blocks offline only', () => {
    const root = makeProject({
      'svc.config.json': JSON.stringify({ project: 'p', connections: { default: { driver: 'sqlite', path: 'data/missing.db' } } }),
      'domains/sales/blocks/a.svc': blockSource('a'),
      'domains/sales/blocks/b.svc': blockSource('b'),
    });
    const run = svc(['compile', '--validate', '--format', 'json'], root);
    expect(run.code).toBe(0);
    const found = (JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; severity: string; file?: string; data?: Record<string, unknown> }> })
      .diagnostics;
    expect(found.filter((d) => d.code.startsWith('sql/'))).toEqual([
      expect.objectContaining({
        code: 'sql/engine-unavailable',
        severity: 'warning',
        file: 'svc.config.json',
        data: expect.objectContaining({ connection: 'default' }),
      }),
    ]);
  });
});
