/**
 * Knowledge sources (spec 03 "Knowledge sources"): what may be spoken to (https anywhere, plain
 * http only to this machine), entries read strictly, sentences stating figures removed, the
 * loop's bounds (three calls, fetching only pages a search returned), and, against a real MCP
 * server on stdio through `svc agent ask`: a governed answer gains documents as context only,
 * a server that says it writes is refused, a server held back from a model elsewhere is named
 * in a `Team documents not read` step, and a needs-review answer reads none.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KnowledgeClient } from '../../../src/runtime/knowledge/knowledge-client.js';
import { KnowledgeServerRefused } from '../../../src/runtime/knowledge/knowledge-client.js';
import { KNOWLEDGE_CALLS, readKnowledge, withoutFigureSentences } from '../../../src/runtime/knowledge/knowledge-loop.js';
import { type KnowledgeServer, serverOf, urlRefusal } from '../../../src/runtime/knowledge/servers.js';
import { svc } from '../../helpers/cli.js';
import { PAGES } from '../../helpers/knowledge-pages.js';
import { cleanupProjects, REPO } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

afterAll(cleanupProjects);

describe('urlRefusal', () => {
  it.each([
    ['https://docs.example.com/mcp', undefined],
    ['http://127.0.0.1:8080/mcp', undefined],
    ['http://127.9.9.9/mcp', undefined],
    ['http://localhost:3000/mcp', undefined],
    ['http://[::1]:3000/mcp', undefined],
    ['http://docs.example.com/mcp', 'plain http is allowed only to this machine'],
    ['http://127.0.0.1.evil.example/mcp', 'plain http is allowed only to this machine'],
    ['http://localhost.evil.example/mcp', 'plain http is allowed only to this machine'],
    ['http://0.0.0.0:3000/mcp', 'plain http is allowed only to this machine'],
    ['http://10.0.0.5/mcp', 'plain http is allowed only to this machine'],
    ['https://user:secret@docs.example.com/mcp', 'its url carries a sign-in'],
    ['file:///etc/passwd', 'file: is not spoken'],
    ['ftp://docs.example.com/x', 'ftp: is not spoken'],
    ['javascript:alert(1)', 'javascript: is not spoken'],
    ['not a url', 'its url cannot be read'],
    [42, 'it names no url'],
  ])('%s', (url, refusal) => {
    expect(urlRefusal(url)).toBe(refusal);
  });
});

describe('serverOf reads an entry strictly', () => {
  it.each([
    [
      'an HTTP entry with defaults',
      'docs',
      { url: 'https://d.example/mcp' },
      true,
      { searchTool: 'search', searchArg: 'query', fetchTool: 'fetch', fetchArg: 'id', hostedModels: false },
    ],
    [
      'a stdio entry from the project file',
      'docs',
      { command: 'node', args: ['s.mjs'] },
      true,
      { transport: { kind: 'stdio', command: 'node', args: ['s.mjs'], env: {} } },
    ],
    ['a stdio entry from a host', 'docs', { command: 'node', args: ['s.mjs'] }, false, { reason: 'it names no url' }],
    ['args that are not text', 'docs', { command: 'node', args: [1] }, true, { reason: 'it names neither a url nor a command with text arguments' }],
    ['headers that are not text', 'docs', { url: 'https://d.example/mcp', headers: { a: 1 } }, true, { reason: 'its headers are not text' }],
    ['a tool name with spaces', 'docs', { url: 'https://d.example/mcp', searchTool: 'rm -rf' }, true, { reason: 'its tool names are malformed' }],
    ['fixed arguments that are a list', 'docs', { url: 'https://d.example/mcp', searchArgs: [1] }, true, { reason: 'its fixed arguments are malformed' }],
    ['an id with a slash', 'a/b', { url: 'https://d.example/mcp' }, true, { reason: 'the entry is malformed' }],
    ['hostedModels', 'docs', { url: 'https://d.example/mcp', knowledge: { hostedModels: true } }, true, { hostedModels: true }],
  ])('%s', (_name, id, raw, stdio, expected) => {
    expect(serverOf(id, raw, stdio)).toMatchObject(expected);
  });
});

describe('withoutFigureSentences', () => {
  it.each([
    ['Revenue is counted when an order ships. It was 4.2 million in March.', 'Revenue is counted when an order ships.'],
    ['Targets rose 12% in Q3! Region leads own them.', 'Region leads own them.'],
    ['No figures here. None at all?', 'No figures here. None at all?'],
    ['Only 3 left.', ''],
  ])('%j', (text, want) => {
    expect(withoutFigureSentences(text)).toBe(want);
  });
});

/** A client over `pages` that records what it was asked. */
function fakeClient(pages: typeof PAGES, calls: string[], results?: string[]): KnowledgeClient {
  return {
    search: async (q) => (
      calls.push(`search:${q}`), pages.filter((p) => results === undefined || results.includes(p.id)).map(({ id, title, url }) => ({ id, title, url }))
    ),
    fetch: async (id) => (calls.push(`fetch:${id}`), { ...(pages.find((p) => p.id === id) ?? { id, title: id, text: '' }) }),
    close: async () => undefined,
  };
}
const server = (id: string): KnowledgeServer => serverOf(id, { url: 'https://d.example/mcp' }, false) as KnowledgeServer;

