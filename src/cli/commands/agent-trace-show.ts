/** `svc agent trace show <trace-id-or-run-id>`: one detailed trace (read-only). */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { detailText, guarded, json, withStore } from './agent-trace-shared.js';

export class AgentTraceShowCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'show']];
  static override usage = Command.Usage({
    description: 'Show one detailed Ask trace by trace id or Ask run id.',
    details:
      'Exit codes: 0 shown, 1 TRACE_NOT_FOUND, TRACE_DETAIL_EXPIRED (the summary is printed with it), TRACE_STORE_UNAVAILABLE or TRACE_SCHEMA_UNSUPPORTED, 2 usage error.',
    examples: [['Show a trace as JSON', 'svc agent trace show tr_0123456789abcdef0123456789abcdef --format json']],
  });

  id = Option.String({ name: 'trace-id-or-run-id' });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    return guarded(this.context, this.format, () =>
      withStore(this.context.cwd, this.project, (store) => {
        const detail = store.detail(store.resolve(this.id));
        if (this.format === 'json') json(this.context, detail);
        else this.context.stdout.write(detailText(detail));
        return 0;
      }),
    );
  }
}
