/**
 * Builds the `svc` command line and runs it. Exit codes: what the command returns (0 ok,
 * 1 findings), 2 for usage errors (clipanion's own would be 1), and 70 for an internal failure,
 * which prints a sentence and a reference, never a stack trace (SVC_DEBUG=1 shows it).
 */

import type { Readable, Writable } from 'node:stream';
import { Builtins, Cli, type Command, type CommandClass, UsageError } from 'clipanion';
import { HelpCommand } from '../commands/help.js';
import { COMMANDS } from '../commands/index.js';
import type { SvcContext } from '../context.js';
import { internalErrorText } from '../internal-error.js';
import { colorWanted, useColors } from '../render/colors.js';
import { commandRows, matchedCommand, unknownCommand, unknownOption } from '../unknown-input.js';
import { namedValues } from '../usage-text.js';

export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 70;

/** The clipanion Cli with every svc command registered. */
export function buildCli(version: string): Cli<SvcContext> {
  const cli = new Cli<SvcContext>({ binaryLabel: 'svc', binaryName: 'svc', binaryVersion: version, enableColors: false });
  cli.register(HelpCommand);
  cli.register(Builtins.VersionCommand);
  for (const command of COMMANDS) cli.register(command as CommandClass<SvcContext>);
  return cli;
}

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  cwd: string;
  /** Environment for colour and progress decisions (default: the process's). */
  env?: NodeJS.ProcessEnv;
}

/** What clipanion's own run() hands a command before executing it (its `cli` handle). */
function attach(cli: Cli<SvcContext>, command: Command<SvcContext>, context: SvcContext): void {
  command.context = context;
  command.cli = {
    binaryLabel: cli.binaryLabel,
    binaryName: cli.binaryName,
    binaryVersion: cli.binaryVersion,
    enableCapture: cli.enableCapture,
    enableColors: cli.enableColors,
    definitions: () => cli.definitions(),
    error: (error, opts) => namedValues(cli.error(error, opts)),
    format: (colored) => cli.format(colored),
    process: (input, sub) => cli.process(input, { ...context, ...sub }),
    run: (input, sub) => cli.run(input, { ...context, ...sub }),
    usage: (cmd, opts) => namedValues(cli.usage(cmd, opts)),
  };
}

/** clipanion's error text in svc's voice: `svc <command>: ...`, option values named. */
function usageErrorText(text: string, words: readonly string[]): string {
  const who = words.length === 0 ? 'svc' : `svc ${words.join(' ')}`;
  return namedValues(text.replace(/^(Unknown Syntax|Usage) Error: /, `${who}: `).replace(/\n\nWhile running .*\n?$/s, '\n'));
}

/**
 * argv clipanion could not resolve to a command: a group's listing, an option or command
 * typo with its nearest match, else clipanion's reason with the command's usage line.
 */
function refuseInput(cli: Cli<SvcContext>, argv: string[], error: unknown, io: CliIo): number {
  const rows = commandRows(cli.definitions());
  const row = matchedCommand(argv, rows);
  if (row === undefined) {
    const reply = unknownCommand(argv, rows);
    (reply.stream === 'stdout' ? io.stdout : io.stderr).write(reply.text);
    return reply.help ? 0 : EXIT_USAGE;
  }
  const commandClass = COMMANDS.find((c) => c.paths[0]?.join(' ') === row.words) as CommandClass<SvcContext> | undefined;
  const usageLine = commandClass === undefined ? '' : namedValues(cli.usage(commandClass, { colored: false, prefix: '$ ' }));
  const option = unknownOption(argv, row);
  io.stderr.write(option !== undefined ? `${option}\n${usageLine}` : usageErrorText(cli.error(error, { colored: false }), row.words.split(' ')));
  return EXIT_USAGE;
}

/**
 * Runs argv and resolves to the exit code. Commands are executed here rather than through
 * clipanion's run(), which turns every error, a UsageError included, into exit 1.
 */
export async function runCli(argv: string[], io: CliIo, version = '0.0.0'): Promise<number> {
  const cli = buildCli(version);
  const env = io.env ?? process.env;
  useColors(colorWanted(io.stdout as { isTTY?: boolean }, env));
  const context: SvcContext = { ...Cli.defaultContext, ...io, colorDepth: 1 };
  let command: Command<SvcContext>;
  try {
    command = cli.process(argv.length === 0 ? ['--help'] : argv, context);
  } catch (error) {
    return refuseInput(cli, argv, error, io);
  }
  if (command.help) {
    io.stdout.write(namedValues(cli.usage(command, { colored: false, detailed: true })));
    return 0;
  }
  attach(cli, command, context);
  try {
    return await command.validateAndExecute();
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(usageErrorText(cli.error(error, { colored: false, command }), command.path ?? []));
      return EXIT_USAGE;
    }
    io.stderr.write(internalErrorText(error, 'this command'));
    return EXIT_INTERNAL;
  }
}
