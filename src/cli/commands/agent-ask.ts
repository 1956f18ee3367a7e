/**
 * `svc agent ask "<question>"`: runs the Ask cascade in-process on the project (compiled first,
 * as `svc serve` does) and prints the answer with its trust label. A Tier-2 answer prints
 * `Review draft saved: <path>` and the exact certify command; a refusal prints the reason and
 * exits 1. `--format json` prints the AskRun itself.
 */
import { Command, Option } from 'clipanion';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { AskRun } from '../../runtime/agent-runs/types.js';
import type { SvcContext } from '../context.js';
import { projectOption, quietOption, textOrJsonOption } from '../options.js';
import { withProgress } from '../progress.js';
import { paint } from '../render/colors.js';
import { diagnosticsText } from '../render/text.js';

/** Rows shown in text output; JSON output always carries every row the run kept. */
const SHOWN_ROWS = 50;
const CELL_WIDTH = 40;

function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const one = text.replace(/\s+/g, ' ');
  return one.length > CELL_WIDTH ? `${one.slice(0, CELL_WIDTH - 1)}…` : one;
}

/** A plain aligned table: header, rule, rows (numbers right-aligned). */
export function tableText(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  if (columns.length === 0) return '(no columns)\n';
  const shown = rows.slice(0, SHOWN_ROWS);
  const cells = shown.map((r) => columns.map((c) => cell(r[c])));
  const numeric = columns.map((c) => shown.length > 0 && shown.every((r) => typeof r[c] === 'number' || r[c] === null));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [line([...columns]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
  if (rows.length > shown.length) out.push(`… ${rows.length - shown.length} more rows (use --format json for all)`);
  if (rows.length === 0) out.push('(no rows)');
  return `${out.join('\n')}\n`;
}

/** The trust label line: always first, so the human sees it before any figure (spec rule 2). */
export function trustLine(run: AskRun): string {
  if (run.tier === 1 && run.definition !== undefined)
    return `Certified definition of "${run.definition.name}" (${run.definition.id}${run.definition.owner !== undefined ? `, owned by ${run.definition.owner}` : ''})`;
  if (run.tier === 1 && run.view !== undefined)
    return `Certified view "${run.view.name}" (${run.view.id}${run.view.owner !== undefined ? `, owned by ${run.view.owner}` : ''})`;
  if (run.tier === 1) return `Certified answer from ${run.block ?? 'a certified block'}${run.contract !== undefined ? ` (contract ${run.contract})` : ''}`;
  if (run.tier === 2) return 'Review required (uncertified): SQL was written for this question; no certified block answers it.';
  return `Refused (${run.refusal?.code ?? 'REFUSED'}): ${run.refusal?.reason ?? 'no answer.'}`;
}

/** A certified view's description, then the blocks and terms of it that answer as certified. */
function viewText(view: NonNullable<AskRun['view']>): string {
  const blocks = view.blocks.map((b) => `  ${b.id}${b.description !== undefined ? `: ${b.description}` : ''}\n`).join('');
  const terms = view.terms.length > 0 ? `Terms: ${view.terms.map((t) => `${t.name} (${t.id})`).join(', ')}\n` : '';
  return `${view.description}\n\nBlocks:\n${blocks || '  (none answers as certified now)\n'}${terms}`;
}

/** The values bound from the question, as the block received them (defaults are not listed). */
export function paramsLine(run: AskRun): string | undefined {
  const entries = Object.entries(run.params ?? {});
  if (entries.length === 0) return undefined;
  return `Parameters from the question: ${entries.map(([k, v]) => `${k} = ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`).join(', ')}`;
}

/** The trust line in its tier's colour (when the run colours): green, yellow, red. */
function colouredTrust(run: AskRun): string {
  const p = paint();
  const line = trustLine(run);
  return run.tier === 1 ? p.green(p.bold(line)) : run.tier === 2 ? p.yellow(p.bold(line)) : p.red(p.bold(line));
}

export function runText(run: AskRun): string {
  const parts = [`${colouredTrust(run)}\n`];
  const params = paramsLine(run);
  if (params !== undefined) parts.push(`${params}\n`);
  if (run.definition !== undefined) parts.push('\n', `${run.definition.definition}\n`);
  else if (run.view !== undefined) parts.push('\n', viewText(run.view));
  else if (run.tier !== 3) parts.push('\n', tableText(run.columns, run.rows), run.truncated ? '(the result was cut at the row cap)\n' : '');
  if (run.terms !== undefined && run.definition === undefined) parts.push(`\nTerms: ${run.terms.map((t) => `${t.name} (${t.id})`).join(', ')}\n`);
  if (run.views !== undefined) parts.push(`\nViews: ${run.views.map((v) => `${v.name} (${v.id})`).join(', ')}\n`);
  if (run.reviewDraft !== undefined) {
    parts.push(`\nReview draft saved: ${run.reviewDraft.path}${run.reviewDraft.created ? '' : ` (asked ${run.reviewDraft.askedTimes} times)`}\n`);
    parts.push(`Promote it after review: svc certify --from-draft ${run.reviewDraft.path}\n`);
  } else if (run.capture !== undefined) {
    parts.push(`\nNot saved as a draft (${run.capture.code}).\n`);
  }
  if (run.tier === 3 && run.next !== undefined) parts.push(`Next: ${run.next}\n`);
  return parts.join('');
}

export class AgentAskCommand extends Command<SvcContext> {
  static override paths = [['agent', 'ask']];
  static override usage = Command.Usage({
    description: 'Ask a question: certified block (Tier 1), review-required SQL saved as a draft (Tier 2), or a refusal (Tier 3).',
    details:
      'Compiles the project (a block with errors is never answered as certified; the rest of the project still answers), then runs the Ask cascade in this process with the model configured in svc.config.json ask.provider (none is a normal state). A Tier-2 answer is labelled review required and saved as a draft block; the command prints its path and the svc certify --from-draft command. Exit codes: 0 answered, 1 refused, 2 usage or configuration error.',
    examples: [
      ['Ask a question', 'svc agent ask "What was revenue last week?"'],
      ['The run as JSON', 'svc agent ask "Top 5 states by revenue" --format json'],
    ],
  });

  // Unquoted words are one question: `svc agent ask what is headcount` asks "what is headcount".
  words = Option.Rest({ required: 1, name: 'question' });
  explore = Option.Boolean('--explore', false, {
    description: 'Take the review-required exploration a BLOCK_CANNOT_ANSWER refusal offers: SQL is written for the question, never certified',
  });
  project = projectOption();
  format = textOrJsonOption();
  quiet = quietOption();

  override async execute(): Promise<number> {
    const { compileProject } = await import('../../compiler/pipeline/compile-project.js');
    const compiled = compileProject({ cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (compiled.config === undefined || compiled.text === undefined) {
      this.context.stderr.write(diagnosticsText(compiled.diagnostics));
      this.context.stderr.write('svc: the project configuration could not be read, so the question was not asked.\n');
      return 2;
    }
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
    // One broken block loses its own standing; the question is still asked of the rest.
    if (errors > 0)
      this.context.stderr.write(
        `svc: ${errors} ${errors === 1 ? 'error' : 'errors'} in the project; blocks with errors are not served as certified (svc compile lists them)\n`,
      );
    const waiting = compiled.config.ask?.provider !== undefined ? 'answering (a question no certified block answers waits for the model)' : 'answering';
    const run = await withProgress(this.context.stderr, waiting, this.quiet, () =>
      this.ask(compiled.root!, compiled.config!, JSON.parse(compiled.text!) as Manifest),
    );
    this.context.stdout.write(this.format === 'json' ? `${JSON.stringify(run, null, 2)}\n` : runText(run));
    return run.trust === 'refused' ? 1 : 0;
  }

  private async ask(root: string, config: SvcConfig, manifest: Manifest): Promise<AskRun> {
    const { createExecutor } = await import('../../warehouse/executor.js');
    const { dataAwareRouter } = await import('../../runtime/agent-runs/data-values.js');
    const { configuredProvider } = await import('../../runtime/agent-runs/model-provider.js');
    const { createAskService } = await import('../../runtime/agent-runs/ask-service.js');
    const { createTraceRecorder } = await import('../../traces/index.js');
    const executor = createExecutor({ root, config });
    // Every Ask leaves a local trace, from the command line as from the server.
    const recorder = createTraceRecorder({ root });
    try {
      const provider = configuredProvider(config);
      const { router, values } = await dataAwareRouter(manifest, config, executor);
      // The same Ask service as POST /api/agent-runs and the answer_question tool: one lifecycle.
      const service = createAskService({ root, config, manifest, executor, recorder, router, values, ...(provider !== undefined ? { provider } : {}) });
      // The command line asks outside any request: the local owner's Ask.
      return await service.ask({ question: this.words.join(' '), ...(this.explore ? { explore: true } : {}) }, undefined);
    } finally {
      await executor.close();
      await recorder.close();
    }
  }
}
