import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_FILE, JOURNAL_FILE } from '../../src/compiler/cache/compile-cache.js';
import { QUICK_FILE } from '../../src/compiler/cache/quick-index.js';
import { compileProject, MANIFEST_FILE } from '../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../src/compiler/types.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

function codes(r: { diagnostics: Array<{ code: string }> }): string[] {
  return r.diagnostics.map((d) => d.code);
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out[relative(dir, abs)] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('compile the commerce fixture', () => {
  const dir = copyFixture('commerce');
  const first = compileProject({ project: dir });
  const manifest = JSON.parse(first.text ?? '{}') as Manifest;

  it('indexes every block by <domain>.<name> with lineage and apps', () => {
    expect(first.exitCode).toBe(0);
    expect(Object.keys(manifest.blocks).length).toBeGreaterThanOrEqual(15);
    expect(manifest.blocks['finance.weekly_revenue']).toMatchObject({
      status: 'certified',
      tables: ['calendar', 'orders'],
      tablesFrom: 'lexer',
      contract: { status: 'resolved' },
    });
    expect(manifest.blocks['sales.orders_by_state']).toMatchObject({ status: 'draft', inDrafts: true, askedTimes: 3 });
    expect(manifest.lineage).toContainEqual({ block: 'finance.weekly_revenue', table: 'orders' });
    expect(Object.keys(manifest.apps)).toEqual(['growth']);
    expect(manifest.contracts.loaded).toBe(true);
  });

  it('writes one line per block, the same bytes every time, with no timestamps', () => {
    const onDisk = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
    expect(onDisk).toBe(first.text);
    const lines = onDisk.slice(onDisk.indexOf('\n  "blocks": {'), onDisk.indexOf('\n  "apps": ')).split('\n');
    for (const id of Object.keys(manifest.blocks)) expect(lines.filter((l) => l.startsWith(`    ${JSON.stringify(id)}: {`))).toHaveLength(1);
    const again = compileProject({ project: dir });
    expect(again.text).toBe(first.text);
    expect(again.wrote).toBe(false);
    rmSync(join(dir, '.svc'), { recursive: true });
    rmSync(join(dir, MANIFEST_FILE));
    const cold = compileProject({ project: dir, cache: false });
    expect(cold.text).toBe(first.text);
    // Every date-time in the manifest comes from a project file (receipts, draft provenance), never the clock.
    const sources = Object.keys(tree(dir))
      .filter((f) => !f.startsWith('.svc') && f !== MANIFEST_FILE)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    for (const stamp of onDisk.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/g) ?? []) expect(sources).toContain(stamp);
  });

  it('--check passes on a fresh manifest and fails on a stale one without writing', () => {
    expect(compileProject({ project: dir, check: true }).exitCode).toBe(0);
    const file = join(dir, 'domains/sales/blocks/channel_mix.svc');
    writeFileSync(file, readFileSync(file, 'utf8').replace('status = "certified"', 'status = "review"'));
    const before = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
    const r = compileProject({ project: dir, check: true });
    expect(r.exitCode).toBe(1);
    expect(codes(r)).toContain('compile/manifest-stale');
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toBe(before);
  });
});

describe('compile cache', () => {
  function setup() {
    const files: Record<string, string> = { 'svc.config.json': CONFIG, 'svc-contract-manifest.json': '{"version":1,"contracts":[]}' };
    for (let i = 0; i < 6; i++) files[`domains/sales/blocks/b${i}.svc`] = blockSource(`b${i}`);
    return makeProject(files);
  }

  it('reuses unchanged files and recompiles a changed one, matching a cold compile', () => {
    const dir = setup();
    compileProject({ project: dir });
    const file = join(dir, 'domains/sales/blocks/b3.svc');
    writeFileSync(file, blockSource('b3', { description: '"Changed."' }));
    const warm = compileProject({ project: dir });
    expect(warm.stats).toMatchObject({ files: 6, compiled: 1, reused: 5 });
    const cold = compileProject({ project: dir, cache: false, check: true });
    expect(cold.stale).toBe(false);
    expect(JSON.parse(warm.text ?? '{}').blocks['sales.b3'].description).toBe('Changed.');
  });

  it('sees a same-size edit whose modification time was put back', () => {
    const dir = setup();
    const file = join(dir, 'domains/sales/blocks/b1.svc');
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, old, old);
    compileProject({ project: dir });
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('A block.', 'B block.'));
    utimesSync(file, old, old);
    expect(statSync(file).size).toBe(Buffer.byteLength(text));
    const r = compileProject({ project: dir });
    expect(JSON.parse(r.text ?? '{}').blocks['sales.b1'].description).toBe('B block.');
  });

  it('sees companion and contract manifest changes', () => {
    const dir = setup();
    compileProject({ project: dir });
    mkdirSync(join(dir, 'semantic-layer/blocks/sales'), { recursive: true });
    const companion = join(dir, 'semantic-layer/blocks/sales/b2.yaml');
    writeFileSync(companion, 'reviewStatus: certified\n');
    expect(codes(compileProject({ project: dir }))).toContain('compile/companion-status-mismatch');
    writeFileSync(join(dir, 'svc-contract-manifest.json'), '{"version":1,"contracts":[{"id":"a.B.c","version":1}]}');
    expect(compileProject({ project: dir }).stats.reused).toBe(0);
  });

  it('never takes block text from a hand-edited manifest', () => {
    const dir = setup();
    const good = compileProject({ project: dir }).text ?? '';
    const manifestPath = join(dir, MANIFEST_FILE);
    writeFileSync(manifestPath, good.replace('"A block."', '"X block."'));
    const r = compileProject({ project: dir });
    expect(r.text).toBe(good);
    expect(readFileSync(manifestPath, 'utf8')).toBe(good);
  });

  it('survives a corrupt cache file', () => {
    const dir = setup();
    const good = compileProject({ project: dir }).text;
    writeFileSync(join(dir, CACHE_FILE), '{"format":"svc-compile-cache/2",');
    expect(compileProject({ project: dir }).text).toBe(good);
  });
});

