/**
 * `svc compile`: config -> discovery -> per-file compile (or cache reuse) -> cross-file checks
 * -> svc-manifest.json. The manifest is deterministic: same input, same bytes, no timestamps.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag, hasErrors } from '../../../grammar/diagnostics.js';
import { snapshotNames } from '../analyze/sql-names.js';
import { buildId } from '../cache/build-id.js';
import { type CacheData, readCache } from '../cache/compile-cache.js';
import { parallelRunner } from '../cache/compile-parallel.js';
import { compileUnits, type Previous, type UnitBlock } from '../cache/compile-units.js';
import { buildDelta } from '../cache/delta-state.js';
import { appsSnapshot, canVouch, type Identity, type QuickIndex, settledHolds, settledMemo, writeQuickIndex } from '../cache/quick-index.js';
import { cacheData, quickIndexOf, recordCache } from '../cache/record-cache.js';
import { type StatMemo, statMemo } from '../cache/stat-memo.js';
import { type WarmStart, warmDiscovery, warmManifest } from '../cache/warm-start.js';
import { sha256Hex } from '../hash.js';
import { type AssembledManifest, assembleManifest, holdsPieces } from '../manifest/fragments.js';
import { locateFragments } from '../manifest/locate.js';
import { removeManifestLog } from '../manifest/manifest-log.js';
import { MANIFEST_FILE, RETIRED_MANIFEST } from '../manifest/paths.js';
import { projectRootOf, resolveConnection, type SvcConfig } from '../project/config.js';
import { duplicateIds, orderDiagnostics } from '../project/cross-file.js';
import { discoverBlockFiles } from '../project/discover.js';
import { Timings } from '../timings.js';
import type { LineageEdge } from '../types.js';
import { atomicWrite } from '../write-file.js';
import { type CompileInputs, loadInputs } from './compile-inputs.js';
import { deltaCompile } from './delta-compile.js';
import { linkProject, type Project, type ProjectLevel, sectionsJson } from './link-project.js';
import { quickCompile } from './quick-compile.js';

export { MANIFEST_FILE };

export interface CompileOptions {
  project?: string;
  cwd?: string;
  /** Compare with the manifest on disk instead of writing it. */
  check?: boolean;
  /** Use and update the compile cache (default true). */
  cache?: boolean;
  /** What the previous compile in this process left (svc compile --watch). */
  warm?: WarmStart;
  /** Return `next`, the state the next compile in this process can start from. */
  keepWarm?: boolean;
  /** Keep the cache record in memory only (a watching compile writes it once things are quiet). */
  deferCache?: boolean;
}

export interface CompileResult {
  root: string;
  config?: SvcConfig;
  /** The manifest as UTF-8 bytes (absent when the config could not be read). */
  bytes?: Buffer;
  /** The manifest text, decoded on first use. */
  readonly text?: string;
  diagnostics: Diagnostic[];
  exitCode: 0 | 1 | 2;
  stale: boolean;
  wrote: boolean;
  stats: { files: number; compiled: number; reused: number; blocks: number };
  /** True when the quick lane answered (cache/quick-compile.ts): only changed files were read. */
  quick?: boolean;
  /** Where the next compile in this process can start from (with keepWarm; absent with --check or no cache). */
  next?: WarmStart;
}

function readExisting(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** sha256 of the manifest's pieces, as of the joined bytes. */
function piecesSha256(pieces: readonly Buffer[]): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece);
  return hash.digest('hex');
}

/** The compile cache of the project these options name, when this build wrote it. */
function ownCache(opts: CompileOptions): CacheData | undefined {
  if (opts.cache === false) return undefined;
  const root = projectRootOf(opts);
  const cache = root === undefined ? undefined : readCache(root);
  return cache?.buildId === buildId() ? cache : undefined;
}

/** The previous cache and its blocks' text, when the cache is for this environment and the manifest is the one it indexed. */
function previousRun(cache: CacheData | undefined, envKey: string, existing: Buffer | undefined, path: string): Previous | undefined {
  if (!cache || existing === undefined || cache.envKey !== envKey) return undefined;
  // The settled memo vouches for the file as it was when the memo was taken, hence for `existing` only if it still holds now.
  const vouched = cache.manifestMemo !== undefined && settledHolds(cache.manifestMemo, path);
  if (!vouched && cache.manifestSha256 !== sha256Hex(existing)) return undefined;
  return { cache, fragments: locateFragments(existing) };
}

