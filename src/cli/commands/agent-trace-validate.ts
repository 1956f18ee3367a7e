/** `svc agent trace validate <bundle-dir>`: checks a bundle offline; exit 1 when it is invalid. */

import { resolve } from 'node:path';
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { textOrJsonOption } from '../options.js';
import { json } from './agent-trace-shared.js';

export class AgentTraceValidateCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'validate']];
  static override usage = Command.Usage({
    description: 'Validate a trace bundle: its four files, every checksum, formats, consistency and the redaction canary.',
    details:
      'Needs no project and opens nothing but the bundle files. Exit codes: 0 valid, 1 invalid (each finding has a code: TRACE_BUNDLE_INVALID or TRACE_EXPORT_REDACTION_FAILED), 2 usage error.',
    examples: [['Validate a bundle', 'svc agent trace validate ./trace-run-42']],
  });

  dir = Option.String({ name: 'bundle-dir' });
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { validateBundle } = await import('../../traces/bundle-validate.js');
    const v = validateBundle(resolve(this.context.cwd, this.dir));
    const { bundle: _bundle, ...report } = v;
    if (this.format === 'json') json(this.context, report);
    else {
      for (const f of v.findings) this.context.stdout.write(`${f.file ?? this.dir} error ${f.code} (${f.check}) ${f.message}\n`);
      this.context.stdout.write(v.valid ? `Valid ${v.profile} bundle of ${v.traceId}.\n` : `Invalid bundle: ${v.findings.length} finding(s).\n`);
    }
    return v.valid ? 0 : 1;
  }
}
