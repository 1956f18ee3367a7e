/**
 * What a watching compile keeps so that linking the project again after an edit costs in
 * proportion to the edit: which file holds each block id, which files consulted each companion,
 * which files have findings. Built once after a whole compile (off the save-to-manifest path),
 * then updated per recompiled file.
 *
 * Invariants: `units[i]` is the unit of `files[i]`; `owners` lists, for every block id, the
 * index of each unit declaring it once per declaration, ascending, so its first entry is the
 * owner a whole compile picks (duplicateIds in cross-file.ts: the first by file order);
 * `keep`, `fragments` and `results` are the very maps the warm start hands to the next whole
 * compile, kept equal to what that compile would build.
 */
import { type Diagnostic, diag } from '../../../grammar/diagnostics.js';
import type { SourceFile } from '../project/discover.js';
import type { UnitResult } from './compile-units.js';

export interface DeltaState {
  /** The block files in discovery order (replaced as a whole when files are added or removed). */
  files: readonly SourceFile[];
  index: Map<string, number>;
  units: UnitResult[];
  /** Companion path -> the units that consulted it. */
  users: Map<string, number[]>;
  owners: Map<string, number[]>;
  /** Block id -> the file that owns it. */
  keep: Map<string, string>;
  /** Owned block id -> its manifest fragment. */
  fragments: Map<string, Buffer>;
  /** File path -> its unit. */
  results: Map<string, UnitResult>;
  /** Ids declared more than once. */
  duplicated: Set<string>;
  withDiagnostics: Set<number>;
  /** Blocks (owned or not) that declare svc_contract. */
  contractBlocks: number;
  /** The logged sections (manifest-log.ts) as last written, as JSON. */
  sections: string;
  /** Set while an update runs: a state found set was left half-updated by a failure. */
  busy: boolean;
}

const declaresContract = (b: { text: Buffer }): boolean => b.text.includes('"contract":');

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The state of a whole compile's units (in file order) and the fragments it kept. */
export function buildDelta(files: readonly SourceFile[], units: UnitResult[], fragments: Map<string, Buffer>, sections: string): DeltaState {
  const s: DeltaState = {
    files,
    index: new Map(),
    units,
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
  units.forEach((u, i) => {
    s.index.set(u.path, i);
    s.results.set(u.path, u);
    track(s, i, u, 1);
  });
  for (const [id, list] of s.owners) {
    s.keep.set(id, (units[list[0] as number] as UnitResult).path);
    if (list.length > 1) s.duplicated.add(id);
  }
  return s;
}

/** Adds (sign 1) or removes (sign -1) what unit `i` contributes to the indexes. */
function track(s: DeltaState, i: number, u: UnitResult, sign: 1 | -1): void {
  for (const dep of u.deps) {
    if (sign === 1) push(s.users, dep.path, i);
    else
      s.users.set(
        dep.path,
        (s.users.get(dep.path) ?? []).filter((x) => x !== i),
      );
  }
  for (const b of u.blocks) {
    if (declaresContract(b)) s.contractBlocks += sign;
    const list = s.owners.get(b.id) ?? [];
    if (sign === 1) {
      const at = list.findIndex((x) => x > i);
      list.splice(at < 0 ? list.length : at, 0, i);
    } else list.splice(list.indexOf(i), 1);
    if (list.length === 0) s.owners.delete(b.id);
    else s.owners.set(b.id, list);
  }
  if (u.diagnostics.length > 0 && sign === 1) s.withDiagnostics.add(i);
  else if (sign === -1) s.withDiagnostics.delete(i);
}

/** The `nth` block with this id in a unit (a unit may declare an id twice). */
function nthBlock(u: UnitResult, id: string, nth: number): UnitResult['blocks'][number] | undefined {
  let seen = 0;
  for (const b of u.blocks) if (b.id === id && seen++ === nth) return b;
  return undefined;
}

/**
 * Puts the new units in place and returns the owned fragments that changed (`set`) and the ids
 * no file declares any more (`drop`).
 */
export function replaceUnits(s: DeltaState, changes: ReadonlyArray<[number, UnitResult]>): { set: Buffer[]; drop: string[] } {
  const ids = new Set<string>();
  for (const [i, u] of changes) {
    const old = s.units[i] as UnitResult;
    for (const b of [...old.blocks, ...u.blocks]) ids.add(b.id);
    track(s, i, old, -1);
    track(s, i, u, 1);
    s.units[i] = u;
    s.results.set(u.path, u);
  }
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
    const owner = s.units[list[0] as number] as UnitResult;
    s.keep.set(id, owner.path);
    if (list.length > 1) s.duplicated.add(id);
    else s.duplicated.delete(id);
    const text = (nthBlock(owner, id, 0) as UnitResult['blocks'][number]).text;
    const before = s.fragments.get(id);
    if (before === undefined || !before.equals(text)) set.push(text);
    s.fragments.set(id, text);
  }
  return { set, drop };
}

