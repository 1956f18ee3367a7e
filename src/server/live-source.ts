/**
 * The snapshot source of a running `svc serve` (project-snapshot.ts): a stat check of the files a
 * snapshot is read from before each request (one for all the requests an event-loop turn reads
 * from the network), a whole new snapshot when one changed, one swap.
 * Reloads never overlap: requests arriving during one wait for it. Drafts the old snapshot's Ask
 * service captured and the new manifest lacks are carried over, so asking the same question
 * again never writes a second draft.
 */
import { join } from 'node:path';
import { MANIFEST_LOG } from '../compiler/manifest/manifest-log.js';
import { MANIFEST_FILE } from '../compiler/pipeline/compile-project.js';
import { loadConfig, type SvcConfig } from '../compiler/project/config.js';
import { DEFAULT_CONTRACTS_PATH } from '../compiler/project/contracts.js';
import type { Manifest } from '../compiler/types.js';
import type { Executor } from '../warehouse/types.js';
import {
  buildSnapshot,
  memoOf,
  type ProjectSnapshot,
  readManifest,
  type SnapshotParts,
  type SnapshotSource,
  withContracts,
  withDraft,
} from './project-snapshot.js';

interface Held {
  snapshot: ProjectSnapshot;
  users: number;
  retired: boolean;
}

function watched(root: string, config: SvcConfig): string[] {
  // The log too: a watching compile records a change there before it rewrites the manifest.
  return [
    join(root, MANIFEST_FILE),
    join(root, MANIFEST_LOG),
    join(root, 'svc.config.json'),
    join(root, config.contracts?.manifestPath ?? DEFAULT_CONTRACTS_PATH),
  ];
}

const memos = (paths: readonly string[]): string => paths.map(memoOf).join('|');

/**
 * The watched files' stats for requests read from the network, read at most once per turn of
 * the event loop: requests read together share one check (a burst of Asks pays one stat per
 * file, not one each), and the next turn reads them again, so a change made before a request was
 * sent is always seen. A caller in this process (`current()` without `shared`) always stats.
 */
function checker(): (paths: readonly string[]) => string {
  let seen: { key: string; memo: string } | undefined;
  return (paths) => {
    const key = paths.join('\u0000');
    if (seen?.key === key) return seen.memo;
    seen = { key, memo: memos(paths) };
    setImmediate(() => {
      seen = undefined;
    });
    return seen.memo;
  };
}
const sameConnections = (a: SvcConfig, b: SvcConfig): boolean => JSON.stringify(a.connections ?? null) === JSON.stringify(b.connections ?? null);

/** Reads the files into the parts of a new snapshot; throws when one does not read. */
function readProject(root: string): { manifest: Manifest; config: SvcConfig } {
  const loaded = loadConfig({ project: root });
  if (loaded.config === undefined) throw new Error(loaded.diagnostics.map((d) => d.code).join(', ') || 'svc.config.json does not read');
  return { config: loaded.config, manifest: withContracts(root, readManifest(root), loaded.config) };
}

/** What the live source keeps between requests. */
interface State {
  /** The snapshot in use and who holds it. */
  held: Held;
  /** The watched files' stats the snapshot in use was read at (or the last failed reload saw). */
  memo: string;
  /** The reload under way; requests wait for it. */
  reloading: Promise<void> | undefined;
  /** Why the last reload failed, until one succeeds. */
  error: string | undefined;
  /** Every executor opened and not yet closed. */
  executors: Set<Executor>;
}

/** Closes an executor the snapshot in use does not run on. */
function closeIfUnused(s: State, executor: Executor): void {
  if (executor === s.held.snapshot.executor) return;
  s.executors.delete(executor);
  void executor.close().catch(() => undefined);
}

/** Marks a replaced snapshot retired: its executor closes now, or when its last holder lets go. */
function retire(s: State, old: Held): void {
  old.retired = true;
  if (old.users === 0) closeIfUnused(s, old.snapshot.executor);
}

/** Reads the changed project (memo `next`) into a new snapshot and swaps it in; keeps the old one when it does not read. */
async function reload(s: State, parts: SnapshotParts, log: (line: string) => void, next: string): Promise<void> {
  const old = s.held;
  try {
    const { manifest, config } = readProject(parts.root);
    const reuse = sameConnections(config, old.snapshot.config);
    const executor = reuse ? old.snapshot.executor : parts.openExecutor(config);
    s.executors.add(executor);
    const carried = old.snapshot.ask.capturedDrafts().reduce((m: Manifest, path: string) => withDraft(parts.root, config, m, path), manifest);
    const snapshot = await buildSnapshot(parts, carried, config, executor, old.snapshot.generation + 1);
    s.held = { snapshot, users: 0, retired: false };
    s.memo = memos(watched(parts.root, config));
    s.error = undefined;
    if (!reuse) retire(s, old);
  } catch (e) {
    // Keep answering from the snapshot that reads; say once per change why the new one did not.
    const reason = e instanceof Error ? e.message : String(e);
    if (reason !== s.error) log(`svc: the project changed but could not be reloaded (${reason}); still serving generation ${old.snapshot.generation}`);
    s.error = reason;
    s.memo = next;
  }
}

/** The live source over `first`, reloading from the project at `parts.root`. */
export function liveSource(parts: SnapshotParts, first: ProjectSnapshot, log: (line: string) => void): SnapshotSource {
  const s: State = {
    held: { snapshot: first, users: 0, retired: false },
    memo: memos(watched(parts.root, first.config)),
    reloading: undefined,
    error: undefined,
    executors: new Set<Executor>([first.executor]),
  };
  const check = checker();
  return {
    async current(shared) {
      if (s.reloading !== undefined) await s.reloading;
      const paths = watched(parts.root, s.held.snapshot.config);
      const now = shared === 'turn' ? check(paths) : memos(paths);
      if (now !== s.memo && s.reloading === undefined) {
        s.reloading = reload(s, parts, log, now).finally(() => (s.reloading = undefined));
        await s.reloading;
      }
      return s.held.snapshot;
    },
    hold(snapshot) {
      const entry = snapshot === s.held.snapshot ? s.held : undefined;
      if (entry === undefined) return () => undefined;
      entry.users += 1;
      return () => {
        entry.users -= 1;
        if (entry.retired && entry.users === 0) closeIfUnused(s, entry.snapshot.executor);
      };
    },
    lastError: () => s.error,
    async close() {
      await Promise.all([...s.executors].map((e) => e.close().catch(() => undefined)));
    },
  };
}
