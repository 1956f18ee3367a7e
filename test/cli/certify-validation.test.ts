/**
 * `svc certify` asks the block's engine to prepare the query before it runs anything
 * (certification/engine-accepts, a `validation` check): a broken query is refused with the
 * engine's own words, is never run, and nothing is written. Child processes on `svc init
 * --example` projects, whose block is edited per case.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const BLOCK = 'domains/shop/blocks/monthly_revenue.svc';

function project(edit: (query: string) => string): string {
  const root = makeProject({});
  svc(['init', '--example'], root);
  const file = join(root, BLOCK);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return root;
}

interface Outcome {
  exitCode: number;
  validation?: { ok: boolean; prepared: boolean; error?: string };
  run?: { ok: boolean; error?: string };
  checks: Array<{ rule: string; outcome: string }>;
  diagnostics: Array<{ code: string }>;
}

describe('certify validates the query with its engine first', () => {
  it.each([
    ['an unknown column', (t: string) => t.replace('COUNT(*) AS orders', 'COUNT(nme) AS orders'), 'no such column: nme', []],
    ['an unknown table', (t: string) => t.replace('FROM orders', 'FROM orderz'), 'no such table: orderz', []],
    [
      'a statement that is not a read',
      (t: string) => t.replace('SELECT strftime', 'SELEC strftime'),
      'the statement check refuses it',
      ['sql/not-a-read', 'certification/compiles'],
    ],
  ])('%s: refused before any run, nothing written', (_name, edit, error, alsoCodes) => {
    const root = project(edit);
    const before = readFileSync(join(root, BLOCK), 'utf8');
    const run = svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root);
    const out = JSON.parse(run.stdout) as Outcome;
    expect(out.exitCode).toBe(1);
    expect(out.validation).toMatchObject({ ok: false, prepared: false });
    expect(out.validation?.error).toContain(error);
    expect(out.run?.ok).toBe(false);
    expect(out.run?.error).toMatch(/^not run: the engine rejects the query/);
    expect(out.checks.find((c) => c.rule === 'certification/engine-accepts')?.outcome).toBe('fail');
    for (const code of [...alsoCodes, 'certification/engine-accepts']) expect(out.diagnostics.map((d) => d.code)).toContain(code);
    expect(readFileSync(join(root, BLOCK), 'utf8')).toBe(before);
    const text = svc(['certify', 'shop.monthly_revenue'], root).stdout;
    expect(text).toMatch(/^ {2}validation rejected: /m);
  });

  it('a query the engine prepares is certified, and says so', () => {
    const root = project((t) => t);
    const out = JSON.parse(svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root).stdout) as Outcome;
    expect([out.exitCode, out.validation]).toEqual([0, { ok: true, prepared: true }]);
    expect(out.checks.find((c) => c.rule === 'certification/engine-accepts')?.outcome).toBe('pass');
  });
});
