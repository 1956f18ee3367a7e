/** The folder watcher reports changed project paths in batches and never the compiler's own files. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TreeWatcher } from '../../../src/compiler/watch/tree-watcher.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

let watcher: TreeWatcher | undefined;
afterEach(() => watcher?.close());

/**
 * Watches `root`, collecting every batch. `until` waits (polling, up to 20 s on a loaded
 * machine) for the paths reported since the last `until` to satisfy a condition; `quiet`
 * collects what arrives during a fixed silence, for the cases that must report nothing.
 */
function watchRoot(root: string) {
  const batches: Set<string>[] = [];
  watcher = new TreeWatcher(root, (changed) => void batches.push(new Set(changed)), 20);
  watcher.start();
  let from = 0;
  const since = (): Set<string> => new Set(batches.slice(from).flatMap((b) => [...b]));
  const until = async (ok: (seen: Set<string>) => boolean): Promise<Set<string>> => {
    const deadline = Date.now() + 20_000;
    while (!ok(since()) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    const seen = since();
    from = batches.length;
    return seen;
  };
  const quiet = async (ms = 300): Promise<Set<string>> => {
    from = batches.length;
    await new Promise((done) => setTimeout(done, ms));
    return since();
  };
  return { until, quiet, batches };
}

const has =
  (...paths: string[]) =>
  (seen: Set<string>) =>
    paths.every((p) => seen.has(p));

const tree = () =>
  makeProject({ 'svc.config.json': '{}', 'domains/sales/blocks/a.svc': 'a', 'domains/sales/blocks/_drafts/d.svc': 'd', 'notes/readme.md': 'x' });

describe('TreeWatcher', () => {
  it('reports an edited file by its project-relative path', async () => {
    const root = tree();
    const w = watchRoot(root);
    writeFileSync(join(root, 'domains/sales/blocks/a.svc'), 'a2');
    expect(await w.until(has('domains/sales/blocks/a.svc'))).toContain('domains/sales/blocks/a.svc');
  });

  it('reports files in nested folders, and in folders created after it started', async () => {
    const root = tree();
    const w = watchRoot(root);
    writeFileSync(join(root, 'domains/sales/blocks/_drafts/d.svc'), 'd2');
    expect(await w.until(has('domains/sales/blocks/_drafts/d.svc'))).toContain('domains/sales/blocks/_drafts/d.svc');
    const before = watcher?.folders ?? 0;
    mkdirSync(join(root, 'domains/ops/blocks'), { recursive: true });
    expect(await w.until((seen) => seen.has('domains/ops') && watcher?.folders === before + 2)).toContain('domains/ops');
    writeFileSync(join(root, 'domains/ops/blocks/b.svc'), 'b');
    expect(await w.until(has('domains/ops/blocks/b.svc'))).toContain('domains/ops/blocks/b.svc');
  });

  it('reports removals and renames, including a removed folder', async () => {
    const root = tree();
    const w = watchRoot(root);
    renameSync(join(root, 'domains/sales/blocks/a.svc'), join(root, 'domains/sales/blocks/z.svc'));
    const renamed = await w.until(has('domains/sales/blocks/a.svc', 'domains/sales/blocks/z.svc'));
    expect(renamed).toContain('domains/sales/blocks/a.svc');
    expect(renamed).toContain('domains/sales/blocks/z.svc');
    rmSync(join(root, 'domains/sales/blocks/_drafts'), { recursive: true });
    expect(await w.until(has('domains/sales/blocks/_drafts'))).toContain('domains/sales/blocks/_drafts');
    expect(watcher?.folders).toBe(5); // root, domains, sales, blocks, notes
  });

  it('reports every file of a burst of writes', async () => {
    const root = tree();
    const w = watchRoot(root);
    const names = ['0', '1', '2', '3', '4'].map((i) => `domains/sales/blocks/n${i}.svc`);
    for (const name of names) writeFileSync(join(root, name), 'n');
    const got = await w.until(has(...names));
    expect([...got].filter((p) => p.startsWith('domains/sales/blocks/n')).sort()).toEqual(names);
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
    const pending = w.quiet();
    writeFileSync(join(root, rel), 'x');
    expect([...(await pending)]).toEqual([]);
  });

  it('delivers nothing after close', async () => {
    const root = tree();
    const w = watchRoot(root);
    watcher?.close();
    const pending = w.quiet();
    writeFileSync(join(root, 'domains/sales/blocks/a.svc'), 'late');
    expect([...(await pending)]).toEqual([]);
  });
});
