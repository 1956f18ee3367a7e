/**
 * `svc agent trace replay <bundle-dir> --mode receipt`: validates an exported receipt offline.
 * It reads the four bundle files and nothing else: no provider, tool, warehouse query, trace
 * store or network request is started, so it runs anywhere, even outside a project.
 */

import { resolve } from 'node:path';
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { textOrJsonOption } from '../options.js';
import { json } from './agent-trace-shared.js';

export class AgentTraceReplayCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'replay']];
  static override usage = Command.Usage({
    description: 'Re-check an exported run receipt offline against its trace evidence.',
    details:
      'Only --mode receipt exists (the default): it validates the bundle, then checks the receipt outcome, tier order, attempts, sources and timing against the trace. Exit codes: 0 the receipt holds, 1 it does not (or the bundle is invalid), 2 usage error.',
    examples: [['Replay a receipt', 'svc agent trace replay ./trace-run-42 --mode receipt']],
  });

  dir = Option.String({ name: 'bundle-dir' });
  // One mode exists, so it is the default; naming it stays accepted.
  mode = Option.String('--mode', 'receipt', { validator: t.isEnum(['receipt']), description: 'receipt (the only mode, and the default)' });
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { replayReceipt } = await import('../../traces/run-receipt-replay.js');
    const r = replayReceipt(resolve(this.context.cwd, this.dir));
    if (this.format === 'json') json(this.context, r);
    else {
      for (const f of r.findings) this.context.stdout.write(`${f.file ?? this.dir} error ${f.code} (${f.check}) ${f.message}\n`);
      for (const c of r.checks) this.context.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'} ${c.id}${c.message !== undefined ? `: ${c.message}` : ''}\n`);
      const s = r.receipt;
      this.context.stdout.write(
        s !== undefined && r.valid
          ? `Receipt holds: run ${s.runId}, tier ${s.tier ?? '-'} ${s.trust ?? ''}, ${s.attempts} attempt(s), ${s.sources} source(s).\n`
          : 'Receipt does not hold.\n',
      );
    }
    return r.valid ? 0 : 1;
  }
}
