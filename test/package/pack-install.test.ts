/**
 * The package as a user installs it: `npm pack` this repository (the build `npm test` made),
 * install the tarball into a fresh folder outside the repository, and run `svc init --example`,
 * `svc compile`, `svc certify` and `svc agent ask` there through `npx svc`, as the README says.
 * The install builds better-sqlite3 from source, so this file takes a minute or two.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'svc-pack-'));
const project = join(work, 'analytics');

// npm passes its own settings to the scripts it runs (npm_config_*, the folder npm test ran
// in); a child npm must see none of them, or it would install into this repository.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 540_000 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

const npx = (args: string[]) => run('npx', ['--no-install', 'svc', ...args], project);
let install = { code: -1, stdout: '', stderr: '' };

beforeAll(() => {
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], REPO);
  expect(packed.code, packed.stderr).toBe(0);
  const tarball = join(work, packed.stdout.trim().split('\n').pop()!);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "analytics", "private": true }\n');
  install = run('npm', ['install', '-D', tarball, '--no-audit', '--no-fund', '--prefer-offline'], project);
  expect(install.code, install.stderr).toBe(0);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('installed from the packed tarball, outside the repository', () => {
  it('installs on Node 20 without an engine warning, and runs as svc', () => {
    expect(install.stderr).not.toMatch(/EBADENGINE/);
    const version = npx(['--version']);
    expect([version.code, version.stdout.trim()]).toEqual([0, VERSION]);
  });

  it('init --example, compile, certify and ask: a certified answer with rows', () => {
    expect(npx(['init', '--example']).code).toBe(0);
    expect(npx(['compile']).code).toBe(0);
    const certified = npx(['certify', 'shop.monthly_revenue', '--format', 'json']);
    expect(certified.code, certified.stdout).toBe(0);
    expect(npx(['compile']).code).toBe(0);
    const ask = npx(['agent', 'ask', 'What was revenue by month?', '--format', 'json']);
    expect(ask.code, ask.stdout + ask.stderr).toBe(0);
    const answer = JSON.parse(ask.stdout) as { tier: number; trust: string; rows: unknown[] };
    expect([answer.tier, answer.trust]).toEqual([1, 'certified']);
    expect(answer.rows.length).toBeGreaterThan(0);
  });

  it('exports the library and the host surface to a plain ESM script', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      "import { buildServer } from 'svc-toolchain';\nimport { hostedStatementRefusal } from 'svc-toolchain/host';\nconsole.log(typeof buildServer, hostedStatementRefusal('DELETE FROM t', 'sqlite', [], { readOnly: true }) !== undefined);\n",
    );
    const used = run(process.execPath, ['use.mjs'], project);
    expect([used.code, used.stdout.trim()]).toEqual([0, 'function true']);
  });

  it('exports the schemas, and the $schema svc init wrote resolves in the installed package', () => {
    writeFileSync(
      join(project, 'schemas.mjs'),
      "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconsole.log(require('svc-toolchain/schemas/ask-output.schema.json').$id);\n",
    );
    const used = run(process.execPath, ['schemas.mjs'], project);
    expect([used.code, used.stdout.trim()]).toEqual([0, 'https://svc.dev/schemas/ask-output.schema.json']);
    const config = JSON.parse(readFileSync(join(project, 'svc.config.json'), 'utf8')) as { $schema: string };
    const target = JSON.parse(readFileSync(join(project, config.$schema), 'utf8')) as { $id: string };
    expect(target.$id).toBe('https://svc.dev/schemas/svc.config.schema.json');
  });
});
