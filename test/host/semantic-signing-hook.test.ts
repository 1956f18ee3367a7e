/**
 * The `signing` hook (spec 02) on `POST /api/block-studio/approve-semantic`, for business terms
 * and views exactly as for block receipts (signing-hook.test.ts): the conformance table in the
 * commerce project, which signs its receipts. Per row, the term finance.revenue (or the view
 * finance.revenue_reporting) is set back to draft and certified through the route as the
 * signed-in person. No hook: the local key signs. A valid answer from the key service (its key
 * listed) signs. A wrong shape, a throw, a late answer, a signature that does not verify against
 * the key it names, or one by a listed key not allowed for finance writes no receipt and changes
 * no file: 422 with a code, and the compiler and the one answer gate still hold the artifact
 * uncertified (never broader). Beside the table: the route without a host, its refusals, and a
 * Block Studio receipt re-signed by `svc certify --resign` keeping its `via`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { projectTermGate, projectViewGate } from '../../src/ask/project-gate.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import { signText } from '../../src/compiler/project/ed25519.js';
import { TERMS_FILE } from '../../src/compiler/project/terms.js';
import { VIEWS_FILE } from '../../src/compiler/project/views.js';
import type { CompiledTerm, CompiledView, Manifest } from '../../src/compiler/types.js';
import type { SigningRequest } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { firstCertifiersText } from '../../src/runtime/certify/certifier-file.js';
import { resignReceipts } from '../../src/runtime/certify/resign-receipts.js';
import { initLocalKey, keyDir, type LocalKey, readLocalKey } from '../../src/runtime/certify/signing-key.js';
import { cleanupProjects } from '../helpers/project.js';
import { type SigningFailure, signingFailures } from '../helpers/signing-hook-failures.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

const keyIn = (name: string): LocalKey => initLocalKey(mkdtempSync(join(tmpdir(), `svc-key-${name}-`))).key;
/** The host's key service: its private key stays in this test, the service only answers signatures. */
const SERVICE = keyIn('service');
const SALES = keyIn('sales');
const LOCAL = readLocalKey(keyDir()) ?? initLocalKey(keyDir()).key;
const ada = () => ({ id: 'ada', kind: 'person' as const, email: 'ada@host.test' });

type Kind = 'term' | 'view';
const SUBJECT: Record<Kind, { file: string; list: string; id: string }> = {
  term: { file: TERMS_FILE, list: 'terms', id: 'finance.revenue' },
  view: { file: VIEWS_FILE, list: 'views', id: 'finance.revenue_reporting' },
};

function setConfig(root: string, signed: boolean): void {
  const path = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as SvcConfig;
  writeFileSync(path, JSON.stringify({ ...config, certification: { rules: 'oss', signed } }, null, 2));
}

/** The commerce project signing its receipts (all signed by the local key), with `kind`'s subject back in draft. */
async function signedCommerce(kind: Kind, signed = true): Promise<string> {
  const root = await commerceProject();
  setConfig(root, signed);
  const signers = [
    { id: 'local@acme.test', key: LOCAL.publicKey, may: ['*'] },
    { id: 'key-service@host.test', key: SERVICE.publicKey, may: ['*'] },
    { id: 'sales-lead@acme.test', key: SALES.publicKey, may: ['sales'] },
  ];
  writeFileSync(join(root, 'svc-certifiers.json'), firstCertifiersText(signers));
  if (signed) expect((await resignReceipts({ cwd: root })).exitCode).toBe(0);
  const { file, list, id } = SUBJECT[kind];
  const doc = parse(readFileSync(join(root, file), 'utf8')) as Record<string, Array<Record<string, unknown>>>;
  doc[list] = (doc[list] ?? []).map((e) => (e['id'] === id ? { ...e, status: 'draft', certification: undefined } : e));
  writeFileSync(join(root, file), stringify(JSON.parse(JSON.stringify(doc))));
  return root;
}

async function serve(root: string, hooks: HostHooks | undefined): Promise<{ server: LocalServer; logged: string[] }> {
  const logged: string[] = [];
  const server = await startLocalServer({
    project: root,
    port: 0,
    log: (l) => logged.push(l),
    ...(hooks !== undefined ? { hostHooks: hooks } : {}),
    hostHookTimeoutMs: 50,
  });
  servers.push(server);
  return { server, logged };
}

