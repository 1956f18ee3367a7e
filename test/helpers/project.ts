/** Temporary projects for tests: written from a map of files, removed by the caller's cleanup. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
export const FIXTURES = join(REPO, 'fixtures');

const made: string[] = [];

/** Creates a temp folder holding `files` (path -> text or bytes). */
export function makeProject(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  made.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(dir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return dir;
}

/**
 * Copies a fixture project's sources into a temp folder: never its generated state (a
 * manifest or .svc/ folder left by running svc inside the fixture), and databases only when
 * asked.
 */
export function copyFixture(name: string, opts: { withData?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `svc-${name.replace(/[/]/g, '-')}-`));
  made.push(dir);
  const from = join(FIXTURES, name);
  cpSync(from, dir, {
    recursive: true,
    filter: (src) => {
      const rel = src.slice(from.length + 1);
      if (rel === 'svc-manifest.json' || rel === '.svc' || rel.startsWith('.svc/')) return false;
      return (opts.withData ?? false) || !/\.db(-\w+)?$/.test(src);
    },
  });
  return dir;
}

/** Removes every folder made so far (call from afterAll). */
export function cleanupProjects(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A minimal valid block source. */
export function blockSource(name: string, fields: Record<string, string> = {}): string {
  const body = {
    domain: '"sales"',
    status: '"draft"',
    owner: '"team@example.test"',
    description: '"A block."',
    query: '"""\n    SELECT 1 AS one\n  """',
    ...fields,
  };
  const lines = Object.entries(body).map(([k, v]) => `  ${k} = ${v}`);
  return `block "${name}" {\n${lines.join('\n')}\n}\n`;
}

export const CONFIG = JSON.stringify({ project: 'demo', connections: { default: { driver: 'sqlite', path: 'data/warehouse.db' } } });
