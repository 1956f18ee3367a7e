/**
 * svc certify --from-draft as a library, on copies of the fixtures with real runs: refused
 * drafts and interrupted promotions leave every file as it was; a promoted draft compiles as
 * certified, with its contract resolved once the printed patch is applied.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { promoteDraft } from '../../../src/runtime/certify/promote-draft.js';
import { blockSource, cleanupProjects, copyFixture } from '../../helpers/project.js';
import { compiled, fixedNow, ORDERS_DRAFT, reviewDraft, snapshot, testOwner } from './helpers.js';

afterAll(cleanupProjects);

const common = { now: fixedNow, resolveOwner: testOwner, via: 'cli' as const };
const codes = (r: { diagnostics: Array<{ code: string }> }) => r.diagnostics.map((d) => d.code);

function reviewed(): string {
  const dir = copyFixture('commerce', { withData: true });
  reviewDraft(dir);
  return dir;
}

describe('promote a draft', () => {
  it('refuses the draft as captured (review-required description, no tests) and writes nothing', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const before = snapshot(dir);
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT });
    expect(r).toMatchObject({ ok: false, exitCode: 1, written: [], from: ORDERS_DRAFT });
    // No contract-unlisted warning: it points at a patch, which only a certified promotion prints.
    expect(codes(r)).toEqual(['certification/review-required-description', 'certification/tests-required']);
    expect(r.diagnostics[0]?.file).toBe(ORDERS_DRAFT);
    expect(snapshot(dir)).toEqual(before);
  });

  it('moves the reviewed draft, rewrites it on the syntax tree, moves the companion with the receipt', async () => {
    const dir = reviewed();
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT });
    expect(r).toMatchObject({
      ok: true,
      exitCode: 0,
      block: 'sales.orders_by_state',
      file: 'domains/sales/blocks/orders_by_state.svc',
      companion: 'semantic-layer/blocks/sales/orders_by_state.yaml',
    });
    expect(r.contract).toEqual({ binding: 'sales.Order.orders_by_state@1', from: 'suggested', status: 'unlisted' });
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: 'certify/contract-unlisted',
        severity: 'warning',
        file: 'svc-contract-manifest.json',
        data: { contract: 'sales.Order.orders_by_state@1', path: 'svc-contract-manifest.json' },
      }),
    ]);
    expect(r.written).toEqual([
      'domains/sales/blocks/orders_by_state.svc',
      'semantic-layer/blocks/sales/orders_by_state.yaml',
      ORDERS_DRAFT,
      'semantic-layer/blocks/sales/_drafts/orders_by_state.yaml',
    ]);
    expect(existsSync(join(dir, ORDERS_DRAFT))).toBe(false);
    const text = readFileSync(join(dir, r.file!), 'utf8');
    expect(text).toMatch(/status = "certified"/);
    expect(text).toMatch(/svc_contract = "sales.Order.orders_by_state@1"/);
    expect(text).toMatch(/\/\/ edited in review/);
    expect(text).not.toMatch(/_proposed|answer_fingerprint|asked_times|review-required/);
    const companion = parse(readFileSync(join(dir, r.companion!), 'utf8')) as Record<string, unknown>;
    expect(companion).toMatchObject({ reviewStatus: 'certified', certification: r.receipt });
    expect(companion['tags']).toBeUndefined();

    // Until the patch is applied the contract does not resolve; afterwards compile is clean.
    expect(compiled(dir).diagnostics.map((d) => d.code)).toContain('compile/contract-unresolved');
    const manifestPath = join(dir, 'svc-contract-manifest.json');
    const patched = applyPatch(readFileSync(manifestPath, 'utf8'), r.manifestPatch!);
    expect(patched).not.toBe(false);
    writeFileSync(manifestPath, patched as string);
    const { manifest, diagnostics } = compiled(dir);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const block = manifest.blocks['sales.orders_by_state'];
    expect(block).toMatchObject({ status: 'certified', inDrafts: false, contract: { status: 'resolved' }, sourceSha256: r.receipt?.sourceSha256 });
  });

  it('--domain, --owner and a listed --contract', async () => {
    const dir = reviewed();
    const r = await promoteDraft({
      ...common,
      cwd: dir,
      draft: ORDERS_DRAFT,
      domain: 'ops',
      blockOwner: 'ops@acme.test',
      contract: 'sales.Order.order_status_breakdown',
    });
    expect(r).toMatchObject({
      ok: true,
      block: 'ops.orders_by_state',
      file: 'domains/ops/blocks/orders_by_state.svc',
      contract: { binding: 'sales.Order.order_status_breakdown@1', status: 'listed' },
    });
    expect(r.manifestPatch).toBeUndefined();
    expect(r.changed).toEqual(expect.arrayContaining(['domain', 'owner', 'svc_contract']));
    const block = compiled(dir).manifest.blocks['ops.orders_by_state'];
    expect(block).toMatchObject({
      owner: 'ops@acme.test',
      status: 'certified',
      companion: { file: 'semantic-layer/blocks/ops/orders_by_state.yaml', reviewStatus: 'certified' },
    });
  });

  it.each([0, 1, 2, 3])('interrupted after step %i: every file is as it was', async (step) => {
    const dir = reviewed();
    const before = snapshot(dir);
    const r = await promoteDraft({
      ...common,
      cwd: dir,
      draft: ORDERS_DRAFT,
      hooks: {
        afterStep: (i) => {
          if (i === step) throw new Error('power cut');
        },
      },
    });
    expect(r).toMatchObject({ ok: false, exitCode: 1, written: [] });
    expect(codes(r)).toContain('certify/write-failed');
    expect(r.manifestPatch).toBeUndefined();
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, 'domains/sales/blocks/orders_by_state.svc'))).toBe(false);
  });

  it.each([
    ['an invalid --contract', { contract: 'orders by state' }, 2, 'certify/contract-invalid'],
    ['an invalid --domain', { domain: 'Sales Ops' }, 2, 'certify/invalid-domain'],
    ['a file that is not a draft', { draft: 'domains/finance/blocks/weekly_revenue.svc' }, 2, 'certify/not-a-draft'],
  ] as const)('refuses %s', async (_n, over, exitCode, code) => {
    const dir = reviewed();
    const before = snapshot(dir);
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT, ...over });
    expect(r).toMatchObject({ ok: false, exitCode });
    expect(codes(r)).toEqual([code]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('never overwrites an existing block file', async () => {
    const dir = reviewed();
    writeFileSync(join(dir, 'domains/sales/blocks/orders_by_state.svc'), '// placeholder\n');
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT });
    expect(codes(r)).toEqual(['certify/destination-exists']);
    expect(readFileSync(join(dir, 'domains/sales/blocks/orders_by_state.svc'), 'utf8')).toBe('// placeholder\n');
  });

  it('refuses a block id another file of the target domain already declares, and writes nothing', async () => {
    const dir = reviewed();
    const other = 'domains/finance/blocks/legacy_orders.svc';
    writeFileSync(join(dir, other), blockSource('orders_by_state', { domain: '"finance"' }));
    const before = snapshot(dir);
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT, domain: 'finance' });
    expect(r).toMatchObject({ ok: false, exitCode: 1 });
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'certify/duplicate-block', file: ORDERS_DRAFT, data: { block: 'finance.orders_by_state', other } }),
    ]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a draft file that declares two blocks (exit 2)', async () => {
    const dir = reviewed();
    const text = readFileSync(join(dir, ORDERS_DRAFT), 'utf8');
    writeFileSync(join(dir, ORDERS_DRAFT), `${text}\n${blockSource('second')}`);
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT });
    expect(r).toMatchObject({ ok: false, exitCode: 2 });
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: 'certify/ambiguous-file',
        file: ORDERS_DRAFT,
        data: { file: ORDERS_DRAFT, count: 2, blocks: 'sales.orders_by_state, sales.second' },
      }),
    ]);
  });

  it('warns that no contract is bound when the draft suggests none and none is given', async () => {
    const dir = reviewed();
    const text = readFileSync(join(dir, ORDERS_DRAFT), 'utf8');
    writeFileSync(join(dir, ORDERS_DRAFT), text.replace(/\n\s*contract_id = "[^"]*"/, ''));
    const r = await promoteDraft({ ...common, cwd: dir, draft: ORDERS_DRAFT });
    expect(r).toMatchObject({ ok: true, exitCode: 0, file: 'domains/sales/blocks/orders_by_state.svc' });
    expect(r.contract).toBeUndefined();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'certify/no-contract', severity: 'warning', data: { block: 'sales.orders_by_state' } })]);
    expect(readFileSync(join(dir, r.file!), 'utf8')).not.toMatch(/svc_contract/);
  });
});

describe('legacy layout', () => {
  it('promotes blocks/_drafts/<slug>.svc to blocks/<domain>/<slug>.svc; without a contract manifest the binding is set and said to be unchecked', async () => {
    const dir = copyFixture('legacy');
    // The legacy fixture reads the commerce warehouse through a relative path.
    writeFileSync(
      join(dir, 'svc.config.json'),
      JSON.stringify({
        project: 'legacy',
        connections: { default: { driver: 'sqlite', path: join(import.meta.dirname, '../../../fixtures/commerce/data/warehouse.db') } },
      }),
    );
    reviewDraft(dir, 'blocks/_drafts/refunds_by_state.svc', ['assert row_count > 0', 'assert refunds >= 1']);
    const r = await promoteDraft({ ...common, cwd: dir, draft: 'blocks/_drafts/refunds_by_state.svc' });
    expect(r).toMatchObject({
      ok: true,
      file: 'blocks/finance/refunds_by_state.svc',
      companion: 'semantic-layer/blocks/finance/refunds_by_state.yaml',
      contract: { binding: 'finance.Refund.refunds_by_state@1', status: 'unchecked' },
    });
    expect(codes(r)).toEqual(['certify/contract-unchecked']);
    expect(r.manifestPatch).toBeUndefined();
    const { manifest, diagnostics } = compiled(dir);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(manifest.blocks['finance.refunds_by_state']).toMatchObject({ status: 'certified', layout: 'legacy', sourceSha256: r.receipt?.sourceSha256 });
  });
});
