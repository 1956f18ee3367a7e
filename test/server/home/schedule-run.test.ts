/**
 * Schedules (spec 03 Authentication 4, Schedules; spec 02 `delivery`, `pageEdition`, rule 3):
 * `POST /api/apps/:appId/schedules/:scheduleId/run` runs the page as the schedule's owner under a
 * pass (the row policy hears the owner, destination delivery, whoever asked); a digest and an
 * edition are written only when governed figures changed; delivery to a real loopback SMTP server
 * and webhook receiver is checked by reading what they received (a signed body carrying
 * `appPage` and only the governed figure); a failing sink is not delivered, with a reference;
 * the owner's Home then says a scheduled run is newer than their last look, with no figure.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks, LocalServer, QueryContext } from '../../../src/host.js';
import { digestFolder } from '../../../src/runtime/schedules/digests.js';
import { listEditions } from '../../../src/runtime/schedules/editions.js';
import { type Sinks, startSinks } from '../../helpers/delivery-sinks.js';
import { hostedCommerce } from '../../helpers/hosted-commerce.js';
import { cleanupProjects } from '../../helpers/project.js';
import { scaleRevenue, writePulseApp } from '../../helpers/pulse-app.js';
import { commerceProject } from '../../runtime/helpers/warehouse.js';

const OWNER = 'ca@host.test';
const SECRET = 'a-webhook-secret-for-tests';
const servers = hostedCommerce();
let sinks: Sinks;
beforeAll(async () => {
  sinks = await startSinks();
  process.env['SVC_SMTP_URL'] = sinks.smtpUrl;
  process.env['SVC_WEBHOOK_SECRET'] = SECRET;
});
afterAll(async () => {
  await servers.closeAll();
  await sinks.close();
  cleanupProjects();
});

/** A person named by `x-state` (`<state>@host.test`); the row policy narrows orders to the state the person's id names. */
function host(heard: QueryContext[], told: unknown[], extra: Partial<HostHooks> = {}): Partial<HostHooks> {
  return {
    resolvePrincipal: (req) => ({ id: `${String(req.headers['x-state'] ?? 'CA').toLowerCase()}@host.test`, kind: 'person' }),
    authorize: (p, action) => ({ allow: !(action === 'schedule.manage' && p.id === 'ny@host.test') && p.id !== 'blocked@host.test' }),
    rowPolicy: (q) => {
      heard.push(q);
      const state = (q.principal?.id ?? '').slice(0, 2).toUpperCase();
      return { sql: `WITH orders AS (SELECT * FROM main.orders WHERE state = ?) ${q.sql}`, params: [state, ...q.params] };
    },
    pageEdition: (edition) => void told.push(edition),
    ...extra,
  };
}

async function call(server: LocalServer, state: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const sent = method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) };
  const r = await fetch(`${server.url}${path}`, { method, headers: { 'x-state': state, 'content-type': 'application/json' }, ...sent });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}
const runSchedule = (server: LocalServer, state: string, id = 'daily') => call(server, state, 'POST', `/api/apps/pulse/schedules/${id}/run`);
const lastRevenue = (page: Record<string, any>): number =>
  Number(((page['tiles'] as Array<Record<string, any>>).find((t) => t['id'] === 'revenue')?.['rows'] as Array<Record<string, unknown>>).at(-1)?.['revenue']);

const SCHEDULES = (webhookUrl: string) => [
  {
    id: 'daily',
    page: 'main',
    cron: '0 7 * * *',
    recipients: [
      { kind: 'email', address: 'ada@example.test' },
      { kind: 'webhook', url: webhookUrl },
    ],
  },
  {
    id: 'watch',
    page: 'main',
    cron: '*/5 * * * *',
    recipients: [{ kind: 'webhook', url: webhookUrl }],
    monitors: [
      { id: 'any', tile: 'revenue', above: 0 },
      { id: 'never', tile: 'revenue', below: 0 },
    ],
  },
  { id: 'stranger', page: 'main', cron: '0 7 * * *', owner: 'blocked@host.test', recipients: [{ kind: 'email', address: 'ada@example.test' }] },
  {
    id: 'broken',
    page: 'main',
    cron: '0 7 * * *',
    recipients: [
      { kind: 'webhook', url: 'http://127.0.0.1:9/nowhere' },
      { kind: 'email', address: 'ada@example.test' },
    ],
  },
];

