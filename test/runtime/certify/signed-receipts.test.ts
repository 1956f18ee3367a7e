/**
 * Signed certification, as a hostile contributor would test it. A project that signs receipts
 * (svc-certifiers.json: finance-analytics may certify every block, a sales lead only sales) has
 * its receipts signed by `svc certify --resign`. Then, per row: the block is left as signed (it
 * certifies), or its SQL is changed so a test fails and the new source hash pasted into the
 * receipt by hand, or its receipt is signed by a key not allowed for finance, by a key not listed,
 * or not signed at all. Every surface is asked about finance.weekly_revenue: Ask, the block-run
 * route, the App page run, `svc app check`, and `svc certify --verify` as a real child process.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import { signText } from '../../../src/compiler/project/ed25519.js';
import { receiptPayload } from '../../../src/compiler/project/receipt-signature.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { buildServer } from '../../../src/index.js';
import { createToolContext } from '../../../src/runtime/agent-tools/context.js';
import { runAppCheck } from '../../../src/runtime/certify/app-check.js';
import { firstCertifiersText } from '../../../src/runtime/certify/certifier-file.js';
import { localSigner } from '../../../src/runtime/certify/receipt-signer.js';
import { resignReceipts } from '../../../src/runtime/certify/resign-receipts.js';
import { initLocalKey, type LocalKey } from '../../../src/runtime/certify/signing-key.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects } from '../../helpers/project.js';
import { callTool } from '../agent-tools/helpers.js';
import { commerceProject } from '../helpers/warehouse.js';

const BLOCK = 'finance.weekly_revenue';
const FILE = 'domains/finance/blocks/weekly_revenue.svc';
const COMPANION = 'semantic-layer/blocks/finance/weekly_revenue.yaml';

const keyIn = (name: string): { dir: string; key: LocalKey } => {
  const dir = mkdtempSync(join(tmpdir(), `svc-key-${name}-`));
  return { dir, key: initLocalKey(dir).key };
};
const FINANCE = keyIn('finance');
const SALES = keyIn('sales');
const STRANGER = keyIn('stranger');

type Receipt = Record<string, unknown>;
const editReceipt = (root: string, edit: (r: Receipt) => Receipt): void => {
  const doc = parse(readFileSync(join(root, COMPANION), 'utf8')) as { certification: Receipt };
  doc.certification = edit(doc.certification);
  writeFileSync(join(root, COMPANION), stringify(doc));
};
const signedBy = (key: LocalKey) => (r: Receipt) => {
  const { signature: _s, signedBy: _b, ...fields } = r;
  return { ...fields, signedBy: key.keyId, signature: signText(key.privateKeyPem, receiptPayload(BLOCK, fields)) };
};

interface Row {
  name: string;
  edit(root: string): void;
  /** undefined: it certifies; else the receipt state and its code. */
  refused?: { receipt: string; code: string };
}

const ROWS: Row[] = [
  { name: 'a correctly signed receipt certifies', edit() {} },
  {
    name: 'forged: SQL changed so a test fails, the source hash recomputed by hand',
    edit(root) {
      const path = join(root, FILE);
      writeFileSync(path, readFileSync(path, 'utf8').replace('ROUND(SUM(o.amount), 2) AS revenue', 'ROUND(-SUM(o.amount), 2) AS revenue'));
      const forged = (JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest).blocks[BLOCK]?.sourceSha256;
      editReceipt(root, (r) => ({ ...r, sourceSha256: forged }));
    },
    refused: { receipt: 'bad-signature', code: 'certify/receipt-bad-signature' },
  },
  {
    name: "signed by a listed key not allowed for the block's domain",
    edit: (root) => editReceipt(root, signedBy(SALES.key)),
    refused: { receipt: 'signer-not-allowed', code: 'certify/receipt-signer-not-allowed' },
  },
  {
    name: 'signed by a key not on the certifier list',
    edit: (root) => editReceipt(root, signedBy(STRANGER.key)),
    refused: { receipt: 'unknown-signer', code: 'certify/receipt-unknown-signer' },
  },
  {
    name: 'not signed',
    edit: (root) => editReceipt(root, ({ signature: _s, signedBy: _b, ...rest }) => rest),
    refused: { receipt: 'unsigned', code: 'certify/receipt-unsigned' },
  },
];

/** The commerce fixture signing its receipts: finance-analytics may certify all, the sales lead only sales. */
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
  expect(resigned.resigned).toContain(BLOCK);
  return root;
}

/** An App with one page whose one tile reads the block at its current revision. */
function writeApp(root: string, revision: string | undefined): void {
  mkdirSync(join(root, 'apps/audit/dashboards'), { recursive: true });
  const pages = [{ id: 'main', title: 'Main', dashboard: 'dashboards/main.svcd' }];
  writeFileSync(join(root, 'apps/audit/svc.app.json'), JSON.stringify({ id: 'audit', title: 'Audit', owner: 'a@acme.test', lifecycle: 'draft', pages }));
  const tile = { id: 't', title: 'T', kind: 'table', source: { kind: 'block', id: BLOCK, revision } };
  writeFileSync(join(root, 'apps/audit/dashboards/main.svcd'), JSON.stringify({ id: 'main', title: 'Main', tiles: [tile], filters: [] }));
}

