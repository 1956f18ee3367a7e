/**
 * Adding one block file, or renaming one, while `svc compile --watch` runs is answered in
 * proportion to the change: only that file is read and parsed (`stats.compiled`), the other
 * files' units are kept, svc-manifest.json is not rewritten (the change goes to the manifest
 * log), and the manifest as svc reads it is the one a cold compile writes. Cases that change
 * what a listing of the folders finds otherwise (a new folder) still list them.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../../src/compiler/manifest/read-manifest.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { CONFIG, cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const FILES = 60;
const path = (i: number) => `domains/sales/blocks/f${String(i).padStart(3, '0')}.svc`;
const source = (name: string) =>
  `block "${name}" {\n  domain = "sales"\n  status = "draft"\n  owner = "team@example.test"\n  description = "Block ${name}."\n  query = """\n    SELECT COUNT(*) AS n FROM orders\n  """\n}\n`;

/** An edit made less than a timestamp tick after a stat could keep the stat's times; wait one out. */
const pastTick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);

function watchedProject() {
  const files: Record<string, string> = { 'svc.config.json': CONFIG, 'apps/ops/svc.app.json': '{"id":"ops","pages":[]}' };
  for (let i = 0; i < FILES; i++) files[path(i)] = source(`b${i}`);
  const root = makeProject(files);
  const first = compileProject({ project: root, keepWarm: true });
  return { root, warm: first.next };
}

/** One change batch as the watch answers it (compile-session.ts), with the paths its watcher would name. */
function change(root: string, warm: ReturnType<typeof watchedProject>['warm'], changed: string[]) {
  return compileProject({ project: root, ...(warm ? { warm: { ...warm, changed: new Set(changed) } } : {}), keepWarm: true, deferCache: true });
}

const cases: Array<{ name: string; make: (root: string) => string[]; compiled: number; delta: boolean }> = [
  {
    name: 'a block file added',
    make: (root) => {
      writeFileSync(join(root, path(FILES)), source('added'));
      return [path(FILES)];
    },
    compiled: 1,
    delta: true,
  },
  {
    name: 'a block file renamed (first in the order to last)',
    make: (root) => {
      renameSync(join(root, path(0)), join(root, 'domains/sales/blocks/z_renamed.svc'));
      return [path(0), 'domains/sales/blocks/z_renamed.svc'];
    },
    compiled: 1,
    delta: true,
  },
  {
    name: "a block file added that takes another's id (the first in file order keeps it)",
    make: (root) => {
      writeFileSync(join(root, 'domains/sales/blocks/a_first.svc'), source('b5'));
      return ['domains/sales/blocks/a_first.svc'];
    },
    compiled: 1,
    delta: true,
  },
  {
    name: 'a block file removed',
    make: (root) => {
      rmSync(join(root, path(7)));
      return [path(7)];
    },
    compiled: 0,
    delta: true,
  },
  {
    name: 'a file added where no listing looks (not a block file)',
    make: (root) => {
      writeFileSync(join(root, 'domains/sales/notes.svc'), source('stray'));
      return ['domains/sales/notes.svc'];
    },
    compiled: 0,
    delta: true,
  },
  {
    name: 'a new folder with a block file: the folders are listed again',
    make: (root) => {
      mkdirSync(join(root, 'domains/sales/blocks/sub'));
      writeFileSync(join(root, 'domains/sales/blocks/sub/new.svc'), source('nested'));
      return ['domains/sales/blocks/sub'];
    },
    compiled: 1,
    delta: false,
  },
];

describe('watch: a block file added or renamed is compiled alone', () => {
  it.each(cases)('$name', ({ make, compiled, delta }) => {
    const { root, warm } = watchedProject();
    const manifest = join(root, 'svc-manifest.json');
    const before = statSync(manifest).mtimeMs;
    pastTick();
    const r = change(root, warm, make(root));
    expect(r.stats.compiled).toBe(compiled);
    // A delta appends to the manifest log and answers without the manifest's bytes.
    expect(r.bytes === undefined).toBe(delta);
    if (delta) expect(statSync(manifest).mtimeMs).toBe(before);
    const cold = compileProject({ project: root, check: true, cache: false });
    expect(readManifest(root)).toEqual(JSON.parse(cold.text as string));
    expect(r.stats.files).toBe(cold.stats.files);
    expect(JSON.stringify(r.diagnostics)).toBe(JSON.stringify(cold.diagnostics.filter((d) => d.code !== 'compile/manifest-stale')));
    // A second change on top of the first is a delta too, and the sweep then writes the cold bytes.
    pastTick();
    writeFileSync(join(root, path(3)), source('b3').replace('Block b3.', 'Edited.'));
    const again = change(root, r.next, [path(3)]);
    expect([again.stats.compiled, again.bytes]).toEqual([1, undefined]);
    compileProject({ project: root, ...(again.next ? { warm: again.next } : {}), keepWarm: true });
    expect(readFileSync(manifest, 'utf8')).toBe(compileProject({ project: root, check: true, cache: false }).text);
  });
});
