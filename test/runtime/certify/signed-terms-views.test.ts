/**
 * Signed term and view receipts, as a hostile contributor would test them. The commerce fixture
 * signs its receipts (finance-analytics may certify everything, a sales lead only sales) and
 * `svc certify --resign` signs its term and view receipts too. Then, per row, the term
 * finance.revenue (or the view finance.revenue_reporting) is left as signed (it certifies), or
 * its text is changed and the new hash pasted into the receipt by hand, or its receipt is signed
 * by a key not allowed for finance or not listed, or not signed at all. Each row is asked of the
 * compiler (receipt state and code), Ask's definition answer for the term, and `svc certify
 * --verify` as a real child process. `svc certify --term` signs a new receipt, and refuses to
 * write one whose signer may not certify the term.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { projectTermGate, projectViewGate } from '../../../src/ask/project-gate.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import { signText } from '../../../src/compiler/project/ed25519.js';
import { type ArtifactKind, artifactPayload } from '../../../src/compiler/project/receipt-signature.js';
import { TERMS_FILE, termSha256 } from '../../../src/compiler/project/terms.js';
import { VIEWS_FILE, viewSha256 } from '../../../src/compiler/project/views.js';
import type { CompiledTerm, CompiledView, Manifest } from '../../../src/compiler/types.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import { firstCertifiersText } from '../../../src/runtime/certify/certifier-file.js';
import { certifyTerm } from '../../../src/runtime/certify/certify-term.js';
import { localSigner } from '../../../src/runtime/certify/receipt-signer.js';
import { resignReceipts } from '../../../src/runtime/certify/resign-receipts.js';
import { initLocalKey, type LocalKey } from '../../../src/runtime/certify/signing-key.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects } from '../../helpers/project.js';
import { compiledAsk } from '../agent-runs/ask-helpers.js';
import { commerceProject } from '../helpers/warehouse.js';

const keyIn = (name: string): { dir: string; key: LocalKey } => {
  const dir = mkdtempSync(join(tmpdir(), `svc-key-${name}-`));
  return { dir, key: initLocalKey(dir).key };
};
const FINANCE = keyIn('finance');
const SALES = keyIn('sales');
const STRANGER = keyIn('stranger');

type Entry = Record<string, unknown> & { id: string; certification?: Record<string, unknown> };
const FILES: Record<ArtifactKind, { file: string; list: string; id: string }> = {
  term: { file: TERMS_FILE, list: 'terms', id: 'finance.revenue' },
  view: { file: VIEWS_FILE, list: 'views', id: 'finance.revenue_reporting' },
};

function editEntry(root: string, kind: ArtifactKind, edit: (e: Entry) => Entry): void {
  const { file, list, id } = FILES[kind];
  const doc = parse(readFileSync(join(root, file), 'utf8')) as Record<string, Entry[]>;
  doc[list] = (doc[list] ?? []).map((e) => (e.id === id ? edit(e) : e));
  writeFileSync(join(root, file), stringify(doc));
}

const signedBy = (kind: ArtifactKind, key: LocalKey) => (e: Entry) => {
  const { signature: _s, signedBy: _b, ...fields } = e.certification ?? {};
  return { ...e, certification: { ...fields, signedBy: key.keyId, signature: signText(key.privateKeyPem, artifactPayload(kind, e.id, fields)) } };
};

/** The text changed and the hash of the new text pasted into the receipt, as a forger would. */
const forged = (kind: ArtifactKind) => (e: Entry) => {
  const changed = kind === 'term' ? { ...e, definition: 'Every order, cancelled ones too.' } : { ...e, description: 'Everything, unreviewed.' };
  const sha =
    kind === 'term'
      ? termSha256({
          id: e.id,
          name: String(changed['name']),
          definition: String(changed['definition']),
          synonyms: (changed['synonyms'] as string[]) ?? [],
          owner: changed['owner'] as string,
          related: (changed['related'] as string[]) ?? [],
        })
      : viewSha256({
          id: e.id,
          name: String(changed['name']),
          description: String(changed['description']),
          synonyms: (changed['synonyms'] as string[]) ?? [],
          owner: changed['owner'] as string,
          blocks: (changed['blocks'] as string[]) ?? [],
          terms: (changed['terms'] as string[]) ?? [],
        });
  return { ...changed, certification: { ...e.certification, sourceSha256: sha } };
};

async function signedCommerce(): Promise<string> {
  const root = await commerceProject();
  const configPath = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as SvcConfig;
  writeFileSync(configPath, JSON.stringify({ ...config, certification: { rules: 'oss', signed: true } }, null, 2));
  const signers = [
    { id: 'finance-analytics@acme.test', key: FINANCE.key.publicKey, may: ['*'] },
    { id: 'sales-lead@acme.test', key: SALES.key.publicKey, may: ['sales'] },
  ];
  writeFileSync(join(root, 'svc-certifiers.json'), firstCertifiersText(signers));
  const resigned = await resignReceipts({ cwd: root, signer: localSigner(FINANCE.dir) });
  expect(resigned.resigned).toEqual(expect.arrayContaining(['term:finance.revenue', 'view:finance.revenue_reporting']));
  return root;
}

