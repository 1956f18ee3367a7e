/**
 * What a compile decides across files once each file is compiled: which file owns a block id
 * (the first by path; a later one is a duplicate), the Apps and the tiles they bind, and the
 * order diagnostics appear in.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compareDiagnostics, diag } from '../../../grammar/diagnostics.js';
import type { UnitResult } from '../cache/compile-units.js';
import type { CompiledApp } from '../types.js';
import { readApp } from './apps.js';
import { discoverApps } from './discover.js';

/** Which file each block id belongs to (the first, by path), and a diagnostic for every later one. */
export function duplicateIds(units: readonly UnitResult[]): { keep: Map<string, string>; diagnostics: Diagnostic[] } {
  const keep = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const u of units) {
    for (const b of u.blocks) {
      const first = keep.get(b.id);
      if (first === undefined) keep.set(b.id, u.path);
      else diagnostics.push(diag('compile/duplicate-block', { block: b.id, other: first }, { file: u.path, span: b.span }));
    }
  }
  return { keep, diagnostics };
}

/** Every App of the project, read against the block ids it may bind. */
export function readApps(root: string, ids: Pick<ReadonlySet<string>, 'has'>): { apps: Record<string, CompiledApp>; diagnostics: Diagnostic[] } {
  const apps: Record<string, CompiledApp> = {};
  const diagnostics: Diagnostic[] = [];
  for (const rel of discoverApps(root)) {
    const r = readApp(root, rel, ids);
    diagnostics.push(...r.diagnostics);
    if (r.app && !(r.app.id in apps)) apps[r.app.id] = r.app;
  }
  return { apps, diagnostics };
}

/** Unit diagnostics (already sorted per unit) come first within a file; then project ones. */
export function orderDiagnostics(unitDiags: Diagnostic[], others: Diagnostic[]): Diagnostic[] {
  const all = [...unitDiags, ...others.sort(compareDiagnostics)];
  return all.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
}
