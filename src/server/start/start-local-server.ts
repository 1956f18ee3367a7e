/**
 * `startLocalServer(options)`: compiles the project, loads svc-manifest.json, builds the one
 * executor and the server, and listens (loopback by default). Blocks with errors lose their own
 * standing (the answer gate never lets them answer as certified) and the rest of the project is
 * served; only a configuration that does not read stops the start. The server then follows the
 * project: a new manifest (`svc compile`), config or contract manifest is picked up before the
 * next request (live-source.ts). `close()` ends everything it started: the HTTP server, then the
 * executors and their statement processes. It is safe to call twice.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { ConnectionConfig, SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type HostHooks } from '../../hooks/hooks.js';
import { statementObserver } from '../../hooks/statement-observer.js';
import type { MemoryStore } from '../../hooks/stores/memory-store.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { ThreadStore } from '../../hooks/stores/thread-store.js';
import { createKnowledgePool, type KnowledgePool } from '../../runtime/knowledge/knowledge-pool.js';
import { ProjectNotReadyError } from '../../runtime/project/project-not-ready.js';
import { takeSchemaSnapshot } from '../../runtime/validate/take-snapshot.js';
import { createTraceRecorder, StoreWriterThread, type TraceRecorder } from '../../traces/index.js';
import { createExecutor } from '../../warehouse/executor.js';
import { metadataQuery, type SyncedSchema, syncSchema } from '../../warehouse/schema-refresh.js';
import type { Executor, StatementResult } from '../../warehouse/types.js';
import type { StartErrorCode } from '../codes.js';
import type { ServerDeps } from '../deps.js';
import { KnownPrincipals } from '../known-principals.js';
import { liveSource } from '../live-source.js';
import { normaliseOrigin } from '../origin-check.js';
import { buildSnapshot, readManifest, type SnapshotSource, withContracts } from '../project-snapshot.js';
import { runWithContext } from '../request-scope.js';
import { SchedulePasses } from '../schedule-passes.js';
import { loopbackUrl, runSchedule } from '../schedule-run.js';
import { type Scheduler, startScheduler } from '../scheduler.js';
import { createServerLogger, defaultLog, type LogFormat, lineLogger } from '../server-logger.js';
import { conversationStore, memoryStore, runStore } from '../server-stores.js';
import { requiredToken } from '../shared-token.js';
import { buildServer } from './build-server.js';

export interface LocalServerOptions {
  /** Project folder (default: found by walking up from `cwd` to svc.config.json). */
  project?: string;
  /** Where to start looking for the project (default: the process's working directory). */
  cwd?: string;
  /** How long an unused knowledge server is kept warm (default 5 minutes, KNOWLEDGE_IDLE_MS). */
  knowledgeIdleMs?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 4545; 0 picks a free one). */
  port?: number;
  /** Where failures are logged with their reference (default: stderr, or the structured log when `logFormat` is set). */
  log?: (line: string) => void;
  /** A structured log (pino) of every request and of svc's lines: one JSON object a line, or pretty lines. */
  logFormat?: LogFormat;
  /** Where the structured log goes (default stderr). */
  logStream?: NodeJS.WritableStream;
  /** Executor defaults: deadline per statement and row cap. */
  deadlineMs?: number;
  maxRows?: number;
  /** Cache results of certified block statements until the database file changes (default true). */
  resultCache?: boolean;
  /**
   * The embedding host's hooks (spec 02): who asks (`resolvePrincipal`, which replaces the shared
   * token) and what they may do (`authorize`). Absent: the single-user server.
   */
  hostHooks?: HostHooks;
  /** Time a decision hook may take before it counts as failed (default 10 000 ms). */
  hostHookTimeoutMs?: number;
  /**
   * Browser origins besides the server's own that may call it (`https://app.example.com`); with
   * a host, a non-GET request from any other origin is refused (ORIGIN_REFUSED).
   */
  allowedOrigins?: string[];
  /**
   * A connection the host manages, laid over the project's connection of that name (default
   * `default`) for every executor the server opens; the project's files are not changed.
   */
  hostConnection?: { name?: string; settings: ConnectionConfig };
}

/** An `allowedOrigins` entry that is not an origin (`scheme://host[:port]`): the server does not start. */
export class OriginInvalidError extends Error {
  readonly code = 'ORIGIN_INVALID' satisfies StartErrorCode;
  constructor(origin: string) {
    super(`allowedOrigins holds ${JSON.stringify(origin.slice(0, 80))}, which is not an origin (scheme://host[:port], http or https).`);
    this.name = 'OriginInvalidError';
  }
}

/** The origins, normalised; throws OriginInvalidError for one that is not an origin. */
function originsOf(list: readonly string[] | undefined): string[] {
  return (list ?? []).map((o) => {
    const normal = typeof o === 'string' ? normaliseOrigin(o) : undefined;
    if (normal === undefined) throw new OriginInvalidError(String(o));
    return normal;
  });
}

/** The config with the host's connection laid over the project's one of that name. */
function withHostConnection(config: SvcConfig, host: LocalServerOptions['hostConnection']): SvcConfig {
  if (host === undefined) return config;
  const name = host.name ?? config.defaultConnection ?? 'default';
  return { ...config, connections: { ...config.connections, [name]: { ...host.settings } } };
}

