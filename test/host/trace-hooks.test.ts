/**
 * What the host is told of Ask traces (spec 02 `traces`, `traceSalt`): the sink receives each
 * finished trace with the question only as a fingerprint keyed by the host's salt; the HTTP
 * export pseudonymises with that salt too (the same trace id under two salts differs, under one
 * salt it is stable); a sink that throws or never answers changes nothing. Conformance rows:
 * no hook, valid, throw, time-out (a sink is not waited for), wrong salt (not text: unused).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import type { OutboundTrace } from '../../src/traces/index.js';
import { keyedFingerprint } from '../../src/traces/salt.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  cleanupProjects();
});

const QUESTION = 'top 3 states by revenue';

async function hostedWith(extra: Partial<HostHooks>, root?: string) {
  const server = await startHostedServer({
    project: root ?? (await commerceProject()),
    port: 0,
    log: () => undefined,
    hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), ...extra },
  });
  servers.push(server);
  const run = (await (
    await fetch(`${server.url}/api/agent-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: QUESTION }),
    })
  ).json()) as { tier: number; traceId: string };
  return { server, run };
}

async function exported(server: LocalServer, traceId: string): Promise<string> {
  for (let i = 0; i < 250; i += 1) {
    const r = await fetch(`${server.url}/api/ask-traces/${traceId}/export`);
    if (r.status === 200) return JSON.stringify(await r.json());
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the trace was never exported');
}

const until = async (ready: () => boolean) => {
  for (let i = 0; i < 100 && !ready(); i += 1) await new Promise((done) => setTimeout(done, 20));
};

describe('traces: conformance', () => {
  it.each([
    ['no hook', undefined],
    ['valid', 'valid'],
    ['throw', 'throw'],
    ['time-out (never settles)', 'timeout'],
  ] as const)('%s: the answer is unchanged', async (_name, kind) => {
    const received: OutboundTrace[] = [];
    const traces: HostHooks['traces'] =
      kind === undefined
        ? undefined
        : kind === 'valid'
          ? (t) => void received.push(t)
          : kind === 'throw'
            ? () => {
                throw new Error('sink down');
              }
            : () => new Promise(() => undefined);
    const { server, run } = await hostedWith({ ...(traces !== undefined ? { traces } : {}), traceSalt: 'host salt' });
    expect(run.tier).toBe(1);
    if (kind === 'timeout') {
      // A sink that never settles does not hold the server's shutdown.
      const started = performance.now();
      await server.close();
      expect(performance.now() - started).toBeLessThan(15_000);
    }
    if (kind === 'valid') {
      await until(() => received.length > 0);
      expect(received).toHaveLength(1);
      expect(received[0]?.fingerprints.question).toBe(keyedFingerprint('host salt', QUESTION));
      expect(JSON.stringify(received[0])).not.toContain(QUESTION);
    }
  });
});

describe('traceSalt on HTTP exports', () => {
  it('pseudonymises an export with the host salt: the same under one salt, different under another', async () => {
    const root = await commerceProject();
    const a = await hostedWith({ traceSalt: 'salt one' }, root);
    const again = await exported(a.server, a.run.traceId);
    const idOf = (bundle: string) => (JSON.parse(bundle) as { traceId: string }).traceId;
    expect(idOf(await exported(a.server, a.run.traceId))).toBe(idOf(again));
    await a.server.close();
    const b = await hostedWith({ traceSalt: 'salt two' }, root);
    const one = JSON.parse(again) as { traceId: string };
    const two = JSON.parse(await exported(b.server, a.run.traceId)) as { traceId: string };
    expect(one.traceId).not.toBe(two.traceId);
    expect(again).not.toContain(a.run.traceId);
  });

  it('does not use a salt that is not text', async () => {
    const root = await commerceProject();
    const a = await hostedWith({ traceSalt: 42 as never }, root);
    const b = await hostedWith({}, root);
    // Both fall back to the install's own salt: the same pseudonym.
    expect(JSON.parse(await exported(a.server, a.run.traceId)).traceId).toBe(JSON.parse(await exported(b.server, a.run.traceId)).traceId);
  });
});
