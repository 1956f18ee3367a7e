/** `svc fmt`: one canonical layout for block files; `--check` lists files that would change. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { quietOption } from '../options.js';
import { diagnosticsText, plural } from '../render/text.js';

export class FmtCommand extends Command<SvcContext> {
  static override paths = [['fmt']];
  static override usage = Command.Usage({
    description: 'Format block files in the canonical layout.',
    details:
      'Takes files, folders (every .svc file under them) and quoted globs; with none, formats every block file of the project. Files with parse errors are left untouched. Exit 1 with --check when a file would change.',
    examples: [
      ['Format the whole project', 'svc fmt'],
      ['Check staged files in a hook', 'svc fmt --check domains/sales/blocks/orders.svc'],
      ['Format one domain', 'svc fmt domains/sales'],
    ],
  });

  files = Option.Rest({ name: 'file, folder or glob' });
  check = Option.Boolean('--check', false, { description: 'Do not write; exit 1 when a file is not formatted' });
  project = Option.String('--project', { description: 'Project folder when no files are named' });
  quiet = quietOption();

  override async execute(): Promise<number> {
    const { formatFiles } = await import('../../compiler/pipeline/format-files.js');
    const { blockTargets } = await import('../block-targets.js');
    const named = this.files.length > 0 ? blockTargets(this.files, this.context.cwd) : [];
    const r = formatFiles(named, { cwd: this.context.cwd, check: this.check, ...(this.project !== undefined ? { project: this.project } : {}) });
    this.context.stdout.write(diagnosticsText(r.diagnostics));
    for (const f of r.files) {
      if (this.check && f.changed) this.context.stdout.write(`${f.file}: not formatted\n`);
      else if (f.written && !this.quiet) this.context.stdout.write(`${f.file}: formatted\n`);
    }
    const changed = r.files.filter((f) => f.changed).length;
    const verb = this.check ? 'would change' : 'changed';
    if (!this.quiet) this.context.stdout.write(`${plural(r.files.length, 'file')} checked, ${changed} ${verb}\n`);
    return r.exitCode;
  }
}
