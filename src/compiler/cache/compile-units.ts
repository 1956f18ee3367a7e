/**
 * Compiles every block file, reusing cached results whose inputs provably did not change.
 * Order of checks per file: stat (taken before any read, so an edit racing the read can only
 * cause a re-read later, never a stale reuse), then content hash, then the same for each
 * companion the file consulted. Reused block text comes from the previous manifest.
 */
import { readFileSync } from 'node:fs';
import { compareDiagnostics, type Diagnostic, type Span } from '../../../grammar/diagnostics.js';
import { sha256Hex } from '../hash.js';
import { blockFragment } from '../manifest/fragments.js';
import { compileSourceText, type FileEnv } from '../project/compile-file.js';
import type { SourceFile } from '../project/discover.js';
import { decodeSource, readSource } from '../project/read-source.js';
import type { CacheData, CachedDep, CachedUnit } from './compile-cache.js';
import { DirListing } from './dir-listing.js';
import { memoHolds, nowNs, readWithMemo, type StatMemo, statMemo } from './stat-memo.js';
import { untouched } from './warm-start.js';

export interface UnitBlock {
  id: string;
  tables: string[];
  /** Where the declaration sits, for cross-file diagnostics (duplicate ids). */
  span: Span;
  /** The block's manifest fragment (UTF-8). */
  text: Buffer;
}

export interface UnitResult {
  path: string;
  stat: StatMemo | null;
  sha: string;
  deps: CachedDep[];
  blocks: UnitBlock[];
  diagnostics: Diagnostic[];
  reused: boolean;
  /** True when the cache entry must be written again (compiled, or stat memos refreshed). */
  dirty: boolean;
  /** When this unit's stat memos were taken. */
  seenAtNs: string;
}

/** What a previous compile left: its cache, and the block text located in its manifest. */
export interface Previous {
  cache: CacheData;
  fragments: Map<string, Buffer>;
  /** A watcher's list of changed paths: units it does not touch are reused without a stat. */
  changed?: ReadonlySet<string>;
  /** The units as the previous compile in this process left them (warm start). */
  results?: Map<string, UnitResult>;
}

export interface Ctx {
  root: string;
  env: Omit<FileEnv, 'readCompanion'>;
  listing: DirListing;
  /** Wall clock (ns) before this compile looked at any file: the new memos' time. */
  nowNs: string;
}

/** A file that must be compiled; `memo` was taken before any read of it. */
export interface FreshJob {
  index: number;
  file: SourceFile;
  /** Taken before any read; undefined when the compile reads the file and its memo together. */
  memo?: StatMemo | null;
  bytes?: Buffer;
}

/** Compiles jobs in order; a parallel implementation may split them (compile-parallel.ts). */
export type JobRunner = (ctx: Ctx, jobs: readonly FreshJob[]) => UnitResult[];

/** The sequential runner. */
export const runJobs: JobRunner = (ctx, jobs) => jobs.map((j) => compileFresh(ctx, j.file, j.memo, j.bytes));

function readBytes(abs: string): Buffer | undefined {
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
}

function depMemo(ctx: Ctx, rel: string): StatMemo | null {
  return ctx.listing.mayExist(rel) ? statMemo(`${ctx.root}/${rel}`) : null;
}

function depsHold(ctx: Ctx, deps: readonly CachedDep[], seenAt: bigint): CachedDep[] | undefined {
  const fresh: CachedDep[] = [];
  for (const dep of deps) {
    const memo = depMemo(ctx, dep.path);
    if (!memoHolds(dep.stat, memo, seenAt)) {
      const bytes = memo === null ? undefined : readBytes(`${ctx.root}/${dep.path}`);
      if ((bytes === undefined ? null : sha256Hex(bytes)) !== dep.sha) return undefined;
    }
    fresh.push({ ...dep, stat: memo });
  }
  return fresh;
}

export function compileFresh(ctx: Ctx, file: SourceFile, givenMemo: StatMemo | null | undefined, bytes: Buffer | undefined): UnitResult {
  let memo = givenMemo ?? null;
  let source;
  if (bytes !== undefined) source = decodeSource(bytes, file.path);
  else if (givenMemo === undefined) {
    // No memo yet (nothing cached for this file): take it from the same open as the read.
    const read = readWithMemo(file.abs);
    memo = read?.memo ?? null;
    source = read ? decodeSource(read.bytes, file.path) : readSource(file.abs, file.path);
  } else source = readSource(file.abs, file.path);
  const deps: CachedDep[] = [];
  const readCompanion = (rel: string): string | undefined => {
    // One open gives the bytes and their memo (as for the block file); a companion the
    // listing says cannot exist is not even tried.
    const read = ctx.listing.mayExist(rel) ? readWithMemo(`${ctx.root}/${rel}`) : undefined;
    deps.push({ path: rel, stat: read?.memo ?? null, sha: read === undefined ? null : sha256Hex(read.bytes) });
    return read?.bytes.toString('utf8');
  };
  if (source.text === undefined) {
    // Unreadable files are never reused: an empty sha forces a fresh look next time.
    return { path: file.path, stat: null, sha: '', deps, blocks: [], diagnostics: source.diagnostics, reused: false, dirty: true, seenAtNs: ctx.nowNs };
  }
  const unit = compileSourceText(file, source.text, { ...ctx.env, readCompanion });
  const blocks = unit.blocks.map((b) => ({ id: b.id, tables: b.tables, span: b.span, text: blockFragment(b) }));
  const sha = source.bytes ? sha256Hex(source.bytes) : '';
  return {
    path: file.path,
    stat: memo,
    sha,
    deps,
    blocks,
    diagnostics: unit.diagnostics.sort(compareDiagnostics),
    reused: false,
    dirty: true,
    seenAtNs: ctx.nowNs,
  };
}

