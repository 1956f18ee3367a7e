/**
 * `svc eval` as a library call: compile the project (a block with errors loses its own standing,
 * never the evaluation), open the one executor and the data-aware Tier-1 router as `svc agent
 * ask` does, run the set and summarise it. Configuration problems and an unreadable set are
 * diagnostics with exit code 2.
 */
import { dirname, relative, resolve } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { Manifest } from '../../compiler/types.js';
import { createExecutor } from '../../warehouse/executor.js';
import { dataAwareRouter } from '../agent-runs/data-values.js';
import { configuredProvider } from '../agent-runs/model-provider.js';
import { type EvalSet, readEvalSet } from './eval-set.js';
import { type EvalResult, runEval } from './run-eval.js';
import { type EvalSummary, summarise } from './summarise.js';

export interface EvaluateOptions {
  cwd: string;
  file: string;
  project?: string;
  minHit: number;
  /** Overrides the set's `now`. */
  now?: Date;
}

export interface EvalReport {
  file: string;
  project: string;
  now: string;
  summary: EvalSummary;
  results: EvalResult[];
}

export interface EvaluateOutcome {
  exitCode: 0 | 1 | 2;
  report?: EvalReport;
  /** Why nothing was evaluated (exit 2), or the compile errors of some blocks (evaluated anyway). */
  diagnostics: Diagnostic[];
}

function nowOf(set: EvalSet, override: Date | undefined): Date {
  return override ?? (set.now !== undefined ? new Date(set.now) : new Date());
}

async function evaluateCompiled(
  root: string,
  compiled: ReturnType<typeof compileProject>,
  set: EvalSet,
  opts: EvaluateOptions,
  file: string,
): Promise<EvalReport> {
  const config = compiled.config as NonNullable<typeof compiled.config>;
  const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
  const executor = createExecutor({ root, config });
  try {
    const { router } = await dataAwareRouter(manifest, config, executor);
    const provider = configuredProvider(config);
    const now = nowOf(set, opts.now);
    const results = await runEval({ asker: undefined, root, config, manifest, executor, router, ...(provider !== undefined ? { provider } : {}) }, set, now);
    return { file, project: config.project, now: now.toISOString(), summary: summarise(results, opts.minHit), results };
  } finally {
    await executor.close();
  }
}

/** Evaluates the set at `opts.file` against its project. */
export async function evaluate(opts: EvaluateOptions): Promise<EvaluateOutcome> {
  const abs = resolve(opts.cwd, opts.file);
  const file = relative(opts.cwd, abs) || abs;
  const read = readEvalSet(abs, file);
  if (read.set === undefined) return { exitCode: 2, diagnostics: read.diagnostics };
  const compiled = compileProject(opts.project !== undefined ? { cwd: opts.cwd, project: opts.project } : { cwd: dirname(abs) });
  if (compiled.config === undefined || compiled.text === undefined) return { exitCode: 2, diagnostics: compiled.diagnostics };
  const report = await evaluateCompiled(compiled.root, compiled, read.set, opts, file);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  return { exitCode: report.summary.passed ? 0 : 1, report, diagnostics: errors };
}
