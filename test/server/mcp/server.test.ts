/**
 * The MCP server: the 13 tools of spec 01's table, sorted by name, each with a description, an
 * input schema and a read-only hint; outcomes as JSON text with `isError` and a stable code;
 * a failing handler answered as INTERNAL_ERROR with a reference (detail to the log only).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolContext } from '../../../src/runtime/agent-tools/context.js';
import { answer, defineTool } from '../../../src/runtime/agent-tools/tool.js';
import { TOOLS } from '../../../src/runtime/agent-tools/tools/index.js';
import { createMcpServer, toCallToolResult } from '../../../src/server/mcp/server.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type Opened, openCommerce } from '../../runtime/agent-tools/helpers.js';

const SPEC_TOOLS = [
  'answer_question',
  'certify',
  'feedback_record',
  'get_block',
  'kg_search',
  'lineage_impact',
  'list_dimensions',
  'list_metrics',
  'list_proposals',
  'query_via_block',
  'query_via_metadata',
  'search_blocks',
  'suggest_block',
];
const WRITES = new Set(['answer_question', 'feedback_record', 'query_via_metadata']);

let opened: Opened;
beforeAll(async () => {
  opened = await openCommerce();
});
afterAll(async () => {
  await opened.close();
  cleanupProjects();
});

async function connect(ctx: ToolContext, tools = TOOLS): Promise<{ client: Client; close: () => Promise<void> }> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx, { tools });
  const client = new Client({ name: 'svc-test', version: '0.0.0' });
  await server.connect(b);
  await client.connect(a);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

describe('registry and tools/list', () => {
  it('holds the spec table, sorted by name', () => {
    expect(TOOLS.map((t) => t.name)).toEqual(SPEC_TOOLS);
  });

  it('lists every tool with a description, an object schema and a read-only hint', async () => {
    const { client, close } = await connect(opened.ctx);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(SPEC_TOOLS);
      for (const tool of tools) {
        expect(tool.description?.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(!WRITES.has(tool.name));
      }
      const qvm = tools.find((t) => t.name === 'query_via_metadata');
      expect(Object.keys(qvm?.inputSchema.properties ?? {}).sort()).toEqual([
        'proposedDomain',
        'proposedEntity',
        'proposedSql',
        'question',
        'saveDraft',
        'upstreamRefs',
      ]);
      expect(qvm?.inputSchema.required?.sort()).toEqual(['proposedSql', 'question']);
    } finally {
      await close();
    }
  });
});

describe('results', () => {
  it.each([
    ['a wrong type', { name: 'query_via_block', arguments: { block: 42 } }, '/block must be string'],
    ['an unknown key', { name: 'query_via_block', arguments: { block: 'sales.channel_mix', max_row: 1 } }, 'max_row'],
    ['an unknown tool', { name: 'query_via_blocks', arguments: {} }, 'Unknown tool: query_via_blocks'],
  ])('refuses %s with a JSON-RPC -32602 error, not a tool result', async (_name, call, said) => {
    const { client, close } = await connect(opened.ctx);
    try {
      await expect(client.callTool(call)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(said) });
    } finally {
      await close();
    }
  });

  it('answers a failing handler with INTERNAL_ERROR and a reference; the detail goes to the log only', async () => {
    const lines: string[] = [];
    const ctx = { ...opened.ctx, log: (line: string) => void lines.push(line) };
    const broken = defineTool({
      name: 'broken',
      description: 'fails',
      readOnly: true,
      inputSchema: { x: z.string().optional() },
      async handler() {
        throw new Error('secret detail /home/someone/warehouse.db');
      },
    });
    const { client, close } = await connect(ctx, [broken]);
    try {
      const r = await client.callTool({ name: 'broken', arguments: {} });
      const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
      expect(r.isError).toBe(true);
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'INTERNAL_ERROR', reference: expect.stringMatching(/^[a-z]{8}$/) } });
      expect(text).not.toContain('secret detail');
      expect(lines.join('\n')).toContain('secret detail');
    } finally {
      await close();
    }
  });

  it('serialises values JSON cannot carry as they are', () => {
    const r = toCallToolResult(answer({ big: 2n ** 70n, blob: Buffer.from('hi'), inf: Number.POSITIVE_INFINITY }));
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual({ big: '1180591620717411303424', blob: { base64: 'aGk=' }, inf: 'Infinity' });
  });
});
