/** `svc fmt`: one canonical layout for block files; `--check` lists files that would change. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { diagnosticsText } from '../render/text.js';

export class FmtCommand extends Command<SvcContext> {
  static override paths = [['fmt']];
  static override usage = Command.Usage({
    description: 'Format block files in the canonical layout.',
    details: 'With no files, formats every block file of the project. Files with parse errors are left untouched. Exit 1 with --check when a file would change.',
    examples: [['Format the whole project', 'svc fmt'], ['Check staged files in a hook', 'svc fmt --check domains/sales/blocks/orders.svc']],
  });

  files = Option.Rest();
  check = Option.Boolean('--check', false, { description: 'Do not write; exit 1 when a file is not formatted' });
  project = Option.String('--project', { description: 'Project folder when no files are named' });

  override async execute(): Promise<number> {
    const { formatFiles } = await import('../../compiler/format-files.js');
    const r = formatFiles(this.files, { cwd: this.context.cwd, check: this.check, ...(this.project !== undefined ? { project: this.project } : {}) });
    this.context.stdout.write(diagnosticsText(r.diagnostics));
    for (const f of r.files) {
      if (this.check && f.changed) this.context.stdout.write(`${f.file}: not formatted\n`);
      else if (f.written) this.context.stdout.write(`${f.file}: formatted\n`);
    }
    const changed = r.files.filter((f) => f.changed).length;
    const verb = this.check ? 'would change' : 'changed';
    this.context.stdout.write(`${r.files.length} files checked, ${changed} ${verb}\n`);
    return r.exitCode;
  }
}
