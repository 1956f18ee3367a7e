/**
 * The snapshot source of a running `svc serve` (project-snapshot.ts): a stat check of the files a
 * snapshot is read from before each request, a whole new snapshot when one changed, one swap.
 * Reloads never overlap: requests arriving during one wait for it. Drafts the old snapshot's Ask
 * service captured and the new manifest lacks are carried over, so asking the same question
 * again never writes a second draft.
 */
import { join } from 'node:path';
import { loadConfig, type SvcConfig } from '../compiler/project/config.js';
import { DEFAULT_CONTRACTS_PATH } from '../compiler/project/contracts.js';
import { MANIFEST_FILE } from '../compiler/pipeline/compile-project.js';
import type { Manifest } from '../compiler/types.js';
import type { Executor } from '../warehouse/types.js';
import {
  buildSnapshot,
  memoOf,
  readManifest,
  withContracts,
  withDraft,
  type ProjectSnapshot,
  type SnapshotParts,
  type SnapshotSource,
} from './project-snapshot.js';

interface Held {
  snapshot: ProjectSnapshot;
  users: number;
  retired: boolean;
}

function watched(root: string, config: SvcConfig): string[] {
  return [join(root, MANIFEST_FILE), join(root, 'svc.config.json'), join(root, config.contracts?.manifestPath ?? DEFAULT_CONTRACTS_PATH)];
}

const memos = (paths: readonly string[]): string => paths.map(memoOf).join('|');
const sameConnections = (a: SvcConfig, b: SvcConfig): boolean => JSON.stringify(a.connections ?? null) === JSON.stringify(b.connections ?? null);

/** Reads the files into the parts of a new snapshot; throws when one does not read. */
function readProject(root: string): { manifest: Manifest; config: SvcConfig } {
  const loaded = loadConfig({ project: root });
  if (loaded.config === undefined) throw new Error(loaded.diagnostics.map((d) => d.code).join(', ') || 'svc.config.json does not read');
  return { config: loaded.config, manifest: withContracts(root, readManifest(root), loaded.config) };
}

/** The live source over `first`, reloading from the project at `parts.root`. */
export function liveSource(parts: SnapshotParts, first: ProjectSnapshot, log: (line: string) => void): SnapshotSource {
  let held: Held = { snapshot: first, users: 0, retired: false };
  let memo = memos(watched(parts.root, first.config));
  let reloading: Promise<void> | undefined;
  let error: string | undefined;
  const executors = new Set<Executor>([first.executor]);

  const retire = (old: Held): void => {
    old.retired = true;
    if (old.users === 0) closeIfUnused(old.snapshot.executor);
  };
  const closeIfUnused = (executor: Executor): void => {
    if (executor === held.snapshot.executor) return;
    executors.delete(executor);
    void executor.close().catch(() => undefined);
  };

  async function reload(next: string): Promise<void> {
    const old = held;
    try {
      const { manifest, config } = readProject(parts.root);
      const reuse = sameConnections(config, old.snapshot.config);
      const executor = reuse ? old.snapshot.executor : parts.openExecutor(config);
      executors.add(executor);
      const carried = old.snapshot.ask.capturedDrafts().reduce((m: Manifest, path: string) => withDraft(parts.root, config, m, path), manifest);
      const snapshot = await buildSnapshot(parts, carried, config, executor, old.snapshot.generation + 1);
      held = { snapshot, users: 0, retired: false };
      memo = memos(watched(parts.root, config));
      error = undefined;
      if (!reuse) retire(old);
    } catch (e) {
      // Keep answering from the snapshot that reads; say once per change why the new one did not.
      const reason = e instanceof Error ? e.message : String(e);
      if (reason !== error) log(`svc: the project changed but could not be reloaded (${reason}); still serving generation ${old.snapshot.generation}`);
      error = reason;
      memo = next;
    }
  }

  return {
    async current() {
      if (reloading !== undefined) await reloading;
      const now = memos(watched(parts.root, held.snapshot.config));
      if (now !== memo && reloading === undefined) {
        reloading = reload(now).finally(() => (reloading = undefined));
        await reloading;
      }
      return held.snapshot;
    },
    hold(snapshot) {
      const entry = snapshot === held.snapshot ? held : undefined;
      if (entry === undefined) return () => undefined;
      entry.users += 1;
      return () => {
        entry.users -= 1;
        if (entry.retired && entry.users === 0) closeIfUnused(entry.snapshot.executor);
      };
    },
    lastError: () => error,
    async close() {
      await Promise.all([...executors].map((e) => e.close().catch(() => undefined)));
    },
  };
}