describe('a schedule run', () => {
  let server: LocalServer;
  let root: string;
  const heard: QueryContext[] = [];
  const told: unknown[] = [];
  beforeAll(async () => {
    root = await commerceProject();
    writePulseApp(root, OWNER, SCHEDULES(sinks.webhookUrl));
    server = (await servers.start(host(heard, told), root)).server;
  });

  it('runs as the owner under a pass, writes a digest and an edition, and delivers mail and a signed webhook', async () => {
    heard.length = 0;
    const first = await runSchedule(server, 'TX');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      appId: 'pulse',
      scheduleId: 'daily',
      pageId: 'main',
      changed: true,
      edition: { appId: 'pulse', pageId: 'main', href: '/?app=pulse&page=main', scheduleId: 'daily' },
    });
    expect(first.json['deliveries']).toEqual([
      { kind: 'email', to: 'ada@example.test', delivered: true },
      { kind: 'webhook', to: sinks.webhookUrl, delivered: true },
    ]);
    expect(heard.length).toBeGreaterThan(0);
    for (const q of heard) expect([q.principal?.id, q.destination]).toEqual([OWNER, 'delivery']);
    const hook = sinks.hooks.at(-1)!;
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${hook.headers['x-svc-timestamp']}.${hook.body}`).digest('hex')}`;
    expect(hook.headers['x-svc-signature']).toBe(expected);
    const payload = JSON.parse(hook.body) as Record<string, any>;
    expect(payload['appPage']).toEqual({ appId: 'pulse', pageId: 'main', title: 'Pulse: Main', href: '/?app=pulse&page=main' });
    expect(payload['figures'].map((f: Record<string, unknown>) => f['tileId'])).toEqual(['revenue']);
    expect(JSON.stringify(payload)).not.toMatch(/"rows"|channel/);
    expect(sinks.mails.at(-1)?.to).toEqual(['ada@example.test']);
    expect(sinks.mails.at(-1)?.text).toContain(String(payload['figures'][0].value));
    // The owner's Home: a scheduled run newer than their last look, said without a figure.
    const home = (await call(server, 'CA', 'GET', '/api/home')).json;
    expect(home['whatMoved']).toEqual([expect.objectContaining({ appId: 'pulse', pageId: 'main', notice: expect.any(String) })]);
    expect(home['whatMoved'][0].figures).toBeUndefined();
    // The figure is the owner's (CA's rows), not the caller's (TX's).
    const asOwner = await call(server, 'CA', 'POST', '/api/apps/pulse/pages/main/run');
    const asCaller = await call(server, 'TX', 'POST', '/api/apps/pulse/pages/main/run');
    expect(payload['figures'][0].value).toBe(lastRevenue(asOwner.json));
    expect(lastRevenue(asCaller.json)).not.toBe(lastRevenue(asOwner.json));
    expect((await call(server, 'CA', 'GET', '/api/home')).json['whatMoved']).toEqual([]);
  });

  it('writes no digest or edition and delivers nothing when the governed figures did not change; then does when they did', async () => {
    const folder = digestFolder(root, OWNER, 'pulse', 'daily');
    const digests = () => readdirSync(folder).filter((f) => f !== 'baseline.json').length;
    const before = { digests: digests(), editions: listEditions(root, 'pulse', 'main').length, mails: sinks.mails.length, told: told.length };
    const same = await runSchedule(server, 'CA');
    expect(same.json).toMatchObject({ changed: false, deliveries: [] });
    expect(same.json['edition']).toBeUndefined();
    expect([digests(), listEditions(root, 'pulse', 'main').length, sinks.mails.length, told.length]).toEqual([
      before.digests,
      before.editions,
      before.mails,
      before.told,
    ]);
    await scaleRevenue(root, 'CA', 2);
    const moved = await runSchedule(server, 'CA');
    expect(moved.json).toMatchObject({ changed: true, edition: { runId: moved.json['runId'] } });
    expect([digests(), listEditions(root, 'pulse', 'main').length, sinks.mails.length]).toEqual([before.digests + 1, before.editions + 1, before.mails + 1]);
    // pageEdition is told each edition once, never a figure.
    expect(told.length).toBe(before.told + 1);
    for (const edition of told)
      expect(Object.keys(edition as object).sort()).toEqual(['appId', 'appTitle', 'at', 'href', 'pageId', 'pageTitle', 'runId', 'scheduleId']);
    expect(existsSync(join(folder, `${moved.json['runId']}.json`))).toBe(true);
  });

  it('fires monitors on their thresholds and sends an alert', async () => {
    const r = await runSchedule(server, 'CA', 'watch');
    expect(r.json['monitors']).toEqual([
      { id: 'any', tile: 'revenue', fired: true },
      { id: 'never', tile: 'revenue', fired: false },
    ]);
    const payload = JSON.parse(sinks.hooks.at(-1)?.body ?? '{}') as Record<string, any>;
    expect([payload['kind'], payload['scheduleId'], payload['monitors'].map((m: Record<string, unknown>) => m['id'])]).toEqual(['alert', 'watch', ['any']]);
  });

  it('reports a failing sink as not delivered, with a reference, and still delivers to the others', async () => {
    const r = await runSchedule(server, 'CA', 'broken');
    expect(r.json['deliveries']).toEqual([
      { kind: 'webhook', to: 'http://127.0.0.1:9/nowhere', delivered: false, reference: expect.stringMatching(/^[a-z]{8}$/) },
      { kind: 'email', to: 'ada@example.test', delivered: true },
    ]);
    sinks.answer(500);
    const refused = await runSchedule(server, 'CA', 'watch');
    expect(refused.json['deliveries']).toEqual([{ kind: 'webhook', to: sinks.webhookUrl, delivered: false, reference: expect.stringMatching(/^[a-z]{8}$/) }]);
    sinks.answer(204);
  });

  it('is refused without schedule.manage, and 404 for a schedule the App does not declare', async () => {
    expect((await runSchedule(server, 'NY')).json).toMatchObject({ error: { code: 'PERMISSION_DENIED', action: 'schedule.manage' } });
    expect((await runSchedule(server, 'CA', 'nowhere')).json).toMatchObject({ error: { code: 'SCHEDULE_NOT_FOUND' } });
    // Its owner may not open the App: the page does not run under the pass, and nothing is sent.
    const mails = sinks.mails.length;
    expect(await runSchedule(server, 'CA', 'stranger')).toMatchObject({ status: 502, json: { error: { code: 'SCHEDULE_RUN_FAILED' } } });
    expect(sinks.mails.length).toBe(mails);
  });
});