/**
 * The manifest on disk and what can be reused from it. A warm start's manifest is trusted
 * without hashing while its stat is the one taken after this process wrote it.
 */
function startFrom(
  opts: CompileOptions,
  root: string,
  cache: CacheData | undefined,
  envKey: string,
): { existing: Buffer | undefined; previous: Previous | undefined; before: StatMemo | null } {
  const path = join(root, MANIFEST_FILE);
  // Taken before the file is read or trusted: the manifest's identity if this compile writes none.
  const before = statMemo(path);
  const ours = warmManifest(opts.warm, path);
  if (ours !== undefined && opts.warm && cache?.envKey === envKey) {
    const { fragments, results, changed } = opts.warm;
    return { existing: ours, previous: { cache, fragments, results, ...(changed ? { changed } : {}) }, before };
  }
  const existing = readExisting(path);
  return { existing, previous: previousRun(cache, envKey, existing, path), before };
}

interface Outcome {
  root: string;
  opts: CompileOptions;
  inputs: CompileInputs;
  manifest: AssembledManifest;
  /** The manifest file holds `manifest` (written now, or already); false when the write failed. */
  onDisk: boolean;
  /** What identifies that file: the inode written, or the stat taken before reading it. */
  identity: Identity | undefined;
  units: ReturnType<typeof compileUnits>;
  keep: Map<string, string>;
  previous: Previous | undefined;
  kept: readonly UnitBlock[];
  discovered: WarmStart['discovered'];
  /** Files under apps/ as hashed before they were read (undefined: not indexable). */
  apps: QuickIndex['apps'] | undefined;
  /** Project-level duplicate and discovery findings: any of them keeps the quick lane closed. */
  blocksAmbiguous: boolean;
  /** The logged sections as JSON (link-project.ts), made only when a warm start is kept. */
  sections: () => string;
}

/** The quick index of a recorded compile (quick-index.ts), when the lane could splice its manifest. */
function quickIndexFor(o: Outcome, taken: QuickIndex['manifest'] | undefined): QuickIndex | undefined {
  if (taken === undefined || o.apps === undefined || o.blocksAmbiguous) return undefined;
  const { envKey, validated } = o.inputs;
  const head = { envKey, buildId: buildId(), validated };
  return quickIndexOf({ head, manifest: taken, units: o.units, keep: o.keep, blocks: o.kept.length, apps: o.apps });
}

/**
 * Records the compile in the cache (or, deferred, only in memory: the manifest is not hashed
 * and the next recording writes a whole snapshot) and returns what the next compile in this
 * process can start from.
 */
function remember(o: Outcome): WarmStart | undefined {
  const { envKey, validated } = o.inputs;
  const taken = o.opts.deferCache || !o.onDisk || !o.identity ? undefined : settledMemo(join(o.root, MANIFEST_FILE), o.identity);
  // The hash is the fallback for a memo that cannot vouch (whole-second file times): on most
  // filesystems the 18 MB of a large manifest need not be hashed at all.
  const manifestSha256 = o.opts.deferCache || canVouch(taken) ? '' : piecesSha256(o.manifest.pieces);
  const head = { envKey, buildId: buildId(), validated, manifestSha256, ...(taken ? { manifestMemo: taken } : {}) };
  const journal = o.opts.warm?.cacheOnDisk !== false;
  const cache = o.opts.deferCache ? cacheData(head, o.units, o.keep) : recordCache(o.root, head, o.units, o.keep, journal ? o.previous : undefined);
  // A compile with nothing to reuse (a fresh clone, most CI runs) leaves the quick index to the
  // first recompile: a cold compile is often the only one, and the index costs it about 3 %.
  if (!o.opts.deferCache) writeQuickIndex(o.root, o.previous ? quickIndexFor(o, taken) : undefined);
  // Also a one-shot compile: a watch that was killed may have left its retired manifest.
  if (!o.opts.deferCache) rmSync(join(o.root, RETIRED_MANIFEST), { force: true });
  if (!o.opts.keepWarm) return undefined;
  const fragments = new Map(o.kept.map((b) => [b.id, b.text]));
  // Built here, off the save-to-manifest path, so the next change is linked in proportion to it.
  const delta = buildDelta(o.discovered.files, [...o.units.results], fragments, o.sections());
  // No memo, no trust: after a failed write the next compile reads whatever the file is.
  const manifest = { bytes: o.manifest.bytes, memo: o.onDisk ? statMemo(join(o.root, MANIFEST_FILE)) : null };
  const { discovered, inputs } = o;
  return { cache, fragments, results: delta.results, manifest, discovered, inputs, cacheOnDisk: !o.opts.deferCache, delta };
}