describe('bad input', () => {
  const base = { 'svc.config.json': CONFIG };
  const cases: Array<[string, Record<string, string | Uint8Array>, string[]]> = [
    ['empty project', base, ['compile/empty-project']],
    ['non-UTF-8 bytes', { ...base, 'domains/s/blocks/a.svc': Buffer.from([0x62, 0x6c, 0xff, 0xfe]) }, ['file/not-utf8']],
    ['5 MB block file', { ...base, 'domains/s/blocks/a.svc': `// ${'x'.repeat(5 * 1024 * 1024)}\n` }, ['file/too-large']],
    ['deeply nested arrays', { ...base, 'domains/s/blocks/a.svc': `block "a" { tags = ${'['.repeat(50_000)} }` }, []],
    ['duplicate ids', { ...base, 'domains/sales/blocks/a.svc': blockSource('a'), 'domains/sales/blocks/b.svc': blockSource('a') }, ['compile/duplicate-block']],
  ];
  it.each(cases)('%s', (_name, files, expected) => {
    const dir = makeProject(files);
    const before = tree(dir);
    const r = compileProject({ project: dir });
    for (const code of expected) expect(codes(r)).toContain(code);
    const after = tree(dir);
    const changed = Object.keys(after)
      .filter((k) => after[k] !== before[k])
      .sort();
    expect(changed.every((k) => k === MANIFEST_FILE || k.startsWith('.svc/cache/'))).toBe(true);
  });

  it('parses a deeply nested file to a diagnostic, not a crash', () => {
    const dir = makeProject({ ...base, 'domains/s/blocks/a.svc': `block "a" { tags = ${'['.repeat(50_000)} }` });
    const r = compileProject({ project: dir });
    expect(r.diagnostics.some((d) => d.code.startsWith('parse/'))).toBe(true);
  });

  it('exits 2 without a config', () => {
    const r = compileProject({ cwd: makeProject({ 'domains/s/blocks/a.svc': '' }) });
    expect(r.exitCode).toBe(2);
    expect(codes(r)).toEqual(['config/missing']);
  });

  it('reports a symlink loop and still compiles', () => {
    const dir = makeProject({ ...base, 'domains/sales/blocks/a.svc': blockSource('a') });
    symlinkSync(join(dir, 'domains'), join(dir, 'domains/sales/blocks/up'));
    const r = compileProject({ project: dir });
    expect(codes(r)).toContain('file/symlink-loop');
    expect(JSON.parse(r.text ?? '{}').blocks['sales.a']).toBeDefined();
  });

  it('reports a manifest it cannot write (a folder in its place) as a diagnostic, exit 1', () => {
    const dir = makeProject({ ...base, 'domains/sales/blocks/a.svc': blockSource('a') });
    mkdirSync(join(dir, MANIFEST_FILE));
    const r = compileProject({ project: dir });
    expect(r.exitCode).toBe(1);
    expect(r.wrote).toBe(false);
    expect(r.diagnostics.find((d) => d.code === 'compile/manifest-unwritable')).toMatchObject({ file: MANIFEST_FILE, data: { reason: 'EISDIR' } });
    expect(statSync(join(dir, MANIFEST_FILE)).isDirectory()).toBe(true);
    expect(readdirSync(dir).filter((n) => n.includes('.tmp'))).toEqual([]);
  });

  it('warns once when there is no contract manifest and resolves nothing', () => {
    const r = compileProject({ project: copyFixture('legacy') });
    expect(codes(r).filter((c) => c === 'compile/contract-manifest-missing')).toHaveLength(1);
    const m = JSON.parse(r.text ?? '{}') as Manifest;
    expect(m.blocks['finance.daily_revenue']?.contract?.status).toBe('unchecked');
    expect(m.blocks['sales.monthly_summary']).toBeDefined();
    expect(m.blocks['finance.monthly_summary']).toBeDefined();
  });
});

