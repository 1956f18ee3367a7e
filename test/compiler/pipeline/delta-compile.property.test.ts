/**
 * Property: whatever sequence of changes a watched project goes through (descriptions, queries,
 * findings, a block broken and fixed, companions, a block taking another's id and giving it
 * back, files renamed, removed and added), the manifest as svc reads it after each recompile of
 * `svc compile --watch` (svc-manifest.json plus the manifest log) is the manifest a cold compile
 * writes, with the same diagnostics; and after each sweep svc-manifest.json itself holds those
 * exact bytes and no log is left.
 */

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hasErrors } from '../../../grammar/diagnostics.js';
import type { WarmStart } from '../../../src/compiler/cache/warm-start.js';
import { MANIFEST_LOG } from '../../../src/compiler/manifest/manifest-log.js';
import { readManifest } from '../../../src/compiler/manifest/read-manifest.js';
import { type CompileResult, compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { CONFIG, cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const FILES = 4;
const companionPath = (name: number) => `semantic-layer/blocks/sales/b${name}.yaml`;
const TABLES = ['orders', 'customers', 'payments'];

interface State {
  /** The block's name: its own index, or another block's (a duplicate id). */
  name: number;
  description: string;
  table: string;
  warn: boolean;
  broken: boolean;
  /** Where the file is: absent when removed; renamed files keep their block. */
  path: string | undefined;
}

function source(s: State): string {
  const extra = s.warn ? '  colour = "red"\n' : '';
  const open = s.broken ? '{{' : '{';
  return `block "b${s.name}" ${open}\n  domain = "sales"\n  status = "draft"\n  owner = "team@example.test"\n${extra}  description = "${s.description}"\n  query = """\n    SELECT COUNT(*) AS n FROM ${s.table}\n  """\n}\n`;
}

const word = fc.stringMatching(/^[A-Za-z]{1,10}$/);
const at = fc.nat(FILES - 1);
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('describe' as const), i: at, text: word }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('table' as const), i: at, table: fc.constantFrom(...TABLES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('warn' as const), i: at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('break' as const), i: at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('companion' as const), i: at, text: word }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('collide' as const), i: at, j: at }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), i: at }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), i: at }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Applies one change and returns the paths a watcher would name. */
function apply(root: string, states: State[], o: Exclude<Op, { kind: 'sweep' }>): string[] {
  const s = states[o.i] as State;
  if (o.kind === 'companion') {
    mkdirSync(join(root, 'semantic-layer/blocks/sales'), { recursive: true });
    writeFileSync(join(root, companionPath(s.name)), `description: ${o.text}\n`);
    return [companionPath(s.name)];
  }
  if (o.kind === 'remove') {
    const gone = s.path;
    if (gone !== undefined) rmSync(join(root, gone));
    s.path = undefined;
    return gone === undefined ? [] : [gone];
  }
  if (o.kind === 'rename') {
    const from = s.path;
    const to = `domains/sales/blocks/f${o.i}-${from?.endsWith('r.svc') ? '' : 'r'}.svc`;
    if (from !== undefined) renameSync(join(root, from), join(root, to));
    else writeFileSync(join(root, to), source(s));
    s.path = to;
    return from === undefined ? [to] : [from, to];
  }
  if (o.kind === 'describe') s.description = o.text;
  if (o.kind === 'table') s.table = o.table;
  if (o.kind === 'warn') s.warn = !s.warn;
  if (o.kind === 'break') s.broken = !s.broken;
  if (o.kind === 'collide') s.name = s.name === o.i ? o.j : o.i;
  s.path ??= `domains/sales/blocks/f${o.i}.svc`;
  writeFileSync(join(root, s.path), source(s));
  return [s.path];
}

/** An edit made less than a timestamp tick after a stat could keep the stat's times; wait one out. */
const pastTick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);

function step(root: string, warm: WarmStart | undefined, states: State[], o: Op): CompileResult {
  if (o.kind === 'sweep') return compileProject({ project: root, ...(warm ? { warm } : {}), keepWarm: true });
  const changed = new Set(apply(root, states, o));
  return compileProject({ project: root, ...(warm ? { warm: { ...warm, changed } } : {}), keepWarm: true, deferCache: true });
}

describe('watch recompiles after any sequence of changes', () => {
  it('leave the manifest a cold compile writes, and after a sweep its exact bytes', () => {
    let deltas = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 10 }), (ops) => {
        const states: State[] = Array.from({ length: FILES }, (_, i) => ({
          name: i,
          description: `Block ${i}.`,
          table: 'orders',
          warn: i === 0,
          broken: false,
          path: `domains/sales/blocks/f${i}.svc`,
        }));
        const files: Record<string, string> = { 'svc.config.json': CONFIG, 'apps/ops/svc.app.json': '{"id":"ops","pages":[]}' };
        for (const s of states) files[s.path as string] = source(s);
        const root = makeProject(files);
        let warm = compileProject({ project: root, keepWarm: true }).next;
        for (const o of ops) {
          pastTick();
          const r = step(root, warm, states, o);
          warm = r.next ?? warm;
          // A delta compile leaves the manifest file as it was and answers without its bytes;
          // every change batch is one, files added, renamed and removed included.
          if (r.bytes === undefined) deltas += 1;
          if (o.kind !== 'sweep') expect(r.bytes, o.kind).toBeUndefined();
          const cold = compileProject({ project: root, check: true, cache: false });
          expect(readManifest(root)).toEqual(JSON.parse(cold.text as string));
          // --check adds its own finding while svc-manifest.json lags behind the log.
          const found = cold.diagnostics.filter((d) => d.code !== 'compile/manifest-stale');
          expect(JSON.stringify(r.diagnostics)).toBe(JSON.stringify(found));
          expect(r.exitCode).toBe(hasErrors(found) ? 1 : 0);
          if (o.kind !== 'sweep') continue;
          expect(readFileSync(join(root, 'svc-manifest.json'), 'utf8')).toBe(cold.text);
          expect(existsSync(join(root, MANIFEST_LOG))).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
    // The sequences must have exercised the delta, not only the whole compile.
    expect(deltas).toBeGreaterThan(60);
  });
});

describe('the manifest log cap', () => {
  it.each([
    ['below its cap, an edit is appended to the log', 1024, true],
    ['at its cap (8 MiB), an edit rewrites svc-manifest.json and removes the log', 8 * 1024 * 1024, false],
  ])('%s', (_what, size, appended) => {
    const s: State = { name: 0, description: 'Block 0.', table: 'orders', warn: false, broken: false, path: 'domains/sales/blocks/f0.svc' };
    const root = makeProject({ 'svc.config.json': CONFIG, [s.path as string]: source(s) });
    const warm = compileProject({ project: root, keepWarm: true }).next;
    // Lines of another manifest file, as a long-running watch may leave: readers skip them.
    writeFileSync(join(root, MANIFEST_LOG), `${'{"format":"svc-manifest-log/1","base":"0:0:0"}\n'.repeat(Math.ceil(size / 47))}`);
    pastTick();
    const r = step(root, warm, [s], { kind: 'describe', i: 0, text: 'Edited' });
    const cold = compileProject({ project: root, check: true, cache: false });
    expect(r.bytes === undefined).toBe(appended);
    expect(existsSync(join(root, MANIFEST_LOG))).toBe(appended);
    expect(readManifest(root)).toEqual(JSON.parse(cold.text as string));
    if (!appended) expect(readFileSync(join(root, 'svc-manifest.json'), 'utf8')).toBe(cold.text);
  });
});