/**
 * Puts a new list of block files in place (files added or `removed`, in discovery order) with
 * their units: `fresh` holds the units compiled now (the added files and the changed ones),
 * every other file keeps its unit. The positional indexes are rebuilt (no file is read or
 * parsed); the files that kept their place keep their relative order, so only the ids the
 * removed, added and changed units declare can change owner, and only those are decided again.
 */
export function reshapeUnits(
  s: DeltaState,
  files: readonly SourceFile[],
  removed: ReadonlySet<string>,
  fresh: ReadonlyMap<string, UnitResult>,
): { set: Buffer[]; drop: string[] } {
  const ids = new Set<string>();
  const contracts = (u: UnitResult) => u.blocks.filter(declaresContract).length;
  for (const path of [...removed, ...fresh.keys()]) {
    const i = s.index.get(path);
    const u = i === undefined ? undefined : s.units[i];
    if (u === undefined) continue;
    for (const b of u.blocks) ids.add(b.id);
    // Only the units that go or change are searched for svc_contract: a fragment search of every block is most of a reshape.
    s.contractBlocks -= contracts(u);
    if (removed.has(path)) s.results.delete(path);
  }
  for (const u of fresh.values()) {
    for (const b of u.blocks) ids.add(b.id);
    s.contractBlocks += contracts(u);
    s.results.set(u.path, u);
  }
  const units = files.map((f) => fresh.get(f.path) ?? (s.units[s.index.get(f.path) as number] as UnitResult));
  s.files = files;
  s.units = units;
  s.index = new Map();
  s.users = new Map();
  s.owners = new Map();
  s.withDiagnostics = new Set();
  // In ascending order, so each owner list is built sorted by appending.
  units.forEach((u, i) => {
    s.index.set(u.path, i);
    for (const dep of u.deps) push(s.users, dep.path, i);
    for (const b of u.blocks) push(s.owners, b.id, i);
    if (u.diagnostics.length > 0) s.withDiagnostics.add(i);
  });
  return settleIds(s, ids);
}

/** The duplicate-id findings a whole compile makes (duplicateIds), from the duplicated ids only. */
export function duplicateFindings(s: DeltaState): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const id of s.duplicated) {
    const list = s.owners.get(id) ?? [];
    const first = (s.units[list[0] as number] as UnitResult).path;
    list.forEach((i, k) => {
      if (k === 0) return;
      const u = s.units[i] as UnitResult;
      const nth = list.slice(0, k).filter((x) => x === i).length;
      const b = nthBlock(u, id, nth);
      if (b) out.push(diag('compile/duplicate-block', { block: id, other: first }, { file: u.path, span: b.span }));
    });
  }
  return out;
}

/** Every unit's findings, in file order. */
export function unitFindings(s: DeltaState): Diagnostic[] {
  return [...s.withDiagnostics].sort((a, b) => a - b).flatMap((i) => (s.units[i] as UnitResult).diagnostics);
}
