/**
 * The schema snapshot end to end, as child processes on real warehouses (SQLite and DuckDB
 * files): `svc compile --validate` (and `svc serve`, in the background) takes it into `.svc/schema-snapshot.json` (with its time and the connection's resolved path), then `svc lint` and `svc compile` catch a
 * misspelt keyword, an unknown table and an unknown column offline, at their line and column in
 * the query, with the closest name; the engine's own error lands on the word it names, and one
 * cause gives one finding.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { loadDuckdb } from '../helpers/load-commerce.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

function block(query: string): string {
  return `block "b" {\n  domain = "hr"\n  status = "draft"\n  description = "d"\n  owner = "o@x.test"\n  query = """\n    SELECT name,\n      ${query}\n  """\n}\n`;
}

interface Found {
  code: string;
  span?: { start: { line: number; column: number } };
  hint?: string;
}

function sqlFindings(stdout: string): Array<[string, number, number, string]> {
  return (JSON.parse(stdout) as { diagnostics: Found[] }).diagnostics
    .filter((d) => d.code.startsWith('sql/'))
    .map((d) => [d.code, d.span?.start.line ?? 0, d.span?.start.column ?? 0, d.hint ?? '']);
}

// Line 8 of the block file holds the second line of the query, starting at column 7.
const CASES: Array<[string, string, Array<[string, number, number, string]>]> = [
  ['a misspelt keyword', 'state FORM customers', [['sql/misspelt-keyword', 8, 13, 'Write FROM instead of FORM.']]],
  ['an unknown table', 'state FROM customer', [['sql/unknown-table', 8, 18, 'Did you mean customers?']]],
  ['an unknown column', 'stat FROM customers', [['sql/unknown-column', 8, 7, 'Did you mean state?']]],
  ['names the query gives itself', 'n FROM (SELECT id AS n, name FROM customers) AS sub', []],
];

describe('the schema snapshot on SQLite', () => {
  it('is taken by compile --validate, with its time and resolved path', async () => {
    const root = await commerceProject();
    expect(svc(['compile', '--validate'], root).code).toBe(0);
    const snapshot = JSON.parse(readFileSync(join(root, '.svc/schema-snapshot.json'), 'utf8'));
    const entry = snapshot.connections.default;
    expect(entry).toMatchObject({ driver: 'sqlite', target: join(root, 'data/warehouse.db'), truncated: false });
    expect(Date.now() - Date.parse(entry.takenAt)).toBeLessThan(60_000);
    expect(entry.tables.find((t: { name: string }) => t.name === 'customers').columns).toContainEqual({ name: 'state', type: 'TEXT' });
  });

  it.each(CASES)('lint and compile catch %s offline', async (_name, query, expected) => {
    const root = await commerceProject();
    expect(svc(['compile', '--validate'], root).code).toBe(0);
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), block(query));
    const lint = svc(['lint', 'domains/hr/blocks/b.svc', '--format', 'json'], root);
    expect(sqlFindings(lint.stdout)).toEqual(expected);
    expect(lint.code).toBe(expected.length > 0 ? 1 : 0);
    const compile = svc(['compile', '--format', 'json'], root);
    expect(sqlFindings(compile.stdout)).toEqual(expected);
    // With --validate the engine is not asked about a query the offline check already faults.
    expect(sqlFindings(svc(['compile', '--validate', '--format', 'json'], root).stdout)).toEqual(expected);
  });
});

describe('the schema snapshot from svc serve', () => {
  it('is taken in the background once the server listens', async () => {
    const root = await commerceProject();
    const child = spawn(process.execPath, [SVC_BIN, 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const file = join(root, '.svc/schema-snapshot.json');
      const deadline = Date.now() + 30_000;
      while (!existsSync(file) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
      const entry = JSON.parse(readFileSync(file, 'utf8')).connections.default;
      expect(entry).toMatchObject({ driver: 'sqlite', target: join(root, 'data/warehouse.db') });
      expect(entry.tables.map((t: { name: string }) => t.name)).toContain('customers');
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('the schema snapshot on DuckDB', () => {
  it('maps the engine error to its word before a snapshot exists, and catches it offline after', async () => {
    const root = makeProject({
      'svc.config.json': JSON.stringify({ project: 'p', connections: { default: { driver: 'duckdb', path: 'data/warehouse.duckdb' } } }),
      '.gitignore': '.svc/\n',
      'domains/hr/blocks/b.svc': block('stat FROM customers'),
    });
    mkdirSync(join(root, 'data'), { recursive: true });
    await loadDuckdb(root, [
      {
        name: 'customers',
        columns: [
          { name: 'name', type: 'TEXT' },
          { name: 'state', type: 'TEXT' },
        ],
        rows: [['Ann', 'TX']],
      },
    ]);
    const first = svc(['compile', '--validate', '--format', 'json'], root);
    expect(first.code).toBe(1);
    const engine = (JSON.parse(first.stdout) as { diagnostics: Array<Found & { message: string }> }).diagnostics.filter((d) => d.code.startsWith('sql/'));
    expect(engine.map((d) => [d.code, d.span?.start.line, d.span?.start.column])).toEqual([['sql/engine-error', 8, 7]]);
    expect(engine[0]?.message).toContain('stat');
    const entry = JSON.parse(readFileSync(join(root, '.svc/schema-snapshot.json'), 'utf8')).connections.default;
    expect(entry).toMatchObject({ driver: 'duckdb', target: join(root, 'data/warehouse.duckdb') });
    expect(sqlFindings(svc(['lint', '--format', 'json'], root).stdout)).toEqual([['sql/unknown-column', 8, 7, 'Did you mean state?']]);
    expect(sqlFindings(svc(['compile', '--validate', '--format', 'json'], root).stdout)).toEqual([['sql/unknown-column', 8, 7, 'Did you mean state?']]);
  });
});
