/**
 * svc compile --watch, in process: every report's manifest is byte-identical to a cold compile
 * of the same files, whatever changed (a block, a new or removed file, a companion, the config,
 * the contracts, the manifest itself), and a watch leaves a cache the next one-shot compile trusts.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_LOG } from '../../../src/compiler/manifest/manifest-log.js';
import { readManifest } from '../../../src/compiler/manifest/read-manifest.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { type CompileReport, CompileSession, type SessionOptions } from '../../../src/compiler/watch/compile-session.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const sessions: CompileSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

const QUIET: SessionOptions = { sweepAfterMs: 60_000, idleSweepMs: 60_000 };

function watching(root: string, timing: SessionOptions = QUIET, where: { project?: string; cwd?: string } = { project: root }) {
  const reports: CompileReport[] = [];
  let wake: (() => void) | undefined;
  const session = new CompileSession(
    where,
    (r) => {
      reports.push(r);
      wake?.();
    },
    timing,
  );
  sessions.push(session);
  session.start();
  /** The next report of `trigger` after those already seen. */
  const next = async (trigger: CompileReport['trigger'] = 'change'): Promise<CompileReport> => {
    let from = reports.length;
    for (;;) {
      const found = reports.slice(from).find((r) => r.trigger === trigger);
      if (found) return found;
      from = reports.length;
      await new Promise<void>((done) => (wake = done));
    }
  };
  return { session, reports, next };
}

/** The manifest a cold compile of the files as they are now would write. */
const cold = (root: string) => compileProject({ project: root, check: true, cache: false }).bytes?.toString('utf8');
const onDisk = (root: string) => readFileSync(join(root, 'svc-manifest.json'), 'utf8');
/** The manifest as svc's readers see it: svc-manifest.json with the watch's manifest log applied. */
const asRead = (root: string) => readManifest(root);
const SLOW_MOVERS = 'domains/catalog/blocks/slow_movers.svc';

function edit(root: string, rel: string, from: string, to: string): void {
  const text = readFileSync(join(root, rel), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(root, rel), text.replace(from, to));
}

describe('CompileSession', () => {
  it('answers an edited block by compiling that file alone', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    const pending = w.next();
    edit(root, SLOW_MOVERS, 'candidates for clearance', 'candidates for a clearance sale');
    const r = await pending;
    expect(r.result.stats).toMatchObject({ compiled: 1, reused: r.result.stats.files - 1 });
    expect(r.result.wrote).toBe(true);
    // The change is in the manifest as svc reads it (the file plus the manifest log) at once...
    expect(JSON.stringify(asRead(root))).toContain('candidates for a clearance sale');
    expect(asRead(root)).toEqual(JSON.parse(cold(root) as string));
    expect(existsSync(join(root, MANIFEST_LOG))).toBe(true);
    // ...and in svc-manifest.json itself once the session sweeps (on close at the latest).
    w.session.close();
    expect(onDisk(root)).toBe(cold(root));
    expect(existsSync(join(root, MANIFEST_LOG))).toBe(false);
  });

  it('picks up a new block file and a removed one', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    let pending = w.next();
    writeFileSync(join(root, 'domains/catalog/blocks/brand_new.svc'), blockSource('brand_new', { domain: '"catalog"' }));
    const added = (await pending).result;
    expect(added.stats.blocks).toBe(w.reports[0]!.result.stats.blocks + 1);
    // The new file alone is read, and the change goes to the manifest log like an edit's.
    expect(added.stats.compiled).toBe(1);
    expect(asRead(root).blocks).toHaveProperty(['catalog.brand_new']);
    pending = w.next();
    rmSync(join(root, SLOW_MOVERS));
    expect((await pending).result.stats.compiled).toBe(0);
    expect(asRead(root).blocks).not.toHaveProperty(['catalog.slow_movers']);
    expect(asRead(root)).toEqual(JSON.parse(cold(root) as string));
    w.session.close();
    expect(onDisk(root)).toBe(cold(root));
  });

  it('recompiles a block when its companion YAML changes', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    const pending = w.next();
    edit(root, 'semantic-layer/blocks/catalog/slow_movers.yaml', '  - inventory', '  - inventory\n  - clearance');
    expect((await pending).result.stats.compiled).toBe(1);
    expect(asRead(root)).toEqual(JSON.parse(cold(root) as string));
  });

  it.each([
    ['the config', 'svc.config.json', '"rules": "oss"', '"rules": "enterprise"'],
    ['the contract manifest', 'svc-contract-manifest.json', '"catalog.Product.category_sales", "version": 1', '"catalog.Product.category_sales", "version": 2'],
  ])('recompiles every block when %s changes', async (_what, rel, from, to) => {
    const root = copyFixture('commerce');
    const w = watching(root);
    const pending = w.next();
    edit(root, rel, from, to);
    const r = await pending;
    expect(r.result.stats.compiled).toBe(r.result.stats.files);
    expect(onDisk(root)).toBe(cold(root));
  });

  it('reads a schema snapshot taken while it watches (it lives in .svc/, which no watcher reports)', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    const snapshot = {
      format: 1,
      connections: { default: { driver: 'sqlite', target: 't', takenAt: '2026-01-01T00:00:00.000Z', truncated: false, tables: [] } },
    };
    mkdirSync(join(root, '.svc'), { recursive: true });
    writeFileSync(join(root, '.svc/schema-snapshot.json'), JSON.stringify(snapshot));
    const pending = w.next();
    edit(root, SLOW_MOVERS, 'candidates for clearance', 'candidates for a clearance sale');
    const r = await pending;
    // Every block reads a table the (empty) snapshot does not have: the whole project was recompiled against it.
    expect(r.result.stats.compiled).toBe(r.result.stats.files);
    expect(r.result.diagnostics.some((d) => d.code === 'sql/unknown-table')).toBe(true);
    expect(onDisk(root)).toBe(cold(root));
  });

  it('rewrites a hand-edited manifest on the next change instead of trusting it', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    writeFileSync(join(root, 'svc-manifest.json'), '{"tampered": true}\n');
    const pending = w.next();
    // Same bytes again: the compile's own output does not change, only the file on disk did.
    writeFileSync(join(root, SLOW_MOVERS), readFileSync(join(root, SLOW_MOVERS)));
    expect((await pending).result.wrote).toBe(true);
    expect(onDisk(root)).toBe(cold(root));
  });

  it('leaves a cache on close that the next one-shot compile reuses in full', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    const pending = w.next();
    edit(root, SLOW_MOVERS, 'candidates for clearance', 'clearance candidates');
    await pending;
    w.session.close();
    const again = compileProject({ project: root });
    expect(again.stats.compiled).toBe(0);
    expect(again.wrote).toBe(false);
    expect(onDisk(root)).toBe(cold(root));
  });

  it('sweeps: a contract manifest outside the project, which no watch covers, still reaches the manifest', async () => {
    const root = copyFixture('commerce');
    const outside = join(root, '..', `contracts-${root.split('/').pop()}.json`);
    writeFileSync(outside, readFileSync(join(root, 'svc-contract-manifest.json')));
    edit(root, 'svc.config.json', '"manifestPath": "svc-contract-manifest.json"', `"manifestPath": "../${outside.split('/').pop()}"`);
    try {
      const w = watching(root, { sweepAfterMs: 50, idleSweepMs: 100 });
      const before = onDisk(root);
      const pending = w.next('sweep');
      writeFileSync(
        outside,
        readFileSync(outside, 'utf8').replace('"catalog.Product.category_sales", "version": 1', '"catalog.Product.category_sales", "version": 2'),
      );
      expect((await pending).result.wrote).toBe(true);
      expect(onDisk(root)).not.toBe(before);
      expect(onDisk(root)).toBe(cold(root));
    } finally {
      rmSync(outside, { force: true });
    }
  });
});

