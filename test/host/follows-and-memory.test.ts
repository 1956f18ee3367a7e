/**
 * Page follows and the memory store (spec 02 `follows`, `stores.memory(projectRoot)`; spec 03
 * "Follow"): GET /api/follows and PUT /api/follows/:appId/:pageId keep each person's own
 * follows: in the local per-person files by default (a hash of the principal id), in the
 * host's memory store, or with the host's `follows` hook. Conformance tables for both hooks:
 * no hook, valid, wrong shape, throw, time-out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_FOLDER, openFileMemoryStore } from '../../src/hooks/stores/file-memory-store.js';
import { createInMemoryMemoryStore, type MemoryStore } from '../../src/hooks/stores/memory-store.js';
import { type HostHooks, HostStoreInvalidError, type LocalServer } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const hosted = (hooks: Partial<HostHooks> = {}, project?: string) => servers.start(hooks, project);

async function follows(server: LocalServer, user = 'ada') {
  const r = await fetch(`${server.url}/api/follows`, { headers: { 'x-user': user } });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}
async function follow(server: LocalServer, page: string, following: boolean, user = 'ada') {
  const r = await fetch(`${server.url}/api/follows/${page}`, {
    method: 'PUT',
    headers: { 'x-user': user, 'content-type': 'application/json' },
    body: JSON.stringify({ following }),
  });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}

describe('follows in the local memory files', () => {
  it("keeps each person's follows apart, in files named by a hash, and across a restart", async () => {
    const { server, root } = await hosted();
    expect(await follow(server, 'growth/overview', true)).toEqual({ status: 200, json: { pageId: 'growth/overview', following: true } });
    await follow(server, 'growth/customers', true);
    await follow(server, 'growth/customers', false);
    expect((await follows(server)).json).toEqual({ follows: [{ pageId: 'growth/overview', following: true }] });
    expect((await follows(server, 'bob')).json).toEqual({ follows: [] });
    const files = readdirSync(join(root, MEMORY_FOLDER));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.json$/);
    expect(readFileSync(join(root, MEMORY_FOLDER, files[0] ?? ''), 'utf8')).not.toContain('ada');
    await server.close();
    const again = await hosted({}, root);
    expect((await follows(again.server)).json['follows']).toEqual([{ pageId: 'growth/overview', following: true }]);
  });

  it('answers 404 PAGE_NOT_FOUND for a page the project does not have, and 400 for a body without following', async () => {
    const { server } = await hosted();
    expect(await follow(server, 'growth/nowhere', true)).toMatchObject({ status: 404, json: { error: { code: 'PAGE_NOT_FOUND' } } });
    const r = await fetch(`${server.url}/api/follows/growth/overview`, {
      method: 'PUT',
      headers: { 'x-user': 'ada', 'content-type': 'application/json' },
      body: JSON.stringify({ following: 'yes' }),
    });
    expect(r.status).toBe(400);
  });

  it('writes one change after another without losing one, and reads a broken file as empty', async () => {
    const root = await commerceProject();
    const store = openFileMemoryStore(root);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set('ada', { kind: 'follow', key: `p${i}`, value: true, at: 'now' })));
    expect(await store.list('ada', 'follow')).toHaveLength(20);
    const file = join(root, MEMORY_FOLDER, readdirSync(join(root, MEMORY_FOLDER))[0] ?? '');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, '{ not json');
    expect(await store.list('ada', 'follow')).toEqual([]);
    expect(readdirSync(join(root, MEMORY_FOLDER)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await store.close();
  });
});

describe('stores.memory: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  const broken = (part: Partial<MemoryStore>): MemoryStore => ({ ...createInMemoryMemoryStore(), ...part });
  it.each([
    ['no hook: the local files', undefined, 200, 200],
    ["valid: the host's store", () => createInMemoryMemoryStore(), 200, 200],
    ['wrong shape: a list that is no list reads as none', () => broken({ list: async () => 'x' as never }), 200, 200],
    ['throw', () => broken({ list: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) }), 503, 503],
    ['time-out', () => broken({ list: never, set: never }), 503, 503],
  ] as const)('%s', async (_name, memory, listStatus, setStatus) => {
    const { server, root } = await hosted(memory === undefined ? {} : { stores: { memory } });
    expect((await follow(server, 'growth/overview', true)).status).toBe(setStatus);
    const listed = await follows(server);
    expect(listed.status).toBe(listStatus);
    if (listStatus === 503) expect(listed.json['error']).toMatchObject({ code: 'STORE_UNAVAILABLE', reference: expect.stringMatching(/^[A-Za-z]{8}$/) });
    expect(existsSync(join(root, MEMORY_FOLDER))).toBe(memory === undefined);
  });

  it('is given the project root, and a factory that gives no store stops the start', async () => {
    const roots: string[] = [];
    const { root } = await hosted({ stores: { memory: (r) => (roots.push(r), createInMemoryMemoryStore()) } });
    expect(roots).toEqual([root]);
    await expect(hosted({ stores: { memory: () => ({ list: 1 }) as never } })).rejects.toBeInstanceOf(HostStoreInvalidError);
    await expect(
      hosted({
        stores: {
          memory: () => {
            throw new Error('no');
          },
        },
      }),
    ).rejects.toBeInstanceOf(HostStoreInvalidError);
  });
});

describe('follows hook: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    [
      'valid',
      () => [
        { pageId: 'growth/overview', following: true },
        { pageId: 'growth/customers', following: 'yes' },
      ],
      async () => undefined,
      200,
      [{ pageId: 'growth/overview', following: true }],
      200,
    ],
    ['wrong shape: not a list', () => ({ pageId: 'growth/overview' }), async () => undefined, 200, [], 200],
    [
      'throw',
      () => {
        throw new Error('down');
      },
      () => {
        throw new Error('down');
      },
      503,
      undefined,
      503,
    ],
    ['time-out', never, never, 503, undefined, 503],
  ] as const)('%s', async (_name, list, set, listStatus, listed, setStatus) => {
    const told: unknown[] = [];
    const { server } = await hosted({
      follows: { list, set: (p: unknown, f: unknown, on: unknown) => (told.push([(p as { id: string }).id, f, on]), (set as () => unknown)()) },
    });
    const r = await follows(server);
    expect(r.status).toBe(listStatus);
    if (listed !== undefined) expect(r.json['follows']).toEqual(listed);
    expect((await follow(server, 'growth/customers', true)).status).toBe(setStatus);
    expect(told).toEqual([['ada', { pageId: 'growth/customers' }, true]]);
  });
});
