/** Shared helpers for the certify runtime tests: file snapshots and draft edits. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../../src/compiler/types.js';

/** Every file under `dir` (path -> content), for "nothing was written" checks. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.name.endsWith('.db')) out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** Compiles the project without writing; its blocks and diagnostics. */
export function compiled(dir: string): { manifest: Manifest; diagnostics: Diagnostic[] } {
  const r = compileProject({ project: dir, check: true, cache: false });
  // check mode only compares with the manifest on disk; staleness is not what these tests ask.
  const diagnostics = r.diagnostics.filter((d) => d.code !== 'compile/manifest-stale');
  return { manifest: JSON.parse(r.text ?? '{}') as Manifest, diagnostics };
}

export const ORDERS_DRAFT = 'domains/sales/blocks/_drafts/orders_by_state.svc';

/** The review a human does before promotion: a real description and tests. */
export function reviewDraft(dir: string, rel = ORDERS_DRAFT, tests = ['assert row_count > 0', 'assert orders >= 1']): void {
  const path = join(dir, rel);
  let text = readFileSync(path, 'utf8');
  text = text.replace(/description = "Review required: drafted from a question."/, 'description = "Orders per US state, every status." // edited in review');
  text = text.replace(/\n}\s*$/, `\n  tests {\n${tests.map((t) => `    ${t}\n`).join('')}  }\n}\n`);
  writeFileSync(path, text);
}

export const fixedNow = (): Date => new Date(Date.UTC(2026, 1, 3, 4, 5, 6));
export const testOwner = () => ({ owner: 'reviewer@acme.test', from: 'config.owner' as const });
