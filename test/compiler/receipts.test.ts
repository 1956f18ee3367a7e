/**
 * A receipt proves certification: a block declared certified counts as certified only when its
 * companion holds a receipt for its current source. Each case edits a copy of the commerce
 * fixture and asserts the block's receipt state, its effective status, the finding (code, place,
 * data) and that the rest of the project still compiles into a manifest.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

afterAll(cleanupProjects);

const WEEKLY = 'domains/finance/blocks/weekly_revenue.svc';
const WEEKLY_YAML = 'semantic-layer/blocks/finance/weekly_revenue.yaml';
const DRAFT = 'domains/sales/blocks/_drafts/orders_by_state.svc';

type Edit = (dir: string) => void;

function change(rel: string, fn: (text: string) => string): Edit {
  return (dir) => writeFileSync(join(dir, rel), fn(readFileSync(join(dir, rel), 'utf8')));
}

function write(rel: string, text: string): Edit {
  return (dir) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
}

/** The forged block of the issue: a draft copied out of _drafts and marked certified, nothing else. */
const forged: Edit = (dir) => {
  const text = readFileSync(join(dir, DRAFT), 'utf8').replace('status = "draft"', 'status = "certified"');
  write('domains/sales/blocks/orders_by_state.svc', text)(dir);
  rmSync(join(dir, DRAFT));
};

interface Case {
  name: string;
  edits: Edit[];
  block: string;
  receipt: string;
  effective: string;
  /** The finding on the block, or none. */
  finding?: { code: string; file: string; line: number; data: Record<string, unknown> };
}

const CASES: Case[] = [
  { name: 'a certified block with its receipt', edits: [], block: 'finance.weekly_revenue', receipt: 'valid', effective: 'certified' },
  {
    name: 'forged: a copied draft marked certified, no companion',
    edits: [forged],
    block: 'sales.orders_by_state',
    receipt: 'missing',
    effective: 'pending_recertification',
    finding: {
      code: 'certify/receipt-missing',
      file: 'domains/sales/blocks/orders_by_state.svc',
      // The copied draft opens with its format line; the declaration is the second line.
      line: 2,
      data: { block: 'sales.orders_by_state', file: 'domains/sales/blocks/orders_by_state.svc', companion: 'semantic-layer/blocks/sales/orders_by_state.yaml' },
    },
  },
  {
    name: 'a companion without a certification key',
    edits: [change(WEEKLY_YAML, (t) => t.slice(0, t.indexOf('certification:')))],
    block: 'finance.weekly_revenue',
    receipt: 'missing',
    effective: 'pending_recertification',
    finding: { code: 'certify/receipt-missing', file: WEEKLY, line: 4, data: { block: 'finance.weekly_revenue' } },
  },
  {
    name: 'an edited description makes the receipt stale',
    edits: [change(WEEKLY, (t) => t.replace('Net revenue per ISO week', 'Revenue per ISO week'))],
    block: 'finance.weekly_revenue',
    receipt: 'stale',
    effective: 'pending_recertification',
    finding: { code: 'certify/receipt-stale', file: WEEKLY, line: 4, data: { block: 'finance.weekly_revenue', file: WEEKLY } },
  },
  {
    name: 'a receipt copied from another block is stale',
    edits: [change(WEEKLY_YAML, (t) => t.replace(/sourceSha256: \S+/, `sourceSha256: sha256:${'0'.repeat(64)}`))],
    block: 'finance.weekly_revenue',
    receipt: 'stale',
    effective: 'pending_recertification',
    finding: { code: 'certify/receipt-stale', file: WEEKLY, line: 4, data: { receipt: `sha256:${'0'.repeat(64)}` } },
  },
  {
    name: 'comments and layout do not decertify',
    edits: [change(WEEKLY, (t) => `// a new comment\n${t.replace('  domain = "finance"', '  domain   =   "finance"   // same value')}`)],
    block: 'finance.weekly_revenue',
    receipt: 'valid',
    effective: 'certified',
  },
  { name: 'a draft has no receipt and needs none', edits: [], block: 'sales.orders_by_state', receipt: 'none', effective: 'draft' },
  { name: 'a deprecated block keeps its declared status', edits: [], block: 'finance.net_revenue_2024', receipt: 'none', effective: 'deprecated' },
];

function compile(edits: Edit[]): { manifest: Manifest; codes: string[]; r: ReturnType<typeof compileProject> } {
  const dir = copyFixture('commerce');
  for (const e of edits) e(dir);
  const r = compileProject({ project: dir, cache: false });
  return { manifest: JSON.parse(r.text ?? '{}') as Manifest, codes: r.diagnostics.map((d) => d.code), r };
}

describe('a receipt proves certification', () => {
  it.each(CASES)('$name', (c) => {
    const { manifest, r } = compile(c.edits);
    const block = manifest.blocks[c.block];
    expect(block, c.block).toBeDefined();
    expect(block?.receipt).toBe(c.receipt);
    expect(block?.effectiveStatus).toBe(c.effective);
    const receiptFindings = r.diagnostics.filter((d) => d.code.startsWith('certify/receipt-'));
    if (c.finding === undefined) {
      expect(receiptFindings).toEqual([]);
      return;
    }
    expect(receiptFindings).toHaveLength(1);
    const f = receiptFindings[0];
    expect(f).toMatchObject({ code: c.finding.code, severity: 'error', file: c.finding.file, data: c.finding.data });
    expect(f?.span?.start.line).toBe(c.finding.line);
    expect(f?.hint).toContain(`svc certify ${c.finding.file}`);
  });

  it('one stale block does not take the project down: the manifest is written with every other block certified', () => {
    const { manifest, r } = compile([change(WEEKLY, (t) => t.replace('Net revenue per ISO week', 'Revenue per ISO week'))]);
    expect(r.exitCode).toBe(1);
    expect(r.wrote).toBe(true);
    const certified = Object.values(manifest.blocks)
      .filter((b) => b.effectiveStatus === 'certified')
      .map((b) => b.id);
    expect(certified).toContain('finance.monthly_revenue');
    expect(certified).not.toContain('finance.weekly_revenue');
    expect(manifest.blocks['finance.weekly_revenue']?.status).toBe('certified');
  });

  it('the fixture projects prove every certified block', () => {
    for (const name of ['commerce', 'legacy']) {
      const r = compileProject({ project: copyFixture(name), cache: false });
      const blocks = Object.values((JSON.parse(r.text ?? '{}') as Manifest).blocks);
      expect(
        blocks.filter((b) => b.status === 'certified' && b.effectiveStatus !== 'certified').map((b) => b.id),
        name,
      ).toEqual([]);
    }
  });
});
