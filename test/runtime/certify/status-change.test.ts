/**
 * A block whose status changes away from certified loses its receipt: by hand, svc compile
 * keeps reporting the orphaned receipt until it is removed; through changeStatus, the
 * receipt goes in the same change. A stale receipt (source edited) is flagged too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { changeStatus } from '../../../src/runtime/certify/change-status.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { compiled } from './helpers.js';

afterAll(cleanupProjects);

const BLOCK = 'domains/finance/blocks/weekly_revenue.svc';
const COMPANION = 'semantic-layer/blocks/finance/weekly_revenue.yaml';
const errorCodes = (dir: string) =>
  compiled(dir)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.code);

function edit(dir: string, rel: string, change: (text: string) => string): void {
  writeFileSync(join(dir, rel), change(readFileSync(join(dir, rel), 'utf8')));
}

describe('receipts after a status change', () => {
  it('by hand: compile reports the orphaned receipt until it is removed', () => {
    const dir = copyFixture('commerce');
    edit(dir, BLOCK, (t) => t.replace('status = "certified"', 'status = "review"'));
    edit(dir, COMPANION, (t) => t.replace('reviewStatus: certified', 'reviewStatus: review'));
    expect(errorCodes(dir)).toEqual(['compile/receipt-orphaned']);
    edit(dir, COMPANION, (t) => {
      const data = parse(t) as Record<string, unknown>;
      delete data['certification'];
      return stringify(data);
    });
    expect(errorCodes(dir)).toEqual([]);
  });

  it('through changeStatus: the receipt goes with the status, comments stay', () => {
    const dir = copyFixture('commerce');
    const r = changeStatus({ cwd: dir, target: 'finance.weekly_revenue', status: 'review' });
    expect(r).toMatchObject({ ok: true, written: [BLOCK, COMPANION] });
    expect(readFileSync(join(dir, BLOCK), 'utf8')).toContain('// Headline revenue trend');
    const companion = parse(readFileSync(join(dir, COMPANION), 'utf8')) as Record<string, unknown>;
    expect(companion['reviewStatus']).toBe('review');
    expect(companion['certification']).toBeUndefined();
    expect(errorCodes(dir)).toEqual([]);
    expect(changeStatus({ cwd: dir, target: 'finance.weekly_revenue', status: 'certified' }).ok).toBe(false);
  });

  it('an edited certified source makes its receipt stale', () => {
    const dir = copyFixture('commerce');
    edit(dir, BLOCK, (t) => t.replace('assert revenue >= 0', 'assert revenue > 0'));
    expect(errorCodes(dir)).toEqual(['certify/receipt-stale']);
  });
});
