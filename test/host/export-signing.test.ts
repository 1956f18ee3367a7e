/**
 * Signed exports (spec 02 `signing`, spec 03 "Schedules, delivery, signing"): the conformance
 * table on `POST /api/query/export` and the tile export with `signed: true`. No hook: the local key
 * signs. A valid answer from the key service (its key on svc-certifiers.json) gives a file whose
 * headers name `signedBy`, and whose signature verifies over a payload naming the body's sha256.
 * A throw, a late answer, a wrong shape, a key the project does not list, or a signature that
 * does not verify gives 502 EXPORT_SIGNING_FAILED and no file claiming to be signed; the key
 * service's own words stay in the server log. An Ask answer's signed export signs the trust its
 * rerun has.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signText, verifyText } from '../../src/compiler/project/ed25519.js';
import type { HostHooks, SigningRequest } from '../../src/hooks/hooks.js';
import { createMemoryRunStore } from '../../src/hooks/stores/run-store.js';
import { firstCertifiersText } from '../../src/runtime/certify/certifier-file.js';
import { initLocalKey, keyDir } from '../../src/runtime/certify/signing-key.js';
import { hookHarness } from '../helpers/hook-harness.js';

/** The host's key service: its private key stays in this test, the service only answers signatures. */
const SERVICE = initLocalKey(mkdtempSync(join(tmpdir(), 'svc-key-service-'))).key;
/** A key nobody listed. */
const STRANGER = initLocalKey(mkdtempSync(join(tmpdir(), 'svc-key-stranger-'))).key;
const LOCAL = initLocalKey(keyDir()).key;

const harness = hookHarness((root) => {
  const listed = [
    { id: 'key-service@host.test', key: SERVICE.publicKey, may: ['*'] },
    { id: 'local@host.test', key: LOCAL.publicKey, may: ['*'] },
  ];
  writeFileSync(join(root, 'svc-certifiers.json'), firstCertifiersText(listed));
});

const sign = (r: SigningRequest) => ({ keyId: SERVICE.keyId, signature: signText(SERVICE.privateKeyPem, r.payload) });

const FAILS: Array<[string, HostHooks['signing']]> = [
  ['wrong shape', { sign: () => ({ sig: 'x' }) as never }],
  [
    'throw',
    {
      sign: () => {
        throw new Error('HSM offline: secret detail');
      },
    },
  ],
  ['time-out (answers after six times the hook limit)', { sign: (r) => new Promise((done) => setTimeout(() => done(sign(r)), 1_000)) }],
  [
    'a signature that does not verify against the key it names',
    { sign: (r) => ({ keyId: SERVICE.keyId, signature: signText(SERVICE.privateKeyPem, `${r.payload} `) }) },
  ],
  ['a key the project does not list', { sign: (r) => ({ keyId: STRANGER.keyId, signature: signText(STRANGER.privateKeyPem, r.payload) }) }],
];

const ada = () => ({ id: 'ada@host.test', kind: 'person' as const });

function server(signing: HostHooks['signing'], logged: string[] = []) {
  const hooks: HostHooks = { resolvePrincipal: ada, ...(signing !== undefined ? { signing } : {}) };
  return harness.server(hooks, { log: (l) => logged.push(l), runs: createMemoryRunStore() });
}

const EXPORTS = [
  { name: 'SQL', url: '/api/query/export', payload: { sql: 'SELECT state, count(*) AS n FROM orders GROUP BY state', format: 'csv', signed: true } },
  { name: 'tile', url: '/api/apps/growth/dashboards/overview/export', payload: { tileId: 'top_states', format: 'xlsx', signed: true } },
];

/** The signed headers checked as an embedding host would: payload hash = body hash, signature verifies. */
function checkSigned(headers: Record<string, unknown>, body: Buffer, publicKey: string) {
  const payload = Buffer.from(String(headers['x-svc-signed-payload']), 'base64url').toString('utf8');
  expect(JSON.parse(payload)).toMatchObject({ kind: 'svc-export', sha256: createHash('sha256').update(body).digest('hex'), exportedBy: 'ada@host.test' });
  expect(verifyText(publicKey, payload, String(headers['x-svc-signature']))).toBe(true);
}

describe('signed exports: the signing hook table', () => {
  it.each(EXPORTS)('no hook ($name): the local key signs', async ({ url, payload }) => {
    const res = await server(undefined).inject({ method: 'POST', url, payload });
    expect([res.statusCode, res.headers['x-svc-signed-by'], res.headers['x-svc-signer']]).toEqual([200, LOCAL.keyId, encodeURIComponent('local@host.test')]);
    checkSigned(res.headers, res.rawPayload, LOCAL.publicKey);
  });

  it.each(EXPORTS)('valid ($name): the key service signs, the file records signedBy and verifies', async ({ url, payload }) => {
    const asked: SigningRequest[] = [];
    const res = await server({ sign: (r) => (asked.push(r), sign(r)) }).inject({ method: 'POST', url, payload });
    expect([res.statusCode, res.headers['x-svc-signed-by']]).toEqual([200, SERVICE.keyId]);
    expect(asked).toEqual([{ purpose: 'export', payload: expect.stringContaining('"kind":"svc-export"'), principal: expect.objectContaining(ada()) }]);
    checkSigned(res.headers, res.rawPayload, SERVICE.publicKey);
  });

  it.each(FAILS)('%s: 502 EXPORT_SIGNING_FAILED and no file claiming to be signed', async (_name, signing) => {
    const logged: string[] = [];
    const app = server(signing, logged);
    for (const { url, payload } of EXPORTS) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect([res.statusCode, res.json().error.code], res.body).toEqual([502, 'EXPORT_SIGNING_FAILED']);
      expect(res.headers['x-svc-signed-by']).toBeUndefined();
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).not.toContain('secret detail');
    }
  });

  it('unsigned exports never ask the key service', async () => {
    const asked: SigningRequest[] = [];
    const res = await server({ sign: (r) => (asked.push(r), sign(r)) }).inject({
      method: 'POST',
      url: '/api/query/export',
      payload: { sql: 'SELECT 1 AS one', format: 'csv' },
    });
    expect([res.statusCode, res.headers['x-svc-signed-by'], asked.length]).toEqual([200, undefined, 0]);
  });

  it.each([
    { name: 'a certified answer', ask: { question: 'top 3 states by revenue' }, trust: 'certified' },
    {
      name: 'a written answer',
      ask: { question: 'Orders per state', proposedSql: 'SELECT state, COUNT(*) AS n FROM orders GROUP BY state', saveDraft: false },
      trust: 'review_required',
    },
  ])("$name's export, signed: the signed payload names the rerun's trust, $trust", async ({ ask, trust }) => {
    const app = server({ sign });
    const run = (await app.inject({ method: 'POST', url: '/api/agent-runs', payload: ask })).json() as { runId: string };
    const res = await app.inject({ method: 'POST', url: '/api/query/export', payload: { runId: run.runId, format: 'csv', signed: true } });
    expect([res.statusCode, res.headers['x-svc-signed-by'], res.headers['x-svc-export-trust']], res.body).toEqual([200, SERVICE.keyId, trust]);
    checkSigned(res.headers, res.rawPayload, SERVICE.publicKey);
    expect(JSON.parse(Buffer.from(String(res.headers['x-svc-signed-payload']), 'base64url').toString('utf8')).trust).toBe(trust);
  });
});
