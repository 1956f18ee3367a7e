/**
 * The quick lane of a one-shot compile: after every kind of change the manifest on disk is the
 * one a cold compile writes, the lane answers only the changes confined to a file's own lines,
 * and whatever it cannot prove it leaves to the ordinary compile.
 */
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canVouch, QUICK_FILE, settledMemo, type TakenMemo, vouches } from '../../../src/compiler/cache/quick-index.js';
import type { StatMemo } from '../../../src/compiler/cache/stat-memo.js';
import { statMemo } from '../../../src/compiler/cache/stat-memo.js';
import { type CompileResult, compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { atomicWrite } from '../../../src/compiler/write-file.js';
import { blockSource, cleanupProjects, copyFixture, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const SLOW_MOVERS = 'domains/catalog/blocks/slow_movers.svc';
const NOISY = 'domains/catalog/blocks/noisy.svc';
// A block with an unknown field: its file has a warning, so the diagnostics section is not empty.
const NOISY_TEXT =
  'block "noisy" {\n  domain = "catalog"\n  status = "draft"\n  owner = "team@example.test"\n  colour = "red"\n  description = "Noisy."\n  query = """\n    SELECT 1 AS one\n  """\n}\n';

const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');

function edit(root: string, rel: string, from: string | RegExp, to: string): void {
  const text = read(root, rel);
  expect(text).toMatch(from);
  writeFileSync(join(root, rel), text.replace(from, to));
}

/** The compile now, and what a cold compile of the same files says. */
function compileBoth(root: string): { r: CompileResult; cold: CompileResult } {
  const r = compileProject({ project: root });
  const cold = compileProject({ project: root, check: true, cache: false });
  return { r, cold };
}

function expectCold(root: string, r: CompileResult, cold: CompileResult): void {
  expect(read(root, 'svc-manifest.json')).toBe(cold.text);
  expect(JSON.parse(JSON.stringify(r.diagnostics))).toEqual(JSON.parse(JSON.stringify(cold.diagnostics)));
  expect(r.exitCode).toBe(cold.exitCode);
  expect(r.stats.blocks).toBe(cold.stats.blocks);
}

type Step = [name: string, change: (root: string) => void, quick: boolean];

let n = 0;
const describeEdit = (root: string) => edit(root, SLOW_MOVERS, /description = "/, `description = "Edit ${(n += 1)}. `);

const STEPS: Step[] = [
  ['an edited description', describeEdit, true],
  ['a block file touched but not changed', (root) => utimesSync(join(root, SLOW_MOVERS), new Date(), new Date()), true],
  ['a same-size edit', (root) => edit(root, SLOW_MOVERS, 'clearance', 'Clearance'), true],
  ['an edit after the warning in a noisy file', (root) => edit(root, NOISY, 'Noisy.', 'Noisier still.'), true],
  ['an edit that moves the warning', (root) => edit(root, NOISY, 'status = "draft"', 'status  =  "draft"'), false],
  ['an edited description again', describeEdit, true],
  ['a query reading another table', (root) => edit(root, SLOW_MOVERS, 'FROM products p', 'FROM products p CROSS JOIN customers c'), false],
  ['a syntax error', (root) => edit(root, SLOW_MOVERS, 'tags = [', 'tags = [[ '), false],
  ['the syntax error fixed', (root) => edit(root, SLOW_MOVERS, 'tags = [[ ', 'tags = ['), false],
  ['an edited description after a fix', describeEdit, true],
  ['a new block file', (root) => writeFileSync(join(root, 'domains/catalog/blocks/brand_new.svc'), blockSource('brand_new', { domain: '"catalog"' })), false],
  ['a removed block file', (root) => rmSync(join(root, 'domains/catalog/blocks/brand_new.svc')), false],
  ['an edited App', (root) => edit(root, 'apps/growth/svc.app.json', /"title": "/, '"title": "Edited '), false],
  ['an edited description after an App edit', describeEdit, true],
  ['an edited config', (root) => edit(root, 'svc.config.json', '"project": "commerce"', '"project":  "commerce"'), false],
  ['an edited contract manifest', (root) => writeFileSync(join(root, 'svc-contract-manifest.json'), `${read(root, 'svc-contract-manifest.json')}\n`), false],
  // The contract edit made that compile cold, and a cold compile leaves the index to the next one.
  ['an edited description after a cold compile', describeEdit, false],
  ['an edited description last', describeEdit, true],
];

describe('quick lane', () => {
  let root = '';
  beforeAll(() => {
    root = copyFixture('commerce');
    writeFileSync(join(root, NOISY), NOISY_TEXT);
    expect(compileProject({ project: root }).quick).toBeUndefined();
    // A cold compile leaves the index to the first recompile.
    expect(existsSync(join(root, QUICK_FILE))).toBe(false);
    expect(compileProject({ project: root }).quick).toBeUndefined();
    expect(existsSync(join(root, QUICK_FILE))).toBe(true);
  });

  it.each(STEPS)("after %s the manifest is a cold compile's", (_, change, quick) => {
    change(root);
    const { r, cold } = compileBoth(root);
    expectCold(root, r, cold);
    expect(r.quick ?? false).toBe(quick);
    if (quick) expect(r.stats.compiled).toBeLessThanOrEqual(1);
  });

  it('reports a stale manifest with --check and writes nothing', () => {
    describeEdit(root);
    const before = read(root, 'svc-manifest.json');
    const index = read(root, QUICK_FILE);
    const r = compileProject({ project: root, check: true });
    expect(r).toMatchObject({ quick: true, stale: true, exitCode: 1 });
    expect(r.diagnostics.map((d) => d.code)).toContain('compile/manifest-stale');
    expect(read(root, 'svc-manifest.json')).toBe(before);
    expect(read(root, QUICK_FILE)).toBe(index);
    expect(compileProject({ project: root }).wrote).toBe(true);
    expect(compileProject({ project: root, check: true })).toMatchObject({ quick: true, stale: false, exitCode: 0 });
  });

  it('leaves a hand-edited manifest (same size, mtime put back) to the ordinary compile', () => {
    const path = join(root, 'svc-manifest.json');
    const text = read(root, 'svc-manifest.json');
    const { mtime } = statSync(path);
    writeFileSync(path, text.replace('"commerce"', '"commercX"'));
    utimesSync(path, mtime, mtime);
    const { r, cold } = compileBoth(root);
    expect(r.quick).toBeUndefined();
    expectCold(root, r, cold);
  });

  it('keeps the compile cache warm: a new file after quick compiles costs one file', () => {
    compileProject({ project: root }); // after the hand-edited manifest's cold compile: writes the index
    describeEdit(root);
    expect(compileProject({ project: root }).quick).toBe(true);
    writeFileSync(join(root, 'domains/catalog/blocks/late.svc'), blockSource('late', { domain: '"catalog"' }));
    const { r, cold } = compileBoth(root);
    expect(r.quick).toBeUndefined();
    expect(r.stats.compiled).toBe(1);
    expectCold(root, r, cold);
  });
});

describe('quick index', () => {
  it('is not written for a project with duplicate block ids, and such a project still compiles right', () => {
    const root = copyFixture('commerce');
    writeFileSync(join(root, 'domains/catalog/blocks/twin.svc'), read(root, SLOW_MOVERS));
    compileProject({ project: root });
    compileProject({ project: root });
    expect(existsSync(join(root, QUICK_FILE))).toBe(false);
    edit(root, SLOW_MOVERS, /description = "/, 'description = "Twin edit. ');
    const { r, cold } = compileBoth(root);
    expect(r.quick).toBeUndefined();
    expectCold(root, r, cold);
  });

  it('is removed when the manifest is compiled without a cache', () => {
    const root = copyFixture('commerce');
    compileProject({ project: root });
    compileProject({ project: root });
    expect(existsSync(join(root, QUICK_FILE))).toBe(true);
    describeEdit(root);
    compileProject({ project: root, cache: false });
    describeEdit(root);
    const { r, cold } = compileBoth(root);
    expect(r.quick).toBeUndefined();
    expectCold(root, r, cold);
  });
});

describe('vouches (a settled manifest memo)', () => {
  const memo: StatMemo = { size: 100, mtimeNs: '1700000000123456789', ctimeNs: '1700000000123456789', ino: '42' };
  const whole: StatMemo = { ...memo, mtimeNs: '1700000000000000000', ctimeNs: '1700000000000000000' };
  const at = (m: StatMemo, takenAt: string): TakenMemo => [[m.size, m.mtimeNs, m.ctimeNs, m.ino], takenAt];
  const later = (m: StatMemo, ns: bigint) => String(BigInt(m.ctimeNs) + ns);
  it.each<[string, TakenMemo, StatMemo | null, boolean]>([
    ['the same file, memo taken after a tick', at(memo, later(memo, 50_000_000n)), memo, true],
    ['the same file, memo taken within the tick', at(memo, later(memo, 5_000_000n)), memo, false],
    ['another size', at(memo, later(memo, 50_000_000n)), { ...memo, size: 101 }, false],
    ['another mtime', at(memo, later(memo, 50_000_000n)), { ...memo, mtimeNs: '1700000000123456790' }, false],
    ['another ctime (mtime put back)', at(memo, later(memo, 50_000_000n)), { ...memo, ctimeNs: '1700000000200000000' }, false],
    ['another inode (replaced by rename)', at(memo, later(memo, 50_000_000n)), { ...memo, ino: '43' }, false],
    ['a file that is gone', at(memo, later(memo, 50_000_000n)), null, false],
    ['whole-second times, memo a second later', at(whole, later(whole, 1_000_000_000n)), whole, false],
    ['whole-second times, memo three seconds later', at(whole, later(whole, 3_000_000_000n)), whole, true],
  ])('%s', (_, taken, now, expected) => {
    expect(vouches(taken, now)).toBe(expected);
  });

  it('tells the compile cache when the manifest must be hashed instead (whole-second times)', () => {
    expect(canVouch(at(memo, later(memo, 50_000_000n)))).toBe(true);
    expect(canVouch(at(whole, later(whole, 3_000_000_000n)))).toBe(false);
    expect(canVouch(undefined)).toBe(false);
  });
});

describe('settledMemo (the memo a compile records for the manifest it wrote or confirmed)', () => {
  it('vouches for the file this compile wrote, once a tick has passed', () => {
    const path = join(makeProject({}), 'm.json');
    const ino = atomicWrite(path, 'ours');
    const taken = settledMemo(path, { ino });
    expect(taken).toBeDefined();
    expect(vouches(taken as TakenMemo, statMemo(path))).toBe(true);
  });

  it('refuses when a concurrent writer replaced the file after this compile wrote it', () => {
    const path = join(makeProject({}), 'm.json');
    const ino = atomicWrite(path, 'ours');
    atomicWrite(path, 'theirs');
    expect(settledMemo(path, { ino })).toBeUndefined();
  });

  it('refuses when the file it confirmed without writing changed since it was read', () => {
    const path = join(makeProject({ 'm.json': 'same' }), 'm.json');
    const before = statMemo(path);
    writeFileSync(path, 'edit');
    expect(before).not.toBeNull();
    expect(settledMemo(path, { memo: before as StatMemo })).toBeUndefined();
    expect(settledMemo(path, { memo: statMemo(path) as StatMemo })).toBeDefined();
  });

  it('stops vouching when the file is written again, even with the same size', () => {
    const path = join(makeProject({}), 'm.json');
    const taken = settledMemo(path, { ino: atomicWrite(path, 'aaaa') }) as TakenMemo;
    writeFileSync(path, 'bbbb');
    expect(vouches(taken, statMemo(path))).toBe(false);
  });
});
