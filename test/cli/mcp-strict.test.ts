/**
 * `svc mcp` as a strict JSON-RPC 2.0 peer, driven by a raw stdio client (a child process fed
 * line by line, no SDK in between): malformed input gets the parse or invalid-request error,
 * an unknown tool and arguments the published schema refuses get -32602 naming what was
 * wrong, and the server keeps answering after each of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawClient, rawMcp } from '../helpers/mcp-raw-client.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

let client: RawClient;
let nextId = 100;

beforeAll(async () => {
  client = rawMcp(await commerceProject());
  const init = await client.initialize('2025-06-18');
  expect(init.result?.['protocolVersion']).toBe('2025-06-18');
}, 60_000);

afterAll(async () => await client.close());

/** The server still answers a well-formed request. */
async function stillServing(): Promise<void> {
  const id = nextId++;
  const r = await client.request(id, 'tools/list', {});
  expect(r.id).toBe(id);
  expect((r.result?.['tools'] as unknown[]).length).toBe(13);
}

describe('malformed input is answered, never dropped', () => {
  it.each([
    ['text that is not JSON', '{"jsonrpc": "2.0", "id": 7, "method": ', null, -32700],
    ['a bare word', 'hello', null, -32700],
    ['a batch (MCP 2025-06-18 has none)', '[{"jsonrpc":"2.0","id":8,"method":"tools/list"}]', null, -32600],
    ['an empty batch', '[]', null, -32600],
    ['a number', '42', null, -32600],
    ['no "jsonrpc"', '{"id":9,"method":"tools/list"}', 9, -32600],
    ['"jsonrpc": "1.0"', '{"jsonrpc":"1.0","id":10,"method":"tools/list"}', 10, -32600],
    ['string params', '{"jsonrpc":"2.0","id":11,"method":"tools/list","params":"all"}', 11, -32600],
    ['array params', '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":["search_blocks"]}', 12, -32600],
    ['a method that is a number', '{"jsonrpc":"2.0","id":13,"method":5}', 13, -32600],
  ])('%s: error %s/%i', async (_name, line, id, code) => {
    const r = await client.send(line);
    expect(r).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
    expect(r.error?.message.length).toBeGreaterThan(10);
    await stillServing();
  });
});

describe('tools/call is checked against the published schema', () => {
  it.each([
    ['an unknown tool', { name: 'search_block', arguments: { query: 'x' } }, /Unknown tool: search_block/, { tool: 'search_block' }],
    [
      'a misspelt max_rows',
      { name: 'query_via_block', arguments: { block: 'finance.weekly_revenue', max_row: 1 } },
      /Unknown argument for tool query_via_block: max_row/,
      { unknownArguments: ['max_row'] },
    ],
    [
      'two unknown keys',
      { name: 'search_blocks', arguments: { query: 'x', a: 1, b: 2 } },
      /Unknown arguments for tool search_blocks: a, b/,
      { unknownArguments: ['a', 'b'] },
    ],
    [
      'a wrong type',
      { name: 'search_blocks', arguments: { query: 5 } },
      /Invalid arguments for tool search_blocks: \/query must be string/,
      { tool: 'search_blocks' },
    ],
    ['a missing required argument', { name: 'search_blocks', arguments: {} }, /must have required property 'query'/, { tool: 'search_blocks' }],
  ])('%s is a -32602 protocol error', async (_name, params, message, data) => {
    const id = nextId++;
    const r = await client.request(id, 'tools/call', params);
    expect(r.result).toBeUndefined();
    expect(r).toMatchObject({ id, error: { code: -32602, data } });
    expect(r.error?.message).toMatch(message);
    await stillServing();
  });

  it('every published schema refuses extra keys, and every tool refuses one by name', async () => {
    const listed = await client.request(nextId++, 'tools/list', {});
    const tools = listed.result?.['tools'] as Array<{ name: string; inputSchema: { additionalProperties?: unknown } }>;
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      const r = await client.request(nextId++, 'tools/call', { name: tool.name, arguments: { zz_extra: true } });
      expect(r.error?.code, tool.name).toBe(-32602);
      expect(r.error?.message, tool.name).toContain('zz_extra');
    }
  });

  it('a call that fits the schema is still answered as a tool result', async () => {
    const r = await client.request(nextId++, 'tools/call', { name: 'search_blocks', arguments: { query: 'weekly revenue' } });
    expect(r.error).toBeUndefined();
    expect(JSON.stringify(r.result)).toContain('finance.weekly_revenue');
  });
});
