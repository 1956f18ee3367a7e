/** `svc doctor`: whether the project can work here (config, connections, credentials, schema snapshot, model, traces). */
import { Command } from 'clipanion';
import type { DoctorCheck } from '../../runtime/doctor/doctor.js';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';

const MARK: Readonly<Record<DoctorCheck['status'], string>> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' };

export class DoctorCommand extends Command<SvcContext> {
  static override paths = [['doctor']];
  static override usage = Command.Usage({
    description: 'Check that the project can work here: config, connections, credentials, schema snapshot, model, traces.',
    details:
      "Reads svc.config.json, reaches each connection (printing its resolved file or host, and where its password comes from), refreshes the schema snapshot the offline name check reads (.svc/schema-snapshot.json), asks the model provider's endpoint whether it answers, and opens the local trace store. Nothing is run on the data. Exit codes: 0 every check passes (warnings allowed), 1 a check fails.",
    examples: [
      ['Check the project found above this folder', 'svc doctor'],
      ['The checks as JSON, for CI', 'svc doctor --format json'],
    ],
  });

  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { runDoctor } = await import('../../runtime/doctor/doctor.js');
    const r = await runDoctor({ cwd: this.context.cwd, ...(this.project !== undefined ? { project: this.project } : {}) });
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      return r.exitCode;
    }
    const width = Math.max(...r.checks.map((c) => this.label(c).length));
    const lines = r.checks.map((c) => `${MARK[c.status]}  ${this.label(c).padEnd(width)}  ${c.detail}`);
    const failed = r.checks.filter((c) => c.status === 'fail').length;
    const tail = failed === 0 ? 'svc doctor: every check passes' : `svc doctor: ${failed} check${failed === 1 ? '' : 's'} failed`;
    this.context.stdout.write(`${lines.join('\n')}\n${tail}\n`);
    return r.exitCode;
  }

  private label(c: DoctorCheck): string {
    return c.name !== undefined ? `${c.check} ${c.name}` : c.check;
  }
}
