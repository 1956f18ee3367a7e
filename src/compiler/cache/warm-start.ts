/**
 * What a long-lived compile (`svc compile --watch`) keeps between runs, so a recompile after
 * one edit neither reads the cache nor reads and hashes the manifest again, and, when a file
 * watcher names what changed, neither lists the folders nor stats every block file.
 *
 * Invariants: `cache` is exactly what the last compile recorded and `fragments` are the blocks
 * of the manifest it wrote; the manifest is trusted only while its stat matches the one taken
 * right after that write (a foreign write changes its ctime), otherwise the compile reads and
 * verifies it like a one-shot run. `changed` is a hint from the watcher: files it does not
 * name are reused without a stat, so a session also runs compiles without it (every file
 * stat-checked) once things are quiet, which catches anything a watcher event missed.
 */
import { lstatSync, statSync } from 'node:fs';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CompileInputs } from '../pipeline/compile-inputs.js';
import { type SourceFile, sourceFileOf } from '../project/discover.js';
import type { CacheData } from './compile-cache.js';
import type { UnitResult } from './compile-units.js';
import type { DeltaState } from './delta-state.js';
import { type StatMemo, sameMemo, statMemo } from './stat-memo.js';

export interface WarmStart {
  cache: CacheData;
  /** Block id -> its manifest fragment, for every block in the manifest last written. */
  fragments: Map<string, Buffer>;
  /** File path -> its unit as last compiled or reused. */
  results: Map<string, UnitResult>;
  /** False while `cache` is newer than the cache on disk (deferred recording). */
  cacheOnDisk: boolean;
  /** The manifest last written, and its stat then (null: not known to be on disk, never trusted). */
  manifest: { bytes: Buffer; memo: StatMemo | null };
  discovered: { files: SourceFile[]; diagnostics: Diagnostic[] };
  /** Config, contracts and environment key as last loaded. */
  inputs?: CompileInputs;
  /** Project-relative paths a watcher saw change since; undefined: check every file by stat. */
  changed?: ReadonlySet<string>;
  /** What lets the next change be linked in proportion to it (watch only; delta-state.ts). */
  delta?: DeltaState;
}

/** The manifest bytes last written, while the file on disk is provably still those bytes. */
export function warmManifest(warm: WarmStart | undefined, abs: string): Buffer | undefined {
  if (!warm || warm.manifest.memo === null) return undefined;
  return sameMemo(warm.manifest.memo, statMemo(abs)) ? warm.manifest.bytes : undefined;
}

function kindOf(abs: string): 'file' | 'dir' | 'other' | 'absent' {
  const st = statSync(abs, { throwIfNoEntry: false });
  return st === undefined ? 'absent' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
}

/**
 * The previous discovery when the changed paths cannot alter it: each is a known block file
 * that is still a file, some other file (a companion, the config), or a path that is gone and
 * held no known block file (an editor's temporary file). A new, removed or renamed block file
 * or folder means listing the folders again.
 */
export function warmDiscovery(
  warm: WarmStart | undefined,
  root: string,
  known: Pick<ReadonlySet<string>, 'has'> = new Set(warm?.discovered.files.map((f) => f.path)),
): WarmStart['discovered'] | undefined {
  if (!warm?.changed) return undefined;
  for (const rel of warm.changed) {
    const kind = kindOf(`${root}/${rel}`);
    if (kind === 'file' ? rel.endsWith('.svc') && !known.has(rel) : kind !== 'absent') return undefined;
    // Gone: a block file, or a folder that held some, changes discovery; a temporary file does not.
    if (kind === 'absent' && (known.has(rel) || warm.discovered.files.some((f) => f.path.startsWith(`${rel}/`)))) return undefined;
  }
  return warm.discovered;
}

/** The block files after a change batch, and which were added and removed. */
export interface Reshaped {
  files: SourceFile[];
  added: SourceFile[];
  removed: Set<string>;
}

/** The block file a listing of the folders would find at `rel` (no hidden folder on the way), else undefined. */
function blockFileAt(root: string, rel: string): SourceFile | undefined {
  return rel.endsWith('.svc') && !rel.split('/').some((part) => part.startsWith('.')) ? sourceFileOf(root, rel) : undefined;
}

/**
 * The previous discovery changed only by the block files the watcher named: a plain file added
 * where a listing finds block files, or a known block file gone (a rename is both). Anything a
 * listing could see differently (a folder added or removed, a new link) is undefined: list the
 * folders again. The sweep that follows lists them anyway, so a missed case costs latency only.
 */
export function reshapedDiscovery(warm: WarmStart | undefined, root: string, known: Pick<ReadonlySet<string>, 'has'>): Reshaped | undefined {
  if (!warm?.changed) return undefined;
  const added: SourceFile[] = [];
  const removed = new Set<string>();
  for (const rel of warm.changed) {
    const st = lstatSync(`${root}/${rel}`, { throwIfNoEntry: false });
    if (st === undefined) {
      if (known.has(rel)) removed.add(rel);
      else if (warm.discovered.files.some((f) => f.path.startsWith(`${rel}/`))) return undefined;
    } else if (!known.has(rel)) {
      // A new folder or link may hold block files of its own.
      if (!st.isFile()) return undefined;
      const file = blockFileAt(root, rel);
      if (file) added.push(file);
    } else if (!st.isFile() && !st.isSymbolicLink()) return undefined;
  }
  if (added.length === 0 && removed.size === 0) return { files: warm.discovered.files, added, removed };
  const files = removed.size > 0 ? warm.discovered.files.filter((f) => !removed.has(f.path)) : [...warm.discovered.files];
  // The list stays sorted by path as a listing sorts it: each added file goes where it belongs.
  for (const file of added) {
    let low = 0;
    for (let high = files.length; low < high; ) {
      const mid = (low + high) >> 1;
      if ((files[mid] as SourceFile).path < file.path) low = mid + 1;
      else high = mid;
    }
    files.splice(low, 0, file);
  }
  return { files, added, removed };
}

/** True when the watcher's hint lets a cached unit be reused without a stat. */
export function untouched(changed: ReadonlySet<string> | undefined, path: string, deps: readonly { path: string }[]): boolean {
  if (changed === undefined || changed.has(path)) return false;
  return deps.every((d) => !changed.has(d.path));
}