describe('readKnowledge', () => {
  it('makes at most three calls and fetches only pages a search returned', async () => {
    const counted: string[] = [];
    const again = await readKnowledge(undefined, 'revenue by state', { servers: [server('a'), server('b'), server('c')], notRead: [] }, 'run_1', async (s) =>
      fakeClient(PAGES, counted, s.id === 'a' ? ['rev-policy'] : ['states']),
    );
    expect(counted.length).toBeLessThanOrEqual(KNOWLEDGE_CALLS);
    expect(counted).toEqual(['search:revenue by state', 'search:revenue by state', 'fetch:rev-policy']);
    const searched = new Set(['rev-policy', 'states']);
    expect(counted.filter((c) => c.startsWith('fetch:')).every((c) => searched.has(c.slice(6)))).toBe(true);
    expect(again.knowledge).toMatchObject({
      contextOnly: true,
      citations: [{ sourceId: 'a', pageId: 'rev-policy', title: 'How revenue is counted', url: 'https://wiki.example/revenue' }],
    });
    expect(again.knowledge?.note).toBe('Revenue is counted when an order ships. Refunds are netted against the month they were paid.');
  });

  it('fetches nothing a search did not return, and names a refused server', async () => {
    const calls: string[] = [];
    const read = await readKnowledge(undefined, 'office holidays', { servers: [server('w'), server('a')], notRead: [] }, 'run_2', async (s) => {
      if (s.id === 'w') throw new KnowledgeServerRefused('it says its fetch tool writes');
      return fakeClient(PAGES, calls, []);
    });
    expect(calls).toEqual(['search:office holidays']);
    expect(read.knowledge).toBeUndefined();
    expect(read.steps).toEqual([{ kind: 'documents_not_read', title: 'Team documents not read', detail: 'w: it says its fetch tool writes' }]);
  });
});

const STDIO = join(REPO, 'test/helpers/knowledge-server.mjs');

async function projectWith(entry: Record<string, unknown>, config?: Record<string, unknown>): Promise<string> {
  const root = await commerceProject();
  writeFileSync(
    join(root, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        'team-docs': {
          label: 'Team wiki',
          command: process.execPath,
          args: [STDIO],
          env: { KNOWLEDGE_PAGES: JSON.stringify(PAGES) },
          use: ['knowledge'],
          ...entry,
        },
        'not-knowledge': { command: 'false' },
      },
    }),
  );
  if (config !== undefined) writeFileSync(join(root, 'svc.config.json'), JSON.stringify(config));
  return root;
}

const ask = (root: string, question: string) => JSON.parse(svc(['agent', 'ask', question, '--format', 'json'], root).stdout) as Record<string, any>;

describe('a real MCP server on stdio, through svc agent ask', () => {
  it('gives a governed answer documents as context only, with figures removed', async () => {
    const run = ask(await projectWith({}), 'top 3 states by revenue');
    expect(run).toMatchObject({ tier: 1, trust: 'certified', block: 'sales.top_states_by_revenue', knowledge: { contextOnly: true } });
    expect(run['knowledge'].citations.map((c: { pageId: string }) => c.pageId)).toEqual(['rev-policy', 'states']);
    expect(run['knowledge'].note).toContain('Revenue is counted when an order ships.');
    expect(run['knowledge'].note).not.toContain('4.2');
    expect(run['steps']).toEqual([expect.objectContaining({ kind: 'knowledge', title: 'Team documents' })]);
    // The answer's words, trust and sources are the block's alone.
    expect(run['answer'].text).not.toContain('4.2');
  });

  it('refuses a server that says its fetch tool writes', async () => {
    const run = ask(await projectWith({ env: { KNOWLEDGE_PAGES: JSON.stringify(PAGES), KNOWLEDGE_WRITES: '1' } }), 'top 3 states by revenue');
    expect(run['knowledge']).toBeUndefined();
    expect(run['steps']).toEqual([{ kind: 'documents_not_read', title: 'Team documents not read', detail: 'Team wiki: it says its fetch tool writes' }]);
  });

  it('holds a server back from a model elsewhere unless it allows hosted models', async () => {
    const config = {
      project: 'commerce',
      connections: { default: { driver: 'sqlite', path: 'data/warehouse.db' } },
      contracts: { manifestPath: 'svc-contract-manifest.json' },
      certification: { rules: 'oss' },
      ask: { provider: { kind: 'openai-compatible', baseUrl: 'https://models.example.com/v1', model: 'm' } },
    };
    const held = ask(await projectWith({}, config), 'top 3 states by revenue');
    expect(held['tier']).toBe(1);
    expect(held['knowledge']).toBeUndefined();
    expect(held['steps']).toEqual([
      { kind: 'documents_not_read', title: 'Team documents not read', detail: 'Team wiki: its pages may reach only a model on this machine' },
    ]);
    const allowed = ask(await projectWith({ knowledge: { hostedModels: true } }, config), 'top 3 states by revenue');
    expect(allowed['knowledge']?.citations.length).toBeGreaterThan(0);
  });

  it('reads no documents for an answer no certified block gives', async () => {
    const root = await projectWith({});
    const r = JSON.parse(svc(['agent', 'ask', 'How many warehouses ship to Alaska?', '--format', 'json'], root).stdout) as Record<string, any>;
    expect(r['trust']).toBe('refused');
    expect(r['knowledge']).toBeUndefined();
  });
});
