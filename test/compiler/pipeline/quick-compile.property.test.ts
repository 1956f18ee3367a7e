/**
 * Property: whatever sequence of edits a project goes through (descriptions, queries, fields
 * that warn, syntax errors, companions, new and removed files, Apps, a hand-edited manifest),
 * a one-shot compile after each leaves exactly the manifest a cold compile writes and reports
 * the same diagnostics, whether the quick lane answered or the full compile did.
 */

import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { CONFIG, cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const FILES = 4;
const blockPath = (i: number) => `domains/sales/blocks/b${i}.svc`;
const companionPath = (i: number) => `semantic-layer/blocks/sales/b${i}.yaml`;
const TABLES = ['orders', 'customers', 'payments'];

interface State {
  description: string;
  table: string;
  warn: boolean;
  broken: boolean;
}

function source(i: number, s: State): string {
  const extra = s.warn ? '  colour = "red"\n' : '';
  const open = s.broken ? '{{' : '{';
  return `block "b${i}" ${open}\n  domain = "sales"\n  status = "draft"\n  owner = "team@example.test"\n${extra}  description = "${s.description}"\n  query = """\n    SELECT COUNT(*) AS n FROM ${s.table}\n  """\n}\n`;
}

const word = fc.stringMatching(/^[A-Za-z]{1,10}$/);
const op = fc.oneof(
  fc.record({ kind: fc.constant('describe' as const), i: fc.nat(FILES - 1), text: word }),
  fc.record({ kind: fc.constant('table' as const), i: fc.nat(FILES - 1), table: fc.constantFrom(...TABLES) }),
  fc.record({ kind: fc.constant('warn' as const), i: fc.nat(FILES - 1) }),
  fc.record({ kind: fc.constant('break' as const), i: fc.nat(FILES - 1) }),
  fc.record({ kind: fc.constant('companion' as const), i: fc.nat(FILES - 1), text: word }),
  fc.record({ kind: fc.constant('remove' as const), i: fc.nat(FILES - 1) }),
  fc.record({ kind: fc.constant('touch' as const), i: fc.nat(FILES - 1) }),
  fc.record({ kind: fc.constant('app' as const), text: word }),
  fc.record({ kind: fc.constant('manifest' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function apply(root: string, states: State[], o: Op): void {
  const at = (rel: string) => join(root, rel);
  if (o.kind === 'app') {
    writeFileSync(at('apps/ops/svc.app.json'), JSON.stringify({ id: 'ops', title: o.text, pages: [] }));
    return;
  }
  if (o.kind === 'manifest') {
    if (existsSync(at('svc-manifest.json')))
      writeFileSync(at('svc-manifest.json'), readFileSync(at('svc-manifest.json'), 'utf8').replace('"sales.', '"sales_'));
    return;
  }
  const s = states[o.i] as State;
  if (o.kind === 'companion') {
    mkdirSync(join(root, 'semantic-layer/blocks/sales'), { recursive: true });
    writeFileSync(at(companionPath(o.i)), `description: ${o.text}\n`);
    return;
  }
  if (o.kind === 'remove') {
    rmSync(at(blockPath(o.i)), { force: true });
    return;
  }
  if (o.kind === 'touch') {
    if (existsSync(at(blockPath(o.i)))) utimesSync(at(blockPath(o.i)), new Date(), new Date());
    return;
  }
  if (o.kind === 'describe') s.description = o.text;
  if (o.kind === 'table') s.table = o.table;
  if (o.kind === 'warn') s.warn = !s.warn;
  if (o.kind === 'break') s.broken = !s.broken;
  writeFileSync(at(blockPath(o.i)), source(o.i, s));
}

/** Wall-clock time, whatever the faked Date says. */
const realNow = () => performance.timeOrigin + performance.now();

/**
 * The clock the compiler sees. Ahead: every file looks changed long before the cache recorded
 * it, so stat memos vouch and the lane's fast path (no read at all) is the one exercised.
 * Real: everything was written within the racy window, so every file is decided by content.
 */
function useClock(ahead: boolean): void {
  if (ahead) vi.setSystemTime(realNow() + 5_000);
}

/** An edit made less than a timestamp tick after a stat could keep the stat's times; wait one out. */
const pastTick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);

describe('one-shot compiles after any sequence of edits', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['stat memos vouch for unchanged files', true],
    ['every file is too recent for its memo (decided by content)', false],
  ])('always leave the manifest and diagnostics of a cold compile: %s', (_, ahead) => {
    if (ahead) vi.useFakeTimers({ toFake: ['Date'] });
    let quick = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => {
        const states: State[] = Array.from({ length: FILES }, (_, i) => ({ description: `Block ${i}.`, table: 'orders', warn: i === 0, broken: false }));
        const files: Record<string, string> = { 'svc.config.json': CONFIG, 'apps/ops/svc.app.json': '{"id":"ops","pages":[]}' };
        states.forEach((s, i) => (files[blockPath(i)] = source(i, s)));
        const root = makeProject(files);
        useClock(ahead);
        compileProject({ project: root });
        for (const o of ops) {
          pastTick();
          apply(root, states, o);
          useClock(ahead);
          const r = compileProject({ project: root });
          const cold = compileProject({ project: root, check: true, cache: false });
          if (r.quick) quick += 1;
          expect(readFileSync(join(root, 'svc-manifest.json'), 'utf8')).toBe(cold.text);
          expect(JSON.stringify(r.diagnostics)).toBe(JSON.stringify(cold.diagnostics));
          expect(r.exitCode).toBe(cold.exitCode);
        }
      }),
      { numRuns: 30 },
    );
    // The sequences must have exercised the lane, not only the full compile.
    expect(quick).toBeGreaterThan(10);
  });
});
