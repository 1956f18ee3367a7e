/**
 * What every agent tool works from. `start-mcp.ts` builds one per project (compile, manifest,
 * executor, router); tests build one around a fixture copy. Tools never open the project or a
 * connection themselves, so every statement they start goes through the one executor here, and
 * the Ask cascade tools hand the same parts to `runAsk` as the HTTP route and `svc agent ask`.
 */

import { projectGate } from '../../ask/project-gate.js';
import { createTier1Router } from '../../ask/route-tier1.js';
import type { Tier1Router } from '../../ask/types.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { Executor } from '../../warehouse/types.js';
import { type AskService, type AskServiceInput, createAskService } from '../agent-runs/ask-service.js';
import type { AskContext } from '../agent-runs/types.js';
import { type Catalog, createCatalog } from './catalog.js';

export interface ToolContext {
  /** Project root (absolute). */
  root: string;
  config: SvcConfig;
  /** The manifest compiled when the server started. */
  manifest: Manifest;
  /** The one query path. */
  executor: Executor;
  /** Tier-1 router over `manifest`: the same gates and ranking as Ask. */
  router: Tier1Router;
  /** Search index and gates over `manifest`, built once. */
  catalog: Catalog;
  /** The person the tools answer and what a block run reads (query_via_block). */
  ask: AskContext;
  /**
   * The one Ask lifecycle (answer_question, query_via_metadata): the same service as
   * `POST /api/agent-runs`, so a tool's Ask is scoped, traced, stored and keeps the drafts it
   * captures exactly as the route's.
   */
  asks: AskService;
  /** The clock for relative periods and feedback timestamps (tests pin it). */
  now: () => Date;
  /** Diagnostics for the operator: stderr under `svc mcp`, never the MCP stream. */
  log: (line: string) => void;
}

/**
 * What the tools are built from: the same dependencies as the Ask service (the router is built
 * from the manifest when not given; no provider is a normal state), plus where logs go.
 */
export interface ToolContextInput extends Omit<AskServiceInput, 'draftOwner'> {
  log?: (line: string) => void;
  /** Who calls the tools (an HTTP request's context); undefined over stdio, where the local owner asks. */
  asker?: Asker;
}

/** Fills in the derived parts (router, catalog, Ask context) and defaults (clock, stderr log). */
export function createToolContext(input: ToolContextInput): ToolContext {
  const router = input.router ?? createTier1Router(input.manifest, { gate: projectGate(input.manifest, input.config) });
  const now = input.now ?? (() => new Date());
  const ask: AskContext = {
    asker: input.asker,
    root: input.root,
    manifest: input.manifest,
    executor: input.executor,
    router,
    config: input.config,
    now,
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
    ...(input.recorder !== undefined ? { recorder: input.recorder } : {}),
    ...(input.ids !== undefined ? { ids: input.ids } : {}),
  };
  const asks = createAskService({ ...input, router, now });
  return {
    root: input.root,
    config: input.config,
    manifest: input.manifest,
    executor: input.executor,
    router,
    catalog: createCatalog(input.manifest, router.gate),
    ask,
    asks,
    now,
    log: input.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
}
