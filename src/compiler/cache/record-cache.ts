/**
 * What a compile records in the compile cache (compile-cache.ts): one entry per block file,
 * written as a journal line of the changed units after a warm compile, or as a snapshot.
 */
import type { CacheData, CachedUnit } from './compile-cache.js';
import { writeCache } from './compile-cache.js';
import type { compileUnits, Previous, UnitResult } from './compile-units.js';
import { type QuickIndex, type QuickUnit, quickUnit, type TakenMemo, unitSummary } from './quick-index.js';

/**
 * The cache entry of a unit. A unit one of whose blocks lost to a duplicate id is never
 * reused: the manifest holds the other file's text under that id.
 */
function cacheUnit(u: UnitResult, keep: Map<string, string>): CachedUnit {
  return cachedUnitOf(
    u,
    u.blocks.every((b) => keep.get(b.id) === u.path),
  );
}

/** The cache entry of a unit; one that is not `whole` (lost a block id) keeps no content hash. */
export function cachedUnitOf(u: UnitResult, whole: boolean): CachedUnit {
  const blocks = u.blocks.map((b) => ({ id: b.id, tables: b.tables, span: b.span }));
  return { path: u.path, stat: u.stat, sha: whole ? u.sha : '', deps: u.deps, blocks, diagnostics: u.diagnostics, seenAtNs: u.seenAtNs };
}

/**
 * The cache record of a compile. Its units are built on first use: a warm one-shot compile
 * writes only the changed units' journal line and never needs the other 9,999.
 */
export function cacheData(head: Omit<CacheData, 'units'>, units: ReturnType<typeof compileUnits>, keep: Map<string, string>): CacheData {
  let all: CachedUnit[] | undefined;
  return {
    ...head,
    get units(): CachedUnit[] {
      all ??= units.results.map((u) => cacheUnit(u, keep));
      return all;
    },
  };
}

/** Records the compile: a journal line of what changed, or a new snapshot after a cold run. */
export function recordCache(
  root: string,
  head: Omit<CacheData, 'units'>,
  units: ReturnType<typeof compileUnits>,
  keep: Map<string, string>,
  previous?: Previous,
): CacheData {
  const data = cacheData(head, units, keep);
  // A cold compile writes a snapshot of every unit: the changed set is a warm compile's journal line only.
  if (previous === undefined) {
    writeCache(root, data);
    return data;
  }
  const set = units.results.filter((u) => u.dirty).map((u) => cacheUnit(u, keep));
  const sameManifest =
    head.manifestSha256 === previous.cache.manifestSha256 && JSON.stringify(head.manifestMemo) === JSON.stringify(previous.cache.manifestMemo);
  if (set.length === 0 && units.dropped.length === 0 && sameManifest) return data;
  writeCache(root, data, { set, drop: units.dropped });
  return data;
}

/** What the general compile knows when it indexes its result for the quick lane. */
export interface QuickSource {
  head: Omit<CacheData, 'units' | 'manifestSha256'>;
  manifest: TakenMemo;
  units: ReturnType<typeof compileUnits>;
  keep: Map<string, string>;
  blocks: number;
  apps: QuickIndex['apps'];
}

/** The quick index of a compile, or undefined when its manifest is not one the lane can splice. */
export function quickIndexOf(s: QuickSource): QuickIndex | undefined {
  const units: QuickUnit[] = [];
  for (const u of s.units.results) {
    if (u.sha === '' || !u.blocks.every((b) => s.keep.get(b.id) === u.path)) return undefined;
    units.push(quickUnit(u, unitSummary(u.blocks, u.diagnostics)));
  }
  const { envKey, buildId, validated } = s.head;
  return { buildId, envKey, validated, manifest: s.manifest, blocks: s.blocks, apps: s.apps, units };
}
