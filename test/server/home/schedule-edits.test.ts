/**
 * Editing schedules over real HTTP (spec 03 Schedules; action `schedule.manage`): a schedule is
 * checked before anything is written (422 SCHEDULE_INVALID listing each problem: id, page,
 * cadence, recipients), made and changed in the App's svc.app.json (an edit keeps the owner and
 * monitors the editor does not show), listed with its run history after a run (no figure in it),
 * and deleted with its history and digests (404 SCHEDULE_NOT_FOUND for one the App does not declare). With a
 * host, whoever saves a schedule becomes its owner (it runs as them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../src/index.js';
import { digestFolder } from '../../../src/runtime/schedules/digests.js';
import { hostedCommerce } from '../../helpers/hosted-commerce.js';
import { cleanupProjects } from '../../helpers/project.js';
import { writePulseApp } from '../../helpers/pulse-app.js';
import { commerceProject } from '../../runtime/helpers/warehouse.js';

let root: string;
let server: LocalServer;

beforeAll(async () => {
  root = await commerceProject();
  writePulseApp(root, 'owner@acme.test', [
    { id: 'kept', page: 'main', cron: '0 6 * * *', owner: 'lead@acme.test', monitors: [{ id: 'low', tile: 'revenue', below: 1 }] },
  ]);
  server = await startLocalServer({ project: root, host: '127.0.0.1', port: 0, log: () => {} });
}, 300_000);

afterAll(async () => {
  await server?.close();
  cleanupProjects();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const sent = body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const r = await fetch(`${server.url}${path}`, { method, ...sent });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}
const onDisk = () => (JSON.parse(readFileSync(join(root, 'apps/pulse/svc.app.json'), 'utf8')) as { schedules: Array<Record<string, unknown>> }).schedules;
const put = (id: string, body: unknown) => call('PUT', `/api/apps/pulse/schedules/${id}`, body);

describe('schedule edits', () => {
  it.each([
    [
      'Bad Id',
      { page: 'main', cron: '0 8 * * *', recipients: [] },
      ['A schedule id is lowercase letters, digits, - and _ (at most 64), starting with a letter or digit.'],
    ],
    ['daily', { page: 'nope', cron: '0 8 * * *', recipients: [] }, ['App pulse has no page "nope".']],
    ['daily', { page: 'main', cron: '0 8 * *', recipients: [] }, ['The cadence "0 8 * *" is not five-field cron: it needs five fields.']],
    ['daily', { page: 'main', cron: '0 25 * * *', recipients: [] }, [expect.stringMatching(/^The cadence "0 25 \* \* \*" is not five-field cron: /)]],
    [
      'daily',
      {
        page: 'main',
        cron: '0 8 * * *',
        recipients: [
          { kind: 'email', address: 'nobody' },
          { kind: 'webhook', url: 'ftp://x.test/h' },
        ],
      },
      ['"nobody" is not a mail address.', 'The webhook "ftp://x.test/h" must be an http or https address.'],
    ],
  ])('refuses schedule %s %j with its problems and writes nothing', async (id, body, problems) => {
    const r = await put(id, body);
    expect([r.status, r.json['error']?.code]).toEqual([422, 'SCHEDULE_INVALID']);
    expect(r.json['error']?.problems).toEqual(problems);
    expect(onDisk().map((s) => s['id'])).toEqual(['kept']);
  });

  it('makes, changes, runs, lists and deletes a schedule', async () => {
    const made = await put('daily', { page: 'main', cron: '30 7 * * *', recipients: [{ kind: 'email', address: 'team@acme.test' }] });
    expect([made.status, made.json]).toEqual([200, { appId: 'pulse', scheduleId: 'daily', created: true }]);
    const edited = await put('kept', { page: 'main', cron: '0 9 * * 1', recipients: [] });
    expect(edited.json['created']).toBe(false);
    expect(onDisk()).toMatchObject([
      { id: 'kept', cron: '0 9 * * 1', owner: 'lead@acme.test', monitors: [{ id: 'low' }] },
      { id: 'daily', page: 'main', cron: '30 7 * * *', recipients: [{ kind: 'email', address: 'team@acme.test' }] },
    ]);
    expect((await call('POST', '/api/apps/pulse/schedules/kept/run', {})).status).toBe(200);
    const listed = await call('GET', '/api/apps/pulse/schedules');
    expect(listed.json['schedules'].map((s: Record<string, unknown>) => [s['id'], s['cron'], s['monitors']])).toEqual([
      ['kept', '0 9 * * 1', 1],
      ['daily', '30 7 * * *', 0],
    ]);
    const runs = listed.json['schedules'][0]['runs'];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ran: true, changed: true, deliveries: [], reason: 'Governed figures changed, but the schedule has no recipients.' });
    expect(JSON.stringify(runs)).not.toMatch(/"value"|revenue":/);
    // The run kept its owner's baseline and digest; the deletion takes them with the history.
    const digests = digestFolder(root, 'lead@acme.test', 'pulse', 'kept');
    expect(readdirSync(digests)).toContain('baseline.json');
    expect((await call('DELETE', '/api/apps/pulse/schedules/kept')).json).toEqual({ appId: 'pulse', scheduleId: 'kept', deleted: true });
    expect(existsSync(digests)).toBe(false);
    const again = await call('DELETE', '/api/apps/pulse/schedules/kept');
    expect([again.status, again.json['error']?.code]).toEqual([404, 'SCHEDULE_NOT_FOUND']);
    expect((await call('GET', '/api/apps/pulse/schedules')).json['schedules'].map((s: Record<string, unknown>) => s['id'])).toEqual(['daily']);
    expect((await call('GET', '/api/apps/nope/schedules')).json['error']?.code).toBe('APP_NOT_FOUND');
  });
});

describe('schedule edits with a host', () => {
  const servers = hostedCommerce();
  afterAll(async () => servers.closeAll());

  it("makes the person who saves a schedule its owner, so no one redirects another person's figures", async () => {
    const hostedRoot = await commerceProject();
    writePulseApp(hostedRoot, 'ada', [
      { id: 'ada-daily', page: 'main', cron: '0 6 * * *', owner: 'ada', recipients: [{ kind: 'email', address: 'ada@acme.test' }] },
    ]);
    const { server: hosted } = await servers.start({}, hostedRoot);
    const save = (user: string, id: string, address: string) =>
      fetch(`${hosted.url}/api/apps/pulse/schedules/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-user': user },
        body: JSON.stringify({ page: 'main', cron: '0 6 * * *', recipients: [{ kind: 'email', address }] }),
      });
    expect((await save('bob', 'ada-daily', 'bob@acme.test')).status).toBe(200);
    expect((await save('bob', 'bob-weekly', 'bob@acme.test')).status).toBe(200);
    const owners = (JSON.parse(readFileSync(join(hostedRoot, 'apps/pulse/svc.app.json'), 'utf8')) as { schedules: Array<{ id: string; owner?: string }> })
      .schedules;
    expect(owners.map((s) => [s.id, s.owner])).toEqual([
      ['ada-daily', 'bob'],
      ['bob-weekly', 'bob'],
    ]);
  });
});
