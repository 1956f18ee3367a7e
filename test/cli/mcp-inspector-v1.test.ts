/**
 * `svc mcp` driven by the MCP Inspector's v1 command line (devDependency
 * @modelcontextprotocol/inspector-cli 1.0.3): the Inspector release that declares no Node engine,
 * so it installs and runs on the Node 20 svc supports, where the 2.x Inspector declares Node >=
 * 22.19. It starts `svc mcp` itself over stdio; a tee on each side of svc keeps the lines the two
 * exchanged, which show the MCP revision they agreed on is the one svc serves by default
 * (2025-11-25). It lists the tools and calls them, a misspelt argument and an unknown tool among them.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVC_BIN } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

// The command line proper (build/index.js), run from its own folder: it reads its name and
// version from ../package.json relative to the working folder, which its launcher gets wrong
// when installed on its own.
const CLI_DIR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');

let root = '';
let wire = '';
beforeAll(async () => {
  root = await commerceProject();
  wire = makeProject({});
}, 60_000);

/** One Inspector run against `svc mcp`, with what the client sent and svc answered kept under `wire`. */
function inspect(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string; sent: string[]; answered: string[] }> {
  const [sent, answered] = [join(wire, `${name}.in`), join(wire, `${name}.out`)];
  const svc = 'tee "$0" | "$1" "$2" mcp --project "$3" | tee "$4"';
  const argv = ['index.js', '/bin/sh', '-c', svc, sent, process.execPath, SVC_BIN, root, answered, ...args];
  const lines = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { cwd: CLI_DIR, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr, sent: lines(sent), answered: lines(answered) });
    });
  });
}

describe('the MCP Inspector v1 CLI against svc mcp on Node 20', () => {
  it('agrees on the revision svc serves by default and lists 13 tools that refuse extra keys', async () => {
    expect(JSON.parse(readFileSync(join(CLI_DIR, '../package.json'), 'utf8')).engines).toBeUndefined();
    const r = await inspect('list', ['--method', 'tools/list']);
    expect(r.code, r.stderr).toBe(0);
    const init = JSON.parse(r.sent[0] ?? '{}') as { method?: string; params?: { protocolVersion?: string; clientInfo?: { name?: string } } };
    expect([init.method, init.params?.clientInfo?.name]).toEqual(['initialize', 'inspector-cli']);
    expect(JSON.parse(r.answered[0] ?? '{}').result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(init.params?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const tools = (JSON.parse(r.stdout) as { tools: Array<{ name: string; inputSchema: { additionalProperties?: boolean } }> }).tools;
    expect(tools).toHaveLength(13);
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
  });

  it.each([
    ['a call that fits the schema', ['--tool-name', 'search_blocks', '--tool-arg', 'query=weekly revenue'], 0, 'finance.weekly_revenue'],
    [
      'a misspelt max_rows',
      ['--tool-name', 'query_via_block', '--tool-arg', 'block=finance.weekly_revenue', '--tool-arg', 'max_row=1'],
      1,
      'MCP error -32602: Unknown argument for tool query_via_block: max_row',
    ],
    // The v1 CLI sends the call without checking the name first, so svc's own -32602 comes back.
    ['an unknown tool', ['--tool-name', 'search_block', '--tool-arg', 'query=x'], 1, 'MCP error -32602: Unknown tool: search_block'],
    ['a missing required argument', ['--tool-name', 'search_blocks'], 1, "must have required property 'query'"],
  ])('%s', async (name, args, code, said) => {
    const r = await inspect(name.replace(/\W+/g, '-'), ['--method', 'tools/call', ...args]);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout + r.stderr).toContain(said);
  });
});
