/**
 * `knowledgeSources` with a host (spec 02; spec 03 "Knowledge sources"): the host's list alone
 * decides, each search and page read goes through the tool gate as the asking person and is told
 * to the audit sink without the words searched for or any document text; a real MCP server on
 * loopback HTTP (built with the SDK) answers. Conformance: no hook (a host without it gives
 * none, even with a project file), valid, wrong shape, throw, time-out.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, HostHooks, LocalServer } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { PAGES } from '../helpers/knowledge-pages.js';
// @ts-expect-error: a plain ES module helper without types
import { serveKnowledgeHttp } from '../helpers/knowledge-server.mjs';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

interface Docs {
  url: string;
  calls: Array<{ tool: string }>;
  close(): Promise<void>;
}
let docs: Docs;
const servers = hostedCommerce();
beforeAll(async () => {
  docs = (await serveKnowledgeHttp(PAGES)) as Docs;
});
afterAll(async () => {
  await servers.closeAll();
  await docs.close();
  cleanupProjects();
});

async function hosted(hooks: Partial<HostHooks>): Promise<LocalServer> {
  const project = await commerceProject();
  // A project file a host never reads: with a host, its hook alone decides.
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { local: { url: docs.url, use: ['knowledge'] } } }));
  return (await servers.start(hooks, project)).server;
}

async function ask(server: LocalServer, body: Record<string, unknown>): Promise<Record<string, any>> {
  const r = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'x-user': 'ada', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Record<string, any>;
}

const QUESTION = { question: 'top 3 states by revenue' };
const entry = () => ({ id: 'wiki', label: 'Team wiki', url: docs.url });

describe('knowledgeSources with a host', () => {
  it("reads through the tool gate as the person, tells the audit sink no words or text, and keeps trust the block's", async () => {
    const gated: Array<{ name: string; principal?: string }> = [];
    const events: AuditEvent[] = [];
    const server = await hosted({
      knowledgeSources: () => [entry()],
      tools: (call, next) => (gated.push({ name: call.name, principal: call.principal?.id }), next()),
      audit: (e) => void events.push(e),
    });
    const run = await ask(server, QUESTION);
    expect(run).toMatchObject({ tier: 1, trust: 'certified', knowledge: { contextOnly: true } });
    expect(run['knowledge'].citations.map((c: { sourceId: string }) => c.sourceId)).toEqual(['wiki', 'wiki']);
    expect(gated).toEqual([
      { name: 'search_knowledge', principal: 'ada' },
      { name: 'fetch_knowledge_page', principal: 'ada' },
      { name: 'fetch_knowledge_page', principal: 'ada' },
    ]);
    await new Promise((d) => setTimeout(d, 50));
    const reads = events.filter((e) => e.kind === 'knowledge');
    expect(reads.map((e) => [e.kind === 'knowledge' && e.operation, e.kind === 'knowledge' && e.outcome])).toEqual([
      ['search', 'ok'],
      ['fetch', 'ok'],
      ['fetch', 'ok'],
    ]);
    expect(reads[0]).toMatchObject({ sourceId: 'wiki', resultCount: 2, runId: run['runId'], principal: 'ada' });
    expect(reads[1]).toMatchObject({ pageId: 'rev-policy', link: 'https://wiki.example/revenue' });
    const told = JSON.stringify(reads);
    for (const secret of ['top 3 states', 'counted when an order ships', 'Revenue is']) expect(told).not.toContain(secret);
    expect(events.find((e) => e.kind === 'answer')).toMatchObject({
      trust: 'certified',
      sources: expect.arrayContaining(['block:sales.top_states_by_revenue']),
    });
  });

  it('reads nothing when the gate refuses, and says so to the audit sink', async () => {
    const events: AuditEvent[] = [];
    const server = await hosted({ knowledgeSources: () => [entry()], tools: () => undefined, audit: (e) => void events.push(e) });
    const run = await ask(server, QUESTION);
    expect(run['tier']).toBe(1);
    expect(run['knowledge']).toBeUndefined();
    await new Promise((d) => setTimeout(d, 50));
    expect(events.filter((e) => e.kind === 'knowledge').map((e) => e.kind === 'knowledge' && e.outcome)).toEqual(['refused']);
  });

  it('reads no documents for a needs-review answer', async () => {
    const before = docs.calls.length;
    const server = await hosted({ knowledgeSources: () => [entry()] });
    const run = await ask(server, {
      question: 'Which states had orders, and how many each?',
      proposedSql: 'SELECT state, COUNT(*) AS n FROM orders GROUP BY state',
      saveDraft: false,
    });
    expect(run['trust']).toBe('review_required');
    expect(run['knowledge']).toBeUndefined();
    expect(docs.calls.length).toBe(before);
  });

  it('leaves out entries that are not HTTP to this machine or https, naming them', async () => {
    const server = await hosted({
      knowledgeSources: () => [{ id: 'far', label: 'Far wiki', url: 'http://docs.example.com/mcp' }, { id: 'cmd', command: 'node' } as never],
    });
    const run = await ask(server, QUESTION);
    expect(run['knowledge']).toBeUndefined();
    expect(run['steps']).toEqual([
      { kind: 'documents_not_read', title: 'Team documents not read', detail: 'Far wiki: plain http is allowed only to this machine; cmd: it names no url' },
    ]);
  });
});

describe('knowledgeSources: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    ['no hook: none, the project file unread', undefined, false],
    ['valid', () => [entry()], true],
    ['wrong shape: one entry, not a list', () => entry(), false],
    [
      'throw',
      () => {
        throw new Error('catalog down');
      },
      false,
    ],
    ['time-out', never, false],
  ] as const)('%s', async (_name, hook, reads) => {
    const server = await hosted(hook === undefined ? {} : { knowledgeSources: hook as HostHooks['knowledgeSources'] });
    const run = await ask(server, QUESTION);
    expect(run['tier']).toBe(1);
    expect(run['knowledge'] !== undefined).toBe(reads);
  });
});
