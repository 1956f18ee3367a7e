/**
 * Opening a project for the agent tools: compile it (writing svc-manifest.json as `svc
 * compile` would, so the tools and the file agree), refuse while it has errors, load the
 * manifest, and build the one executor, the model provider (when configured) and the local
 * trace recorder. `close()` ends all of them; it is safe to call twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileProject, MANIFEST_FILE } from '../../compiler/compile-project.js';
import type { Manifest } from '../../compiler/types.js';
import { createModelProvider, ModelProviderError, type ModelProvider } from '../agent-runs/model-provider.js';
import { dataAwareRouter } from '../agent-runs/data-values.js';
import { createExecutor } from '../executor/executor.js';
import { ProjectNotReadyError } from '../server/start-local-server.js';
import { createTraceRecorder } from '../traces/index.js';
import { createToolContext, type ToolContext } from './context.js';

export interface OpenOptions {
  /** Project folder (default: found by walking up from `cwd` to svc.config.json). */
  project?: string;
  cwd?: string;
  /** Operator log (default: stderr). */
  log?: (line: string) => void;
  now?: () => Date;
  /** Keep Ask traces in the project's local store (default true). */
  traces?: boolean;
}

export interface OpenedContext {
  ctx: ToolContext;
  close(): Promise<void>;
}

/** The configured model; a broken `ask.provider` is a configuration error, never a silent "no model". */
function providerOf(config: Parameters<typeof createModelProvider>[0]): ModelProvider | undefined {
  try {
    return createModelProvider(config);
  } catch (error) {
    if (!(error instanceof ModelProviderError)) throw error;
    const diagnostic = { code: `ask/${error.code.toLowerCase().replace(/_/g, '-')}`, severity: 'error' as const, message: error.message, file: 'svc.config.json' };
    throw new ProjectNotReadyError([diagnostic], 2);
  }
}

/** Compiles and opens the project; throws ProjectNotReadyError when it cannot serve. */
export async function openToolContext(options: OpenOptions = {}): Promise<OpenedContext> {
  const compiled = compileProject({ ...(options.project !== undefined ? { project: options.project } : {}), ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) });
  if (compiled.exitCode !== 0 || compiled.config === undefined) {
    throw new ProjectNotReadyError(compiled.diagnostics, compiled.exitCode === 2 || compiled.config === undefined ? 2 : 1);
  }
  const { root, config } = compiled;
  const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
  const provider = providerOf(config);
  const executor = createExecutor({ root, config });
  const recorder = options.traces === false ? undefined : createTraceRecorder({ root });
  const { router } = await dataAwareRouter(manifest, config, executor);
  const ctx = createToolContext({
    root, config, manifest, executor, router,
    ...(provider !== undefined ? { provider } : {}),
    ...(recorder !== undefined ? { recorder } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.log !== undefined ? { log: options.log } : {}),
  });
  let closing: Promise<void> | undefined;
  return {
    ctx,
    close: () => {
      closing ??= (async () => {
        await recorder?.close().catch(() => undefined);
        await executor.close();
      })();
      return closing;
    },
  };
}