/** The reused unit, or undefined when a block's text is not in the manifest (then compile). */
function reuse(
  c: CachedUnit,
  fragments: Map<string, Buffer>,
  stat: StatMemo | null,
  deps: CachedDep[],
  refreshed: boolean,
  nowNs: string,
): UnitResult | undefined {
  const blocks: UnitBlock[] = [];
  for (const b of c.blocks) {
    const text = fragments.get(b.id);
    if (text === undefined) return undefined;
    blocks.push({ id: b.id, tables: b.tables, span: b.span, text });
  }
  const seenAtNs = refreshed ? nowNs : c.seenAtNs;
  return { path: c.path, stat, sha: c.sha, deps, blocks, diagnostics: c.diagnostics, reused: true, dirty: refreshed, seenAtNs };
}

/** A unit no change touched: the previous run's result itself when this process has it. */
function unchanged(previous: Previous, c: CachedUnit, nowNs: string): UnitResult | undefined {
  const prior = previous.results?.get(c.path);
  if (prior && prior.sha === c.sha) return prior.reused && !prior.dirty ? prior : { ...prior, reused: true, dirty: false };
  return reuse(c, previous.fragments, c.stat, c.deps, false, nowNs);
}

/** True when the previous unit can be reused (and its fresh dep memos), else undefined. */
export function stillValid(ctx: Ctx, c: CachedUnit, memo: StatMemo | null, file: SourceFile): { deps?: CachedDep[]; bytes?: Buffer; refreshed: boolean } {
  if (c.sha === '') return { refreshed: false };
  const seenAt = BigInt(c.seenAtNs);
  if (memoHolds(c.stat, memo, seenAt)) {
    const deps = depsHold(ctx, c.deps, seenAt);
    return deps ? { deps, refreshed: false } : { refreshed: false };
  }
  // The memo cannot vouch for the file: decide by content, and remember the new stat.
  const bytes = readBytes(file.abs);
  if (bytes === undefined || sha256Hex(bytes) !== c.sha) return bytes ? { bytes, refreshed: true } : { refreshed: true };
  const deps = depsHold(ctx, c.deps, seenAt);
  return deps ? { deps, refreshed: true } : { bytes, refreshed: true };
}

/**
 * Compiles or reuses each file. `previous` holds the last cache and the block text located in
 * its manifest (already verified against manifestSha256).
 */
export function compileUnits(
  root: string,
  files: readonly SourceFile[],
  env: Omit<FileEnv, 'readCompanion'>,
  previous?: Previous,
  runner: JobRunner = runJobs,
) {
  const ctx: Ctx = { root, env, listing: new DirListing(root), nowNs: String(nowNs()) };
  const cached = new Map((previous?.cache.units ?? []).map((u) => [u.path, u]));
  const results = new Array<UnitResult>(files.length);
  const jobs: FreshJob[] = [];
  files.forEach((file, index) => {
    const c = cached.get(file.path);
    const hinted = c && previous && c.sha !== '' && untouched(previous.changed, file.path, c.deps) ? unchanged(previous, c, ctx.nowNs) : undefined;
    if (hinted) {
      results[index] = hinted;
      return;
    }
    // A file with no cache entry is read at once; its memo then comes from that read's fstat.
    const memo = c && previous ? statMemo(file.abs) : undefined;
    const check = c && previous && memo !== undefined ? stillValid(ctx, c, memo, file) : { refreshed: false };
    const reused = c && previous && memo !== undefined && check.deps ? reuse(c, previous.fragments, memo, check.deps, check.refreshed, ctx.nowNs) : undefined;
    if (reused) results[index] = reused;
    else jobs.push({ index, file, ...(memo !== undefined ? { memo } : {}), ...(check.bytes ? { bytes: check.bytes } : {}) });
  });
  runner(ctx, jobs).forEach((r, i) => {
    results[(jobs[i] as FreshJob).index] = r;
  });
  const present = new Set(files.map((f) => f.path));
  const dropped = [...cached.keys()].filter((p) => !present.has(p));
  return { results, dropped, compiled: jobs.length, reused: files.length - jobs.length };
}
