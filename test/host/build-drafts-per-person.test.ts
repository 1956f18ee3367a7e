/**
 * With a host, an App build draft is its starter's (spec 03 "File and environment restrictions"
 * 6: the draft owner is the signed-in person; Errors: another person's item is not found): every
 * `/api/app-builds/:id*` route answers 404 APP_BUILD_NOT_FOUND to anyone else, exactly as for a
 * build that does not exist, and writes nothing. Run against the in-process test host and the
 * example embedding program as a real child process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILDS_DIR } from '../../src/runtime/app-builder/index.js';
import { exampleHost, stopExampleHosts, type TwoPersonHost } from '../helpers/example-host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';
import { revisionFiles, WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  await stopExampleHosts();
  cleanupProjects();
});

type Started = { host: TwoPersonHost; root: string };

const HOSTS: Record<string, () => Promise<Started>> = {
  'the in-process host': async () => {
    const { server, root } = await hosted.start();
    return { host: { url: server.url, headers: (user) => ({ 'x-user': user }) }, root };
  },
  'the example host': async () => {
    const root = await commerceProject();
    return { host: await exampleHost({ analysts: 'ada,bob', project: root }), root };
  },
};

async function call(host: TwoPersonHost, user: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${host.url}${path}`, {
    method,
    headers: { ...host.headers(user), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Every route of one build, as another person would call it. */
const ROUTES: Array<[string, string, (b: string) => string, unknown?]> = [
  ['read the draft', 'GET', (b) => `/api/app-builds/${b}`],
  ['search its catalog', 'GET', (b) => `/api/app-builds/${b}/source-candidates?query=revenue`],
  ['resolve sources', 'POST', (b) => `/api/app-builds/${b}/source-candidates`, { ids: [WEEKLY] }],
  ['read filter candidates', 'GET', (b) => `/api/app-builds/${b}/filter-candidates`],
  ['plan', 'POST', (b) => `/api/app-builds/${b}/plan`, { baseRevision: 1, prompt: 'weekly revenue' }],
  ['compose', 'POST', (b) => `/api/app-builds/${b}/compose`, { baseRevision: 1, operations: [{ op: 'add_page', title: 'Mine now' }] }],
  ['add an answer', 'POST', (b) => `/api/app-builds/${b}/ask-results`, { baseRevision: 1, runId: 'run_x', mode: 'live' }],
  ['preview', 'POST', (b) => `/api/app-builds/${b}/preview`, { revision: 1 }],
  ['preflight', 'POST', (b) => `/api/app-builds/${b}/preflight`, { revision: 1, appId: 'stolen' }],
  ['publish', 'POST', (b) => `/api/app-builds/${b}/publish`, { revision: 1, appId: 'stolen' }],
  ['run the Autopilot', 'POST', (b) => `/api/app-builds/${b}/autopilot`, { request: 'make it a table' }],
  ['read an Autopilot artifact', 'GET', (b) => `/api/app-builds/${b}/autopilot/ap_0000000000000000`],
  ['apply an Autopilot proposal', 'POST', (b) => `/api/app-builds/${b}/autopilot/ap_0000000000000000/apply`, { proposalHash: 'x', baseRevision: 1 }],
  ['discard an Autopilot proposal', 'POST', (b) => `/api/app-builds/${b}/autopilot/ap_0000000000000000/discard`, {}],
];

describe.each(Object.keys(HOSTS))('a build draft belongs to the person who started it, on %s', (name) => {
  let started: Promise<Started> | undefined;
  const ready = () => (started ??= (HOSTS[name] as () => Promise<Started>)());
  let build: Promise<string> | undefined;
  const adaBuild = () =>
    (build ??= ready().then(async ({ host }) => {
      const made = await call(host, 'ada', 'POST', '/api/app-builds', { sourceIds: [WEEKLY] });
      expect(made.status).toBe(200);
      return made.body['id'] as string;
    }));

  it.each(ROUTES)('another person cannot %s: 404 APP_BUILD_NOT_FOUND, nothing written', async (_what, method, path, body) => {
    const { host, root } = await ready();
    const id = await adaBuild();
    const bob = await call(host, 'bob', method, path(id), body);
    expect({ status: bob.status, code: bob.body['error']?.code }).toEqual({ status: 404, code: 'APP_BUILD_NOT_FOUND' });
    // Told exactly what a build that does not exist is told.
    const none = await call(host, 'bob', method, path('build_0000000000000000'), body);
    expect({ status: none.status, code: none.body['error']?.code }).toEqual({ status: 404, code: 'APP_BUILD_NOT_FOUND' });
    expect(revisionFiles(root, id)).toEqual(['000001.json']);
    expect((await call(host, 'ada', 'GET', `/api/app-builds/${id}`)).body['revision']).toBe(1);
  });

  it('its starter reads and changes it', async () => {
    const { host, root } = await ready();
    const id = await adaBuild();
    const read = await call(host, 'ada', 'GET', `/api/app-builds/${id}`);
    expect(read.status).toBe(200);
    expect(typeof read.body['owner']).toBe('string');
    const base = read.body['revision'] as number;
    const changed = await call(host, 'ada', 'POST', `/api/app-builds/${id}/compose`, {
      baseRevision: base,
      operations: [{ op: 'add_page', title: 'Ada page' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body['owner']).toBe(read.body['owner']);
    expect(revisionFiles(root, id)).toHaveLength(base + 1);
    expect((await call(host, 'bob', 'GET', `/api/app-builds/${id}`)).status).toBe(404);
  });

  it('a draft made without a host person (a version 2 draft) is no hosted person’s: not found, never open to all', async () => {
    const { host, root } = await ready();
    mkdirSync(join(root, BUILDS_DIR), { recursive: true });
    writeFileSync(join(root, BUILDS_DIR, 'legacy_unowned.json'), JSON.stringify({ version: 2, title: 'Old', pages: [] }));
    for (const user of ['ada', 'bob']) expect((await call(host, user, 'GET', '/api/app-builds/legacy_unowned')).status).toBe(404);
  });
});
