/**
 * `POST /api/block-studio/certifications` (action dataset.certify): the same certification as
 * `svc certify`, its statements on the server's one query path. Without a host the request may
 * name the certifier and the rule set; with a host (spec 02, Authentication 5) the receipt
 * records the signed-in person and `enterpriseCertification` alone decides the rules; a request
 * no one was placed for, or one `authorize` refuses, certifies nothing and writes nothing. Under
 * the enterprise rules a block's grain keys are proven on the same path as the certifier: the host's
 * row policy hears the proof as theirs, and refusing it refuses certification (keys-proven).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { QueryContext } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { initProject } from '../../src/runtime/init/init-project.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

const BLOCK_FILE = 'domains/shop/blocks/monthly_revenue.svc';
const COMPANION = 'semantic-layer/blocks/shop/monthly_revenue.yaml';

async function serve(hooks?: HostHooks): Promise<{ server: LocalServer; root: string }> {
  const root = makeProject({});
  expect((await initProject({ cwd: root, example: true })).ok).toBe(true);
  const server = await startLocalServer({ project: root, port: 0, log: () => {}, ...(hooks !== undefined ? { hostHooks: hooks } : {}) });
  servers.push(server);
  return { server, root };
}

async function certify(server: LocalServer, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/block-studio/certifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { ok?: boolean; rules?: string; receipt?: { certifiedBy: string; rules: string }; error?: { code: string } },
  };
}

const receiptOf = (root: string) =>
  (parse(readFileSync(join(root, COMPANION), 'utf8')) as { certification?: { certifiedBy: string; rules: string } }).certification;

describe('certification over HTTP', () => {
  it('without a host: the request may name the certifier', async () => {
    const { server, root } = await serve();
    const res = await certify(server, { block: 'shop.monthly_revenue', certifiedBy: 'carol@example.test' });
    expect([res.status, res.body.ok, res.body.receipt?.certifiedBy]).toEqual([200, true, 'carol@example.test']);
    expect(receiptOf(root)?.certifiedBy).toBe('carol@example.test');
    expect(readFileSync(join(root, BLOCK_FILE), 'utf8')).toContain('status = "certified"');
  });

  it("with a host: the signed-in person certifies and the request's actor and rule set are ignored", async () => {
    const calls: QueryContext[] = [];
    const { server, root } = await serve({
      resolvePrincipal: () => ({ id: 'ada', kind: 'person', email: 'ada@host.test' }),
      rowPolicy: (q) => {
        calls.push(q);
        return { sql: q.sql, params: q.params };
      },
    });
    const res = await certify(server, { block: 'shop.monthly_revenue', certifiedBy: 'mallory@evil.test', enterprise: true });
    expect([res.status, res.body.rules, res.body.receipt?.certifiedBy]).toEqual([200, 'oss', 'ada@host.test']);
    expect(receiptOf(root)).toMatchObject({ certifiedBy: 'ada@host.test', rules: 'oss' });
    // The certification's own run and tests went through the server's query path, as the person.
    expect(calls.some((c) => c.principal?.id === 'ada' && c.tables.includes('orders'))).toBe(true);
  });

  it('with a host: enterpriseCertification chooses the enterprise rules whatever the request says', async () => {
    const { server } = await serve({ resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), enterpriseCertification: true });
    const res = await certify(server, { block: 'shop.monthly_revenue', enterprise: false });
    expect(res.body.rules).toBe('enterprise');
  });

  it.each([
    { name: 'a policy that lets it run: certified, the proof heard as the certifier', refuseProof: false, status: 200, outcome: 'pass' },
    { name: 'a policy that refuses the proof: refused with certification/keys-proven', refuseProof: true, status: 422, outcome: 'fail' },
  ])('with a host and grain keys, $name', async ({ refuseProof, status, outcome }) => {
    const calls: QueryContext[] = [];
    const { server, root } = await serve({
      resolvePrincipal: () => ({ id: 'ada', kind: 'person', email: 'ada@host.test' }),
      enterpriseCertification: true,
      rowPolicy: (q) => {
        calls.push(q);
        // The key proof is the one statement that counts by its keys.
        return refuseProof && q.sql.includes('svc_keys') ? { refuse: 'Not the keys.' } : { sql: q.sql, params: q.params };
      },
    });
    const file = join(root, BLOCK_FILE);
    writeFileSync(file, readFileSync(file, 'utf8').replace('grain = "month"', 'grain = { keys = ["month"] }'));
    const res = await certify(server, { block: 'shop.monthly_revenue' });
    const body = res.body as { rules?: string; checks?: Array<{ rule: string; outcome: string }> };
    expect([res.status, body.rules], JSON.stringify(res.body)).toEqual([status, 'enterprise']);
    expect(body.checks?.find((c) => c.rule === 'certification/keys-proven')?.outcome).toBe(outcome);
    expect(calls.filter((c) => c.sql.includes('svc_keys')).map((c) => c.principal?.id)).toEqual(['ada']);
  });

  it.each([
    ['no one placed', { resolvePrincipal: undefined } as HostHooks, 401, 'SIGN_IN_REQUIRED'],
    [
      'authorize refuses dataset.certify',
      { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), authorize: (_p, action) => ({ allow: action !== 'dataset.certify' }) } as HostHooks,
      403,
      'PERMISSION_DENIED',
    ],
  ])('%s: nothing is certified or written', async (_name, hooks, status, code) => {
    const { server, root } = await serve(hooks);
    const before = readFileSync(join(root, BLOCK_FILE), 'utf8');
    const res = await certify(server, { block: 'shop.monthly_revenue' });
    expect([res.status, res.body.error?.code]).toEqual([status, code]);
    expect(readFileSync(join(root, BLOCK_FILE), 'utf8')).toBe(before);
  });

  it('an unknown block is 404', async () => {
    const { server } = await serve();
    const res = await certify(server, { block: 'shop.nothing' });
    expect([res.status, res.body.error?.code]).toEqual([404, 'BLOCK_NOT_FOUND']);
  });
});
