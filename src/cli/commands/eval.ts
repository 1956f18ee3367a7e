/** `svc eval <questions.yaml>`: runs a question set through the Ask cascade and scores it. */
import { Command, Option } from 'clipanion';
import type { EvalReport } from '../../runtime/eval/evaluate.js';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { withProgress } from '../progress.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Runs every question of the set through the same cascade as svc agent ask (Tier 1 certified blocks, Tier 2 review-required SQL from the configured model, if any, Tier 3 refusals) and compares each run with what the set expects: the tier, the answering block and the parameters bound from the question, or the refusal code. Questions sharing a thread are asked in order in one conversation (follow-ups).

An evaluation changes nothing: no draft is captured (evaluation runs never are), no Ask trace is written, and threads live in memory. Relative periods are resolved against the set's now (or --now), so the same set gives the same figures.

Expected tier 2 is met by a review-required answer, or by a run that went the Tier-2 way with no model to write SQL (NO_MODEL_CONFIGURED, MODEL_UNAVAILABLE). A wrong certified label is any answer labelled certified that does not meet a tier-1 expectation exactly.

The file format is described by src/runtime/schemas/eval-set.schema.json; --format json prints a report described by src/runtime/schemas/eval-report.schema.json.

Exit codes: 0 no wrong certified label and a Tier-1 hit rate of at least --min-hit, 1 otherwise, 2 usage or configuration error (or a set that does not read).`;

export class EvalCommand extends Command<SvcContext> {
  static override paths = [['eval']];
  static override usage = Command.Usage({
    description: 'Score the Ask cascade on a question set: Tier-1 hit rate, wrong certified labels, refusals.',
    details: DETAILS,
    examples: [
      ['Evaluate the commerce set', 'svc eval fixtures/commerce/evals/questions.yaml'],
      ['A stricter bar, as JSON', 'svc eval questions.yaml --min-hit 0.95 --format json'],
    ],
  });

  file = Option.String({ name: 'questions.yaml' });
  project = projectOption();
  format = textOrJsonOption();
  minHit = Option.String('--min-hit', '0.9', { description: 'Lowest Tier-1 hit rate that passes, 0..1 (default 0.9)' });
  now = Option.String('--now', { description: "Reference instant for relative periods (default: the set's now)" });
  heldOut = Option.Array('--held-out', { description: 'A held-out set scored beside the first: its figures only, never its questions' });

  private flags(): { minHit: number; now?: Date } | string {
    const minHit = Number(this.minHit);
    if (this.minHit.trim() === '' || !Number.isFinite(minHit) || minHit < 0 || minHit > 1) return `--min-hit must be a number from 0 to 1, got ${this.minHit}.`;
    if (this.now === undefined) return { minHit };
    const now = new Date(this.now);
    return Number.isNaN(now.getTime()) ? `--now must be an ISO 8601 date-time, got ${this.now}.` : { minHit, now };
  }

  override async execute(): Promise<number> {
    const flags = this.flags();
    if (typeof flags === 'string') {
      this.context.stderr.write(`Usage Error: ${flags}\n\n${this.cli.usage(EvalCommand)}`);
      return 2;
    }
    const sets = [{ file: this.file, heldOut: false }, ...(this.heldOut ?? []).map((file) => ({ file, heldOut: true }))];
    const done: Array<{ report: EvalReport; heldOut: boolean }> = [];
    let exitCode = 0;
    for (const set of sets) {
      const outcome = await this.evaluateOne(set.file, flags);
      exitCode = Math.max(exitCode, outcome.exitCode);
      if (outcome.report !== undefined) done.push({ report: outcome.report, heldOut: set.heldOut });
      else return outcome.exitCode;
    }
    await this.print(done);
    return exitCode;
  }

  private async evaluateOne(file: string, flags: { minHit: number; now?: Date }): Promise<{ report?: EvalReport; exitCode: number }> {
    const { evaluate } = await import('../../runtime/eval/evaluate.js');
    const outcome = await withProgress(this.context.stderr, `asking the questions of ${file}`, false, () =>
      evaluate({ cwd: this.context.cwd, file, ...flags, ...(this.project !== undefined ? { project: this.project } : {}) }),
    );
    if (outcome.diagnostics.length > 0) this.context.stderr.write(diagnosticsText(outcome.diagnostics));
    return outcome;
  }

  /** One report as before; with held-out sets, JSON is `{ tuning, heldOut: [...] }` (held-out reports keep only their summary). */
  private async print(done: ReadonlyArray<{ report: EvalReport; heldOut: boolean }>): Promise<void> {
    const [first, ...rest] = done;
    if (first === undefined) return;
    if (this.format === 'json') {
      const scored = (r: EvalReport) => ({ ...r, results: [] });
      const body = rest.length === 0 ? first.report : { tuning: first.report, heldOut: rest.map((d) => scored(d.report)) };
      this.context.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
      return;
    }
    const { evalText } = await import('../render/eval.js');
    this.context.stdout.write(done.map((d) => evalText(d.report, d.heldOut)).join('\n'));
  }
}