async function approve(server: LocalServer, body: unknown) {
  const res = await fetch(`${server.url}/api/block-studio/approve-semantic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { receipt?: Record<string, unknown>; diagnostics?: Array<{ code: string; message: string }> },
  };
}

/** The subject as the compiler and the one answer gate see it now. */
function judged(root: string, kind: Kind): { effectiveStatus?: string; receipt?: string; certified: boolean } {
  const manifest = JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest;
  const { id } = SUBJECT[kind];
  if (kind === 'term') {
    const term = manifest.terms?.[id] as CompiledTerm;
    return { effectiveStatus: term.effectiveStatus, receipt: term.receipt, certified: projectTermGate()(term).certified };
  }
  const view = manifest.views?.[id] as CompiledView;
  return { effectiveStatus: view.effectiveStatus, receipt: view.receipt, certified: projectViewGate()(view).certified };
}

const by = (key: LocalKey) => (r: SigningRequest) => ({ keyId: key.keyId, signature: signText(key.privateKeyPem, r.payload) });

const FAILS: SigningFailure[] = [
  ...signingFailures(SERVICE, ['-receipt-signature', /bad-signature/]),
  ['a listed key not allowed for finance', { sign: by(SALES) }, '-receipt-signature', /signer-not-allowed/],
];

describe.each(['term', 'view'] as const)('the signing hook certifying a %s', (kind) => {
  const { id, file } = SUBJECT[kind];

  it('no hook: the local key signs, recorded via block-studio as the signed-in person, and it certifies', async () => {
    const root = await signedCommerce(kind);
    const { server } = await serve(root, { resolvePrincipal: ada });
    const res = await approve(server, { [kind]: id, certifiedBy: 'mallory@acme.test' });
    expect([res.status, res.body['ok'], res.body['written']], JSON.stringify(res.body)).toEqual([200, true, [file]]);
    expect(res.body.receipt).toMatchObject({ via: 'block-studio', certifiedBy: 'ada@host.test', signedBy: LOCAL.keyId });
    expect(judged(root, kind)).toEqual({ effectiveStatus: 'certified', receipt: 'valid', certified: true });
  });

  it('valid: the key service signs (the key never leaves it) and the receipt verifies on the compiler and the gate', async () => {
    const root = await signedCommerce(kind);
    const asked: SigningRequest[] = [];
    const { server } = await serve(root, {
      resolvePrincipal: ada,
      signing: {
        sign: (r) => {
          asked.push(r);
          return by(SERVICE)(r);
        },
      },
    });
    const res = await approve(server, { [kind]: id });
    expect([res.status, res.body.receipt?.['signedBy'], res.body.receipt?.['via']]).toEqual([200, SERVICE.keyId, 'block-studio']);
    expect(asked).toEqual([{ purpose: 'certification', payload: expect.stringContaining(`"${kind}":"${id}"`), principal: expect.objectContaining(ada()) }]);
    const written = (parse(readFileSync(join(root, file), 'utf8')) as Record<string, Array<Record<string, unknown>>>)[SUBJECT[kind].list]?.find(
      (e) => e['id'] === id,
    );
    expect(written?.['certification']).toEqual(res.body.receipt);
    expect(judged(root, kind)).toEqual({ effectiveStatus: 'certified', receipt: 'valid', certified: true });
  });

  it.each(FAILS)('%s: no receipt, plainly, with a code; still not certified', async (_name, signing, code, words) => {
    const root = await signedCommerce(kind);
    const { server, logged } = await serve(root, { resolvePrincipal: ada, ...(signing !== undefined ? { signing } : {}) });
    const before = readFileSync(join(root, file), 'utf8');
    const res = await approve(server, { [kind]: id });
    expect([res.status, res.body['ok'], res.body.receipt, res.body['written']]).toEqual([422, false, undefined, []]);
    const wanted = code.startsWith('-') ? `certify/${kind}${code}` : code;
    const finding = res.body.diagnostics?.find((d) => d.code === wanted);
    expect(finding?.message, JSON.stringify(res.body)).toMatch(words);
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
    if (code === 'certify/signing-failed') expect(logged.some((l) => l.includes('host hook signing'))).toBe(true);
    expect(readFileSync(join(root, file), 'utf8')).toBe(before);
    expect(judged(root, kind)).toMatchObject({ effectiveStatus: 'draft', certified: false });
  });
});

describe('POST /api/block-studio/approve-semantic without a host, and its refusals', () => {
  it('names the body’s certifier; an unknown term is 404 SEMANTIC_NOT_FOUND; naming both or neither is 400', async () => {
    const root = await signedCommerce('term', false);
    const { server } = await serve(root, undefined);
    const res = await approve(server, { term: 'finance.revenue', certifiedBy: 'grace@acme.test' });
    expect([res.status, res.body.receipt?.['certifiedBy'], res.body.receipt?.['via'], res.body.receipt?.['signature']]).toEqual([
      200,
      'grace@acme.test',
      'block-studio',
      undefined,
    ]);
    const missing = await approve(server, { view: 'finance.nothing_here' });
    expect([missing.status, (missing.body['error'] as { code: string }).code]).toEqual([404, 'SEMANTIC_NOT_FOUND']);
    for (const body of [{ term: 'finance.revenue', view: 'finance.revenue_reporting' }, {}, { term: 'Finance Revenue' }]) {
      const bad = await approve(server, body);
      expect([bad.status, (bad.body['error'] as { code: string }).code]).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('with a host: someone without dataset.certify is refused (403) and nothing is written', async () => {
    const root = await signedCommerce('term');
    const before = readFileSync(join(root, TERMS_FILE), 'utf8');
    const authorize = (_p: unknown, action: string) => (action === 'dataset.certify' ? { allow: false, reason: 'Stewards certify.' } : { allow: true });
    const { server } = await serve(root, { resolvePrincipal: ada, authorize });
    const res = await approve(server, { term: 'finance.revenue' });
    expect([res.status, (res.body['error'] as { code: string; action: string }).action]).toEqual([403, 'dataset.certify']);
    expect(readFileSync(join(root, TERMS_FILE), 'utf8')).toBe(before);
  });

  it('svc certify --resign keeps a Block Studio receipt’s via, so the receipt it signs verifies', async () => {
    const root = await signedCommerce('term', false);
    const { server } = await serve(root, undefined);
    expect((await approve(server, { term: 'finance.revenue' })).status).toBe(200);
    setConfig(root, true);
    const resigned = await resignReceipts({ cwd: root });
    expect(resigned.resigned).toContain('term:finance.revenue');
    expect(judged(root, 'term')).toEqual({ effectiveStatus: 'certified', receipt: 'valid', certified: true });
    const term = (parse(readFileSync(join(root, TERMS_FILE), 'utf8')) as { terms: Array<Record<string, Record<string, unknown>>> }).terms[0];
    expect(term?.['certification']).toMatchObject({ via: 'block-studio', signedBy: LOCAL.keyId });
  });
});
