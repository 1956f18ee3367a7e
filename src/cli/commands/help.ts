/**
 * `svc --help`: every command on one line with what it does, sorted, so the whole surface
 * fits on a screen; `svc <command> --help` keeps clipanion's full usage for each one.
 */
import { Command } from 'clipanion';
import type { SvcContext } from '../context.js';

/** The path of a definition without the binary name and without its options. */
function commandWords(path: string): string {
  return path.replace(/^svc\s*/, '').trim();
}

export class HelpCommand extends Command<SvcContext> {
  static override paths = [['-h'], ['--help'], ['help']];
  static override usage = Command.Usage({ description: 'List every command with one line each.' });

  override async execute(): Promise<number> {
    const rows = this.cli
      .definitions()
      .filter((d) => !d.path.includes('-h') && !d.path.includes('--help') && !/^svc (help|-v|--version)\b/.test(d.path))
      .map((d) => [commandWords(d.path), (d.description ?? '').trim()] as const)
      .filter(([words]) => words !== '')
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const width = Math.max(...rows.map(([words]) => words.length)) + 2;
    const lines = rows.map(([words, description]) => `  svc ${words.padEnd(width)}${description}`);
    const version = this.cli.binaryVersion ?? '';
    this.context.stdout.write(
      `svc ${version} - governed analytics blocks: compile, lint, certify, serve and answer\n\n${lines.join('\n')}\n\nRun svc <command> --help for a command's options and examples.\n`,
    );
    return 0;
  }
}