describe('the missing contract manifest is said only where contracts are used', () => {
  const withPath = JSON.stringify({ ...JSON.parse(CONFIG), contracts: { manifestPath: 'contracts.json' } });
  it.each([
    ['no block declares a contract', { 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': blockSource('a') }, 0],
    ['a block declares svc_contract', { 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': blockSource('a', { svc_contract: '"sales.Order.a@1"' }) }, 1],
    ['the config names a manifest path', { 'svc.config.json': withPath, 'domains/sales/blocks/a.svc': blockSource('a') }, 1],
  ])('%s: said %i time(s), and as often on the next compile', (_name, files, times) => {
    const dir = makeProject(files);
    for (const run of [1, 2]) {
      const r = compileProject({ project: dir });
      expect(
        codes(r).filter((c) => c === 'compile/contract-manifest-missing'),
        `compile ${run}`,
      ).toHaveLength(times);
    }
  });
});

describe('validated documents on a warm run', () => {
  it('validates a config again as soon as its text changes', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': blockSource('a') });
    expect(compileProject({ project: dir }).exitCode).toBe(0);
    expect(compileProject({ project: dir }).exitCode).toBe(0);
    writeFileSync(join(dir, 'svc.config.json'), '{"project":"demo","colour":"blue"}');
    const r = compileProject({ project: dir });
    expect(r.exitCode).toBe(2);
    expect(codes(r)).toEqual(['config/invalid']);
  });

  it('validates a contract manifest again as soon as its text changes', () => {
    const dir = makeProject({
      'svc.config.json': CONFIG,
      'svc-contract-manifest.json': '{"version":1,"contracts":[]}',
      'domains/sales/blocks/a.svc': blockSource('a'),
    });
    compileProject({ project: dir });
    compileProject({ project: dir });
    writeFileSync(join(dir, 'svc-contract-manifest.json'), '{"version":2,"contracts":[]}');
    expect(codes(compileProject({ project: dir }))).toContain('compile/contract-manifest-invalid');
  });
});

describe('cache journal', () => {
  function setup() {
    const files: Record<string, string> = { 'svc.config.json': CONFIG };
    for (let i = 0; i < 5; i++) files[`domains/sales/blocks/b${i}.svc`] = blockSource(`b${i}`);
    return makeProject(files);
  }
  const journal = (dir: string): string[] => {
    try {
      return readFileSync(join(dir, JOURNAL_FILE), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };

  it('appends one line per compile that changed something, and reuses across it', () => {
    const dir = setup();
    compileProject({ project: dir });
    expect(journal(dir)).toHaveLength(0);
    writeFileSync(join(dir, 'domains/sales/blocks/b2.svc'), blockSource('b2', { description: '"Two."' }));
    compileProject({ project: dir });
    expect(journal(dir)).toHaveLength(1);
    writeFileSync(join(dir, 'domains/sales/blocks/b4.svc'), blockSource('b4', { description: '"Four."' }));
    const r = compileProject({ project: dir });
    expect(r.stats).toMatchObject({ compiled: 1, reused: 4 });
    expect(journal(dir)).toHaveLength(2);
    const again = compileProject({ project: dir });
    expect(again.stats.reused).toBe(5);
    expect(again.wrote).toBe(false);
    expect(compileProject({ project: dir, cache: false, check: true }).stale).toBe(false);
  });

  it('records removed files and App-only changes', () => {
    const dir = setup();
    compileProject({ project: dir });
    rmSync(join(dir, 'domains/sales/blocks/b0.svc'));
    expect(compileProject({ project: dir }).stats).toMatchObject({ files: 4, reused: 4 });
    mkdirSync(join(dir, 'apps/ops/dashboards'), { recursive: true });
    writeFileSync(join(dir, 'apps/ops/svc.app.json'), '{"id":"ops","pages":[]}');
    expect(compileProject({ project: dir }).wrote).toBe(true);
    const next = compileProject({ project: dir });
    expect(next.stats.reused).toBe(4);
  });

  it('stops at a torn line and compiles cold rather than trusting it', () => {
    const dir = setup();
    compileProject({ project: dir });
    writeFileSync(join(dir, 'domains/sales/blocks/b1.svc'), blockSource('b1', { description: '"One."' }));
    compileProject({ project: dir });
    const lines = journal(dir);
    writeFileSync(join(dir, JOURNAL_FILE), `${lines.join('\n').slice(0, -20)}`);
    // Without the quick index the compile cache alone decides (the quick lane never reads the journal).
    rmSync(join(dir, QUICK_FILE));
    const r = compileProject({ project: dir });
    expect(r.stats.reused).toBe(0);
    expect(JSON.parse(r.text ?? '{}').blocks['sales.b1'].description).toBe('One.');
  });

  it('folds the journal into a snapshot once it is long', () => {
    const dir = setup();
    compileProject({ project: dir });
    for (let i = 0; i < 70; i++) {
      writeFileSync(join(dir, 'domains/sales/blocks/b3.svc'), blockSource('b3', { description: `"Edit ${i}."` }));
      compileProject({ project: dir });
    }
    expect(journal(dir).length).toBeLessThan(64);
    expect(compileProject({ project: dir, cache: false, check: true }).stale).toBe(false);
  });
});
