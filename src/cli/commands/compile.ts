/**
 * `svc compile`: builds svc-manifest.json; `--check` exits 1 when the file on disk is stale;
 * `--watch` keeps compiling on every change until SIGINT or SIGTERM (one report per compile:
 * a summary line in text, one JSON object per line in json).
 */
import { Command, Option, UsageError } from 'clipanion';
import type { CompileResult } from '../../compiler/pipeline/compile-project.js';
import type { CompileReport } from '../../compiler/watch/compile-session.js';
import type { SvcContext } from '../context.js';
import { internalErrorText } from '../internal-error.js';
import { projectOption, quietOption, textOrJsonOption } from '../options.js';
import { startProgress, withProgress } from '../progress.js';
import { diagnosticsText, plural, tallyText } from '../render/text.js';
import { untilStopped } from '../until-stopped.js';

export class CompileCommand extends Command<SvcContext> {
  static override paths = [['compile']];
  static override usage = Command.Usage({
    description: 'Compile the project into svc-manifest.json.',
    details:
      'Exit codes: 0 compiled, 1 errors (a stale manifest with --check; with --validate, an engine error or a warehouse that cannot be reached), 2 usage or configuration error. With --watch, recompiles on every change and exits 0 on SIGINT or SIGTERM.',
    examples: [
      ['Compile the project found above this folder', 'svc compile'],
      ['Fail when the committed manifest is stale', 'svc compile --check'],
      ['Recompile on every change while editing', 'svc compile --watch'],
      ['Also have the engine prepare every query (nothing runs)', 'svc compile --validate'],
    ],
  });

  project = projectOption();
  check = Option.Boolean('--check', false, { description: 'Do not write; exit 1 when svc-manifest.json is out of date' });
  watch = Option.Boolean('--watch', false, { description: 'Keep running and recompile whenever a project file changes' });
  validate = Option.Boolean('--validate', false, {
    description: "Also have each block's engine prepare its query without running it, and report the engine's errors",
  });
  format = textOrJsonOption();
  quiet = quietOption();

  override async execute(): Promise<number> {
    if (this.watch && this.check) throw new UsageError('--watch writes the manifest on every change; it cannot be combined with --check.');
    if (this.watch) return this.watchProject();
    const { compileProject } = await import('../../compiler/pipeline/compile-project.js');
    // The compile holds the event loop, so its line is drawn at once and erased after.
    const progress = startProgress(this.context.stderr, 'compiling', { quiet: this.quiet, delayMs: 0 });
    const compiled = compileProject({ cwd: this.context.cwd, check: this.check, ...(this.project !== undefined ? { project: this.project } : {}) });
    progress.stop();
    const r =
      this.validate && compiled.exitCode !== 2
        ? await withProgress(this.context.stderr, 'the engines are preparing every query', this.quiet, () => this.validated(compiled))
        : compiled;
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(this.body(r), null, 2)}\n`);
      return r.exitCode;
    }
    this.context.stdout.write(diagnosticsText(r.diagnostics));
    if (r.exitCode === 2) return 2;
    if (!this.quiet) this.context.stdout.write(`${this.summary(r)}\n`);
    return r.exitCode;
  }

  /** The compile result with the engine's findings on every block added. */
  private async validated(r: CompileResult): Promise<CompileResult> {
    const { createExecutor } = await import('../../warehouse/executor.js');
    const { validateBlocks } = await import('../../runtime/validate/validate-blocks.js');
    const { takeSchemaSnapshot } = await import('../../runtime/validate/take-snapshot.js');
    const { compareDiagnostics, hasErrors } = await import('../../../grammar/diagnostics.js');
    const manifest = JSON.parse(r.text ?? '{"blocks":{}}') as { blocks: Record<string, import('../../compiler/types.js').CompiledBlock> };
    const executor = createExecutor({ root: r.root ?? this.context.cwd, config: r.config });
    const root = r.root ?? this.context.cwd;
    // One cause, one finding: a query the offline checks already fault is not sent to the engine.
    const offline = new Set(r.diagnostics.filter((d) => d.code.startsWith('sql/') && d.severity === 'error').map((d) => String(d.data?.['block'] ?? '')));
    try {
      const found = await validateBlocks(root, Object.values(manifest.blocks), executor, offline);
      if (r.config !== undefined) await takeSchemaSnapshot(root, r.config, executor);
      const diagnostics = [...r.diagnostics, ...found].sort(compareDiagnostics);
      return { ...r, diagnostics, exitCode: hasErrors(diagnostics) ? 1 : r.exitCode };
    } finally {
      await executor.close();
    }
  }

  private body(r: CompileResult): Record<string, unknown> {
    return { exitCode: r.exitCode, stale: r.stale, wrote: r.wrote, stats: r.stats, diagnostics: r.diagnostics };
  }

  private summary(r: CompileResult): string {
    const action = this.check
      ? r.stale
        ? 'svc-manifest.json is stale'
        : 'svc-manifest.json is up to date'
      : r.wrote
        ? 'wrote svc-manifest.json'
        : 'svc-manifest.json unchanged';
    const s = r.stats;
    return `${r.config?.project ?? 'project'}: ${plural(s.blocks, 'block')} from ${plural(s.files, 'file')}, ${tallyText(r.diagnostics)}; ${action}`;
  }

  private report(rep: CompileReport): void {
    const r = rep.result;
    if (this.format === 'json') {
      const line = { trigger: rep.trigger, ms: Math.round(rep.ms * 10) / 10, changedPaths: rep.changed, ...this.body(r) };
      this.context.stdout.write(`${JSON.stringify(line)}\n`);
      return;
    }
    this.context.stdout.write(diagnosticsText(r.diagnostics));
    const took = `${rep.trigger}, ${rep.ms.toFixed(0)} ms`;
    this.context.stdout.write(r.exitCode === 2 ? `configuration error; waiting for a fix (${took})\n` : `${this.summary(r)} (${took})\n`);
  }

  private async watchProject(): Promise<number> {
    const { CompileSession } = await import('../../compiler/watch/compile-session.js');
    const failed = (error: unknown) => this.context.stderr.write(internalErrorText(error, 'a recompile', ' Still watching.'));
    const session = new CompileSession(
      { cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) },
      (rep) => this.report(rep),
      {},
      failed,
    );
    const stopped = untilStopped();
    const first = session.start();
    if (!session.watching) return first.exitCode;
    this.context.stderr.write(`svc: watching ${first.root} (Ctrl-C to stop)\n`);
    if (session.unwatched > 0)
      this.context.stderr.write(`svc: ${session.unwatched} folder(s) could not be watched (system watch limit?); changes there show up within 10 s.\n`);
    const signal = await stopped;
    session.close();
    this.context.stderr.write(`svc: ${signal} received, stopped watching\n`);
    return 0;
  }
}
