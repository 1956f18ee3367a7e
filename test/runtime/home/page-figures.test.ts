/**
 * The single figures a page run lets travel (Home, digests, delivery) and the monitors that read
 * them: a KPI's declared value, a chart's last row (its y), a table's first row; only from a
 * Certified or Governed tile that ran and was not withheld; a monitor fires only on a figure
 * beyond its threshold.
 */
import { describe, expect, it } from 'vitest';
import type { TileRun } from '../../../src/runtime/apps/page-run.js';
import { isComplete, tileFigure } from '../../../src/runtime/home/page-figures.js';
import { checkMonitors } from '../../../src/runtime/schedules/monitors.js';

const tile = (over: Partial<TileRun>): TileRun => ({
  id: 't',
  kind: 'kpi',
  ok: true,
  trust: 'Certified',
  columns: ['orders', 'aov'],
  rows: [
    { orders: 3, aov: 41.5 },
    { orders: 7, aov: 12 },
  ],
  ...over,
});

const FIGURES: Array<[string, Partial<TileRun>, number | undefined]> = [
  ['a KPI reads its declared value', { visualization: { value: 'aov' } }, 41.5],
  ['a KPI without one reads its first number', {}, 3],
  ['a chart reads its last row', { kind: 'chart', visualization: { y: 'aov' } }, 12],
  ['a table reads its first row', { kind: 'table' }, 3],
  ['a governed tile travels', { trust: 'Governed' }, 3],
  ['a needs-review tile never does', { trust: 'Needs review' }, undefined],
  ['a blocked tile never does', { trust: 'Blocked' }, undefined],
  ['a withheld tile never does', { figuresWithheld: true, rows: [] }, undefined],
  ['a failed tile never does', { ok: false }, undefined],
  ['a text tile has none', { kind: 'text', rows: undefined, columns: undefined }, undefined],
  ['a row without a number has none', { rows: [{ orders: 'many', aov: null }] }, undefined],
];

describe('page figures', () => {
  it.each(FIGURES)('%s', (_name, over, value) => {
    expect(tileFigure(tile(over))?.value).toBe(value);
  });

  it('calls a run complete only when every data tile ran', () => {
    expect(isComplete({ tiles: [tile({}), tile({ kind: 'text', ok: undefined })] })).toBe(true);
    expect(isComplete({ tiles: [tile({}), tile({ ok: false })] })).toBe(false);
  });
});

const MONITORS: Array<[string, { above?: number; below?: number }, number | undefined, boolean]> = [
  ['above its ceiling', { above: 10 }, 11, true],
  ['at its ceiling', { above: 10 }, 10, false],
  ['below its floor', { below: 5 }, 4, true],
  ['inside both', { above: 10, below: 5 }, 7, false],
  ['with no figure to read', { above: 0 }, undefined, false],
];

describe('monitors', () => {
  it.each(MONITORS)('fire %s: %s', (_name, thresholds, value, fired) => {
    const figures = value === undefined ? [] : [{ tileId: 't', value, trust: 'Certified' }];
    expect(checkMonitors([{ id: 'm', tile: 't', ...thresholds }], figures)[0]?.fired).toBe(fired);
  });
});
