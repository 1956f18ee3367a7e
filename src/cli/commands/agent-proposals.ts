/**
 * `svc agent proposals`: the review queue of the promotion loop. Every draft block, most asked
 * first, with the command that promotes it. Read-only: nothing is compiled or written.
 */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';

export class AgentProposalsCommand extends Command<SvcContext> {
  static override paths = [['agent', 'proposals']];
  static override usage = Command.Usage({
    description: 'List draft blocks awaiting review, most asked first.',
    details:
      'Reads every block file in a _drafts folder (domains/<d>/blocks/_drafts/ or blocks/_drafts/) and ranks the drafts by asked_times, ties by path. Exit codes: 0 listed (also when there are none), 2 usage or configuration error.',
    examples: [
      ['Drafts asked at least three times', 'svc agent proposals --asked-at-least-times 3'],
      ['As JSON', 'svc agent proposals --format json'],
    ],
  });

  project = projectOption();
  askedAtLeastTimes = Option.String('--asked-at-least-times', {
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isAtLeast(0)]),
    description: 'Only drafts asked at least this many times',
  });
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { loadConfig } = await import('../../compiler/project/config.js');
    const loaded = loadConfig({ cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (loaded.config === undefined) {
      const { diagnosticsText } = await import('../render/text.js');
      this.context.stderr.write(diagnosticsText(loaded.diagnostics));
      return 2;
    }
    const { listProposals } = await import('../../runtime/drafts/list-proposals.js');
    const proposals = listProposals(loaded.root, this.askedAtLeastTimes !== undefined ? { askedAtLeastTimes: this.askedAtLeastTimes } : {});
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify({ proposals }, null, 2)}\n`);
      return 0;
    }
    if (proposals.length === 0) {
      this.context.stdout.write('No draft blocks await review.\n');
      return 0;
    }
    for (const p of proposals) {
      const asked = `asked ${p.askedTimes} time${p.askedTimes === 1 ? '' : 's'}`;
      this.context.stdout.write(`${p.id ?? p.name}  ${asked}  ${p.path}${p.readable ? '' : '  (does not parse)'}\n`);
      this.context.stdout.write(`  ${p.certifyCommand}\n`);
    }
    return 0;
  }
}
