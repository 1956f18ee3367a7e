/**
 * A long-lived Ask surface (the HTTP route, an MCP session): holds the manifest and the Tier-1
 * router and keeps them in step with the drafts its own Asks capture. After an Ask writes a new
 * draft file, that draft is compiled on its own and added to the manifest, and the router is
 * rebuilt before the next Ask, so a question naming it is told it is a draft, and asking it again
 * counts on it. Everything else in the manifest stays as loaded: certified blocks change only
 * through `svc certify` + `svc compile` and a restart, never underneath a running server.
 */

import { projectRouter } from '../../ask/project-gate.js';
import type { Tier1Router } from '../../ask/types.js';
import type { DataValues } from '../../ask/value-lexicon.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import { resolveConnection } from '../../compiler/project/config.js';
import { loadContracts } from '../../compiler/project/contracts.js';
import type { Manifest } from '../../compiler/types.js';
import { type Asker, personaKey } from '../../hooks/context/request-context.js';
import { admittedBlocks, admittedManifest, blockRelations } from '../../hooks/source-access.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { ThreadStore } from '../../hooks/stores/thread-store.js';
import { compileText } from '../../rules/certify/index.js';
import type { TraceRecorder } from '../../traces/index.js';
import type { Executor } from '../../warehouse/types.js';
import { readDraftFile } from '../drafts/draft-files.js';
import type { KnowledgePool } from '../knowledge/knowledge-pool.js';
import type { ModelProvider } from './model-provider.js';
import { runAsk } from './run-ask.js';
import type { AskContext, AskRequest, AskRun } from './types.js';

export interface AskServiceInput {
  root: string;
  config: SvcConfig;
  manifest: Manifest;
  executor: Executor;
  router?: Tier1Router;
  provider?: ModelProvider;
  now?: () => Date;
  ids?: () => string;
  recorder?: TraceRecorder;
  draftOwner?: string;
  /** The data's values per filtered field (data-values.ts); kept when the router is rebuilt. */
  values?: DataValues;
  threads?: ThreadStore;
  runs?: RunStore;
  knowledge?: KnowledgePool;
}

export interface AskService {
  /** Runs one Ask for `asker`; `progress` is told how it goes (a streaming request). */
  ask(request: AskRequest, asker: Asker, progress?: AskContext['progress']): Promise<AskRun>;
  /** The manifest the next Ask routes over (the loaded one plus drafts captured since). */
  manifest(): Manifest;
  router(): Tier1Router;
  /** Project-relative paths of the draft files this service's Asks wrote. */
  capturedDrafts(): string[];
}

/** The manifest with the blocks of the draft file at `path` added (a draft that does not compile is left out). */
export function withDraft(root: string, config: SvcConfig, manifest: Manifest, path: string): Manifest {
  const text = readDraftFile(root, path)?.text;
  if (text === undefined) return manifest;
  const contracts = loadContracts(root, config.contracts?.manifestPath).index;
  // A draft is compiled without its companion, so no receipt is read: trust nobody to be sure.
  const certifiers = { signed: true as const, signers: [] };
  const { blocks } = compileText(text, path, { driverOf: (c) => resolveConnection(config, c).driver, contracts, certifiers });
  const added = blocks.filter((b) => !Object.hasOwn(manifest.blocks, b.id));
  if (added.length === 0) return manifest;
  const merged = { ...manifest.blocks };
  for (const b of added) merged[b.id] = b;
  // Router order and ties follow block ids, so the merged record is rebuilt in id order.
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...manifest, blocks: sorted };
}

/** Routers kept per distinct access (people with the same admitted blocks share one). */
const SCOPES = 32;

interface Scope {
  manifest: Manifest;
  router: Tier1Router;
}

/**
 * The vocabulary of one person's Ask: the whole project's, or only the certified blocks the
 * host's `sourceAccess` admits, with a router over them kept per distinct access.
 */
function scoper(
  values: DataValues | undefined,
  config: SvcConfig,
  executor: Executor,
): (asker: Asker, manifest: Manifest, router: Tier1Router) => Promise<Scope> {
  let base: Manifest | undefined;
  const cache = new Map<string, Scope>();
  return async (asker, manifest, router) => {
    const admitted = await admittedBlocks(
      asker,
      manifest,
      blockRelations(executor, asker, (c) => executor.driverOf(c)),
    );
    if (admitted === undefined) return { manifest, router };
    if (base !== manifest) (base = manifest), cache.clear();
    // The persona is part of every cache key (spec 02 rule 9), though the admitted blocks decide the scope.
    const key = `${personaKey(asker?.persona)}\n${[...admitted].sort().join('\n')}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const scoped = admittedManifest(manifest, admitted);
    const scope = { manifest: scoped, router: projectRouter(scoped, config, values) };
    if (cache.size >= SCOPES) cache.delete(cache.keys().next().value as string);
    cache.set(key, scope);
    return scope;
  };
}

/** What every Ask runs with from the service's parts, made once per service: an Ask adds its asker, manifest and router. */
function fixedContext(input: AskServiceInput): Omit<AskContext, 'asker' | 'manifest' | 'router'> {
  return {
    root: input.root,
    executor: input.executor,
    config: input.config,
    now: input.now ?? (() => new Date()),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
    ...(input.ids !== undefined ? { ids: input.ids } : {}),
    ...(input.recorder !== undefined ? { recorder: input.recorder } : {}),
    ...(input.draftOwner !== undefined ? { draftOwner: input.draftOwner } : {}),
    ...(input.threads !== undefined ? { threads: input.threads } : {}),
    ...(input.runs !== undefined ? { runs: input.runs } : {}),
    ...(input.knowledge !== undefined ? { knowledge: input.knowledge } : {}),
  };
}

/** Builds the service; `ask` never throws for a refusal (only for a bug). */
export function createAskService(input: AskServiceInput): AskService {
  let manifest = input.manifest;
  let router = input.router ?? projectRouter(manifest, input.config, input.values);
  const pending: string[] = [];
  const captured: string[] = [];
  const scope = scoper(input.values, input.config, input.executor);
  const fixed = fixedContext(input);
  const refresh = (): void => {
    if (pending.length === 0) return;
    for (const path of pending.splice(0)) manifest = withDraft(input.root, input.config, manifest, path);
    router = projectRouter(manifest, input.config, input.values);
  };
  return {
    async ask(request, asker, progress) {
      refresh();
      const context: AskContext = { ...fixed, asker, ...(await scope(asker, manifest, router)) };
      if (progress !== undefined) context.progress = progress;
      const run = await runAsk(context, request);
      if (run.reviewDraft?.created === true) {
        pending.push(run.reviewDraft.path);
        captured.push(run.reviewDraft.path);
      }
      return run;
    },
    manifest: () => (refresh(), manifest),
    router: () => (refresh(), router),
    capturedDrafts: () => [...captured],
  };
}