describe('CompileSession, when the project misbehaves', () => {
  it('stays with the project it found when that project loses its config for a moment', async () => {
    const parent = makeProject({ 'svc.config.json': CONFIG });
    const root = join(parent, 'inner');
    cpSync(copyFixture('commerce'), root, { recursive: true });
    // Found from the working folder, as `svc compile --watch` run inside the project finds it.
    const w = watching(root, QUIET, { cwd: join(root, 'domains') });
    const pending = w.next();
    rmSync(join(root, 'svc.config.json'));
    const r = await pending;
    expect(r.result.root).toBe(root);
    expect(r.result.exitCode).toBe(2);
    expect(r.result.diagnostics.map((d) => d.code)).toEqual(['config/missing']);
  });

  it('reports a manifest it cannot write and recovers once it can', async () => {
    const root = copyFixture('commerce');
    const w = watching(root);
    rmSync(join(root, 'svc-manifest.json'));
    mkdirSync(join(root, 'svc-manifest.json'));
    let pending = w.next();
    edit(root, SLOW_MOVERS, 'candidates for clearance', 'clearance candidates');
    const failed = await pending;
    expect(failed.result.diagnostics.map((d) => d.code)).toContain('compile/manifest-unwritable');
    rmSync(join(root, 'svc-manifest.json'), { recursive: true });
    pending = w.next();
    // Same bytes again: the output is what the failed write held, and must still reach the disk.
    writeFileSync(join(root, SLOW_MOVERS), readFileSync(join(root, SLOW_MOVERS)));
    expect((await pending).result.wrote).toBe(true);
    expect(onDisk(root)).toBe(cold(root));
  });
});

describe('a warm compile', () => {
  it('trusts the watcher for files it does not name, and a compile without a hint checks them all', () => {
    const root = copyFixture('commerce');
    const first = compileProject({ project: root, keepWarm: true });
    edit(root, SLOW_MOVERS, 'candidates for clearance', 'clearance candidates');
    const hinted = compileProject({ project: root, keepWarm: true, warm: { ...first.next!, changed: new Set(['svc.config.json']) } });
    expect(hinted.stats.compiled).toBe(0);
    const swept = compileProject({ project: root, warm: hinted.next! });
    expect(swept.stats.compiled).toBe(1);
    expect(onDisk(root)).toBe(cold(root));
  });
});
