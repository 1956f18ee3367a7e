/** `svc compile`: builds svc-manifest.json; `--check` exits 1 when the file on disk is stale. */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { diagnosticsText, tallyText } from '../render/text.js';

export class CompileCommand extends Command<SvcContext> {
  static override paths = [['compile']];
  static override usage = Command.Usage({
    description: 'Compile the project into svc-manifest.json.',
    details: 'Exit codes: 0 compiled, 1 errors (or a stale manifest with --check), 2 usage or configuration error.',
    examples: [['Compile the project found above this folder', 'svc compile'], ['Fail when the committed manifest is stale', 'svc compile --check']],
  });

  project = Option.String('--project', { description: 'Project folder (default: found by walking up to svc.config.json)' });
  check = Option.Boolean('--check', false, { description: 'Do not write; exit 1 when svc-manifest.json is out of date' });
  format = Option.String('--format', 'text', { validator: t.isEnum(['text', 'json']), description: 'text or json' });

  override async execute(): Promise<number> {
    const { compileProject } = await import('../../compiler/compile-project.js');
    const opts = { cwd: this.context.cwd, check: this.check, ...(this.project !== undefined ? { project: this.project } : {}) };
    const r = compileProject(opts);
    if (this.format === 'json') {
      const body = { exitCode: r.exitCode, stale: r.stale, wrote: r.wrote, stats: r.stats, diagnostics: r.diagnostics };
      this.context.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
      return r.exitCode;
    }
    this.context.stdout.write(diagnosticsText(r.diagnostics));
    if (r.exitCode === 2) return 2;
    const action = this.check ? (r.stale ? 'svc-manifest.json is stale' : 'svc-manifest.json is up to date') : r.wrote ? 'wrote svc-manifest.json' : 'svc-manifest.json unchanged';
    const s = r.stats;
    this.context.stdout.write(`${r.config?.project ?? 'project'}: ${s.blocks} blocks from ${s.files} files, ${tallyText(r.diagnostics)}; ${action}\n`);
    return r.exitCode;
  }
}
