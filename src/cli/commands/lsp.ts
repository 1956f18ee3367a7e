/** `svc lsp`: the language server for editors, over stdio. */
import { Command } from 'clipanion';
import type { SvcContext } from '../context.js';

export class LspCommand extends Command<SvcContext> {
  static override paths = [['lsp']];
  static override usage = Command.Usage({
    description: 'Run the language server for block files and Apps over stdio (for editors).',
    details:
      'Speaks the Language Server Protocol on stdin and stdout: diagnostics with the codes of svc lint as you type, completion (block fields, parameters, tables and columns from the schema snapshot, block ids in Apps), hover (field docs, column types, a block trust), go to definition (block ids, contract ids), formatting (svc fmt) and document symbols. Your editor starts it; see docs/editors.md.',
    examples: [['What an editor runs', 'svc lsp']],
  });

  override async execute(): Promise<number> {
    const { startLanguageServer } = await import('../lsp/lsp-server.js');
    startLanguageServer(this.cli.binaryVersion ?? '0.0.0');
    // The connection ends the process when the client sends exit; until then nothing returns.
    await new Promise<never>(() => undefined);
    return 0;
  }
}
