/**
 * Business terms (semantic-layer/terms.yaml): compiled into the manifest with their receipt
 * state, reported per term, part of the compile's environment (an edit recompiles), and a
 * broken file never takes the blocks down.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { TERMS_FILE } from '../../src/compiler/project/terms.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

afterAll(cleanupProjects);

function compile(edit: (text: string) => string): { manifest: Manifest; codes: string[]; exitCode: number } {
  const dir = copyFixture('commerce');
  const path = join(dir, TERMS_FILE);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  const r = compileProject({ project: dir, cache: false });
  return { manifest: JSON.parse(r.text ?? '{}') as Manifest, codes: r.diagnostics.map((d) => d.code), exitCode: r.exitCode };
}

describe('terms in the manifest', () => {
  it('the fixture terms compile with their receipts proven', () => {
    const { manifest, codes } = compile((t) => t);
    expect(codes.filter((c) => c.startsWith('terms/') || c.startsWith('certify/'))).toEqual([]);
    expect(Object.keys(manifest.terms)).toEqual([
      'customers.active_customer',
      'customers.customer_segment',
      'finance.average_order_value',
      'finance.revenue',
      'sales.cancelled_order',
    ]);
    expect(manifest.terms['finance.revenue']).toMatchObject({
      name: 'revenue',
      status: 'certified',
      effectiveStatus: 'certified',
      receipt: 'valid',
      synonyms: ['sales', 'turnover', 'takings', 'top line'],
    });
    expect(manifest.terms['sales.cancelled_order']).toMatchObject({ status: 'draft', effectiveStatus: 'draft', receipt: 'none' });
  });

  it.each<[string, (t: string) => string, string, Record<string, string>]>([
    [
      'an edited definition makes the receipt stale',
      (t) => t.replace('before refunds;', 'after refunds;'),
      'certify/term-receipt-stale',
      { 'finance.revenue': 'pending_recertification' },
    ],
    [
      'a new synonym makes the receipt stale',
      (t) => t.replace('      - top line', '      - top line\n      - gmv'),
      'certify/term-receipt-stale',
      { 'finance.revenue': 'pending_recertification' },
    ],
    [
      'a term marked certified by hand has no receipt',
      (t) => t.replace(/(id: sales\.cancelled_order[\s\S]*?)status: draft/, '$1status: certified'),
      'certify/term-receipt-missing',
      { 'sales.cancelled_order': 'pending_recertification' },
    ],
    [
      'a receipt kept on a draft term is orphaned',
      (t) => t.replace(/(id: finance\.revenue[\s\S]*?)status: certified/, '$1status: draft'),
      'certify/term-receipt-orphaned',
      { 'finance.revenue': 'draft' },
    ],
    [
      'a related id that is no block',
      (t) => t.replace('      - customers.repeat_purchase_rate', '      - customers.no_such_block'),
      'terms/unknown-related',
      {},
    ],
    ['a duplicated term', (t) => `${t}  - id: finance.revenue\n    definition: again\n`, 'terms/duplicate', {}],
  ])('%s', (_name, edit, code, effective) => {
    const { manifest, codes } = compile(edit);
    expect(codes).toContain(code);
    for (const [id, state] of Object.entries(effective)) expect(manifest.terms[id]?.effectiveStatus).toBe(state);
  });

  it.each<[string, string]>([
    ['not YAML', 'terms: [unclosed'],
    ['a schema error', 'terms:\n  - id: Finance\n    definition: x\n'],
    ['a term without a definition', 'terms:\n  - id: finance.x\n'],
  ])('%s: the terms are reported at their pointer and the blocks still compile', (_name, text) => {
    const { manifest, codes, exitCode } = compile(() => text);
    expect(codes).toContain('terms/invalid');
    expect(manifest.terms).toEqual({});
    expect(Object.keys(manifest.blocks).length).toBeGreaterThan(20);
    expect(exitCode).toBe(1);
  });

  it('an edit of the terms file recompiles (it is part of the compile environment)', () => {
    const dir = copyFixture('commerce');
    compileProject({ project: dir });
    const path = join(dir, TERMS_FILE);
    writeFileSync(path, readFileSync(path, 'utf8').replace('before refunds;', 'after refunds;'));
    const again = compileProject({ project: dir });
    expect((JSON.parse(again.text ?? '{}') as Manifest).terms['finance.revenue']?.receipt).toBe('stale');
    expect(again.diagnostics.map((d) => d.code)).toContain('certify/term-receipt-stale');
  });
});
