/**
 * svc's own client of one knowledge server (spec 03 "Knowledge sources" 2): it lists the
 * server's tools once, refuses a server that lacks the search or fetch tool or says either of
 * them writes (`readOnlyHint: false` or `destructiveHint: true`), and afterwards calls only
 * those two. Every call has a time limit; a page's text is cut to a bound before anyone reads it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { KnowledgeServer } from './servers.js';

/** A search result: a page the fetch tool can read. */
export interface KnowledgeHit {
  id: string;
  title: string;
  url?: string;
}

export interface KnowledgePage extends KnowledgeHit {
  text: string;
}

export interface KnowledgeClient {
  search(query: string): Promise<KnowledgeHit[]>;
  fetch(pageId: string): Promise<KnowledgePage>;
  close(): Promise<void>;
  /** False once the connection closed (the process died) or a call failed other than by the tool's own error answer. */
  healthy?(): boolean;
}

/** The server may not be read: it lacks a tool or says one writes. */
export class KnowledgeServerRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'KnowledgeServerRefused';
  }
}

/** The tool answered, with an error or something unreadable: the server itself is well. */
class ToolAnswerError extends Error {}

const CALL_MS = 5_000;
const HITS = 5;
const PAGE_CHARS = 20_000;

function transportOf(server: KnowledgeServer): Transport {
  const t = server.transport;
  if (t.kind === 'http') return new StreamableHTTPClientTransport(new URL(t.url), { requestInit: { headers: t.headers, redirect: 'error' } });
  return new StdioClientTransport({
    command: t.command,
    args: t.args,
    env: { ...getDefaultEnvironment(), ...t.env },
    ...(t.cwd !== undefined ? { cwd: t.cwd } : {}),
    stderr: 'ignore',
  });
}

/** The tool result's JSON: structured content, else the first text part read as JSON. */
function payloadOf(result: { structuredContent?: unknown; content?: unknown; isError?: unknown }): unknown {
  if (result.isError === true) throw new ToolAnswerError('the tool answered an error');
  if (result.structuredContent !== undefined) return result.structuredContent;
  const first = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>).find((c) => c.type === 'text') : undefined;
  try {
    return first?.text === undefined ? undefined : JSON.parse(first.text);
  } catch {
    throw new ToolAnswerError('the tool answered something that is not JSON');
  }
}

const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.slice(0, max) : undefined);

function hitOf(v: unknown): KnowledgeHit | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const raw = v as Record<string, unknown>;
  const id = text(raw['id'], 500);
  if (id === undefined) return undefined;
  const url = text(raw['url'], 2000);
  return { id, title: text(raw['title'], 200) ?? id, ...(url !== undefined ? { url } : {}) };
}

function checkTools(server: KnowledgeServer, tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean } }>): void {
  for (const name of [server.searchTool, server.fetchTool]) {
    const tool = tools.find((t) => t.name === name);
    if (tool === undefined) throw new KnowledgeServerRefused(`it has no ${name} tool`);
    if (tool.annotations?.readOnlyHint === false || tool.annotations?.destructiveHint === true)
      throw new KnowledgeServerRefused(`it says its ${name} tool writes`);
  }
}

/** Connects to `server` and checks its tools; throws KnowledgeServerRefused or a connection error. */
export async function openKnowledgeClient(server: KnowledgeServer): Promise<KnowledgeClient> {
  const client = new Client({ name: 'svc-knowledge', version: '1.0.0' });
  const options = { timeout: CALL_MS };
  try {
    await client.connect(transportOf(server), options);
    checkTools(server, (await client.listTools(undefined, options)).tools);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  let broken = false;
  client.onclose = () => void (broken = true);
  const call = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
    try {
      return payloadOf((await client.callTool({ name, arguments: args }, undefined, options)) as Record<string, unknown>);
    } catch (error) {
      // A timeout or a lost connection may leave the server unable to answer again; its own error answer does not.
      if (!(error instanceof ToolAnswerError)) broken = true;
      throw error;
    }
  };
  return {
    healthy: () => !broken,
    async search(query) {
      const payload = await call(server.searchTool, { ...server.searchArgs, [server.searchArg]: query });
      const results = payload !== null && typeof payload === 'object' ? (payload as { results?: unknown }).results : undefined;
      return Array.isArray(results)
        ? results
            .map(hitOf)
            .filter((h) => h !== undefined)
            .slice(0, HITS)
        : [];
    },
    async fetch(pageId) {
      const payload = await call(server.fetchTool, { ...server.fetchArgs, [server.fetchArg]: pageId });
      const hit = hitOf(payload) ?? { id: pageId, title: pageId };
      return { ...hit, id: pageId, text: text((payload as { text?: unknown } | undefined)?.text, PAGE_CHARS) ?? '' };
    },
    close: () => client.close(),
  };
}
