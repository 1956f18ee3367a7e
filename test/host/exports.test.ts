/**
 * `import { ... } from 'svc-toolchain/host'` from a plain Node ESM script, as an installed package is
 * used: a temporary project whose node_modules/svc-toolchain links to this package. Needs the build
 * (`npm test` builds first through pretest); nothing here builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');
const BUILT = join(PACKAGE_ROOT, 'dist/src/host.js');

const SCRIPT = `
import { hostedStatementRefusal, lexStatement, knownLexicon, UnreadableStatement, sqlFingerprint } from 'svc-toolchain/host';
let unreadable = null;
try { lexStatement("SELECT 'open", 'postgresql'); } catch (error) { unreadable = error instanceof UnreadableStatement ? error.reason : 'other'; }
console.log(JSON.stringify({
  refusal: hostedStatementRefusal("SELECT * FROM read_csv('/etc/passwd')", 'duckdb', [], { readOnly: true }),
  pass: hostedStatementRefusal('SELECT 1', 'duckdb', [], { readOnly: true }),
  tokens: lexStatement('SELECT 1', 'mysql').length,
  lexicon: knownLexicon('postgresql').driver,
  unreadable,
  fingerprint: sqlFingerprint('select 1', 'sqlite').startsWith('sha256:'),
}));
`;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('svc-toolchain/host export', () => {
  it('works from a plain Node ESM script after install', () => {
    expect(existsSync(BUILT), 'dist/src/host.js is missing: run npm run build (npm test does)').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'svc-host-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(PACKAGE_ROOT, join(dir, 'node_modules', 'svc-toolchain'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(join(dir, 'check.mjs'), SCRIPT);
    const run = spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      refusal: { code: 'ROW_POLICY_REFUSED', reason: 'file-reader', message: expect.any(String) },
      pass: null,
      tokens: 2,
      lexicon: 'postgresql',
      unreadable: 'unterminated-string',
      fingerprint: true,
    });
  });
});
