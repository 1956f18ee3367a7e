import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

describe('svc compile (child process)', () => {
  it('exits 0 on the commerce fixture and writes the manifest', () => {
    const dir = copyFixture('commerce');
    const r = svc(['compile'], join(dir, 'domains/finance'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/commerce: \d+ blocks from \d+ files, 0 errors, \d+ warnings?; wrote svc-manifest.json/);
    expect(JSON.parse(readFileSync(join(dir, 'svc-manifest.json'), 'utf8')).project).toBe('commerce');
    expect(svc(['compile', '--check'], dir).code).toBe(0);
  });

  it('exits 1 on errors, printing file:line:col severity code', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': 'block "a" {\n  status = "approved"\n  query = "SELECT 1"\n}\n' });
    const r = svc(['compile'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('domains/sales/blocks/a.svc:2:12 error compile/invalid-status');
    expect(r.stdout).toContain('  hint: ');
  });

  it('exits 1 with --check when the manifest is stale', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': blockSource('a') });
    expect(svc(['compile'], dir).code).toBe(0);
    writeFileSync(join(dir, 'domains/sales/blocks/b.svc'), blockSource('b'));
    const r = svc(['compile', '--check', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain('compile/manifest-stale');
  });

  it('exits 2 on a bad config, naming the JSON pointer', () => {
    const dir = makeProject({ 'svc.config.json': '{"project":"p","connections":{"default":{"driver":"oracle"}}}' });
    const r = svc(['compile', '--format', 'json'], dir);
    expect(r.code).toBe(2);
    const d = JSON.parse(r.stdout).diagnostics[0];
    expect(d).toMatchObject({ code: 'config/invalid', data: { pointer: '/connections/default/driver' } });
  });

  it('exits 2 on a bad flag, without a stack trace', () => {
    const r = svc(['compile', '--format', 'xml'], makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
  });

  it('exits 2 outside a project', () => {
    const r = svc(['compile'], makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('config/missing');
  });
});
