/**
 * `svc compile`: config -> discovery -> per-file compile (or cache reuse) -> cross-file checks
 * -> svc-manifest.json. The manifest is deterministic: same input, same bytes, no timestamps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { compareDiagnostics, diag, hasErrors } from '../../grammar/diagnostics.js';
import { sha256Hex } from './hash.js';
import { buildId } from './cache/build-id.js';
import { readCache, writeCache, type CacheData } from './cache/compile-cache.js';
import { compileUnits, type UnitOutcome } from './cache/compile-units.js';
import { loadConfig, resolveConnection, type SvcConfig } from './project/config.js';
import { loadContracts } from './project/contracts.js';
import { discoverApps, discoverBlockFiles } from './project/discover.js';
import { readApp } from './project/apps.js';
import { assembleManifest, diagnosticFragment } from './manifest/fragments.js';
import type { CompiledApp, LineageEdge } from './types.js';
import { atomicWrite } from './write-file.js';

export const MANIFEST_FILE = 'svc-manifest.json';

export interface CompileOptions {
  project?: string;
  cwd?: string;
  /** Compare with the manifest on disk instead of writing it. */
  check?: boolean;
  /** Use and update the compile cache (default true). */
  cache?: boolean;
}

export interface CompileResult {
  root: string;
  config?: SvcConfig;
  /** The manifest text (absent when the config could not be read). */
  text?: string;
  diagnostics: Diagnostic[];
  exitCode: 0 | 1 | 2;
  stale: boolean;
  wrote: boolean;
  stats: { files: number; compiled: number; reused: number; blocks: number };
}

function duplicateIds(units: readonly UnitOutcome[]): { keep: Map<string, string>; diagnostics: Diagnostic[] } {
  const keep = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const u of units) {
    for (const b of u.entry.blocks) {
      const first = keep.get(b.id);
      if (first === undefined) keep.set(b.id, u.entry.path);
      else diagnostics.push(diag('compile/duplicate-block', { block: b.id, other: first }, { file: u.entry.path }));
    }
  }
  return { keep, diagnostics };
}

function readApps(root: string, ids: ReadonlySet<string>): { apps: Record<string, CompiledApp>; diagnostics: Diagnostic[] } {
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
function orderDiagnostics(unitDiags: Diagnostic[], others: Diagnostic[]): Diagnostic[] {
  const all = [...unitDiags, ...others.sort(compareDiagnostics)];
  return all.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
}

function readExisting(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Compiles the project; never throws on user input. */
export function compileProject(opts: CompileOptions = {}): CompileResult {
  const loaded = loadConfig(opts);
  const empty = { files: 0, compiled: 0, reused: 0, blocks: 0 };
  if (!loaded.config) return { root: loaded.root, diagnostics: loaded.diagnostics, exitCode: 2, stale: false, wrote: false, stats: empty };
  const { root, config } = loaded;
  const contracts = loadContracts(root, config.contracts?.manifestPath);
  const envKey = sha256Hex(`${buildId()}\u0000${loaded.text ?? ''}\u0000${contracts.text ?? '<absent>'}`);
  const cache = opts.cache === false ? undefined : readCache(root);
  const startedAtNs = BigInt(Date.now()) * 1_000_000n;
  const discovered = discoverBlockFiles(root);
  const env = { driverOf: (c: string) => resolveConnection(config, c).driver, contracts: contracts.index };
  const units = compileUnits(root, discovered.files, env, cache?.envKey === envKey ? cache : undefined);
  const dup = duplicateIds(units.outcomes);
  const { apps, diagnostics: appDiags } = readApps(root, new Set(dup.keep.keys()));
  const projectDiags = [...contracts.diagnostics, ...discovered.diagnostics, ...dup.diagnostics, ...appDiags];
  if (discovered.files.length === 0) projectDiags.push(diag('compile/empty-project', { root: '.' }));
  const unitDiags = units.outcomes.flatMap((u) => u.entry.diagnostics);
  const diagnostics = orderDiagnostics(unitDiags, projectDiags);
  const kept = units.outcomes.flatMap((u) => u.entry.blocks.map((b) => ({ b, u }))).filter(({ b, u }) => dup.keep.get(b.id) === u.entry.path);
  kept.sort((x, y) => (x.b.id < y.b.id ? -1 : x.b.id > y.b.id ? 1 : 0));
  const lineage: LineageEdge[] = kept.flatMap(({ b }) => b.tables.map((table) => ({ block: b.id, table })));
  const text = assembleManifest({
    head: { manifestVersion: 1, project: config.project, contracts: { loaded: contracts.index.loaded, path: contracts.index.path, count: contracts.index.keys.size } },
    blocks: kept.map(({ b }) => units.fragment(b)),
    apps,
    lineage,
    diagnostics: diagnostics.map(diagnosticFragment),
  });
  if (units.changed || !cache || cache.envKey !== envKey) {
    const data: CacheData = { envKey, writtenAtNs: String(startedAtNs), units: units.outcomes.map((u) => u.entry), body: units.body };
    writeCache(root, data);
  }
  return finish(root, config, text, diagnostics, opts, { files: discovered.files.length, compiled: units.compiled, reused: units.reused, blocks: kept.length });
}

function finish(root: string, config: SvcConfig, text: string, diagnostics: Diagnostic[], opts: CompileOptions, stats: CompileResult['stats']): CompileResult {
  const path = join(root, MANIFEST_FILE);
  const existing = readExisting(path);
  const result: CompileResult = { root, config, text, diagnostics, exitCode: hasErrors(diagnostics) ? 1 : 0, stale: existing !== text, wrote: false, stats };
  if (opts.check) {
    if (result.stale) {
      result.diagnostics = [...diagnostics, diag('compile/manifest-stale', {}, { file: MANIFEST_FILE })];
      result.exitCode = 1;
    }
    return result;
  }
  if (result.stale) {
    atomicWrite(path, text);
    result.wrote = true;
  }
  return result;
}
