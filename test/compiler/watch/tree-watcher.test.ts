/** The folder watcher reports changed project paths in batches and never the compiler's own files. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TreeWatcher } from '../../../src/compiler/watch/tree-watcher.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

let watcher: TreeWatcher | undefined;
afterEach(() => watcher?.close());

/** Watches `root`, collecting every batch; `next()` waits for the next batch. */
function watchRoot(root: string) {
  const batches: Set<string>[] = [];
  let wake: (() => void) | undefined;
  watcher = new TreeWatcher(root, (changed) => {
    batches.push(new Set(changed));
    wake?.();
  }, 20);
  watcher.start();
  const next = async (): Promise<Set<string>> => {
    const seen = batches.length;
    while (batches.length === seen) await new Promise<void>((done) => (wake = done));
    return batches[batches.length - 1] as Set<string>;
  };
  /** Everything reported from now until `ms` of silence. */
  const settle = async (ms = 200): Promise<Set<string>> => {
    const from = batches.length;
    await new Promise((done) => setTimeout(done, ms));
    return new Set(batches.slice(from).flatMap((b) => [...b]));
  };
  return { next, settle };
}

const tree = () => makeProject({ 'svc.config.json': '{}', 'domains/sales/blocks/a.svc': 'a', 'domains/sales/blocks/_drafts/d.svc': 'd', 'notes/readme.md': 'x' });

describe('TreeWatcher', () => {
  it('reports an edited file by its project-relative path', async () => {
    const root = tree();
    const w = watchRoot(root);
    writeFileSync(join(root, 'domains/sales/blocks/a.svc'), 'a2');
    expect(await w.next()).toContain('domains/sales/blocks/a.svc');
  });

  it('reports files in nested folders, and in folders created after it started', async () => {
    const root = tree();
    const w = watchRoot(root);
    writeFileSync(join(root, 'domains/sales/blocks/_drafts/d.svc'), 'd2');
    expect(await w.next()).toContain('domains/sales/blocks/_drafts/d.svc');
    mkdirSync(join(root, 'domains/ops/blocks'), { recursive: true });
    await w.settle(100);
    writeFileSync(join(root, 'domains/ops/blocks/b.svc'), 'b');
    expect(await w.settle()).toContain('domains/ops/blocks/b.svc');
  });

  it('reports removals and renames, including a removed folder', async () => {
    const root = tree();
    const w = watchRoot(root);
    renameSync(join(root, 'domains/sales/blocks/a.svc'), join(root, 'domains/sales/blocks/z.svc'));
    const renamed = await w.settle();
    expect(renamed).toContain('domains/sales/blocks/a.svc');
    expect(renamed).toContain('domains/sales/blocks/z.svc');
    rmSync(join(root, 'domains/sales/blocks/_drafts'), { recursive: true });
    expect(await w.settle()).toContain('domains/sales/blocks/_drafts');
    expect(watcher?.folders).toBe(5); // root, domains, sales, blocks, notes
  });

  it('reports every file of a burst of writes', async () => {
    const root = tree();
    const w = watchRoot(root);
    for (let i = 0; i < 5; i++) writeFileSync(join(root, `domains/sales/blocks/n${i}.svc`), 'n');
    const got = await w.settle(300);
    expect([...got].filter((p) => p.startsWith('domains/sales/blocks/n')).sort()).toEqual(['0', '1', '2', '3', '4'].map((i) => `domains/sales/blocks/n${i}.svc`));
  });

  it.each([
    ['the manifest the compiler writes', 'svc-manifest.json'],
    ['its cache folder', '.svc/cache/compile-v2.json'],
    ['a dot file (editor swap files, temporaries)', 'domains/sales/blocks/.a.svc.swp'],
    ['git', '.git/index'],
    ['node_modules', 'node_modules/pkg/index.js'],
  ])('ignores %s', async (_what, rel) => {
    const root = tree();
    mkdirSync(join(root, rel, '..'), { recursive: true });
    const w = watchRoot(root);
    writeFileSync(join(root, rel), 'x');
    expect([...(await w.settle())]).toEqual([]);
  });

  it('delivers nothing after close', async () => {
    const root = tree();
    const w = watchRoot(root);
    watcher?.close();
    writeFileSync(join(root, 'domains/sales/blocks/a.svc'), 'late');
    expect([...(await w.settle())]).toEqual([]);
  });
});
