/**
 * Business views (semantic-layer/views.yaml): compiled into the manifest with their receipt
 * state, each finding reported at the line and column of the value to fix, part of the
 * compile's environment (an edit recompiles), and a broken file never takes the blocks down.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { loadViews, VIEWS_FILE, viewSha256 } from '../../src/compiler/project/views.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

afterAll(cleanupProjects);

interface Compiled {
  manifest: Manifest;
  diagnostics: Diagnostic[];
  exitCode: number;
}

function compile(edit: (text: string) => string): Compiled {
  const dir = copyFixture('commerce');
  const path = join(dir, VIEWS_FILE);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  const r = compileProject({ project: dir, cache: false });
  return { manifest: JSON.parse(r.text ?? '{}') as Manifest, diagnostics: r.diagnostics, exitCode: r.exitCode };
}

/** `code@line:column` of the views file's findings, as `svc compile` prints them. */
const placed = (c: Compiled): string[] =>
  c.diagnostics.filter((d) => d.file === VIEWS_FILE).map((d) => `${d.code}@${d.span === undefined ? '?' : `${d.span.start.line}:${d.span.start.column}`}`);

/** `line:column` (1-based) of `needle` in `text` (its last occurrence with `last`), `skip` characters into it. */
function placeOf(text: string, needle: string, skip = 0, last = false): string {
  const offset = (last ? text.lastIndexOf(needle) : text.indexOf(needle)) + skip;
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1) ?? '').length + 1}`;
}

const FIXTURE = readFileSync(join(copyFixture('commerce'), VIEWS_FILE), 'utf8');

describe('views in the manifest', () => {
  it('the fixture views compile, one certified with its receipt proven, one draft', () => {
    const c = compile((t) => t);
    expect(placed(c)).toEqual([]);
    expect(Object.keys(c.manifest.views)).toEqual(['customers.customer_health', 'finance.revenue_reporting']);
    expect(c.manifest.views['finance.revenue_reporting']).toMatchObject({
      name: 'revenue reporting',
      domain: 'finance',
      status: 'certified',
      effectiveStatus: 'certified',
      receipt: 'valid',
      synonyms: ['finance reporting', 'revenue pack'],
      terms: ['finance.revenue', 'finance.average_order_value'],
    });
    expect(c.manifest.views['finance.revenue_reporting']?.blocks).toContain('finance.weekly_revenue');
    expect(c.manifest.views['customers.customer_health']).toMatchObject({ status: 'draft', effectiveStatus: 'draft', receipt: 'none' });
  });

  it('the receipt is of the content, not of its layout: comments and key order do not change it', () => {
    const dir = copyFixture('commerce');
    const path = join(dir, VIEWS_FILE);
    const moved = readFileSync(path, 'utf8')
      .replace('# Business views', '# Views, reordered:\n# Business views')
      .replace(/( {4}owner: finance-analytics@acme\.test\n)([\s\S]*?)( {4}blocks:)/, '$2$1$3');
    writeFileSync(path, moved);
    const view = loadViews(dir).views.find((v) => v.id === 'finance.revenue_reporting');
    expect(view?.receipt).toBe('valid');
    expect(view?.sourceSha256).toBe(viewSha256(view!));
  });

  type Where = [needle: string, skip?: number, last?: boolean];
  it.each<[string, (t: string) => string, string, Where, Record<string, string>]>([
    [
      'an edited description makes the receipt stale',
      (t) => t.replace('every week and month', 'every week'),
      'certify/view-receipt-stale',
      ['certifiedBy:'],
      { 'finance.revenue_reporting': 'pending_recertification' },
    ],
    [
      'a block added makes the receipt stale',
      (t) => t.replace('      - finance.refund_rate_monthly', '      - finance.refund_rate_monthly\n      - sales.daily_orders'),
      'certify/view-receipt-stale',
      ['certifiedBy:'],
      { 'finance.revenue_reporting': 'pending_recertification' },
    ],
    [
      'a view marked certified by hand has no receipt',
      (t) => t.replace(/(id: customers\.customer_health[\s\S]*?)status: draft/, '$1status: certified'),
      'certify/view-receipt-missing',
      ['status: certified', 'status: '.length, true],
      { 'customers.customer_health': 'pending_recertification' },
    ],
    [
      'a receipt kept on a draft view is orphaned',
      (t) => t.replace(/(id: finance\.revenue_reporting[\s\S]*?)status: certified/, '$1status: draft'),
      'certify/view-receipt-orphaned',
      ['certifiedBy:'],
      { 'finance.revenue_reporting': 'draft' },
    ],
    [
      'a block id that is no block',
      (t) => t.replace('      - customers.churn_risk', '      - customers.no_such_block'),
      'views/unknown-block',
      ['customers.no_such_block'],
      {},
    ],
    [
      'a term id that is no term',
      (t) => t.replace('      - customers.customer_segment', '      - customers.no_such_term'),
      'views/unknown-term',
      ['customers.no_such_term'],
      {},
    ],
    [
      'a duplicated view',
      (t) => `${t}  - id: finance.revenue_reporting\n    description: again\n    blocks: [finance.weekly_revenue]\n`,
      'views/duplicate',
      ['id: finance.revenue_reporting', 'id: '.length, true],
      {},
    ],
  ])('%s: reported at its line and column', (_name, edit, code, [needle, skip, last], effective) => {
    const c = compile(edit);
    expect(placed(c)).toContain(`${code}@${placeOf(edit(FIXTURE), needle, skip, last)}`);
    for (const [id, state] of Object.entries(effective)) expect(c.manifest.views[id]?.effectiveStatus).toBe(state);
  });

  it.each<[string, string, string]>([
    ['not YAML', 'views: [unclosed', 'views/invalid@1:17'],
    ['a schema error, at its value', 'views:\n  - id: Finance\n    description: x\n    blocks: [finance.weekly_revenue]\n', 'views/invalid@2:9'],
    ['a view without blocks, at the view', 'views:\n  - id: finance.x\n    description: x\n', 'views/invalid@2:5'],
    ['an unknown status', 'views:\n  - id: finance.x\n    description: x\n    blocks: [finance.weekly_revenue]\n    status: review\n', 'views/invalid@5:13'],
  ])('%s: the views are reported at their place and the blocks still compile', (_name, text, at) => {
    const c = compile(() => text);
    expect(placed(c)).toContain(at);
    expect(c.manifest.views).toEqual({});
    expect(Object.keys(c.manifest.blocks).length).toBeGreaterThan(20);
    expect(c.exitCode).toBe(1);
  });

  it('a project without views.yaml has no views and no findings about them', () => {
    const dir = copyFixture('commerce');
    rmSync(join(dir, VIEWS_FILE));
    expect(loadViews(dir)).toMatchObject({ views: [], diagnostics: [] });
    const c = compileProject({ project: dir, cache: false });
    expect((JSON.parse(c.text ?? '{}') as Manifest).views).toEqual({});
  });

  it('an edit of the views file recompiles (it is part of the compile environment)', () => {
    const dir = copyFixture('commerce');
    compileProject({ project: dir });
    const path = join(dir, VIEWS_FILE);
    writeFileSync(path, readFileSync(path, 'utf8').replace('every week and month', 'every week'));
    const again = compileProject({ project: dir });
    expect((JSON.parse(again.text ?? '{}') as Manifest).views['finance.revenue_reporting']?.receipt).toBe('stale');
    expect(again.diagnostics.map((d) => d.code)).toContain('certify/view-receipt-stale');
  });
});