/** What the discover phase hands on: the manifest on disk, what it lets be reused, and the block files. */
interface Discovered {
  existing: Buffer | undefined;
  previous: Previous | undefined;
  /** The manifest's stat, taken before it was read or trusted. */
  before: StatMemo | null;
  discovered: WarmStart['discovered'];
}

/** What the link phase makes of the compiled files: the block each id keeps, every finding in order, the manifest. */
interface Linked {
  dup: ReturnType<typeof duplicateIds>;
  kept: UnitBlock[];
  diagnostics: Diagnostic[];
  manifest: AssembledManifest;
  /** Files under apps/ as hashed before they were read (undefined: not indexable). */
  appFiles: QuickIndex['apps'] | undefined;
  level: ProjectLevel;
}

type Units = ReturnType<typeof compileUnits>;

/** Compiles the project; never throws on user input. */
export function compileProject(given: CompileOptions = {}): CompileResult {
  // A warm start a failed delta left half-updated is not trusted: this compile starts from disk.
  const { warm: _, ...cold } = given;
  const opts: CompileOptions = given.warm?.delta?.busy ? cold : given;
  // The cache records which config and contract texts this build validated; a warm run whose
  // texts are byte-identical skips the schema validator (and loading it) for them (compile-inputs.ts).
  const t = new Timings();
  const quick = quickCompile(opts, t);
  if (quick.result) {
    t.report();
    return quick.result;
  }
  t.mark('quick lane (not taken)');
  const cache = opts.warm?.cache ?? ownCache(opts);
  t.mark('read cache');
  const inputs = quick.inputs ?? loadInputs(opts, cache);
  const { loaded, contracts } = inputs;
  const empty = { files: 0, compiled: 0, reused: 0, blocks: 0 };
  if (!loaded.config || !contracts) return { root: loaded.root, diagnostics: loaded.diagnostics, exitCode: 2, stale: false, wrote: false, stats: empty };
  const p: Project = { root: loaded.root, config: loaded.config, contracts, inputs, opts };
  t.mark('config, contracts');
  const delta = deltaCompile(opts, inputs, t);
  if (delta) {
    t.report();
    return delta;
  }
  const found = discover(p, cache, t);
  const units = compileFiles(p, found, t);
  const linked = link(p, found, units, t);
  const result = write(p, found, units, linked, t);
  t.report();
  return result;
}

/** Discover phase: the manifest on disk and what can be reused from it, then the block files. */
function discover(p: Project, cache: CacheData | undefined, t: Timings): Discovered {
  const { existing, previous, before } = startFrom(p.opts, p.root, cache, p.inputs.envKey);
  t.mark('read manifest');
  const discovered = warmDiscovery(p.opts.warm, p.root) ?? discoverBlockFiles(p.root);
  t.mark('discover');
  return { existing, previous, before, discovered };
}

/** Compile phase: each block file compiled, or its previous result reused. */
function compileFiles(p: Project, found: Discovered, t: Timings): Units {
  const { root, config, contracts } = p;
  const certifiers = p.inputs.certifiers ?? { signed: false };
  const names = snapshotNames(p.inputs.snapshot);
  const env = { driverOf: (c: string) => resolveConnection(config, c).driver, contracts: contracts.index, certifiers, ...(names ? { names } : {}) };
  const units = compileUnits(
    root,
    found.discovered.files,
    env,
    found.previous,
    parallelRunner(config, contracts.index, certifiers, p.inputs.snapshot, (phase) => t.mark(phase)),
  );
  t.mark('compile files');
  return units;
}

