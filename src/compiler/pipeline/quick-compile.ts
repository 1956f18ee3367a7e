/**
 * The quick lane of a one-shot `svc compile`: when the quick index (quick-index.ts) proves
 * that the project differs from its last compile only inside a few block files, and those
 * files still contribute the same block ids, tables and diagnostics, the new manifest is the
 * old one with those files' lines replaced. No compile cache is read and no other block is
 * touched; a 10,000-block project costs a stat per file and one manifest write.
 *
 * Whenever a condition does not hold the lane answers undefined, before writing anything, and
 * the ordinary compile runs. Every file is still stat-checked, so the lane never trusts an
 * event or a guess: it serves exactly the bytes a cold compile would write.
 */
import { readFileSync, unlink } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diag, hasErrors } from '../../../grammar/diagnostics.js';
import { snapshotNames } from '../analyze/sql-names.js';
import { buildId } from '../cache/build-id.js';
import { appendJournal, type CachedDep, type CachedUnit, journalHasRoom } from '../cache/compile-cache.js';
import { type Ctx, compileFresh, stillValid, type UnitResult } from '../cache/compile-units.js';
import { DirListing } from '../cache/dir-listing.js';
import {
  appsUnchanged,
  type Identity,
  memoOfTaken,
  type QuickIndex,
  type QuickUnit,
  quickUnit,
  readQuickIndex,
  settledHolds,
  settledMemo,
  unitSummary,
  writeQuickIndex,
} from '../cache/quick-index.js';
import { cachedUnitOf } from '../cache/record-cache.js';
import { memoHolds, nowNs, type StatMemo, statMemo, tupleMemo } from '../cache/stat-memo.js';
import { manifestDiagnostics, spliceFragments } from '../manifest/locate.js';
import { removeManifestLog } from '../manifest/manifest-log.js';
import { MANIFEST_FILE, RETIRED_MANIFEST } from '../manifest/paths.js';
import { projectRootOf, resolveConnection } from '../project/config.js';
import { listBlockFiles, type SourceFile, sourceFileOf } from '../project/discover.js';
import type { Timings } from '../timings.js';
import { atomicWrite } from '../write-file.js';
import { type CompileInputs, loadInputs } from './compile-inputs.js';
import type { CompileOptions, CompileResult } from './compile-project.js';

/** More changed files than this and the ordinary compile (which can work in parallel) is faster. */
const MAX_CHANGED = 32;

interface Lane {
  root: string;
  index: QuickIndex;
  inputs: CompileInputs;
  manifestPath: string;
}

/**
 * The lane, when the project as a whole is still the one indexed, and the inputs once they
 * were loaded (valid for the ordinary compile too: trust only spares validating a text again).
 */
function openLane(opts: CompileOptions): { lane?: Lane; inputs?: CompileInputs } {
  if (opts.cache === false || opts.warm !== undefined || opts.keepWarm || opts.deferCache) return {};
  const root = projectRootOf(opts);
  const index = root === undefined ? undefined : readQuickIndex(root);
  if (root === undefined || index === undefined || index.buildId !== buildId()) return {};
  const inputs = loadInputs(opts, { validated: index.validated });
  if (!inputs.loaded.config || !inputs.contracts || inputs.loaded.root !== root || inputs.envKey !== index.envKey) return { inputs };
  const manifestPath = join(root, MANIFEST_FILE);
  if (!settledHolds(index.manifest, manifestPath) || !appsUnchanged(root, index)) return { inputs };
  return { lane: { root, index, inputs, manifestPath }, inputs };
}

/** What became of a file whose memos no longer vouch for it. */
type Change = { at: number; kind: 'refreshed'; memo: StatMemo | null; deps: CachedDep[] } | { at: number; kind: 'compiled'; unit: UnitResult };

/** True when the file and its companions still have the memos the index took, safely after their last change. */
function memosHold(ctx: Ctx, memo: StatMemo | null, unit: QuickUnit): boolean {
  const seenAt = BigInt(unit[2]);
  if (!memoHolds(tupleMemo(unit[1]), memo, seenAt)) return false;
  return unit[5].every(([path, t]) => memoHolds(tupleMemo(t), ctx.listing.mayExist(path) ? statMemo(`${ctx.root}/${path}`) : null, seenAt));
}

/**
 * Decides a file whose memos do not vouch for it the way the ordinary compile does: by
 * content (compile-units.ts stillValid). Same content: only its memos are refreshed.
 * Otherwise it is compiled, and must still contribute the same ids, tables and diagnostics.
 */
