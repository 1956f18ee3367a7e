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
    // At the word the engine names, inside the query (line 7, `SELECT nme`), not at `query = """`.
    expect(run.stdout).toContain('domains/hr/blocks/b.svc:7:12 error sql/engine-error');
    expect(run.stdout).toContain('no such column: nme');
  });

  it.each<[string, Array<[string, number, number]>, string | undefined]>([
    // The block: the offline findings are the root cause, so the engine is not asked again.
    [
      'SELEC name FROM departments WHERE',
      [
        ['sql/not-a-read', 7, 5],
        ['sql/dangling-end', 7, 33],
      ],
      undefined,
    ],
    ['SELECT name FROM customers WHERE', [['sql/dangling-end', 7, 32]], undefined],
    // A read the offline checks pass: the warehouse's own engine prepares it and names the word.
    ['SELECT name FROM departments', [['sql/engine-error', 7, 22]], 'no such table: departments'],
    ['SELECT name, nmae FROM customers', [['sql/engine-error', 7, 18]], 'no such column: nmae'],
    ['SELECT name FROM customers WHERE id IN (SELECT customer_id FROM orderz)', [['sql/engine-error', 7, 69]], 'no such table: orderz'],
  ])('%s: one finding per cause, at its place in the query', async (query, expected, engineMessage) => {
    const root = await commerceProject();
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), BROKEN.replace('SELECT nme FROM customers', query));
    const run = svc(['compile', '--validate', '--format', 'json'], root);
    expect(run.code).toBe(1);
    const found = (
      JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; file?: string; span?: { start: { line: number; column: number } }; message: string }> }
    ).diagnostics.filter((d) => d.file === 'domains/hr/blocks/b.svc');
    expect(found.map((d) => [d.code, d.span?.start.line, d.span?.start.column])).toEqual(expected);
    if (engineMessage !== undefined) expect(found.find((d) => d.code === 'sql/engine-error')?.message).toContain(engineMessage);
  });

  it('fails once per connection it cannot reach, and checks those blocks offline only', () => {
    const root = makeProject({
      'svc.config.json': JSON.stringify({ project: 'p', connections: { default: { driver: 'sqlite', path: 'data/missing.db' } } }),
      'domains/sales/blocks/a.svc': blockSource('a'),
      'domains/sales/blocks/b.svc': blockSource('b'),
    });
    const run = svc(['compile', '--validate', '--format', 'json'], root);
    // CI fails on a warehouse it cannot reach: the queries were never prepared.
    expect(run.code).toBe(1);
    const found = (JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; severity: string; file?: string; data?: Record<string, unknown> }> })
      .diagnostics;
    expect(found.filter((d) => d.code.startsWith('sql/'))).toEqual([
      expect.objectContaining({
        code: 'sql/engine-unavailable',
        severity: 'error',
        file: 'svc.config.json',
        data: expect.objectContaining({ connection: 'default' }),
      }),
    ]);
  });
});