describe("the host's delivery hook", () => {
  it('replaces the senders; only { delivered: true } counts, any other answer is not delivered, with a reference', async () => {
    const root = await commerceProject();
    writePulseApp(root, OWNER, SCHEDULES(sinks.webhookUrl));
    const sent: Array<Record<string, any>> = [];
    const delivery = {
      send: (message: Record<string, any>) => {
        sent.push(message);
        if (message['recipient'].kind === 'email') return { delivered: true };
        return { delivered: 'yes' };
      },
    };
    const { server } = await servers.start(host([], [], { delivery } as Partial<HostHooks>), root);
    const mailsBefore = sinks.mails.length;
    const r = await runSchedule(server, 'CA');
    expect(r.json['deliveries']).toEqual([
      { kind: 'email', to: 'ada@example.test', delivered: true },
      { kind: 'webhook', to: sinks.webhookUrl, delivered: false, reference: expect.stringMatching(/^[a-z]{8}$/) },
    ]);
    expect(sinks.mails.length).toBe(mailsBefore);
    expect(sent.map((m) => [m['appPage'], m['figures'].map((f: Record<string, unknown>) => f['tileId'])])).toEqual([
      [{ appId: 'pulse', pageId: 'main', title: 'Pulse: Main', href: '/?app=pulse&page=main' }, ['revenue']],
      [{ appId: 'pulse', pageId: 'main', title: 'Pulse: Main', href: '/?app=pulse&page=main' }, ['revenue']],
    ]);
  });
});
