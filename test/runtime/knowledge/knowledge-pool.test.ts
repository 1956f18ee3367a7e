/**
 * Warm knowledge servers, against the real stdio document server as child processes (each start
 * appends its pid to a file): Asks share one start, a killed server is started again on the next
 * use while a call on the dead one fails at once, an unused server is closed after the idle time,
 * closing the pool or the server leaves no process behind, and a host's servers are kept per person.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../src/index.js';
import { openToolContext } from '../../../src/runtime/agent-tools/open-context.js';
import { type KnowledgeClient, openKnowledgeClient } from '../../../src/runtime/knowledge/knowledge-client.js';
import { createKnowledgePool, type KnowledgePool, poolKey, poolPerson } from '../../../src/runtime/knowledge/knowledge-pool.js';
import { type KnowledgeServer, serverOf } from '../../../src/runtime/knowledge/servers.js';
import { svc } from '../../helpers/cli.js';
import { PAGES } from '../../helpers/knowledge-pages.js';
import { serveKnowledgeHttp } from '../../helpers/knowledge-server.mjs';
import { cleanupProjects, REPO } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

afterAll(cleanupProjects);

const STDIO = join(REPO, 'test/helpers/knowledge-server.mjs');
let files = 0;

/** A fresh starts file and the stdio entry whose server appends to it. */
function stdioEntry(): { starts: string; entry: Record<string, unknown> } {
  const starts = join(tmpdir(), `svc-knowledge-starts-${process.pid}-${files++}.txt`);
  writeFileSync(starts, '');
  const env = { KNOWLEDGE_PAGES: JSON.stringify(PAGES), KNOWLEDGE_STARTS: starts, KNOWLEDGE_STALL: `${starts}.stall` };
  return { starts, entry: { command: process.execPath, args: [STDIO], env } };
}

const pids = (starts: string): number[] => (existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean).map(Number) : []);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** One Ask's use of the pool: a search, then the client handed back. */
async function oneAsk(pool: KnowledgePool, server: KnowledgeServer): Promise<string[]> {
  const client = await pool.client(server);
  try {
    return (await client.search('revenue')).map((h) => h.id);
  } finally {
    await client.close();
  }
}

type Scenario = (pool: KnowledgePool, server: KnowledgeServer, starts: string) => Promise<void>;

const twoAsks: Scenario = async (pool, server) => {
  expect(await oneAsk(pool, server)).toContain('rev-policy');
  expect(await oneAsk(pool, server)).toContain('rev-policy');
};
const killedBetween: Scenario = async (pool, server, starts) => {
  await oneAsk(pool, server);
  const [first] = pids(starts);
  process.kill(first as number, 'SIGKILL');
  expect(await until(() => !alive(first as number))).toBe(true);
  expect(await oneAsk(pool, server)).toContain('rev-policy');
};
const killedInFlight: Scenario = async (pool, server, starts) => {
  const client = await pool.client(server);
  process.kill(pids(starts)[0] as number, 'SIGKILL');
  const began = Date.now();
  await expect(client.search('revenue')).rejects.toThrow();
  // The same absence as a client of its own: no wait for the call's time limit.
  expect(Date.now() - began).toBeLessThan(2_000);
  await client.close();
  expect(await oneAsk(pool, server)).toContain('rev-policy');
};
const stalled: Scenario = async (pool, server, starts) => {
  writeFileSync(`${starts}.stall`, '');
  const began = Date.now();
  await expect(oneAsk(pool, server)).rejects.toThrow();
  // The call's own time limit (5 s) ends the wait; the stalled server is not asked again.
  expect(Date.now() - began).toBeLessThan(8_000);
  expect(await oneAsk(pool, server)).toContain('rev-policy');
};
const idleThenAsk: Scenario = async (pool, server, starts) => {
  await oneAsk(pool, server);
  expect(await until(() => pool.size() === 0 && !alive(pids(starts)[0] as number))).toBe(true);
  await oneAsk(pool, server);
};
const concurrent: Scenario = async (pool, server) => {
  const found = await Promise.all([1, 2, 3, 4].map(() => oneAsk(pool, server)));
  expect(found.every((ids) => ids.includes('rev-policy'))).toBe(true);
};

describe('the knowledge pool over a real stdio server', () => {
  it.each<[string, Scenario, number, number]>([
    ['two Asks start the server once', twoAsks, 60_000, 1],
    ['four Asks at once start it once', concurrent, 60_000, 1],
    ['a killed server is started again on the next Ask', killedBetween, 60_000, 2],
    ['a call on a server that dies fails at once, and the next Ask starts it again', killedInFlight, 60_000, 2],
    ['a server that stops answering fails the call at its time limit, and the next Ask starts it again', stalled, 60_000, 2],
    ['an unused server is closed after the idle time and started again when asked', idleThenAsk, 150, 2],
  ])('%s', async (_name, scenario, idleMs, wantStarts) => {
    const { starts, entry } = stdioEntry();
    const server = serverOf('docs', entry, true) as KnowledgeServer;
    const pool = createKnowledgePool({ idleMs });
    try {
      await scenario(pool, server, starts);
      expect(pids(starts)).toHaveLength(wantStarts);
    } finally {
      await pool.close();
    }
    expect(pool.size()).toBe(0);
    expect(await until(() => pids(starts).every((pid) => !alive(pid)))).toBe(true);
  });
});

const host = { hooks: {}, timeoutMs: 1_000, log: () => undefined };

