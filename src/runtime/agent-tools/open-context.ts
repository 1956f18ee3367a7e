/**
 * Opening a project for the agent tools: compile it (writing svc-manifest.json as `svc
 * compile` would, so the tools and the file agree; blocks with errors lose their own standing,
 * only a configuration that does not read refuses), load the
 * manifest, and build the one executor, the model provider (when configured) and the local
 * trace recorder. `close()` ends all of them; it is safe to call twice.
 */
import { diag } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import { createTraceRecorder } from '../../traces/index.js';
import { createExecutor } from '../../warehouse/executor.js';
import { dataAwareRouter } from '../agent-runs/data-values.js';
import { createModelProvider, type ModelProvider, ModelProviderError } from '../agent-runs/model-provider.js';
import { createKnowledgePool } from '../knowledge/knowledge-pool.js';
import { ProjectNotReadyError } from '../project/project-not-ready.js';
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
    const code = error.code === 'MODEL_NOT_LOOPBACK' ? 'ask/model-not-loopback' : 'ask/model-config-invalid';
    throw new ProjectNotReadyError([diag(code, { problem: error.message }, { file: 'svc.config.json' })], 2);
  }
}

/** Compiles the project as `svc compile` would and reads its manifest; errors in blocks are logged, a config that does not read throws. */
function compiledProject(options: OpenOptions): { root: string; config: SvcConfig; manifest: Manifest } {
  const compiled = compileProject({
    ...(options.project !== undefined ? { project: options.project } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  // Only a configuration that does not read stops the tools; a block with errors loses its own standing.
  if (compiled.config === undefined || compiled.text === undefined) throw new ProjectNotReadyError(compiled.diagnostics, 2);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0)
    (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)))(
      `svc mcp: ${errors} ${errors === 1 ? 'error' : 'errors'} in the project; blocks with errors are not served as certified (svc compile lists them)`,
    );
  return { root: compiled.root, config: compiled.config, manifest: JSON.parse(compiled.text) as Manifest };
}

/** Compiles and opens the project; throws ProjectNotReadyError when it cannot serve. */
export async function openToolContext(options: OpenOptions = {}): Promise<OpenedContext> {
  const { root, config, manifest } = compiledProject(options);
  const provider = providerOf(config);
  const executor = createExecutor({ root, config });
  const recorder = options.traces === false ? undefined : createTraceRecorder({ root });
  const { router } = await dataAwareRouter(manifest, config, executor);
  // The session's Asks share warm knowledge servers, closed with it.
  const knowledge = createKnowledgePool();
  const ctx = createToolContext({
    knowledge,
    root,
    config,
    manifest,
    executor,
    router,
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
        await knowledge.close();
        await executor.close();
      })();
      return closing;
    },
  };
}
