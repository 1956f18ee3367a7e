/**
 * What a compile records in the compile cache (compile-cache.ts): one entry per block file,
 * written as a journal line of the changed units after a warm compile, or as a snapshot.
 */
import type { CacheData, CachedUnit } from './compile-cache.js';
import { writeCache } from './compile-cache.js';
import type { compileUnits, Previous, UnitResult } from './compile-units.js';

/**
 * The cache entry of a unit. A unit one of whose blocks lost to a duplicate id is never
 * reused: the manifest holds the other file's text under that id.
 */
function cacheUnit(u: UnitResult, keep: Map<string, string>): CachedUnit {
  const whole = u.blocks.every((b) => keep.get(b.id) === u.path);
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
export function recordCache(root: string, head: Omit<CacheData, 'units'>, units: ReturnType<typeof compileUnits>, keep: Map<string, string>, previous?: Previous): CacheData {
  const data = cacheData(head, units, keep);
  const set = units.results.filter((u) => u.dirty).map((u) => cacheUnit(u, keep));
  const cold = previous === undefined;
  if (!cold && set.length === 0 && units.dropped.length === 0 && head.manifestSha256 === previous.cache.manifestSha256) return data;
  writeCache(root, data, cold ? undefined : { set, drop: units.dropped });
  return data;
}