function decide(ctx: Ctx, lane: Lane, at: number, file: SourceFile, memo: StatMemo | null): Change | undefined {
  const q = lane.index.units[at] as QuickUnit;
  const deps = q[5].map(([path, t, sha]): CachedDep => ({ path, stat: tupleMemo(t), sha }));
  const prior: CachedUnit = { path: q[0], stat: tupleMemo(q[1]), sha: q[4], deps, blocks: [], diagnostics: [], seenAtNs: q[2] };
  const check = stillValid(ctx, prior, memo, file);
  if (check.deps) return { at, kind: 'refreshed', memo, deps: check.deps };
  const unit = compileFresh(ctx, file, memo, check.bytes);
  if (unit.sha === '' || unitSummary(unit.blocks, unit.diagnostics) !== q[3]) return undefined;
  return { at, kind: 'compiled', unit };
}

/** Every file checked; the ones that changed decided. Undefined when a change reaches beyond a file's own lines. */
function recompile(lane: Lane, paths: readonly string[], seenAtNs: string): Change[] | undefined {
  const config = lane.inputs.loaded.config;
  const contracts = lane.inputs.contracts;
  if (!config || !contracts) return undefined;
  const env = {
    driverOf: (c: string) => resolveConnection(config, c).driver,
    contracts: contracts.index,
    certifiers: lane.inputs.certifiers ?? { signed: false as const },
    names: snapshotNames(lane.inputs.snapshot),
  };
  const ctx: Ctx = { root: lane.root, env, listing: new DirListing(lane.root), nowNs: seenAtNs };
  const suspects: Array<{ at: number; memo: StatMemo | null }> = [];
  for (let at = 0; at < paths.length; at++) {
    const unit = lane.index.units[at] as QuickUnit;
    if (paths[at] !== unit[0]) return undefined;
    const memo = statMemo(`${lane.root}/${unit[0]}`);
    if (!memosHold(ctx, memo, unit)) suspects.push({ at, memo });
    if (suspects.length > MAX_CHANGED) return undefined;
  }
  const out: Change[] = [];
  for (const { at, memo } of suspects) {
    const file = sourceFileOf(lane.root, paths[at] as string);
    const change = file && decide(ctx, lane, at, file, memo);
    if (change === undefined) return undefined;
    out.push(change);
  }
  return out;
}

/** The manifest with the compiled files' block lines replaced; undefined if a line is missing. */
function splice(manifest: Buffer, changes: readonly Change[]): { pieces: Buffer[]; stale: boolean } | undefined {
  const blocks = changes.flatMap((c) => (c.kind === 'compiled' ? c.unit.blocks : []));
  return spliceFragments(manifest, blocks);
}

/**
 * Records the lane's compile: a journal line for the compile cache and a new quick index,
 * both vouching for the manifest by its settled memo. When either cannot be written the quick
 * index is removed, so nothing is left claiming a manifest it does not describe.
 */
function record(lane: Lane, changes: readonly Change[], seenAtNs: string, identity: Identity): void {
  const { index, root } = lane;
  const next: QuickUnit[] = [...index.units];
  for (const c of changes) {
    const q = index.units[c.at] as QuickUnit;
    const seen = c.kind === 'compiled' ? c.unit : { path: q[0], stat: c.memo, seenAtNs, sha: q[4], deps: c.deps };
    next[c.at] = quickUnit(seen, q[3]);
  }
  // Serialized before the manifest memo is taken: that work is usually the tick the memo waits for.
  const unitsJson = JSON.stringify(next);
  const taken = settledMemo(lane.manifestPath, identity);
  const head = { envKey: index.envKey, buildId: index.buildId, validated: index.validated, manifestSha256: '' };
  // Refreshed memos are the quick index's business; the compile cache decides those files by content.
  // The index was written only for a project without duplicate ids, and ids did not change: every unit is whole.
  const compiled = changes.flatMap((c) => (c.kind === 'compiled' ? [cachedUnitOf(c.unit, true)] : []));
  if (taken === undefined || (compiled.length > 0 && !appendJournal(root, { ...head, manifestMemo: taken }, compiled))) {
    writeQuickIndex(root, undefined);
    return;
  }
  writeQuickIndex(root, { ...index, manifest: taken, units: next }, unitsJson);
}

