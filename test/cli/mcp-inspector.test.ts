/**
 * `svc mcp` checked by a client svc did not write: the MCP Inspector's command-line mode
 * (devDependency @modelcontextprotocol/inspector) starts `svc mcp` itself over stdio, lists the
 * tools with its schema-portability check, and calls tools, a misspelt argument and an
 * unknown tool among them. Runs offline: the Inspector is a local package. The Inspector
 * 2.12.0 declares Node >= 22.19 (npm warns EBADENGINE on Node 20); its --cli mode runs on the
 * Node 20 svc supports, which this test shows on every run.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVC_BIN } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

const pkgFile = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> };
const INSPECTOR = join(dirname(pkgFile), pkg.bin['mcp-inspector'] ?? '');

let root = '';
let home = '';
beforeAll(async () => {
  root = await commerceProject();
  home = makeProject({});
}, 60_000);

function inspect(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // The Inspector's catalog goes to a temporary folder, never the developer's home.
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'catalog.json') };
  const argv = [INSPECTOR, '--cli', process.execPath, SVC_BIN, 'mcp', '--project', root, ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('the MCP Inspector CLI against svc mcp', () => {
  it('lists 13 tools whose schemas pass its strict portability check', async () => {
    const r = await inspect(['--method', 'tools/list', '--strict']);
    expect(r.code, r.stderr).toBe(0);
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
      'Unknown argument for tool query_via_block: max_row',
    ],
    // The Inspector checks the name against tools/list itself (exit 5) before calling; the raw
    // client in mcp-strict.test.ts sends the call and sees svc's -32602.
    ['an unknown tool', ['--tool-name', 'search_block', '--tool-arg', 'query=x'], 5, "Tool 'search_block' not found on server"],
    ['a missing required argument', ['--tool-name', 'search_blocks'], 1, "must have required property 'query'"],
  ])('%s', async (_name, args, code, said) => {
    const r = await inspect(['--method', 'tools/call', ...args]);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout + r.stderr).toContain(said);
  });
});
