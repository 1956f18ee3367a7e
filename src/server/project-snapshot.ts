/**
 * What a request is answered from: one snapshot of the project (manifest, config, the answer
 * gate, the executor of its connections, the Ask service with its router). A running server
 * follows the project: before each request it stats svc-manifest.json, svc.config.json and the
 * contract manifest (a few microseconds, once for all the requests of one event-loop turn), and when one changed it builds a whole new snapshot
 * and swaps it in with one assignment. A request holds the snapshot it started with to its end,
 * so nothing it reads changes under it; an executor a new config replaced is closed when the
 * last request holding it finishes. A change that does not read (a half-written manifest, an
 * invalid config) keeps the previous snapshot and is tried again on the next request.
 */
import { statSync } from 'node:fs';
import { resolveContract } from '../compiler/analyze/contract.js';
import { readManifest } from '../compiler/manifest/read-manifest.js';
import { CONFIG_FILE, type SvcConfig } from '../compiler/project/config.js';
import { DEFAULT_CONTRACTS_PATH, loadContracts } from '../compiler/project/contracts.js';
import type { Manifest } from '../compiler/types.js';
import type { RunStore } from '../hooks/stores/run-store.js';
import type { ThreadStore } from '../hooks/stores/thread-store.js';
import type { BlockGate } from '../rules/gates/answer-gate.js';
import { type AskService, createAskService, withDraft } from '../runtime/agent-runs/ask-service.js';
import { dataAwareRouter } from '../runtime/agent-runs/data-values.js';
import { configuredProvider } from '../runtime/agent-runs/model-provider.js';
import type { KnowledgePool } from '../runtime/knowledge/knowledge-pool.js';
import type { TraceRecorder } from '../traces/index.js';
import type { Executor } from '../warehouse/types.js';

export interface ProjectSnapshot {
  /** 1 for the snapshot a server starts with, +1 for every reload. */
  generation: number;
  loadedAt: string;
  manifest: Manifest;
  config: SvcConfig;
  executor: Executor;
  gate: BlockGate;
  ask: AskService;
  /** The server's warm knowledge servers (every snapshot shares them). */
  knowledge?: KnowledgePool;
}

export interface SnapshotSource {
  /**
   * The snapshot to answer the next request from (reloaded first when the project changed).
   * `'turn'`: the caller is a request read from the network, which may share the check of the
   * files with the other requests of its event-loop turn (they were all sent after it began).
   */
  current(shared?: 'turn'): Promise<ProjectSnapshot>;
  /** Marks a snapshot in use by a request until the returned release is called. */
  hold(snapshot: ProjectSnapshot): () => void;
  /** The last reload that failed, if the snapshot in use is older than the files. */
  lastError(): string | undefined;
  close(): Promise<void>;
}

/** What a snapshot is built from, besides the files. */
export interface SnapshotParts {
  root: string;
  recorder?: TraceRecorder;
  threads?: ThreadStore;
  runs?: RunStore;
  /** Warm knowledge servers, kept across snapshots and closed with the server. */
  knowledge?: KnowledgePool;
  openExecutor(config: SvcConfig): Executor;
  now?: () => Date;
}

/** Builds a snapshot over a manifest, config and executor: its gate, router and Ask service. */
export async function buildSnapshot(
  parts: SnapshotParts,
  manifest: Manifest,
  config: SvcConfig,
  executor: Executor,
  generation: number,
): Promise<ProjectSnapshot> {
  const { router, values } = await dataAwareRouter(manifest, config, executor);
  const provider = configuredProvider(config);
  const ask = createAskService({
    root: parts.root,
    config,
    manifest,
    executor,
    router,
    values,
    ...(provider !== undefined ? { provider } : {}),
    ...(parts.recorder !== undefined ? { recorder: parts.recorder } : {}),
    ...(parts.threads !== undefined ? { threads: parts.threads } : {}),
    ...(parts.runs !== undefined ? { runs: parts.runs } : {}),
    ...(parts.knowledge !== undefined ? { knowledge: parts.knowledge } : {}),
    ...(parts.now !== undefined ? { now: parts.now } : {}),
  });
  const knowledge = parts.knowledge !== undefined ? { knowledge: parts.knowledge } : {};
  return { generation, loadedAt: new Date().toISOString(), manifest, config, executor, gate: router.gate, ask, ...knowledge };
}

/** A source that never reloads: a server built over a fixed manifest (tests, a host's own). */
export function fixedSource(snapshot: Promise<ProjectSnapshot>): SnapshotSource {
  return { current: () => snapshot, hold: () => () => undefined, lastError: () => undefined, close: async () => undefined };
}

type Memo = string;

/** What identifies a file's version: a write changes its size or times, a rename its inode. */
function memoOf(path: string): Memo {
  const s = statSync(path, { throwIfNoEntry: false });
  return s === undefined ? 'absent' : `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

/** The manifest with each block's contract resolved against the contract manifest as it is now. */
export function withContracts(root: string, manifest: Manifest, config: SvcConfig): Manifest {
  const loaded = loadContracts(root, config.contracts?.manifestPath);
  const blocks = Object.fromEntries(
    Object.entries(manifest.blocks).map(([id, b]) => {
      if (b.contract === undefined) return [id, b];
      const copy = { ...b, contract: { ...b.contract } };
      resolveContract(copy, loaded.index, b.span);
      return [id, copy];
    }),
  );
  return { ...manifest, blocks, contracts: { loaded: loaded.index.loaded, path: loaded.index.path, count: loaded.index.keys.size } };
}

export { CONFIG_FILE, DEFAULT_CONTRACTS_PATH, memoOf, readManifest, withDraft };