describe('what keeps servers apart', () => {
  const http = serverOf('docs', { url: 'https://d.example/mcp', headers: { authorization: 'a' } }, false) as KnowledgeServer;
  const other = serverOf('docs', { url: 'https://d.example/mcp', headers: { authorization: 'b' } }, false) as KnowledgeServer;
  const relabelled = serverOf('wiki', { url: 'https://d.example/mcp', headers: { authorization: 'a' }, label: 'Wiki' }, false) as KnowledgeServer;
  it.each<[string, string, string, boolean]>([
    ['the same server for the project', poolKey(http), poolKey(relabelled), true],
    ['other headers', poolKey(http), poolKey(other), false],
    ['two people of a host', poolKey(http, 'host:person:ana'), poolKey(http, 'host:person:bo'), false],
    ['one person twice', poolKey(http, 'host:person:ana'), poolKey(http, 'host:person:ana'), true],
  ])('%s', (_name, a, b, same) => {
    expect(a === b).toBe(same);
  });

  it.each<[string, Parameters<typeof poolPerson>[0], string | undefined]>([
    ['no request', undefined, undefined],
    ['a local request', { requestId: 'r', action: 'ask', principal: { id: 'me', kind: 'person', source: 'local' } }, undefined],
    ['a host request naming a person', { requestId: 'r', action: 'ask', host, principal: { id: 'ana', kind: 'person', source: 'host' } }, 'host:person:ana'],
    ['a host request naming no one', { requestId: 'r', action: 'ask', host }, ''],
  ])('%s', (_name, asker, want) => {
    expect(poolPerson(asker)).toBe(want);
  });
});

describe("a host's HTTP server is kept per person", () => {
  it.each<[string, Array<string | undefined>, number]>([
    ['one person asking three times connects once', ['ana', 'ana', 'ana'], 1],
    ['two people connect once each', ['ana', 'bo', 'ana', 'bo'], 2],
    ['the project (no person) connects once', [undefined, undefined], 1],
  ])('%s', async (_name, people, wantOpens) => {
    const docs = (await serveKnowledgeHttp(PAGES)) as { url: string; calls: unknown[]; close(): Promise<void> };
    let opens = 0;
    const open = (s: KnowledgeServer): Promise<KnowledgeClient> => ((opens += 1), openKnowledgeClient(s));
    const pool = createKnowledgePool({ open });
    const server = serverOf('docs', { url: docs.url }, false) as KnowledgeServer;
    try {
      for (const person of people) {
        const client = await pool.client(server, person);
        expect((await client.search('revenue')).map((h) => h.id)).toContain('rev-policy');
        await client.close();
      }
      expect(opens).toBe(wantOpens);
      expect(docs.calls).toHaveLength(people.length);
    } finally {
      await pool.close();
      await docs.close();
    }
  });
});

async function served(entry: Record<string, unknown>): Promise<LocalServer> {
  const root = await commerceProject();
  writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { 'team-docs': { label: 'Team wiki', use: ['knowledge'], ...entry } } }));
  return startLocalServer({ project: root, port: 0, log: () => undefined });
}

async function asked(server: LocalServer): Promise<Record<string, any>> {
  const r = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'top 3 states by revenue' }),
  });
  return (await r.json()) as Record<string, any>;
}

describe('svc serve keeps its knowledge servers warm', () => {
  it('starts the server once for two Asks and leaves no process once closed', async () => {
    const { starts, entry } = stdioEntry();
    const server = await served(entry);
    try {
      for (const _ of [1, 2]) {
        const run = await asked(server);
        expect(run['knowledge']?.citations.map((c: { pageId: string }) => c.pageId)).toEqual(['rev-policy', 'states']);
      }
      expect(pids(starts)).toHaveLength(1);
      expect(alive(pids(starts)[0] as number)).toBe(true);
    } finally {
      await server.close();
    }
    expect(pids(starts).every((pid) => !alive(pid))).toBe(true);
  });
});

const EVAL_SET = `version: 1
now: "2026-01-05T10:00:00Z"
questions:
  - { id: a, kind: example, question: "top 3 states by revenue", expect: { tier: 1, block: sales.top_states_by_revenue } }
  - { id: b, kind: example, question: "top 10 states by revenue", expect: { tier: 1, block: sales.top_states_by_revenue } }
  - { id: c, kind: example, question: "top 5 states by revenue", expect: { tier: 1, block: sales.top_states_by_revenue } }
`;

describe('svc eval keeps its knowledge servers warm for one set', () => {
  it('starts the server once for three certified answers and leaves no process when it exits', async () => {
    const { starts, entry } = stdioEntry();
    const root = await commerceProject();
    writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { 'team-docs': { label: 'Team wiki', use: ['knowledge'], ...entry } } }));
    writeFileSync(join(root, 'set.yaml'), EVAL_SET);
    const r = svc(['eval', 'set.yaml'], root);
    expect(r.code).toBe(0);
    expect(pids(starts)).toHaveLength(1);
    expect(pids(starts).every((pid) => !alive(pid))).toBe(true);
  });
});

describe('svc mcp keeps its knowledge servers warm for the session', () => {
  it('starts the server once for two Asks and leaves no process once the session closes', async () => {
    const { starts, entry } = stdioEntry();
    const root = await commerceProject();
    writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { 'team-docs': { label: 'Team wiki', use: ['knowledge'], ...entry } } }));
    const opened = await openToolContext({ project: root, log: () => undefined, traces: false });
    try {
      for (const _ of [1, 2]) {
        const run = await opened.ctx.asks.ask({ question: 'top 3 states by revenue' }, undefined);
        expect(run.knowledge?.citations.length).toBeGreaterThan(0);
      }
      expect(pids(starts)).toHaveLength(1);
    } finally {
      await opened.close();
    }
    expect(pids(starts).every((pid) => !alive(pid))).toBe(true);
  });
});
