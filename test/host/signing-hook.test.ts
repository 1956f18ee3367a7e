/**
 * The `signing` hook (spec 02) on `POST /api/block-studio/certifications`, in a project that signs
 * its receipts: the conformance table. No hook: the local key signs. A valid answer from the key
 * service (its key listed in svc-certifiers.json) signs the receipt, recorded via block-studio.
 * A wrong shape, a throw, a late answer, or a signature that does not verify against the key it
 * names writes no receipt and changes no file: a plain 422 with a code and, for a failing
 * service, a reference whose details only the server log holds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { signText } from '../../src/compiler/project/ed25519.js';
import type { SigningRequest } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { keysAdd } from '../../src/runtime/certify/keys.js';
import { initLocalKey, keyDir, readLocalKey } from '../../src/runtime/certify/signing-key.js';
import { initProject } from '../../src/runtime/init/init-project.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { type SigningFailure, signingFailures } from '../helpers/signing-hook-failures.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

const BLOCK_FILE = 'domains/shop/blocks/monthly_revenue.svc';
const COMPANION = 'semantic-layer/blocks/shop/monthly_revenue.yaml';
/** The host's key service: its private key stays in this test, the service only answers signatures. */
const SERVICE = initLocalKey(mkdtempSync(join(tmpdir(), 'svc-key-service-'))).key;
const ada = () => ({ id: 'ada', kind: 'person' as const, email: 'ada@host.test' });

async function serve(signing: HostHooks['signing']): Promise<{ server: LocalServer; root: string; logged: string[] }> {
  const root = makeProject({});
  expect((await initProject({ cwd: root, example: true })).ok).toBe(true);
  // The key service's key is listed by the project's first certifier (the local key).
  expect(keysAdd({ cwd: root, id: 'key-service@host.test', key: SERVICE.publicKey, may: ['*'] }).exitCode).toBe(0);
  const logged: string[] = [];
  const hooks: HostHooks = { resolvePrincipal: ada, ...(signing !== undefined ? { signing } : {}) };
  const server = await startLocalServer({ project: root, port: 0, log: (l) => logged.push(l), hostHooks: hooks, hostHookTimeoutMs: 50 });
  servers.push(server);
  return { server, root, logged };
}

async function certify(server: LocalServer) {
  const res = await fetch(`${server.url}/api/block-studio/certifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ block: 'shop.monthly_revenue' }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { ok?: boolean; receipt?: Record<string, unknown>; diagnostics?: Array<{ code: string; message: string }> },
  };
}

const sign = (r: SigningRequest) => ({ keyId: SERVICE.keyId, signature: signText(SERVICE.privateKeyPem, r.payload) });

const FAILS: SigningFailure[] = signingFailures(SERVICE, ['certify/receipt-bad-signature', /does not verify/]);

describe('the signing hook', () => {
  it('no hook: the local key signs, and the receipt records block-studio', async () => {
    const { server, root } = await serve(undefined);
    const res = await certify(server);
    expect([res.status, res.body.receipt?.['via'], res.body.receipt?.['signedBy']]).toEqual([200, 'block-studio', readLocalKey(keyDir())?.keyId]);
    expect(parse(readFileSync(join(root, COMPANION), 'utf8')).certification).toMatchObject({ via: 'block-studio', certifiedBy: 'ada@host.test' });
  });

  it('valid: the key service signs (the key never leaves it) and the receipt verifies', async () => {
    const asked: SigningRequest[] = [];
    const { server, root } = await serve({ sign: (r) => (asked.push(r), sign(r)) });
    const res = await certify(server);
    expect([res.status, res.body.receipt?.['signedBy'], res.body.receipt?.['via']]).toEqual([200, SERVICE.keyId, 'block-studio']);
    expect(asked).toEqual([
      { purpose: 'certification', payload: expect.stringContaining('"block":"shop.monthly_revenue"'), principal: expect.objectContaining(ada()) },
    ]);
    expect(parse(readFileSync(join(root, COMPANION), 'utf8')).certification.signature).toBe(res.body.receipt?.['signature']);
  });

  it.each(FAILS)('%s: no receipt, plainly, with a code', async (_name, signing, code, words) => {
    const { server, root, logged } = await serve(signing);
    const before = readFileSync(join(root, BLOCK_FILE), 'utf8');
    const res = await certify(server);
    expect([res.status, res.body.ok, res.body.receipt]).toEqual([422, false, undefined]);
    const finding = res.body.diagnostics?.find((d) => d.code === code);
    expect(finding?.message).toMatch(words);
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
    if (code === 'certify/signing-failed') expect(logged.some((l) => l.includes('host hook signing'))).toBe(true);
    expect(readFileSync(join(root, BLOCK_FILE), 'utf8')).toBe(before);
    expect(() => readFileSync(join(root, COMPANION), 'utf8')).toThrow();
  });
});
