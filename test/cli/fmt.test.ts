import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { CONFIG, cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const messy = `// keep me
block "a"   {
domain="sales"    // trailing
  status =   "draft"
    tags=["x","y",]
  query = """
        SELECT 1 AS one
  """
}
`;

describe('svc fmt (child process)', () => {
  it('leaves the formatted commerce fixture unchanged (--check passes)', () => {
    const dir = copyFixture('commerce');
    const r = svc(['fmt', '--check'], dir);
    expect(r.stdout).toMatch(/\d+ files checked, 0 would change/);
    expect(r.code).toBe(0);
  });

  it('--check exits 1 and names an unformatted file without writing it', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': messy });
    const r = svc(['fmt', '--check', 'domains/sales/blocks/a.svc'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('domains/sales/blocks/a.svc: not formatted');
    expect(readFileSync(join(dir, 'domains/sales/blocks/a.svc'), 'utf8')).toBe(messy);
  });

  it('formats in place, keeping every comment; a second run changes nothing', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': messy });
    expect(svc(['fmt'], dir).code).toBe(0);
    const once = readFileSync(join(dir, 'domains/sales/blocks/a.svc'), 'utf8');
    expect(once).not.toBe(messy);
    for (const c of ['// keep me', '// trailing']) expect(once).toContain(c);
    expect(svc(['fmt', '--check'], dir).code).toBe(0);
    expect(svc(['compile'], dir).code).toBe(0);
  });

  it.each([
    ['a file without the layout line', 'block "a" {\n  domain = "sales"\n}\n'],
    ['a file that has it', '// svc-format: 1\nblock "a" {\n  domain = "sales"\n}\n'],
    ['a file with a comment first', '// about a\nblock "a" {\n  domain = "sales"\n}\n'],
  ])('leads %s with one "// svc-format: 1" line', (_name, text) => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': text });
    expect(svc(['fmt'], dir).code).toBe(0);
    const out = readFileSync(join(dir, 'domains/sales/blocks/a.svc'), 'utf8');
    expect(out.startsWith('// svc-format: 1\n')).toBe(true);
    expect(out.match(/svc-format/g)).toHaveLength(1);
    expect(svc(['fmt', '--check'], dir).code).toBe(0);
  });

  it('refuses a file with parse errors and leaves it as it was', () => {
    const broken = 'block "a" {\n  status = \n}\n';
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': broken });
    const r = svc(['fmt', 'domains/sales/blocks/a.svc'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/parse\//);
    expect(readFileSync(join(dir, 'domains/sales/blocks/a.svc'), 'utf8')).toBe(broken);
  });

  it('keeps the block revision: formatting never invalidates a certification', () => {
    const dir = copyFixture('commerce');
    const file = join(dir, 'domains/finance/blocks/weekly_revenue.svc');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {2}/g, '\n      '));
    expect(svc(['fmt', 'domains/finance/blocks/weekly_revenue.svc'], dir).code).toBe(0);
    const r = svc(['compile', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code)).not.toContain('compile/receipt-stale');
  });
});
