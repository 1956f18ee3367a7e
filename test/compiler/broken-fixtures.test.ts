/**
 * fixtures/broken: each folder is a project with known mistakes and an expected.json listing
 * every diagnostic `svc compile` must report (code, severity, file, line, column; the JSON
 * pointer for config errors) and the exit code. Nothing more, nothing less.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { cleanupProjects, copyFixture, FIXTURES } from '../helpers/project.js';

afterAll(cleanupProjects);

interface Expected {
  exitCode: number;
  diagnostics: Array<{ code: string; severity: string; file: string | null; line: number | null; column: number | null; pointer?: string }>;
}

const cases = readdirSync(join(FIXTURES, 'broken'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('fixtures/broken', () => {
  it('has cases', () => {
    expect(cases).toEqual(['apps', 'config', 'encoding', 'semantic', 'syntax']);
  });

  it.each(cases)('%s reports exactly its expected diagnostics', (name) => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'broken', name, 'expected.json'), 'utf8')) as Expected;
    const dir = copyFixture(join('broken', name));
    const r = compileProject({ project: dir });
    const got = r.diagnostics.map((d) => {
      const row: Expected['diagnostics'][number] = {
        code: d.code,
        severity: d.severity,
        file: d.file ?? null,
        line: d.span?.start.line ?? null,
        column: d.span?.start.column ?? null,
      };
      if (d.code.startsWith('config/')) row.pointer = String(d.data?.['pointer']);
      return row;
    });
    expect(got).toEqual(expected.diagnostics);
    expect(r.exitCode).toBe(expected.exitCode);
  });

  it('recovers the blocks around three independent syntax mistakes', () => {
    const r = compileProject({ project: copyFixture(join('broken', 'syntax')) });
    const blocks = JSON.parse(r.text ?? '{}').blocks as Record<string, { owner?: string; query: string }>;
    for (const name of ['first', 'second', 'third', 'fourth']) {
      expect(blocks[`sales.${name}`]?.owner, name).toBe('sales@example.test');
      expect(blocks[`sales.${name}`]?.query, name).toMatch(/^SELECT \d AS \w+$/);
    }
  });
});
