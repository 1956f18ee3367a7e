/** `svc lint`: fast pre-commit checks of the named block files only (no project compile). */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, quietOption } from '../options.js';
import { diagnosticsText, plural, tallyText } from '../render/text.js';

export class LintCommand extends Command<SvcContext> {
  static override paths = [['lint']];
  static override usage = Command.Usage({
    description: 'Lint block files (for pre-commit hooks): syntax, analysis and the block.lint policy.',
    details:
      'Reads only the named files (every .svc file under a named folder, the .svc files a quoted glob matches; with none named, every block file of the project), with their project config, contract manifest and companion YAML. Exit 1 when any error is found.',
    examples: [
      ['Lint two files', 'svc lint domains/sales/blocks/orders.svc domains/sales/blocks/revenue.svc'],
      ['Lint a folder', 'svc lint domains/sales'],
      ['Lint every block of the project', 'svc lint'],
      ['SARIF for code scanning', 'svc lint --format sarif $(git ls-files "*.svc") > svc.sarif'],
    ],
  });

  files = Option.Rest({ name: 'file, folder or glob' });
  project = projectOption();
  quiet = quietOption();
  format = Option.String('--format', 'text', { validator: t.isEnum(['text', 'json', 'sarif']), description: 'text, json or sarif' });

  override async execute(): Promise<number> {
    const { lintFiles } = await import('../../rules/lint-files.js');
    const { blockTargets } = await import('../block-targets.js');
    const files = blockTargets(this.files, this.context.cwd, this.project);
    const r = lintFiles(files, this.context.cwd, this.cli.binaryVersion ?? '0.0.0');
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify({ exitCode: r.exitCode, files: files.length, diagnostics: r.diagnostics }, null, 2)}\n`);
    } else if (this.format === 'sarif') {
      const { toSarif } = await import('../render/sarif.js');
      this.context.stdout.write(`${JSON.stringify(toSarif(r.diagnostics, r.describe, r.version, this.context.cwd), null, 2)}\n`);
    } else {
      this.context.stdout.write(diagnosticsText(r.diagnostics));
      if (!this.quiet) this.context.stdout.write(`${plural(files.length, 'file')} linted, ${tallyText(r.diagnostics)}\n`);
    }
    return r.exitCode;
  }
}
