/**
 * What svc says when argv does not name a command it can run: the subcommands of a group
 * (`svc agent`), the nearest command or option to a typo, or a pointer to `svc --help`.
 * Every text here names option values (`--format <format>`); none lists clipanion's `#0`.
 */
import { closest, distance } from 'fastest-levenshtein';
import { nearestCommand } from './did-you-mean.js';

/** One registered command as the messages need it. */
export interface CommandRow {
  words: string;
  description: string;
  /** Every spelling of every option (`--quiet`, `-q`). */
  options: string[];
}

export interface UnknownInputReply {
  text: string;
  /** True when the user asked for the group's listing (exit 0), false for a mistake (exit 2). */
  help: boolean;
  /** Where the text goes: a requested listing to stdout, a mistake to stderr. */
  stream: 'stdout' | 'stderr';
}

interface DefinitionLike {
  path: string;
  description?: string;
  options: Array<{ definition: string }>;
}

/** The rows of the registered commands, the built-in help and version entries left out. */
export function commandRows(definitions: readonly DefinitionLike[]): CommandRow[] {
  return definitions
    .map((d) => ({
      words: d.path.replace(/^svc\s*/, '').trim(),
      description: (d.description ?? '').trim(),
      options: d.options.flatMap((o) => (o.definition.split(' ')[0] ?? '').split(',')),
    }))
    .filter((r) => r.words !== '' && !r.words.startsWith('-') && r.words !== 'help');
}

const isOption = (a: string): boolean => a.startsWith('-');

/** The command whose whole path starts argv's words, if one does. */
export function matchedCommand(argv: readonly string[], rows: readonly CommandRow[]): CommandRow | undefined {
  const words = argv.filter((a) => !isOption(a));
  const typed = (n: number) => words.slice(0, n).join(' ');
  return [...rows].sort((a, b) => b.words.length - a.words.length).find((r) => r.words === typed(r.words.split(' ').length));
}

/** The group words argv starts with (`agent trace`), the longest that prefixes a command. */
function groupPrefix(words: readonly string[], rows: readonly CommandRow[]): string | undefined {
  for (let n = words.length; n >= 1; n--) {
    const prefix = `${words.slice(0, n).join(' ')} `;
    if (rows.some((r) => r.words.startsWith(prefix))) return prefix.trim();
  }
  return undefined;
}

/** `svc agent`: the group's subcommands, one a line, as `svc --help` lists commands. */
export function groupListing(group: string, rows: readonly CommandRow[]): string {
  const members = rows.filter((r) => r.words.startsWith(`${group} `)).sort((a, b) => (a.words < b.words ? -1 : 1));
  const width = Math.max(...members.map((r) => r.words.length)) + 2;
  const lines = members.map((r) => `  svc ${r.words.padEnd(width)}${r.description}`);
  return `svc ${group} - its commands:\n\n${lines.join('\n')}\n\nRun svc ${group} <command> --help for a command's options and examples.\n`;
}

/** The option typed that the command does not have, with the nearest it does have. */
export function unknownOption(argv: readonly string[], row: CommandRow): string | undefined {
  const known = new Set([...row.options, '--help', '-h']);
  const typed = argv.filter(isOption).map((a) => a.split('=')[0] as string);
  const stranger = typed.find((a) => !known.has(a));
  if (stranger === undefined) return undefined;
  const guess = row.options.length === 0 ? undefined : closest(stranger, row.options);
  const hint = guess !== undefined && distance(stranger, guess) <= 2 ? ` Did you mean "${guess}"?` : '';
  return `svc ${row.words}: unknown option "${stranger}".${hint}\n`;
}

/** A command that is the last words of a registered path (`ask` for `agent ask`). */
function bySuffix(words: readonly string[], rows: readonly CommandRow[]): string | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const hits = rows.filter((r) => r.words.split(' ').at(-1) === first);
  return hits.length === 1 ? hits[0]?.words : undefined;
}

/** The reply to argv that names no runnable command. */
export function unknownCommand(argv: readonly string[], rows: readonly CommandRow[]): UnknownInputReply {
  const words = argv.filter((a) => !isOption(a));
  const group = groupPrefix(words, rows);
  const rest = words.slice(group === undefined ? 0 : group.split(' ').length);
  if (group !== undefined && rest.length === 0) {
    const help = argv.some((a) => a === '--help' || a === '-h') || argv.length === group.split(' ').length;
    return { text: groupListing(group, rows), help, stream: help ? 'stdout' : 'stderr' };
  }
  // A command's own last word ("ask" of "agent ask") beats a near spelling of another ("lsp").
  const guess =
    bySuffix(words, rows) ??
    nearestCommand(
      argv,
      rows.map((r) => r.words),
    );
  if (guess !== undefined) {
    const typed = words.slice(0, Math.max(1, guess.split(' ').length)).join(' ');
    return { text: `svc: unknown command "${typed}". Did you mean "svc ${guess}"?\n`, help: false, stream: 'stderr' };
  }
  if (group !== undefined) {
    return { text: `svc: unknown command "${words.join(' ')}".\n\n${groupListing(group, rows)}`, help: false, stream: 'stderr' };
  }
  return { text: `svc: unknown command "${words.join(' ')}". Run svc --help to list the commands.\n`, help: false, stream: 'stderr' };
}
