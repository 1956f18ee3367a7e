/**
 * What a watching compile keeps so that linking the project again after a change costs in
 * proportion to the change: which file holds each block id, which files consulted each
 * companion, which files have findings. Built once after a whole compile (off the
 * save-to-manifest path), then updated per recompiled, added or removed file.
 *
 * Invariants: everything is keyed by a file's path, and file order is path order (the order a
 * listing of the folders gives, discover.ts), so a file added or removed moves no other file's
 * entry. `results` holds the unit of every file in `files`; `owners` lists, for every block id,
 * the path of each unit declaring it once per declaration, in file order, so its first entry is
 * the owner a whole compile picks (duplicateIds in cross-file.ts: the first by file order);
 * `keep`, `fragments` and `results` are the very maps the warm start hands to the next whole
 * compile, kept equal to what that compile would build.
 */
import { type Diagnostic, diag } from '../../../grammar/diagnostics.js';
import type { SourceFile } from '../project/discover.js';
import type { UnitResult } from './compile-units.js';

export interface DeltaState {
  /** The block files in discovery order (path order; replaced as a whole when files are added or removed). */
  files: readonly SourceFile[];
  /** Companion path -> the paths of the units that consulted it. */
  users: Map<string, Set<string>>;
  /** Block id -> the path of each unit declaring it, once per declaration, in file order. */
  owners: Map<string, string[]>;
  /** Block id -> the file that owns it. */
  keep: Map<string, string>;
  /** Owned block id -> its manifest fragment. */
  fragments: Map<string, Buffer>;
  /** File path -> its unit. */
  results: Map<string, UnitResult>;
  /** Ids declared more than once. */
  duplicated: Set<string>;
  /** Paths of the units with findings. */
  withDiagnostics: Set<string>;
  /** Blocks (owned or not) that declare svc_contract. */
  contractBlocks: number;
  /** The logged sections (manifest-log.ts) as last written, as JSON. */
  sections: string;
  /** Set while an update runs: a state found set was left half-updated by a failure. */
  busy: boolean;
}

const declaresContract = (b: { text: Buffer }): boolean => b.text.includes('"contract":');

/** File order: the order of a listing's sort (code units, as `<` compares). */
const before = (a: string, b: string): boolean => a < b;

/** The state of a whole compile's units (in file order) and the fragments it kept. */
export function buildDelta(files: readonly SourceFile[], units: UnitResult[], fragments: Map<string, Buffer>, sections: string): DeltaState {
  const s: DeltaState = {
    files,
    users: new Map(),
    owners: new Map(),
    keep: new Map(),
    fragments,
    results: new Map(),
    duplicated: new Set(),
    withDiagnostics: new Set(),
    contractBlocks: 0,
    sections,
    busy: false,
  };
  for (const u of units) {
    s.results.set(u.path, u);
    track(s, u, 1);
  }
  for (const [id, list] of s.owners) {
    s.keep.set(id, list[0] as string);
    if (list.length > 1) s.duplicated.add(id);
  }
  return s;
}

/** Adds (sign 1) or removes (sign -1) what unit `u` contributes to the indexes. */
function track(s: DeltaState, u: UnitResult, sign: 1 | -1): void {
  for (const dep of u.deps) {
    const users = s.users.get(dep.path);
    if (sign === 1) {
      if (users === undefined) s.users.set(dep.path, new Set([u.path]));
      else users.add(u.path);
    } else users?.delete(u.path);
  }
  for (const b of u.blocks) {
    if (declaresContract(b)) s.contractBlocks += sign;
    const list = s.owners.get(b.id) ?? [];
    if (sign === 1) {
      // After every path not later than this one: a unit's own declarations stay in their order.
      const at = list.findIndex((p) => before(u.path, p));
      list.splice(at < 0 ? list.length : at, 0, u.path);
    } else list.splice(list.indexOf(u.path), 1);
    if (list.length === 0) s.owners.delete(b.id);
    else s.owners.set(b.id, list);
  }
  if (u.diagnostics.length > 0 && sign === 1) s.withDiagnostics.add(u.path);
  else if (sign === -1) s.withDiagnostics.delete(u.path);
}

/** The `nth` block with this id in a unit (a unit may declare an id twice). */
function nthBlock(u: UnitResult, id: string, nth: number): UnitResult['blocks'][number] | undefined {
  let seen = 0;
  for (const b of u.blocks) if (b.id === id && seen++ === nth) return b;
  return undefined;
}

/**
 * Puts the new units in place, the files now being `files` (files added or `removed` since,
 * in discovery order), and returns the owned fragments that changed (`set`) and the ids no
 * file declares any more (`drop`). `units` are the units compiled now: changed files and added
 * ones. Only those files and the removed ones are visited; no other file's entry moves.
 */
export function replaceUnits(
  s: DeltaState,
  units: readonly UnitResult[],
  files: readonly SourceFile[] = s.files,
  removed: ReadonlySet<string> = new Set(),
): { set: Buffer[]; drop: string[] } {
  const ids = new Set<string>();
  for (const path of removed) {
    const old = s.results.get(path);
    if (old === undefined) continue;
    for (const b of old.blocks) ids.add(b.id);
    track(s, old, -1);
    s.results.delete(path);
  }
  for (const u of units) {
    const old = s.results.get(u.path);
    if (old !== undefined) {
      for (const b of old.blocks) ids.add(b.id);
      track(s, old, -1);
    }
    for (const b of u.blocks) ids.add(b.id);
    track(s, u, 1);
    s.results.set(u.path, u);
  }
  s.files = files;
  return settleIds(s, ids);
}

/** Decides each of `ids` again from `owners`: the owned fragments that changed (`set`) and the ids no file declares any more (`drop`). */
function settleIds(s: DeltaState, ids: ReadonlySet<string>): { set: Buffer[]; drop: string[] } {
  const set: Buffer[] = [];
  const drop: string[] = [];
  for (const id of ids) {
    const list = s.owners.get(id);
    if (list === undefined) {
      s.keep.delete(id);
      s.fragments.delete(id);
      s.duplicated.delete(id);
      drop.push(id);
      continue;
    }
    const owner = s.results.get(list[0] as string) as UnitResult;
    s.keep.set(id, owner.path);
    if (list.length > 1) s.duplicated.add(id);
    else s.duplicated.delete(id);
    const text = (nthBlock(owner, id, 0) as UnitResult['blocks'][number]).text;
    const was = s.fragments.get(id);
    if (was === undefined || !was.equals(text)) set.push(text);
    s.fragments.set(id, text);
  }
  return { set, drop };
}

/** The duplicate-id findings a whole compile makes (duplicateIds), from the duplicated ids only. */
export function duplicateFindings(s: DeltaState): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const id of s.duplicated) {
    const list = s.owners.get(id) ?? [];
    const first = list[0] as string;
    list.forEach((path, k) => {
      if (k === 0) return;
      const u = s.results.get(path) as UnitResult;
      const nth = list.slice(0, k).filter((x) => x === path).length;
      const b = nthBlock(u, id, nth);
      if (b) out.push(diag('compile/duplicate-block', { block: id, other: first }, { file: u.path, span: b.span }));
    });
  }
  return out;
}

/** Every unit's findings, in file order. */
export function unitFindings(s: DeltaState): Diagnostic[] {
  return [...s.withDiagnostics].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).flatMap((p) => (s.results.get(p) as UnitResult).diagnostics);
}

/** The units in file order, made when first asked for (the compile cache's record reads them once things are quiet). */
export function unitsInOrder(s: DeltaState): UnitResult[] {
  return s.files.map((f) => s.results.get(f.path) as UnitResult);
}
