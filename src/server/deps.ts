/**
 * What a server is built from. The server never creates its own executor or reads the project
 * itself: whoever builds it (startLocalServer, a host, a test) hands these in, so every
 * statement a route starts goes through the one executor it was given.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SvcConfig } from '../compiler/project/config.js';
import type { Manifest } from '../compiler/types.js';
import type { Principal } from '../hooks/context/request-context.js';
import type { HostHooks } from '../hooks/hooks.js';
import type { MemoryStore } from '../hooks/stores/memory-store.js';
import type { RunStore } from '../hooks/stores/run-store.js';
import type { ThreadStore } from '../hooks/stores/thread-store.js';
import type { TraceRecorder } from '../traces/index.js';
import type { Executor } from '../warehouse/types.js';
import type { KnownPrincipals } from './known-principals.js';
import type { Operations } from './operations.js';
import type { PersonaSlots } from './persona-slots.js';
import type { SnapshotSource } from './project-snapshot.js';
import type { SchedulePasses } from './schedule-passes.js';

export interface ServerDeps {
  /** Project root (absolute). */
  root: string;
  /** The compiled manifest the routes answer from. */
  manifest: Manifest;
  /** The one query path. */
  executor: Executor;
  config: SvcConfig;
  /** Where failures are logged with their reference (default: server-logger.ts defaultLog, stderr). */
  log?: (line: string) => void;
  /** The structured request log (server-logger.ts); absent: requests are not logged. */
  logger?: FastifyBaseLogger;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Local Ask trace recorder: every Ask leaves a trace, and /api/ask-traces serves them. */
  recorder?: TraceRecorder;
  /** Who requests run as without a host (default: the project's local owner). */
  principal?: Principal;
  /**
   * Where requests take the project from. startLocalServer passes a live source that follows the
   * project's files; without one the server answers from `manifest`, `config` and `executor` as given.
   */
  source?: SnapshotSource;
  /** The embedding host's hooks; absent: single-user behaviour (spec 02, "Defaults without a hook"). */
  hooks?: HostHooks;
  /** Time a decision hook may take (default 10 s). */
  hookTimeoutMs?: number;
  /** With hooks: browser origins besides the server's own that may call it (normalised). */
  allowedOrigins?: readonly string[];
  /** Conversation threads of Ask runs (follow-ups, `GET /api/agent-runs/:id/thread`); none: every Ask stands alone. */
  threads?: ThreadStore;
  /** Answer facts of Ask runs (`GET /api/host/answers/:runId`). */
  runs?: RunStore;
  /** Per-person memory (follows when the host keeps none); none: follows are not kept. */
  memory?: MemoryStore;
  /** The requests still running statements (`/api/operations`); buildServer makes one when none is given. */
  operations?: Operations;
  /** Schedule run passes (schedule-passes.ts); buildServer makes a registry when none is given. */
  passes?: SchedulePasses;
  /** The principals the host last named, by id (schedules run as their owner); buildServer makes one when none is given. */
  known?: KnownPrincipals;
  /** Where this server listens (`http://127.0.0.1:port`), once it does: schedule runs call it over loopback. */
  selfUrl?: () => string | undefined;
  /** Each person's persona on this server (View as); buildServer makes one when none is given. */
  personas?: PersonaSlots;
  /**
   * The shared token guarding a server without a host (shared-token.ts): every request but health
   * must carry it, or a viewer link it signed (viewer-link.ts). Absent: no token, no viewer links.
   */
  sharedToken?: string;
  /** Clock in ms for viewer links (tests); default Date.now. */
  now?: () => number;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  deps: ServerDeps;
}