const ROWS = (['term', 'view'] as const).flatMap((kind) => [
  { kind, name: 'a correctly signed receipt certifies', edit: (_e: Entry) => _e, refused: undefined },
  { kind, name: 'forged: text changed, the hash recomputed by hand', edit: forged(kind), refused: 'bad-signature' },
  { kind, name: 'signed by a listed key not allowed for finance', edit: signedBy(kind, SALES.key), refused: 'signer-not-allowed' },
  { kind, name: 'signed by a key not on the list', edit: signedBy(kind, STRANGER.key), refused: 'unknown-signer' },
  {
    kind,
    name: 'not signed',
    edit: (e: Entry) => ({ ...e, certification: { ...e.certification, signature: undefined, signedBy: undefined } }),
    refused: 'unsigned',
  },
]);

afterAll(() => cleanupProjects());

describe.each(ROWS)('$kind: $name', (row) => {
  let root: string;
  let manifest: Manifest;

  beforeAll(async () => {
    root = await signedCommerce();
    editEntry(root, row.kind, (e) => JSON.parse(JSON.stringify(row.edit(e))) as Entry);
    manifest = JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest;
  }, 120_000);

  it('the compiler settles the receipt and says which way it fails', () => {
    const { id, file } = FILES[row.kind];
    const artifact = (row.kind === 'term' ? manifest.terms : manifest.views)?.[id];
    expect(artifact?.receipt).toBe(row.refused ?? 'valid');
    expect(artifact?.effectiveStatus).toBe(row.refused === undefined ? 'certified' : 'pending_recertification');
    const codes = manifest.diagnostics.filter((d) => d.file === file).map((d) => d.code);
    const code = row.kind === 'term' ? 'certify/term-receipt-signature' : 'certify/view-receipt-signature';
    if (row.refused !== undefined) expect(codes).toContain(code);
    else expect(codes.filter((c) => c.endsWith('-receipt-signature'))).toEqual([]);
  });

  it('the one answer gate lets it answer as certified only when the receipt holds', () => {
    const { id } = FILES[row.kind];
    const decision = row.kind === 'term' ? projectTermGate()(manifest.terms?.[id] as CompiledTerm) : projectViewGate()(manifest.views?.[id] as CompiledView);
    expect(decision.certified).toBe(row.refused === undefined);
    const rule = row.kind === 'term' ? 'gate/term-receipt-signed' : 'gate/view-receipt-signed';
    expect(decision.reason?.rule).toBe(row.refused === undefined ? undefined : rule);
  });

  // Ask reads terms (a definition answer); views have no answer of their own to ask.
  if (row.kind === 'term')
    it('Ask: the definition answers as certified only when the receipt holds', async () => {
      const { config, manifest: m, executor, router } = await compiledAsk(root);
      try {
        const now = () => new Date('2026-02-15T10:00:00Z');
        const run = await runAsk({ asker: undefined, root, manifest: m, executor, router, config, now }, { question: 'What counts as revenue?' });
        if (row.refused === undefined) expect(run).toMatchObject({ tier: 1, trust: 'certified', definition: { id: 'finance.revenue' } });
        else {
          expect(run.trust).not.toBe('certified');
          expect(run.refusal).toMatchObject({ code: 'TERM_NOT_CERTIFIED', reason: expect.stringContaining(`(${row.refused})`) });
        }
      } finally {
        await executor.close();
      }
    });

  it('svc certify --verify (a real child process) exits 1 naming it, 0 when it holds', () => {
    const r = svc(['certify', '--verify', '--format', 'json'], root);
    expect(r.code, r.stdout + r.stderr).toBe(row.refused === undefined ? 0 : 1);
    if (row.refused !== undefined) expect(r.stdout).toContain(`certify/${row.kind}-receipt-signature`);
  });
});

describe('svc certify --term in a project that signs', () => {
  it('signs the new receipt, which certifies; a signer not allowed for the term writes nothing', async () => {
    const root = await signedCommerce();
    editEntry(root, 'term', (e) => ({ ...e, certification: undefined, status: 'draft' }));
    const before = readFileSync(join(root, TERMS_FILE), 'utf8');
    const refused = await certifyTerm({ cwd: root, term: 'finance.revenue', signer: localSigner(SALES.dir) });
    expect([refused.ok, refused.diagnostics.map((d) => d.code)]).toEqual([false, ['certify/term-receipt-signature']]);
    expect(readFileSync(join(root, TERMS_FILE), 'utf8')).toBe(before);
    const done = await certifyTerm({ cwd: root, term: 'finance.revenue', signer: localSigner(FINANCE.dir) });
    expect(done.ok).toBe(true);
    expect(done.receipt).toMatchObject({ signedBy: FINANCE.key.keyId, signature: expect.stringMatching(/^ed25519:/) });
    const manifest = JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest;
    expect(manifest.terms?.['finance.revenue']).toMatchObject({ receipt: 'valid', effectiveStatus: 'certified' });
  }, 120_000);
});
