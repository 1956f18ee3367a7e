/**
 * Shared setup for the agent-tool tests: a compiled copy of the commerce fixture with its
 * warehouse, opened as `svc mcp` opens a project, and calls that go through the real MCP server
 * (official SDK client and server over the SDK's in-memory transport), so every test sees the
 * tool exactly as an agent does: JSON text content, `isError` and a stable code.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll } from 'vitest';
import { createToolContext, type ToolContext } from '../../../src/runtime/agent-tools/context.js';
import { openToolContext } from '../../../src/runtime/agent-tools/open-context.js';
import { createMcpServer } from '../../../src/server/mcp/server.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

/**
 * The instant the tests ask at, fixed for the run. The fixture warehouse is generated so its data
 * ends within a week of the clock, so "last week" has rows only when asked at the clock's time.
 */
export const NOW = new Date();

export interface Opened {
  root: string;
  ctx: ToolContext;
  /** Statements executed through the context's executor so far. */
  executed: () => number;
  close(): Promise<void>;
}

/** A fresh compiled commerce copy; its executor counts statements. */
export async function openCommerce(): Promise<Opened> {
  const root = await commerceProject();
  const opened = await openToolContext({ project: root, traces: false, now: () => NOW, log: () => undefined });
  let count = 0;
  const counting: Executor = { ...opened.ctx.executor, execute: (request) => ((count += 1), opened.ctx.executor.execute(request)) };
  const { ctx } = opened;
  const wrapped = createToolContext({
    root: ctx.root,
    config: ctx.config,
    manifest: ctx.manifest,
    executor: counting,
    router: ctx.router,
    now: ctx.now,
    log: ctx.log,
    ids: sequentialIds(),
  });
  return { root, ctx: wrapped, executed: () => count, close: () => opened.close() };
}

function sequentialIds(): () => string {
  let n = 0;
  return () => `t${String(++n).padStart(4, '0')}`;
}

export interface ToolCall {
  isError: boolean;
  /** The parsed JSON of the single text item. */
  body: Record<string, unknown>;
  /** Shortcut for a refusal's code. */
  code?: string;
}

/** Calls `name` with `args` through an MCP client connected to a server on `ctx`. */
export async function callTool(ctx: ToolContext, name: string, args: Record<string, unknown> = {}): Promise<ToolCall> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx);
  const client = new Client({ name: 'svc-test', version: '0.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as Array<{ type: string; text?: string }>;
    const text = content.length === 1 && content[0]?.type === 'text' ? (content[0].text ?? '') : '';
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
    const code = (body['error'] as { code?: string } | undefined)?.code;
    return { isError: result.isError === true, body, ...(code !== undefined ? { code } : {}) };
  } finally {
    await client.close();
    await server.close();
  }
}

/** sha256 of every file under `dir` (path -> hash), the warehouse included. */
export function fileHashes(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const rel = relative(dir, p);
      if (skip(rel)) continue;
      if (e.isDirectory()) walk(p);
      else out[rel] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * Opens the commerce fixture before a test file's tests and closes it (and removes the
 * copies) after them; read `.opened` inside tests.
 */
export function useCommerce(): { readonly opened: Opened } {
  const holder: { opened?: Opened } = {};
  beforeAll(async () => {
    holder.opened = await openCommerce();
  });
  afterAll(async () => {
    await holder.opened?.close();
    cleanupProjects();
  });
  return holder as { readonly opened: Opened };
}