/** Link phase: duplicate ids, Apps and terms checked across files, and the manifest assembled from the blocks kept. */
function link(p: Project, found: Discovered, units: Units, t: Timings): Linked {
  const { root, opts } = p;
  const dup = duplicateIds(units.results);
  // Hashed before Apps are read: a file edited meanwhile can only look changed later, never the reverse.
  const appFiles = opts.check || opts.cache === false || opts.deferCache ? undefined : appsSnapshot(root);
  // A block declaring svc_contract has a "contract" key in its fragment, which JSON escaping keeps out of string values.
  const usesContracts = units.results.some((u) => u.blocks.some((b) => b.text.includes('"contract":')));
  const level = linkProject(p, found.discovered, dup.diagnostics, dup.keep, usesContracts);
  const diagnostics = orderDiagnostics(
    units.results.flatMap((u) => u.diagnostics),
    level.findings,
  );
  const kept = units.results.flatMap((u) => u.blocks.filter((b) => dup.keep.get(b.id) === u.path));
  kept.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const { manifestVersion, project, contracts, statementCheck, apps, terms, views } = level;
  const head = { manifestVersion, project, contracts, ...(statementCheck ? { statementCheck } : {}) };
  const lineage: LineageEdge[] = kept.flatMap((b) => b.tables.map((table) => ({ block: b.id, table })));
  t.mark('cross-file, apps');
  const assembled = assembleManifest({ head, blocks: kept, apps, terms, views, lineage, diagnostics });
  t.mark('assemble');
  return { dup, kept, diagnostics, manifest: assembled, appFiles, level };
}

/** Write phase: the manifest written (or, with --check, compared with the file), then the compile recorded in the cache. */
function write(p: Project, found: Discovered, units: Units, l: Linked, t: Timings): CompileResult {
  const { root, config, opts } = p;
  const { discovered } = found;
  const stats = { files: discovered.files.length, compiled: units.compiled, reused: units.reused, blocks: l.kept.length };
  const [result, written] = finish(root, config, l.manifest, found.existing, l.diagnostics, opts, stats);
  t.mark('write manifest');
  if (opts.check || opts.cache === false) return result;
  const identity: Identity | undefined = written !== undefined ? { ino: written } : found.before ? { memo: found.before } : undefined;
  const next = remember({
    root,
    opts,
    inputs: p.inputs,
    manifest: l.manifest,
    onDisk: result.wrote || !result.stale,
    identity,
    units,
    keep: l.dup.keep,
    previous: found.previous,
    kept: l.kept,
    discovered,
    apps: l.appFiles,
    blocksAmbiguous: l.dup.diagnostics.length > 0 || discovered.diagnostics.length > 0,
    sections: () => sectionsJson(l.level, l.diagnostics),
  });
  if (next) result.next = next;
  t.mark(opts.deferCache ? 'cache (deferred)' : 'write cache');
  return result;
}

/** The result, and the inode of the manifest when this compile wrote it. */
function finish(
  root: string,
  config: SvcConfig,
  manifest: AssembledManifest,
  existing: Buffer | undefined,
  diagnostics: Diagnostic[],
  opts: CompileOptions,
  stats: CompileResult['stats'],
): [CompileResult, string | undefined] {
  const path = join(root, MANIFEST_FILE);
  let text: string | undefined;
  const stale = existing === undefined || !holdsPieces(existing, manifest);
  const result: CompileResult = {
    root,
    config,
    get bytes() {
      return manifest.bytes;
    },
    diagnostics,
    exitCode: hasErrors(diagnostics) ? 1 : 0,
    stale,
    wrote: false,
    stats,
    get text() {
      text ??= manifest.bytes.toString('utf8');
      return text;
    },
  };
  if (opts.check) {
    if (stale) {
      result.diagnostics = [...diagnostics, diag('compile/manifest-stale', {}, { file: MANIFEST_FILE })];
      result.exitCode = 1;
    }
    return [result, undefined];
  }
  if (!stale) removeManifestLog(root);
  else {
    try {
      // A watching compile answers a change first: the old manifest is released by the sweep.
      const ino = atomicWrite(path, manifest.pieces, opts.deferCache ? { retireTo: join(root, RETIRED_MANIFEST) } : {});
      result.wrote = true;
      // The file now holds the whole manifest: the log (which names the file as it was) goes.
      removeManifestLog(root);
      return [result, ino];
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'write failed';
      result.diagnostics = [...diagnostics, diag('compile/manifest-unwritable', { reason }, { file: MANIFEST_FILE })];
      result.exitCode = 1;
    }
  }
  return [result, undefined];
}
