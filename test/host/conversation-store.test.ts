/**
 * `stores.conversations` (spec 02 stores; spec 03 "Conversations, stores and failures"): the
 * conformance table (no hook, valid, wrong shape, throw, time-out) over real hosted servers on
 * loopback, and two copies of the server on one PostgreSQL store continuing one thread, each
 * answering a turn of it, reading each other's answer facts and sharing a person's follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryThreadStore, type ThreadStore } from '../../src/hooks/stores/thread-store.js';
import {
  createPostgresMemoryStore,
  createPostgresRunStore,
  createPostgresThreadStore,
  type HostHooks,
  HostStoreInvalidError,
  type LocalServer,
  startHostedServer,
} from '../../src/host.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await startPostgres();
}, 240_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await postgres?.stop();
  cleanupProjects();
});

const person: HostHooks['resolvePrincipal'] = (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' });

async function start(stores: HostHooks['stores'], root?: string, hostHookTimeoutMs = 200): Promise<LocalServer> {
  const server = await startHostedServer({
    project: root ?? (await commerceProject()),
    port: 0,
    log: () => undefined,
    hostHookTimeoutMs,
    hostHooks: { resolvePrincipal: person, ...(stores !== undefined ? { stores } : {}) },
  });
  servers.push(server);
  return server;
}

async function ask(server: LocalServer, body: Record<string, unknown>, user = 'ada') {
  const r = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

const never = () => new Promise<never>(() => undefined);
function broken(how: 'shape' | 'throw' | 'timeout'): ThreadStore {
  const fail = (value: unknown) => () =>
    how === 'throw' ? Promise.reject(new Error('store down: secret-dsn')) : how === 'timeout' ? never() : Promise.resolve(value);
  return {
    create: fail(42) as ThreadStore['create'],
    get: fail('x') as ThreadStore['get'],
    append: fail(undefined) as ThreadStore['append'],
    threadOf: fail(7) as ThreadStore['threadOf'],
    close: async () => undefined,
  };
}

describe('stores.conversations: conformance', () => {
  it.each([
    ['no hook: the local store', undefined, 200],
    ["valid: the host's store", { conversations: () => createMemoryThreadStore(() => Math.random().toString(36).slice(2)) }, 200],
    ['wrong shape: a created thread that is no id', { conversations: () => broken('shape') }, 503],
    ['throw', { conversations: () => broken('throw') }, 503],
    ['time-out', { conversations: () => broken('timeout') }, 503],
  ])('%s', async (_name, stores, status) => {
    const server = await start(stores as HostHooks['stores']);
    const r = await ask(server, { question: 'top 3 states by revenue' });
    expect(r.status).toBe(status);
    if (status === 200) {
      expect(r.body).toMatchObject({ tier: 1, trust: 'certified' });
      expect(r.body['threadId']).toMatch(/^thr_/);
    } else {
      expect(r.body['error']).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(r.body['error']['reference']).toMatch(/^[A-Za-z]{8}$/);
      expect(JSON.stringify(r.body)).not.toContain('secret-dsn');
    }
  });

  it.each([
    [
      'a factory that throws',
      () => {
        throw new Error('no');
      },
    ],
    ['a factory giving no store', () => ({ create: 1 })],
  ])('refuses to start with %s, never falling back to the local file', async (_name, conversations) => {
    await expect(start({ conversations: conversations as never })).rejects.toBeInstanceOf(HostStoreInvalidError);
  });

  it('reads a thread whose runs are not a list as a thread with none', async () => {
    const memory = createMemoryThreadStore(() => Math.random().toString(36).slice(2));
    const odd: ThreadStore = { ...memory, get: async (id) => ({ ...(await memory.get(id)), runs: 'many' }) as never };
    const server = await start({ conversations: () => odd });
    const first = await ask(server, { question: 'top 10 states by revenue' });
    const follow = await ask(server, { question: 'just the top 3', threadId: first.body['threadId'] });
    expect(follow.status).toBe(200);
    // With no earlier run to hold to, the follow-up is not held to the first answer's block.
    expect(follow.body['followUp']).toBeUndefined();
  });
});

describe('two copies of the server on one PostgreSQL store', () => {
  it('continue one thread: each answers a turn, both show the whole conversation', async () => {
    await postgres.client.query('CREATE DATABASE svc_threads');
    const settings = { host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'svc_threads' };
    const [a, b] = (await Promise.all([
      start({ conversations: () => createPostgresThreadStore(settings) }),
      start({ conversations: () => createPostgresThreadStore(settings) }),
    ])) as [LocalServer, LocalServer];
    const first = await ask(a, { question: 'top 10 states by revenue' });
    expect(first.body).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue' });
    const second = await ask(b, { question: 'just the top 3', threadId: first.body['threadId'] });
    expect(second.body).toMatchObject({ tier: 1, params: { top_n: 3 }, threadId: first.body['threadId'], followUp: { of: first.body['runId'], mode: 'held' } });
    // Another person cannot continue it on either copy.
    expect((await ask(a, { question: 'just the top 2', threadId: first.body['threadId'] }, 'bob')).body).toMatchObject({
      tier: 3,
      refusal: { code: 'THREAD_NOT_FOUND' },
    });
    expect((await fetch(`${b.url}/api/agent-runs/${first.body['runId']}/thread`, { headers: { 'x-user': 'bob' } })).status).toBe(404);
    for (const server of [a, b]) {
      const r = await fetch(`${server.url}/api/agent-runs/${first.body['runId']}/thread`, { headers: { 'x-user': 'ada' } });
      const thread = (await r.json()) as { runs: Array<{ runId: string }> };
      expect(thread.runs.map((run) => run.runId)).toEqual([first.body['runId'], second.body['runId']]);
    }
  });

  it("read each other's answer facts and share a person's follows (stores.runs and stores.memory)", async () => {
    await postgres.client.query('CREATE DATABASE svc_shared');
    const settings = { host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'svc_shared' };
    const stores = () => ({
      conversations: () => createPostgresThreadStore(settings),
      runs: createPostgresRunStore(settings),
      memory: () => createPostgresMemoryStore(settings),
    });
    // A store's first call connects and makes its table: on a loaded machine that can pass the
    // 200 ms limit the conformance cases use, and a late write is a lost one (fail closed).
    const [a, b] = (await Promise.all([start(stores(), undefined, 5_000), start(stores(), undefined, 5_000)])) as [LocalServer, LocalServer];
    const run = await ask(a, { question: 'top 3 states by revenue' });
    let facts: Response | undefined;
    for (let i = 0; i < 250 && (facts = await fetch(`${b.url}/api/host/answers/${run.body['runId']}`, { headers: { 'x-user': 'ada' } })).status === 404; i += 1)
      await new Promise((d) => setTimeout(d, 20));
    expect(facts?.status).toBe(200);
    expect(await facts?.json()).toMatchObject({
      runId: run.body['runId'],
      trust: 'certified',
      sources: expect.arrayContaining(['block:sales.top_states_by_revenue']),
    });
    expect((await fetch(`${b.url}/api/host/answers/${run.body['runId']}`, { headers: { 'x-user': 'bob' } })).status).toBe(404);
    const put = await fetch(`${a.url}/api/follows/growth/overview`, {
      method: 'PUT',
      headers: { 'x-user': 'ada', 'content-type': 'application/json' },
      body: JSON.stringify({ following: true }),
    });
    expect(put.status).toBe(200);
    const listed = (await (await fetch(`${b.url}/api/follows`, { headers: { 'x-user': 'ada' } })).json()) as { follows: unknown[] };
    expect(listed.follows).toEqual([{ pageId: 'growth/overview', following: true }]);
    const bobs = (await (await fetch(`${b.url}/api/follows`, { headers: { 'x-user': 'bob' } })).json()) as { follows: unknown[] };
    expect(bobs.follows).toEqual([]);
  });
});
