/** `svc agent trace list`: trace summaries from the local store, newest first (read-only). */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { guarded, json, summaryLine, withStore } from './agent-trace-shared.js';

export class AgentTraceListCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'list']];
  static override usage = Command.Usage({
    description: 'List local Ask trace summaries, newest first.',
    details:
      'Opens .svc/local/ask-observability read-only. A summary remains after its detailed evidence expires. Exit codes: 0 listed, 1 store unavailable or of a newer schema, 2 usage error.',
    examples: [
      ['List the newest summaries as JSON', 'svc agent trace list --format json'],
      ['Next page', 'svc agent trace list --cursor <nextCursor>'],
    ],
  });

  project = projectOption();
  format = textOrJsonOption();
  limit = Option.String('--limit', '50', {
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(1, 100)]),
    description: 'Summaries per page, 1 to 100',
  });
  cursor = Option.String('--cursor', { description: 'The nextCursor of the previous page' });

  override async execute(): Promise<number> {
    return guarded(this.context, this.format, () =>
      withStore(this.context.cwd, this.project, (store) => {
        const page = store.list({ limit: this.limit, ...(this.cursor !== undefined ? { cursor: this.cursor } : {}) });
        if (this.format === 'json') json(this.context, page);
        else {
          for (const s of page.items) this.context.stdout.write(`${summaryLine(s)}\n`);
          this.context.stdout.write(page.items.length === 0 ? 'No traces yet.\n' : page.nextCursor !== undefined ? `more: --cursor ${page.nextCursor}\n` : '');
        }
        return 0;
      }),
    );
  }
}