describe.each(ROWS)('$name', (row) => {
  let root: string;
  let manifest: Manifest;
  let executor: Executor;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await signedCommerce();
    row.edit(root);
    writeApp(root, (JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest).blocks[BLOCK]?.sourceSha256);
    const compiled = compileProject({ project: root });
    const config = compiled.config as SvcConfig;
    manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
    executor = createExecutor({ root, config });
    app = buildServer({ root, manifest, executor, config, log: () => undefined });
  });

  afterAll(async () => {
    await app.close();
    await executor.close();
  });

  it('the compiler settles the receipt and says which way it fails', () => {
    const block = manifest.blocks[BLOCK];
    expect(block?.receipt).toBe(row.refused?.receipt ?? 'valid');
    expect(block?.effectiveStatus).toBe(row.refused === undefined ? 'certified' : 'pending_recertification');
    const codes = manifest.diagnostics.filter((d) => d.file === FILE).map((d) => d.code);
    if (row.refused !== undefined) expect(codes).toContain(row.refused.code);
  });

  it('Ask by name', async () => {
    const r = (await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'run weekly_revenue', saveDraft: false } })).json();
    if (row.refused === undefined) expect(r).toMatchObject({ tier: 1, trust: 'certified', block: BLOCK });
    else {
      expect(r.refusal).toMatchObject({ code: 'BLOCK_PENDING_RECERTIFICATION' });
      expect(r.trust).not.toBe('certified');
      expect(JSON.stringify(r.refusal)).toContain(row.refused.code);
    }
  });

  it('the Blocks list (GET /api/blocks): no unsigned warning, and the same trust', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/blocks' })).json();
    expect(list.certification).toEqual({ signed: true });
    const listed = list.blocks.find((b: { id: string }) => b.id === BLOCK);
    expect([listed.trust.servable, listed.receipt, listed.effectiveStatus]).toEqual(
      row.refused === undefined ? [true, 'valid', 'certified'] : [false, row.refused.receipt, 'pending_recertification'],
    );
  });

  it('POST /api/blocks/:id/run', async () => {
    const r = await app.inject({ method: 'POST', url: `/api/blocks/${BLOCK}/run`, payload: {} });
    if (row.refused === undefined) expect([r.statusCode, r.json().trust]).toEqual([200, 'certified']);
    else {
      expect([r.statusCode, r.json().error.code, r.json().error.gate.code]).toEqual([409, 'BLOCK_NOT_CERTIFIED', 'BLOCK_PENDING_RECERTIFICATION']);
      // The reason names which way the receipt fails, by its code.
      expect(r.json().error.message).toContain(row.refused.code);
    }
  });

  it('the App page run', async () => {
    const r = (await app.inject({ method: 'POST', url: '/api/apps/audit/pages/main/run', payload: {} })).json();
    expect(r.trust.label).toBe(row.refused === undefined ? 'Certified' : 'Blocked');
    expect(r.trust.allCertifiedVerified).toBe(row.refused === undefined);
  });

  it('svc app check (in process, and as a real child process)', async () => {
    const outcome = await runAppCheck({ cwd: root, app: 'audit' });
    expect(outcome.result?.tiles.find((t) => t.tile === 't')?.trust).toBe(row.refused === undefined ? 'Certified' : 'Blocked');
    const cli = JSON.parse(svc(['app', 'check', 'audit', '--format', 'json'], root).stdout) as { tiles: Array<{ tile: string; trust: string }> };
    expect(cli.tiles.find((t) => t.tile === 't')?.trust).toBe(row.refused === undefined ? 'Certified' : 'Blocked');
  });

  it('the agent tool query_via_block', async () => {
    const ctx = createToolContext({ root, config: compileProject({ project: root }).config as SvcConfig, manifest, executor, log: () => undefined });
    const r = await callTool(ctx, 'query_via_block', { block: BLOCK });
    expect([r.isError === true, r.body['trust'] === 'certified']).toEqual(row.refused === undefined ? [false, true] : [true, false]);
  });

  it('svc certify --verify (a real child process)', () => {
    const r = svc(['certify', '--verify', '--format', 'json'], root);
    const out = JSON.parse(r.stdout) as {
      exitCode: number;
      blocks: Array<{ block: string; receipt: string }>;
      diagnostics: Array<{ code: string; data?: { block?: string } }>;
    };
    expect(out.blocks.find((b) => b.block === BLOCK)?.receipt).toBe(row.refused?.receipt ?? 'valid');
    if (row.refused === undefined) {
      expect([r.code, out.diagnostics]).toEqual([0, []]);
      return;
    }
    expect(r.code).toBe(1);
    expect(out.diagnostics.map((d) => [d.code, d.data?.block])).toEqual([[row.refused.code, BLOCK]]);
    const text = svc(['certify', '--verify'], root);
    expect([text.code, text.stdout]).toEqual([1, expect.stringContaining(`FAIL ${BLOCK}: receipt ${row.refused.receipt}`)]);
  });
});

afterAll(cleanupProjects);
