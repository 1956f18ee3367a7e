/**
 * `svc init` as a child process: what it writes, what it refuses (and that a refusal writes
 * nothing), and that the example project certifies and answers from its own warehouse.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

/** Every file under `dir` (relative, sorted), skipping node_modules and .svc. */
function tree(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? (e.name === '.svc' ? [] : tree(join(dir, e.name), `${prefix}${e.name}/`)) : [`${prefix}${e.name}`]))
    .sort();
}

const json = (args: string[], cwd: string) => {
  const run = svc([...args, '--format', 'json'], cwd);
  return {
    code: run.code,
    out: JSON.parse(run.stdout) as {
      ok: boolean;
      written: string[];
      diagnostics: Array<{ code: string; file?: string; data?: Record<string, unknown> }>;
      project: string;
    },
  };
};

describe('svc init: what it writes', () => {
  it.each([
    ['no example', [], ['.gitignore', '.pre-commit-config.yaml', 'svc-certifiers.json', 'svc.config.json']],
    [
      'example, domains layout',
      ['--example'],
      [
        '.gitignore',
        '.pre-commit-config.yaml',
        'data/warehouse.db',
        'domains/shop/blocks/monthly_revenue.svc',
        'svc-certifiers.json',
        'svc-contract-manifest.json',
        'svc.config.json',
      ],
    ],
    [
      'example, legacy layout',
      ['--example', '--layout', 'legacy'],
      [
        '.gitignore',
        '.pre-commit-config.yaml',
        'blocks/shop/monthly_revenue.svc',
        'data/warehouse.db',
        'svc-certifiers.json',
        'svc-contract-manifest.json',
        'svc.config.json',
      ],
    ],
  ])('%s', (_name, flags, files) => {
    const parent = makeProject({});
    const { code, out } = json(['init', 'my project', ...flags], parent);
    expect(code).toBe(0);
    expect(out.written).toEqual(files);
    expect(tree(join(parent, 'my project'))).toEqual(files);
    const config = JSON.parse(readFileSync(join(parent, 'my project/svc.config.json'), 'utf8'));
    expect(config.project).toBe('my-project');
    expect(config.$schema).toMatch(/svc\.config\.schema\.json$/);
    // Signed certification is the default: the local owner's key (kept outside the project) is the first certifier.
    expect(config.certification).toEqual({ rules: 'oss', signed: true });
    const certifiers = JSON.parse(readFileSync(join(parent, 'my project/svc-certifiers.json'), 'utf8'));
    expect(certifiers.versions).toHaveLength(1);
    expect(certifiers.versions[0].signers).toEqual([{ id: expect.any(String), key: expect.stringMatching(/^[\w-]{43}$/), may: ['*'] }]);
    expect(tree(join(parent, 'my project')).some((f) => f.endsWith('.pem'))).toBe(false);
    expect(readFileSync(join(parent, 'my project/.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['.svc/', 'node_modules/']));
  });

  it('writes a project that compiles clean, is formatted, and lints clean', () => {
    const root = makeProject({});
    expect(svc(['init', '--example'], root).code).toBe(0);
    const compiled = svc(['compile', '--format', 'json'], root);
    expect(compiled.code).toBe(0);
    expect(JSON.parse(compiled.stdout).diagnostics.filter((d: { severity: string }) => d.severity !== 'info')).toEqual([]);
    expect(svc(['fmt', '--check'], root).code).toBe(0);
    expect(svc(['lint'], root).code).toBe(0);
  });

  it('adds .svc/ to an existing .gitignore once, keeping its lines', () => {
    const root = makeProject({ '.gitignore': 'node_modules\n', 'package.json': '{}' });
    expect(svc(['init'], root).code).toBe(0);
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toBe('node_modules\n.svc/\n');
    const again = makeProject({ '.gitignore': 'dist\n.svc/\n' });
    expect(json(['init'], again).out.written).not.toContain('.gitignore');
    expect(readFileSync(join(again, '.gitignore'), 'utf8')).toBe('dist\n.svc/\n');
  });

  it('takes a folder holding only a package install (package.json, node_modules, lock file)', () => {
    const root = makeProject({ 'package.json': '{"name":"x"}', 'package-lock.json': '{}', 'node_modules/.keep': '' });
    expect(json(['init', '--example'], root).code).toBe(0);
  });
});

describe('svc init: refusals write nothing', () => {
  it.each([
    ['a folder with other files', { 'notes.txt': 'x', 'src/a.ts': '' }, [], 'init/not-empty'],
    ['an existing project, even with --force', { 'svc.config.json': '{"project":"p"}' }, ['--force'], 'init/already-a-project'],
    ['a file in the way, even with --force', { 'svc-contract-manifest.json': '{}' }, ['--example', '--force'], 'init/file-exists'],
    ['a warehouse in the way', { 'data/warehouse.db': 'x' }, ['--example', '--force'], 'init/file-exists'],
  ])('%s', (_name, files, flags, code) => {
    const root = makeProject(files as Record<string, string>);
    const before = tree(root).map((f) => [f, readFileSync(join(root, f), 'utf8')]);
    const run = json(['init', ...flags], root);
    expect(run.code).toBe(1);
    expect(run.out.diagnostics.map((d) => d.code)).toEqual([code]);
    expect(tree(root).map((f) => [f, readFileSync(join(root, f), 'utf8')])).toEqual(before);
  });

  it('adds the project beside other files with --force, overwriting none', () => {
    const root = makeProject({ 'notes.txt': 'keep me' });
    expect(svc(['init', '--force'], root).code).toBe(0);
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(existsSync(join(root, 'svc.config.json'))).toBe(true);
  });

  it('refuses a path that is a file', () => {
    const root = makeProject({ f: 'x' });
    const run = json(['init', 'f'], root);
    expect(run.out.diagnostics.map((d) => d.code)).toEqual(['init/not-a-folder']);
  });

  it('leaves the folder as it was when a write fails midway (the warehouse included)', () => {
    // A file named like the folder the block goes in: the plan sees no file in the way, and the
    // write fails after the warehouse is already in place.
    const root = makeProject({ domains: 'not a folder', '.gitignore': 'x\n' });
    const run = json(['init', '--example', '--force'], root);
    expect(run.code).toBe(1);
    expect(run.out.diagnostics.map((d) => d.code)).toEqual(['init/write-failed']);
    expect(tree(root)).toEqual(['.gitignore', 'domains']);
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toBe('x\n');
  });

  it.each([
    ['sqlite', { driver: 'sqlite', path: 'data/warehouse.db' }, 'load your data into the empty SQLite database data/warehouse.db'],
    ['duckdb', { driver: 'duckdb', path: 'data/warehouse.duckdb' }, 'load your data into the empty DuckDB database data/warehouse.duckdb'],
    [
      'postgresql',
      { driver: 'postgresql', host: 'localhost', port: 5432, database: 'shop', user: 'shop', passwordEnv: 'SVC_POSTGRES_PASSWORD' },
      'export SVC_POSTGRES_PASSWORD',
    ],
    ['clickhouse', { driver: 'clickhouse', host: 'localhost', port: 8123, passwordEnv: 'SVC_CLICKHOUSE_PASSWORD' }, 'export SVC_CLICKHOUSE_PASSWORD'],
  ])('scaffolds a %s connection that compiles, with no password in the file', (warehouse, connection, step) => {
    const parent = makeProject({});
    const run = svc(['init', 'shop', '--warehouse', warehouse], parent);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(step);
    const text = readFileSync(join(parent, 'shop/svc.config.json'), 'utf8');
    expect(JSON.parse(text).connections.default).toMatchObject(connection);
    expect(text).not.toMatch(/"password"/);
    expect(svc(['compile', '--format', 'json'], join(parent, 'shop')).code).toBe(0);
  });

  it('refuses --example with a warehouse other than SQLite, writing nothing', () => {
    const root = makeProject({});
    const run = json(['init', '--example', '--warehouse', 'duckdb'], root);
    expect(run.code).toBe(1);
    expect(run.out.diagnostics.map((d) => [d.code, d.data?.['warehouse']])).toEqual([['init/example-needs-sqlite', 'duckdb']]);
    expect(tree(root)).toEqual([]);
    expect(svc(['init', '--warehouse', 'oracle'], root).code).toBe(2);
  });

  it('exits 2 on a bad --layout', () => {
    const root = makeProject({});
    const run = svc(['init', '--layout', 'flat'], root);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).not.toMatch(/at .*\.js:\d+/);
    expect(tree(root)).toEqual([]);
  });
});

describe('svc init --example: the first hour', () => {
  it('compiles, certifies and answers a certified question with rows', () => {
    const root = makeProject({});
    expect(svc(['init', '--example'], root).code).toBe(0);
    expect(svc(['compile'], root).code).toBe(0);
    const certified = svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root);
    expect(certified.code).toBe(0);
    expect(svc(['compile'], root).code).toBe(0);
    const ask = svc(['agent', 'ask', 'What was revenue by month?', '--format', 'json'], root);
    expect(ask.code).toBe(0);
    const answer = JSON.parse(ask.stdout);
    expect([answer.tier, answer.trust, answer.block]).toEqual([1, 'certified', 'shop.monthly_revenue']);
    expect(answer.rows.length).toBeGreaterThanOrEqual(12);
  });
});

describe('counts in the singular', () => {
  it('says 1 block from 1 file', () => {
    const root = makeProject({});
    svc(['init', '--example'], root);
    expect(svc(['compile'], root).stdout).toMatch(/: 1 block from 1 file, 0 errors, 0 warnings; wrote svc-manifest.json/);
  });
});
