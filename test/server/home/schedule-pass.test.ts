/**
 * Schedule run passes (spec 03 "States": random, accepted only from this machine and only for
 * that App's page runs, valid 2 minutes, revoked when the run ends): a request carrying a pass
 * runs as the pass's principal, and its run is kept as a scheduled run of that person; any other
 * use of the pass is 401 SCHEDULE_PASS_REFUSED and runs nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { createInMemoryMemoryStore } from '../../../src/hooks/stores/memory-store.js';
import { PASS_HEADER, PASS_LIFETIME_MS, SchedulePasses } from '../../../src/server/schedule-passes.js';
import { buildServer } from '../../../src/server/start/build-server.js';
import { emptyManifest, unusedExecutor } from '../../helpers/stub-server.js';

const OWNER = { id: 'owner@acme.test', kind: 'person' as const, source: 'local' as const };
const page = { id: 'p', dashboard: 'p.svcd', tiles: [], filters: [] };

function server() {
  let now = 1_000_000;
  const passes = new SchedulePasses(() => now);
  const memory = createInMemoryMemoryStore();
  const manifest = {
    ...emptyManifest(),
    apps: { a: { id: 'a', file: 'apps/a/svc.app.json', pages: [page] }, b: { id: 'b', file: 'apps/b/svc.app.json', pages: [page] } },
  } as unknown as Manifest;
  const root = mkdtempSync(join(tmpdir(), 'svc-pass-'));
  const app = buildServer({
    root,
    manifest,
    executor: unusedExecutor,
    config: {} as SvcConfig,
    log: () => undefined,
    passes,
    memory,
    principal: { id: 'someone-else', kind: 'person', source: 'local' },
  });
  return { app, passes, memory, later: (ms: number) => void (now += ms) };
}

const runPage = (appId: string, token: string, remoteAddress = '127.0.0.1', url = `/api/apps/${appId}/pages/p/run`) => ({
  method: 'POST' as const,
  url,
  remoteAddress,
  headers: { [PASS_HEADER]: token, 'content-type': 'application/json' },
  payload: {},
});

describe('a schedule run pass', () => {
  it("runs that App's page as its owner, kept as the owner's scheduled run", async () => {
    const { app, passes, memory } = server();
    const { token } = passes.issue('a', 'daily', OWNER);
    expect((await app.inject(runPage('a', token))).statusCode).toBe(200);
    expect((await memory.list(OWNER.id, 'home-runs'))[0]?.value).toEqual([expect.objectContaining({ scheduled: true, scheduleId: 'daily' })]);
    expect(await memory.list('someone-else', 'home-runs')).toEqual([]);
  });

  const refusals: Array<[string, (s: ReturnType<typeof server>, token: string, revoke: () => void) => ReturnType<typeof runPage>]> = [
    ['from another address', (_s, token) => runPage('a', token, '10.1.2.3')],
    ['for another App', (_s, token) => runPage('b', token)],
    ['for another route', (_s, token) => ({ ...runPage('a', token), method: 'POST', url: '/api/apps/a/follow', payload: { pageId: 'p', following: true } })],
    [
      'after 2 minutes',
      (s, token) => {
        s.later(PASS_LIFETIME_MS);
        return runPage('a', token);
      },
    ],
    [
      'once revoked',
      (_s, token, revoke) => {
        revoke();
        return runPage('a', token);
      },
    ],
    ['when made up', () => runPage('a', 'made-up')],
  ];
  it.each(refusals)('is refused %s', async (_name, request) => {
    const s = server();
    const { token, revoke } = s.passes.issue('a', 'daily', OWNER);
    const r = await s.app.inject(request(s, token, revoke));
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ error: { code: 'SCHEDULE_PASS_REFUSED' } });
    expect(await s.memory.list(OWNER.id, 'home-runs')).toEqual([]);
  });

  it('is still good a moment before 2 minutes', async () => {
    const s = server();
    const { token } = s.passes.issue('a', 'daily', OWNER);
    s.later(PASS_LIFETIME_MS - 1);
    expect((await s.app.inject(runPage('a', token))).statusCode).toBe(200);
  });
});