export interface LocalServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  /** Table and column names of a connection (spec 03 "Query path" 12), on the project as it is now. */
  syncSchema(connection?: string): Promise<SyncedSchema>;
  /** One read-only SELECT, WITH, SHOW or DESCRIBE as metadata, on the runtime's own connection. */
  metadataQuery(sql: string, connection?: string): Promise<StatementResult>;
  /** Stops listening, then ends the executor and its processes. */
  close(): Promise<void>;
}

function urlOf(address: AddressInfo | string | null, host: string): string {
  if (address === null || typeof address === 'string') return `http://${host}`;
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${name}:${address.port}`;
}

/**
 * Opens the default connection before the first request (a statement process starts in tens
 * of milliseconds) and says early when it is unavailable; the server starts either way, since
 * health and the block list need no warehouse.
 */
async function warmUp(executor: Executor, config: SvcConfig, log: (line: string) => void): Promise<void> {
  if (config.connections === undefined) return;
  try {
    await executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'platform', deadlineMs: 10_000 });
  } catch (error) {
    log(`svc: the default connection is not available yet: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The schema snapshot (`.svc/schema-snapshot.json`) the offline name check reads, refreshed in
 * the background once the server listens. Only without a host: a host's catalog is the person's
 * to see, not the project's to record. A connection that cannot be read keeps its last entry.
 */
function refreshSnapshot(options: LocalServerOptions, o: Opened): void {
  if (options.hostHooks !== undefined || o.config.connections === undefined) return;
  takeSchemaSnapshot(o.root, o.config, o.executor).catch(() => undefined);
}

/** One line for a project with errors, then the errors: the server starts and serves the rest. */
function reportErrors(diagnostics: readonly Diagnostic[], log: (line: string) => void): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return;
  const files = new Set(errors.map((d) => d.file ?? '(project)')).size;
  log(
    `svc: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}; blocks with errors are not served as certified`,
  );
  for (const d of errors) log(`${d.file ?? '(project)'}${d.span ? `:${d.span.start.line}:${d.span.start.column}` : ''} ${d.severity} ${d.code} ${d.message}`);
}

/** What a started server keeps open, and the project it serves. */
interface Opened {
  root: string;
  config: SvcConfig;
  manifest: Manifest;
  /** The first snapshot's executor. */
  executor: Executor;
  recorder: TraceRecorder;
  threads: ThreadStore;
  runs: RunStore;
  memory: MemoryStore;
  knowledge: KnowledgePool;
  source: SnapshotSource;
}

