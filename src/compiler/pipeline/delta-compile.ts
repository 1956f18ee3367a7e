/**
 * The watch's answer to a change batch in proportion to the change: when the watcher names block
 * files and the companions they read (block files added or removed where the folders already
 * listed hold them, a rename being both; config and contracts as before, svc-manifest.json still
 * the file this process wrote), it compiles just the changed and added files, links the project
 * again from the kept indexes (delta-state.ts) and appends
 * the change to the manifest log (manifest-log.ts) instead of rewriting svc-manifest.json. The
 * sweep that follows a few seconds later is a whole compile: it rewrites the file and drops the
 * log. Anything else returns undefined and the whole compile answers.
 */
import { join } from 'node:path';
import { hasErrors } from '../../../grammar/diagnostics.js';
import { snapshotNames } from '../analyze/sql-names.js';
import { buildId } from '../cache/build-id.js';
import { type Ctx, compileFresh, type UnitResult } from '../cache/compile-units.js';
import { type DeltaState, duplicateFindings, replaceUnits, unitFindings, unitsInOrder } from '../cache/delta-state.js';
import { DirListing } from '../cache/dir-listing.js';
import { cacheData } from '../cache/record-cache.js';
import { nowNs, statMemo } from '../cache/stat-memo.js';
import { type Reshaped, reshapedDiscovery, type WarmStart, warmManifest } from '../cache/warm-start.js';
import { appendManifestLog, baseIdentity, logHasRoom } from '../manifest/manifest-log.js';
import { MANIFEST_FILE } from '../manifest/paths.js';
import { resolveConnection } from '../project/config.js';
import { orderDiagnostics } from '../project/cross-file.js';
import type { SourceFile } from '../project/discover.js';
import type { Timings } from '../timings.js';
import type { CompileInputs } from './compile-inputs.js';
import type { CompileOptions, CompileResult } from './compile-project.js';
import { linkProject, type Project, sectionsJson } from './link-project.js';

/** The warm start, its delta state and the block files after the change, when this change batch can be answered by a delta. */
function usable(opts: CompileOptions, inputs: CompileInputs): { warm: WarmStart; state: DeltaState; root: string; shape: Reshaped } | undefined {
  const warm = opts.warm;
  const state = warm?.delta;
  if (!warm?.changed || !state || state.busy || !opts.deferCache || opts.check || opts.cache === false) return undefined;
  const root = inputs.loaded.root;
  if (!inputs.loaded.config || !inputs.contracts || inputs.envKey !== warm.inputs?.envKey) return undefined;
  if (warmManifest(warm, join(root, MANIFEST_FILE)) === undefined || !logHasRoom(root)) return undefined;
  const shape = reshapedDiscovery(warm, root, state.results);
  return shape && { warm, state, root, shape };
}

/** The block files still there that the changed paths touch: those named and those that read a named companion, in file order. */
function touched(state: DeltaState, changed: ReadonlySet<string>, removed: ReadonlySet<string>): SourceFile[] {
  const out = new Set<string>();
  for (const rel of changed) {
    if (state.results.has(rel)) out.add(rel);
    for (const path of state.users.get(rel) ?? []) out.add(path);
  }
  const paths = [...out].filter((p) => !removed.has(p)).sort();
  return paths.flatMap((p) => {
    const file = state.results.has(p) ? fileAt(state, p) : undefined;
    return file === undefined ? [] : [file];
  });
}

/** The block file at `path` in the state's sorted list (binary search). */
function fileAt(state: DeltaState, path: string): SourceFile | undefined {
  let low = 0;
  for (let high = state.files.length; low < high; ) {
    const mid = (low + high) >> 1;
    if ((state.files[mid] as SourceFile).path < path) low = mid + 1;
    else high = mid;
  }
  const file = state.files[low];
  return file?.path === path ? file : undefined;
}

/** Compiles `files` afresh: the only files of a delta that are read and parsed. */
function recompile(p: Project, files: readonly SourceFile[]): UnitResult[] {
  const { root, config, contracts, inputs } = p;
  const names = snapshotNames(inputs.snapshot);
  const env = {
    driverOf: (c: string) => resolveConnection(config, c).driver,
    contracts: contracts.index,
    certifiers: inputs.certifiers ?? { signed: false as const },
    ...(names ? { names } : {}),
  };
  const ctx: Ctx = { root, env, listing: new DirListing(root), nowNs: String(nowNs()) };
  // Each memo is taken before the read: an edit racing it can only make the memo look older, never vouch for stale text.
  return files.map((file) => compileFresh(ctx, file, statMemo(file.abs), undefined));
}

/** The change batch answered as a delta, or undefined when the whole compile must answer it. */
export function deltaCompile(opts: CompileOptions, inputs: CompileInputs, t: Timings): CompileResult | undefined {
  const found = usable(opts, inputs);
  if (!found || !inputs.loaded.config || !inputs.contracts) return undefined;
  const { warm, state, root, shape } = found;
  const p: Project = { root, config: inputs.loaded.config, contracts: inputs.contracts, inputs, opts };
  state.busy = true;
  const changes = recompile(p, [...touched(state, warm.changed as ReadonlySet<string>, shape.removed), ...shape.added]);
  const { set, drop } = replaceUnits(state, changes, shape.files, shape.removed);
  t.mark('delta: compile files');
  const discovered = { files: shape.files, diagnostics: warm.discovered.diagnostics };
  const level = linkProject(p, discovered, duplicateFindings(state), state.keep, state.contractBlocks > 0);
  const diagnostics = orderDiagnostics(unitFindings(state), level.findings);
  const sections = sectionsJson(level, diagnostics);
  const stale = set.length > 0 || drop.length > 0 || sections !== state.sections;
  t.mark('delta: link');
  const { findings: _, ...logged } = level;
  if (stale && !appendManifestLog(root, baseIdentity(root), { ...logged, diagnostics }, set, drop)) return undefined; // state stays busy: the whole compile starts afresh
  t.mark('delta: append log');
  state.sections = sections;
  state.busy = false;
  const files = state.files.length;
  const stats = { files, compiled: changes.length, reused: files - changes.length, blocks: state.keep.size };
  const result: CompileResult = { root, config: p.config, diagnostics, exitCode: hasErrors(diagnostics) ? 1 : 0, stale, wrote: stale, stats };
  result.next = nextWarm({ ...warm, discovered }, inputs, state);
  return result;
}

/** What the next compile starts from: the same maps, now describing the project after this change. */
function nextWarm(warm: WarmStart, inputs: CompileInputs, state: DeltaState): WarmStart {
  const head = { envKey: inputs.envKey, buildId: buildId(), validated: inputs.validated, manifestSha256: '' };
  // The units in file order, made only when the cache is recorded (once things are quiet).
  const units = {
    get results() {
      return unitsInOrder(state);
    },
    dropped: [],
    compiled: 0,
    reused: 0,
  };
  const cache = cacheData(head, units, state.keep);
  const { changed: _, ...rest } = warm;
  return { ...rest, cache, fragments: state.fragments, results: state.results, cacheOnDisk: false, inputs, delta: state };
}
