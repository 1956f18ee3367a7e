/**
 * `answerStatus` and POST /api/host/answer-status (spec 02, spec 03 "Answer status"): the host's
 * review status beside the caller's own answers, well-formed statuses only; another person's run
 * is never passed to the host nor answered. Conformance: no hook, valid, wrong shape, throw,
 * time-out; a table of malformed entries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { wellFormedStatus } from '../../src/hooks/answer-status.js';
import type { HostHooks, LocalServer } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const hosted = async (answerStatus?: HostHooks['answerStatus']): Promise<LocalServer> =>
  (await servers.start(answerStatus !== undefined ? { answerStatus } : {})).server;

async function post(server: LocalServer, user: string, path: string, body: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'x-user': user, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}

/** Asks once as `user` and waits until the run's facts are kept (they are written after the answer). */
async function askedBy(server: LocalServer, user: string): Promise<string> {
  const runId = (await post(server, user, '/api/agent-runs', { question: 'top 3 states by revenue' })).json['runId'] as string;
  for (let i = 0; i < 250 && (await fetch(`${server.url}/api/host/answers/${runId}`, { headers: { 'x-user': user } })).status === 404; i += 1)
    await new Promise((d) => setTimeout(d, 20));
  return runId;
}

const GOOD = { state: 'checked', label: 'Checked by finance', detail: 'Matches the ledger.', href: '/host/reviews/1' };

describe('POST /api/host/answer-status', () => {
  it("asks the host only about the caller's own runs and passes on their well-formed statuses", async () => {
    const asked: string[][] = [];
    const server = await hosted((_p, ids) => {
      asked.push(ids);
      return Object.fromEntries(ids.map((id) => [id, GOOD]));
    });
    const mine = await askedBy(server, 'ada');
    const theirs = await askedBy(server, 'bob');
    const r = await post(server, 'ada', '/api/host/answer-status', { runIds: [mine, theirs, 'run_unknown'] });
    expect(r).toEqual({ status: 200, json: { available: true, statuses: { [mine]: GOOD } } });
    expect(asked).toEqual([[mine]]);
  });

  it('refuses a body that is not a list of run ids', async () => {
    const server = await hosted();
    for (const body of [{}, { runIds: [] }, { runIds: 'run_1' }, { runIds: Array.from({ length: 101 }, (_, i) => `r${i}`) }]) {
      expect((await post(server, 'ada', '/api/host/answer-status', body)).status).toBe(400);
    }
  });
});

describe('answerStatus: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    ['no hook: no status', undefined, { available: true, statuses: 'none' }],
    ['valid', (_p: unknown, ids: string[]) => ({ [ids[0] ?? '']: GOOD }), { available: true, statuses: 'good' }],
    ['wrong shape: a list', () => [GOOD], { available: false, statuses: 'none' }],
    [
      'throw',
      () => {
        throw new Error('review service down');
      },
      { available: false, statuses: 'none' },
    ],
    ['time-out', never, { available: false, statuses: 'none' }],
  ] as const)('%s', async (_name, hook, expected) => {
    const server = await hosted(hook as HostHooks['answerStatus']);
    const runId = await askedBy(server, 'ada');
    const r = await post(server, 'ada', '/api/host/answer-status', { runIds: [runId] });
    expect(r.json).toEqual({ available: expected.available, statuses: expected.statuses === 'good' ? { [runId]: GOOD } : {} });
  });

  it.each([
    ['an unknown state', { ...GOOD, state: 'approved' }],
    ['no label', { state: 'checked', href: '/r' }],
    ['a label with markup', { ...GOOD, label: '<b>ok</b>' }],
    ['another origin', { ...GOOD, href: 'https://elsewhere.example/r' }],
    ['a protocol-relative link', { ...GOOD, href: '//elsewhere.example/r' }],
    ['a script link', { ...GOOD, href: 'javascript:alert(1)' }],
    ['a detail that is no text', { ...GOOD, detail: 3 }],
    ['a label too long', { ...GOOD, label: 'x'.repeat(81) }],
    ['a list', [GOOD]],
    ['null', null],
  ])('drops %s', (_name, entry) => {
    expect(wellFormedStatus(entry)).toBeUndefined();
  });
});