/** Compiles the project and serves it until `close()`. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  // Before compiling or opening anything: a network bind without its token never starts. A
  // host that names who asks replaces the token (spec 02, Authentication 1).
  const hosted = options.hostHooks?.resolvePrincipal !== undefined;
  const token = hosted ? undefined : requiredToken(host);
  const origins = originsOf(options.allowedOrigins);
  // With a log format, requests and svc's lines go to the structured log; without, lines go to stderr as ever.
  const logger = options.logFormat === undefined ? undefined : createServerLogger(options.logFormat, options.logStream);
  const log = options.log ?? (logger !== undefined ? lineLogger(logger) : defaultLog);
  // A server's stores commit their batches on the store-writer thread, off the thread that answers.
  StoreWriterThread.enable();
  const opened = await open(options, log);
  const { app, stop } = await listen(options, opened, { host, token, origins, log, ...(logger !== undefined ? { logger } : {}) });
  refreshSnapshot(options, opened);
  return handleOf(options, { url: urlOf(app.server.address(), host), source: opened.source, stop, log });
}

/** The project compiled (its errors logged) and its manifest with the contracts; a config that does not read throws. */
function compiledProject(options: LocalServerOptions, log: (line: string) => void): { root: string; config: SvcConfig; manifest: Manifest } {
  const compiled = compileProject({
    ...(options.project !== undefined ? { project: options.project } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  if (compiled.config === undefined || compiled.text === undefined) throw new ProjectNotReadyError(compiled.diagnostics, 2);
  const { root, config } = compiled;
  reportErrors(compiled.diagnostics, log);
  return { root, config, manifest: withContracts(root, readManifest(root), config) };
}

/** How every snapshot opens its executor: the host's connection laid over, statements observed, the options' defaults. */
function executorFactory(options: LocalServerOptions, root: string, log: (line: string) => void): (c: SvcConfig) => Executor {
  const onStatement = statementObserver(options.hostHooks, log);
  return (c) =>
    createExecutor({
      root,
      config: withHostConnection(c, options.hostConnection),
      ...(onStatement !== undefined ? { onStatement } : {}),
      resultCache: options.resultCache ?? true,
      ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
      ...(options.maxRows !== undefined ? { maxRows: options.maxRows } : {}),
    });
}

/** The trace recorder, handing traces to the host's sink when it has one, its store opened. */
function traceRecorder(options: LocalServerOptions, root: string): TraceRecorder {
  const traces = options.hostHooks?.traces;
  const recorder = createTraceRecorder({
    root,
    ...(traces !== undefined ? { sink: (trace) => traces.call(options.hostHooks, trace) } : {}),
    ...(options.hostHooks?.traceSalt !== undefined ? { traceSalt: options.hostHooks.traceSalt } : {}),
  });
  // Opens (and migrates) the trace store now, so the first Ask does not pay for it.
  recorder.status();
  return recorder;
}

/** Open phase: the project compiled, its executor warmed up, the recorder and stores opened, the live source over the first snapshot. */
async function open(options: LocalServerOptions, log: (line: string) => void): Promise<Opened> {
  const { root, config, manifest } = compiledProject(options, log);
  const makeExecutor = executorFactory(options, root, log);
  const executor = makeExecutor(config);
  await warmUp(executor, config, log);
  const recorder = traceRecorder(options, root);
  const guard = { timeoutMs: options.hostHookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log };
  const threads = await conversationStore(options.hostHooks, root, guard);
  const runs = runStore(options.hostHooks, root, guard);
  const memory = await memoryStore(options.hostHooks, root, guard);
  const knowledge = createKnowledgePool(options.knowledgeIdleMs !== undefined ? { idleMs: options.knowledgeIdleMs } : {});
  const parts = { root, recorder, threads, runs, knowledge, openExecutor: makeExecutor };
  const source = liveSource(parts, await buildSnapshot(parts, manifest, config, executor, 1), log);
  return { root, config, manifest, executor, recorder, threads, runs, memory, knowledge, source };
}

/** Where and how the server listens, and who may call it. */
interface Edge {
  host: string;
  token: string | undefined;
  origins: string[];
  log: (line: string) => void;
  logger?: Logger;
}

/** The server's scheduler over the project as it is at each tick, running schedules as the route does. */
function scheduleOn(deps: ServerDeps, source: SnapshotSource, log: (line: string) => void): Scheduler {
  const apps = async () => (await source.current()).manifest.apps;
  return startScheduler(apps, (appId, scheduleId) => runSchedule(deps, apps(), appId, scheduleId), { log });
}

/** Listen phase: the HTTP server built over what is open and bound; a failed bind closes everything. */
async function listen(options: LocalServerOptions, o: Opened, edge: Edge): Promise<{ app: FastifyInstance; stop: () => Promise<void> }> {
  const hooks =
    options.hostHooks !== undefined
      ? {
          hooks: options.hostHooks,
          allowedOrigins: edge.origins,
          ...(options.hostHookTimeoutMs !== undefined ? { hookTimeoutMs: options.hostHookTimeoutMs } : {}),
        }
      : {};
  let app: FastifyInstance | undefined;
  const deps: ServerDeps = {
    ...o,
    log: edge.log,
    ...(edge.logger !== undefined ? { logger: edge.logger } : {}),
    ...hooks,
    passes: new SchedulePasses(),
    known: new KnownPrincipals(),
    selfUrl: () => (app?.server.listening === true ? loopbackUrl(app.server.address()) : undefined),
    ...(edge.token !== undefined ? { sharedToken: edge.token } : {}),
  };
  app = buildServer(deps);
  const scheduler = scheduleOn(deps, o.source, edge.log);
  const stop = async (): Promise<void> => {
    scheduler.stop();
    await app?.close().catch(() => undefined);
    await o.source.close();
    await o.recorder.close();
    await o.threads.close();
    await o.runs.close();
    await o.memory.close();
    await o.knowledge.close();
  };
  try {
    await app.listen({ host: edge.host, port: options.port ?? 4545 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, stop };
}

/** Handle phase: the bound URL, schema and metadata reads on the project as it is now, and a close safe to call twice. */
function handleOf(
  options: LocalServerOptions,
  bound: { url: string; source: SnapshotSource; stop: () => Promise<void>; log: (line: string) => void },
): LocalServer {
  const { source, log } = bound;
  let closing: Promise<void> | undefined;
  // Each call reads the snapshot in use, held until it answers, so a reload never closes its executor mid-call.
  // With a host, the row policy is still asked (purpose metadata, no person: the host asked).
  const hostContext =
    options.hostHooks === undefined ? undefined : { hooks: options.hostHooks, timeoutMs: options.hostHookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log };
  const onCurrent = async <T>(work: (executor: Executor, asker: Asker) => Promise<T>): Promise<T> => {
    const snapshot = await source.current();
    const release = source.hold(snapshot);
    try {
      const asker: Asker = hostContext === undefined ? undefined : { host: hostContext, requestId: `schema-${randomUUID()}`, action: 'project.read' };
      return await (asker === undefined ? work(snapshot.executor, asker) : runWithContext(asker, () => work(snapshot.executor, asker)));
    } finally {
      release();
    }
  };
  return {
    url: bound.url,
    syncSchema: (connection) => onCurrent((executor, asker) => syncSchema(executor, asker, connection)),
    metadataQuery: (sql, connection) => onCurrent((executor, asker) => metadataQuery(executor, asker, sql, connection)),
    close: () => {
      closing ??= bound.stop();
      return closing;
    },
  };
}

export { ProjectNotReadyError };
