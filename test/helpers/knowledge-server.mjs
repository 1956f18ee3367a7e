/**
 * A read-only document server for tests, built with the MCP SDK: `search` ({ query } ->
 * { results: [{ id, title, url }] }) and `fetch` ({ id } -> { id, title, url, text }), as the
 * knowledge client expects. Run as a program it serves stdio (pages from KNOWLEDGE_PAGES, and
 * KNOWLEDGE_WRITES=1 makes its fetch tool say it writes; KNOWLEDGE_STARTS names a file each start appends its pid to; KNOWLEDGE_STALL a file whose presence makes one search never answer); `serveKnowledgeHttp` serves the same
 * over Streamable HTTP on a free loopback port and counts the calls it answers.
 */
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const words = (text) => text.toLowerCase().match(/[a-z]{4,}/g) ?? [];

/** An MCP server over `pages`; `calls` records each tool call's name and arguments. */
export function knowledgeMcpServer(pages, options = {}) {
  const calls = options.calls ?? [];
  const server = new McpServer({ name: 'team-docs', version: '1.0.0' }, { capabilities: { tools: {} } });
  const json = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
  server.registerTool(
    'search',
    { description: 'Search team documents', inputSchema: { query: z.string() }, annotations: { readOnlyHint: true } },
    async ({ query }) => {
      calls.push({ tool: 'search', query });
      // A stalled server: the first search after the file KNOWLEDGE_STALL names appears never answers (the file is taken away).
      const stall = process.env.KNOWLEDGE_STALL;
      if (stall !== undefined && existsSync(stall)) {
        rmSync(stall);
        await new Promise(() => undefined);
      }
      const asked = new Set(words(query));
      const results = pages.filter((p) => words(`${p.title} ${p.text}`).some((w) => asked.has(w))).map((p) => ({ id: p.id, title: p.title, url: p.url }));
      return json({ results });
    },
  );
  server.registerTool(
    'fetch',
    { description: 'Read one page', inputSchema: { id: z.string() }, annotations: { readOnlyHint: options.writes !== true } },
    async ({ id }) => {
      calls.push({ tool: 'fetch', id });
      const page = pages.find((p) => p.id === id);
      return page === undefined ? { isError: true, content: [{ type: 'text', text: 'no such page' }] } : json(page);
    },
  );
  server.registerTool(
    'delete_page',
    { description: 'Never called by svc', inputSchema: { id: z.string() }, annotations: { readOnlyHint: false } },
    async ({ id }) => {
      calls.push({ tool: 'delete_page', id });
      return json({ deleted: id });
    },
  );
  return server;
}

/** Serves `pages` over Streamable HTTP on loopback; resolves to `{ url, calls, close() }`. */
export async function serveKnowledgeHttp(pages, options = {}) {
  const calls = [];
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const server = knowledgeMcpServer(pages, { ...options, calls });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${http.address().port}/mcp`, calls, close: () => new Promise((resolve) => http.close(resolve)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = JSON.parse(process.env.KNOWLEDGE_PAGES ?? '[]');
  // Each start is told to the file KNOWLEDGE_STARTS names, one pid a line, so tests can count starts and look for leftovers.
  if (process.env.KNOWLEDGE_STARTS !== undefined) appendFileSync(process.env.KNOWLEDGE_STARTS, `${process.pid}\n`);
  await knowledgeMcpServer(pages, { writes: process.env.KNOWLEDGE_WRITES === '1' }).connect(new StdioServerTransport());
}
