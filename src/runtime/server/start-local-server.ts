/**
 * `startLocalServer(options)`: compiles the project, refuses to start while it has errors,
 * loads svc-manifest.json, builds the one executor and the server, and listens (loopback by
 * default). `close()` ends everything it started: the HTTP server, then the executor and its
 * statement processes. It is safe to call twice.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compileProject, MANIFEST_FILE } from '../../compiler/compile-project.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import { createExecutor } from '../executor/executor.js';
import type { Executor } from '../executor/types.js';
import { buildServer } from './build-server.js';
import { installSharedToken, requiredToken } from './shared-token.js';
import { createTraceRecorder } from '../traces/index.js';
import { openSqliteThreadStore } from '../stores/sqlite-thread-store.js';

export interface LocalServerOptions {
  /** Project folder (default: found by walking up from `cwd` to svc.config.json). */
  project?: string;
  /** Where to start looking for the project (default: the process's working directory). */
  cwd?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 4545; 0 picks a free one). */
  port?: number;
  /** Where failures are logged with their reference (default: stderr). */
  log?: (line: string) => void;
  /** Executor defaults: deadline per statement and row cap. */
  deadlineMs?: number;
  maxRows?: number;
  /** Cache results of certified block statements until the database file changes (default true). */
  resultCache?: boolean;
}

export interface LocalServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  /** Stops listening, then ends the executor and its processes. */
  close(): Promise<void>;
}

/** The project did not compile cleanly (or its config could not be read), so nothing started. */
export class ProjectNotReadyError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    /** 1: the project has errors; 2: the configuration could not be read. */
    readonly exitCode: 1 | 2,
  ) {
    super(exitCode === 2 ? 'The project configuration could not be read, so the server did not start.' : 'The project has errors, so the server did not start.');
    this.name = 'ProjectNotReadyError';
  }
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
    await executor.execute({ sql: 'SELECT 1', params: [], origin: 'platform', deadlineMs: 10_000 });
  } catch (error) {
    log(`svc: the default connection is not available yet: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Compiles the project and serves it until `close()`. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  // Before compiling or opening anything: a network bind without its token never starts.
  const token = requiredToken(host);
  const compiled = compileProject({ ...(options.project !== undefined ? { project: options.project } : {}), ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) });
  if (compiled.exitCode !== 0 || compiled.config === undefined) {
    throw new ProjectNotReadyError(compiled.diagnostics, compiled.exitCode === 2 || compiled.config === undefined ? 2 : 1);
  }
  const { root, config } = compiled;
  const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
  const executor = createExecutor({ root, config, resultCache: options.resultCache ?? true, ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}), ...(options.maxRows !== undefined ? { maxRows: options.maxRows } : {}) });
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await warmUp(executor, config, log);
  const recorder = createTraceRecorder({ root });
  // Opens (and migrates) the trace store now, so the first Ask does not pay for it.
  recorder.status();
  const threads = openSqliteThreadStore(root);
  const app = buildServer({ root, manifest, executor, config, log, recorder, threads });
  if (token !== undefined) installSharedToken(app, token);
  const stop = async (): Promise<void> => {
    await app.close().catch(() => undefined);
    await executor.close();
    await recorder.close();
    await threads.close();
  };
  try {
    await app.listen({ host, port: options.port ?? 4545 });
  } catch (error) {
    await stop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: urlOf(app.server.address(), host),
    close: () => {
      closing ??= stop();
      return closing;
    },
  };
}
