/**
 * What the command line says to input it cannot run: group listings, typo suggestions for
 * commands and options, and no clipanion placeholder (`#0`) in any usage or error text.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { svc } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const root = makeProject({});
const WORDS = COMMANDS.map((c) => (c.paths?.[0] ?? []) as string[]);

describe('groups list their commands', () => {
  it.each([
    [['agent'], 'agent', 0],
    [['agent', '--help'], 'agent', 0],
    [['app'], 'app', 0],
    [['app', '--help'], 'app', 0],
    [['keys', '-h'], 'keys', 0],
    [['agent', 'trace'], 'agent trace', 0],
    [['agent', 'trace', 'frobnicate'], 'agent trace', 2],
  ] as const)('svc %j lists the commands under svc %s (exit %i)', (argv, group, code) => {
    const r = svc([...argv], root);
    expect(r.code).toBe(code);
    const text = code === 0 ? r.stdout : r.stderr;
    const members = WORDS.filter((w) => w.join(' ').startsWith(`${group} `));
    expect(members.length).toBeGreaterThan(0);
    for (const words of members) expect(text).toContain(`svc ${words.join(' ')} `);
    expect(text).not.toContain('Did you mean');
    expect(text).not.toContain('Command not found');
  });
});

describe('typos get the nearest command or option', () => {
  it.each([
    [['ask', 'how much'], 'Did you mean "svc agent ask"?'],
    [['app', 'chek', 'x'], 'Did you mean "svc app check"?'],
    [['compile', '--formt', 'json'], 'svc compile: unknown option "--formt". Did you mean "--format"?'],
    [['lint', '--quite'], 'svc lint: unknown option "--quite". Did you mean "--quiet"?'],
    [['agent', 'trace', 'list', '--limt', '3'], 'svc agent trace list: unknown option "--limt". Did you mean "--limit"?'],
    [['serve', '--prot', '1'], 'svc serve: unknown option "--prot". Did you mean "--port"?'],
  ])('svc %j says %s', (argv, said) => {
    const r = svc(argv, root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
  });

  it('names nothing when no option is close', () => {
    const r = svc(['compile', '--zzzzzz'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option "--zzzzzz".\n');
    expect(r.stderr).not.toContain('Did you mean');
  });
});

describe('no #0 anywhere', () => {
  // Every command's help, an unknown option, and no arguments at all (the missing-argument path);
  // mcp and serve without arguments would start a server, so they get the first two only.
  const SERVERS = new Set(['mcp', 'serve']);
  const runs = WORDS.flatMap((words) => [
    [`${words.join(' ')} --help`, [...words, '--help']],
    [`${words.join(' ')} --no-such-option`, [...words, '--no-such-option']],
    ...(SERVERS.has(words.join(' ')) ? [] : [[`${words.join(' ')} (no arguments)`, words]]),
  ]) as Array<[string, string[]]>;
  const extra: Array<[string, string[]]> = [
    ['ask (no arguments)', ['ask']],
    ['agent trace validate (no arguments)', ['agent', 'trace', 'validate']],
    ['compile with an extra argument', ['compile', 'extra']],
    ['compile --format xml', ['compile', '--format', 'xml']],
    ['nothing registered', ['frobnicate', '--x']],
  ];

  it.each([...runs, ...extra])('svc %s', (_, argv) => {
    const r = svc(argv, makeProject({}));
    expect(r.stdout + r.stderr).not.toMatch(/#\d/);
    expect(r.stdout + r.stderr).not.toMatch(/Unknown Syntax Error|While running/);
  });
});
