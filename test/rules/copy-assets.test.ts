/**
 * scripts/copy-assets.mjs, run as a real child process on a scratch project: schemas and
 * built-in policies are mirrored into dist/, nothing else is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/copy-assets.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'svc-copy-assets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(rel: string, text = '{}'): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

describe('copy-assets', () => {
  it('mirrors src/**/schemas/*.json and src/rules/policies/*.json into dist/src', () => {
    put('src/compiler/schemas/config.schema.json', '{"a":1}');
    put('src/rules/schemas/policy.schema.json');
    put('src/rules/policies/block.lint.json', '{"policy":"block.lint"}');
    put('src/rules/policies/drafts/ignored.json');
    put('src/rules/other.json');
    put('src/rules/built-in-policies.ts', 'export {};');
    put('dist/src/rules/policies/block.lint.json', '{"stale":true}');
    execFileSync(process.execPath, [SCRIPT, '--root', root], { stdio: 'pipe' });
    const copied = (rel: string) => existsSync(join(root, 'dist', rel));
    expect(readFileSync(join(root, 'dist/src/compiler/schemas/config.schema.json'), 'utf8')).toBe('{"a":1}');
    expect(copied('src/rules/schemas/policy.schema.json')).toBe(true);
    expect(readFileSync(join(root, 'dist/src/rules/policies/block.lint.json'), 'utf8')).toBe('{"policy":"block.lint"}');
    expect(copied('src/rules/policies/drafts/ignored.json')).toBe(false);
    expect(copied('src/rules/other.json')).toBe(false);
    expect(copied('src/rules/built-in-policies.ts')).toBe(false);
  });

  it('exits 2 without a src folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'svc-copy-assets-empty-'));
    try {
      execFileSync(process.execPath, [SCRIPT, '--root', empty], { stdio: 'pipe' });
      expect.unreachable();
    } catch (e) {
      expect((e as { status: number }).status).toBe(2);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
