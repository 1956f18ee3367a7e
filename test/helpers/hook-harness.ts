/**
 * The one preamble of the host-hook tables: a compiled copy of the commerce fixture per test file,
 * servers built over it with their own executor (closed when the file ends), every statement
 * event recorded, and the project's copy removed after. `prepare` may change the copy before it is
 * compiled (another connection, a narrowed warehouse).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import type { HostHooks } from '../../src/hooks/hooks.js';
import type { RunStore } from '../../src/hooks/stores/run-store.js';
import { buildServer } from '../../src/index.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor, StatementEvent } from '../../src/warehouse/types.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';
import { cleanupProjects } from './project.js';

export interface ServerOptions {
  /** Hook time limit (default 100 ms). */
  timeoutMs?: number;
  /** The executor's result cache (default off). */
  resultCache?: boolean;
  /** Where the server logs (default: nowhere). */
  log?: (line: string) => void;
  /** The answer-facts store Ask records its runs in (default: none). */
  runs?: RunStore;
}

export interface HookHarness {
  readonly root: string;
  readonly config: SvcConfig;
  readonly manifest: Manifest;
  /** Statement events of every server this file built, in order. */
  readonly events: StatementEvent[];
  /** A server over the project with `hooks` (none: single-user), on an executor of its own. */
  server(hooks?: HostHooks, options?: ServerOptions): FastifyInstance;
  /** An executor of the file's own, closed with the others. */
  executor(options?: { resultCache?: boolean; onStatement?: (e: StatementEvent) => void }): Executor;
}

/** Copies the project's warehouse to `file` with only the orders of `state` left. */
export function narrowedWarehouse(root: string, file: string, state: string): void {
  copyFileSync(join(root, 'data/warehouse.db'), join(root, file));
  const db = new Database(join(root, file));
  db.pragma('foreign_keys = OFF');
  db.prepare('DELETE FROM orders WHERE state <> ?').run(state);
  db.close();
}

/** Registers the file's setup and teardown; read the harness's fields inside tests only. */
export function hookHarness(prepare?: (root: string) => void): HookHarness {
  let project: { root: string; config: SvcConfig; manifest: Manifest } | undefined;
  const events: StatementEvent[] = [];
  const executors: Executor[] = [];
  const opened = () =>
    project ??
    (() => {
      throw new Error('the hook harness is read before its beforeAll ran');
    })();
  beforeAll(async () => {
    const root = await commerceProject();
    prepare?.(root);
    const compiled = compileProject({ project: root });
    project = { root, config: compiled.config as SvcConfig, manifest: JSON.parse(compiled.text ?? '') as Manifest };
  });
  afterAll(async () => {
    for (const e of executors) await e.close();
    cleanupProjects();
  });
  const executor: HookHarness['executor'] = (options = {}) => {
    const { root, config } = opened();
    const made = createExecutor({
      root,
      config,
      deadlineMs: 20_000,
      resultCache: options.resultCache ?? false,
      onStatement: options.onStatement ?? ((e) => events.push(e)),
    });
    executors.push(made);
    return made;
  };
  return {
    get root() {
      return opened().root;
    },
    get config() {
      return opened().config;
    },
    get manifest() {
      return opened().manifest;
    },
    events,
    executor,
    server(hooks, options = {}) {
      const { root, config, manifest } = opened();
      const hosted = hooks !== undefined ? { hooks, hookTimeoutMs: options.timeoutMs ?? 100 } : {};
      return buildServer({
        root,
        manifest,
        executor: executor({ resultCache: options.resultCache ?? false }),
        config,
        log: options.log ?? (() => {}),
        ...(options.runs !== undefined ? { runs: options.runs } : {}),
        ...hosted,
      });
    },
  };
}