/** What the quick lane did: answered, or left the compile to the ordinary path with the inputs it loaded. */
export interface QuickAttempt {
  result?: CompileResult;
  inputs?: CompileInputs;
}

/** The one-shot compile through the quick lane, when the lane can answer it. */
export function quickCompile(opts: CompileOptions, t?: Timings): QuickAttempt {
  const { lane, inputs } = openLane(opts);
  t?.mark('quick: open');
  const result = lane && throughLane(lane, opts, t);
  return result ? { result } : inputs ? { inputs } : {};
}

/**
 * Writes the spliced manifest when it differs; answers what identifies the manifest now (the
 * inode written, or the memo it was checked against twice, around the read), or undefined
 * when the write failed.
 */
function writeSpliced(lane: Lane, spliced: { pieces: Buffer[]; stale: boolean }, result: CompileResult): Identity | undefined {
  if (!spliced.stale) return { memo: memoOfTaken(lane.index.manifest) };
  try {
    const ino = atomicWrite(lane.manifestPath, spliced.pieces, { retireTo: join(lane.root, RETIRED_MANIFEST) });
    result.wrote = true;
    return { ino };
  } catch {
    return undefined;
  }
}

/** The manifest's bytes, when they are the ones the index describes. */
function readIndexed(lane: Lane): Buffer | undefined {
  let manifest: Buffer;
  try {
    manifest = readFileSync(lane.manifestPath);
  } catch {
    return undefined;
  }
  // Checked again after the read (openLane checked before): the bytes are the indexed ones only
  // if the file did not change while they were read.
  return settledHolds(lane.index.manifest, lane.manifestPath) ? manifest : undefined;
}

/** The compile through an open lane, or undefined when the ordinary compile must run. */
function throughLane(lane: Lane, opts: CompileOptions, t?: Timings): CompileResult | undefined {
  if (!opts.check && !journalHasRoom(lane.root)) return undefined;
  // The manifest the last quick compile replaced is released on a pool thread while this one works.
  if (!opts.check) unlink(join(lane.root, RETIRED_MANIFEST), () => undefined);
  const listed = listBlockFiles(lane.root);
  t?.mark('quick: discover');
  if (listed.diagnostics.length > 0 || listed.paths.length !== lane.index.units.length) return undefined;
  const seenAtNs = String(nowNs());
  const units = recompile(lane, listed.paths, seenAtNs);
  t?.mark('quick: stat, compile');
  if (units === undefined) return undefined;
  const manifest = readIndexed(lane);
  if (manifest === undefined) return undefined;
  const spliced = splice(manifest, units);
  const found = manifestDiagnostics(manifest);
  t?.mark('quick: read, splice');
  if (spliced === undefined || found === undefined) return undefined;
  const diagnostics = found as Diagnostic[];
  const compiled = units.filter((u) => u.kind === 'compiled').length;
  const files = listed.paths.length;
  const result = quickResult(lane, spliced, diagnostics, { files, compiled, reused: files - compiled, blocks: lane.index.blocks });
  if (opts.check) {
    if (spliced.stale) {
      result.diagnostics = [...diagnostics, diag('compile/manifest-stale', {}, { file: MANIFEST_FILE })];
      result.exitCode = 1;
    }
    return result;
  }
  const identity = writeSpliced(lane, spliced, result);
  if (identity === undefined) return undefined; // the ordinary compile reports why the manifest cannot be written
  // The file now holds the whole manifest: a log a watch left (it names the file as it was) goes.
  removeManifestLog(lane.root);
  t?.mark('quick: write manifest');
  if (units.length > 0) record(lane, units, seenAtNs, identity);
  t?.mark('quick: record');
  return result;
}

function quickResult(lane: Lane, spliced: { pieces: Buffer[]; stale: boolean }, diagnostics: Diagnostic[], stats: CompileResult['stats']): CompileResult {
  let bytes: Buffer | undefined;
  let text: string | undefined;
  const config = lane.inputs.loaded.config;
  return {
    root: lane.root,
    ...(config ? { config } : {}),
    get bytes() {
      bytes ??= Buffer.concat(spliced.pieces);
      return bytes;
    },
    get text() {
      text ??= this.bytes?.toString('utf8');
      return text;
    },
    diagnostics,
    exitCode: hasErrors(diagnostics) ? 1 : 0,
    stale: spliced.stale,
    wrote: false,
    stats,
    quick: true,
  };
}
