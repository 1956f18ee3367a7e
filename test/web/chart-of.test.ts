/** chartOf: the chart an answer gets from its block's visualization, or from its rows. */
import { describe, expect, it } from 'vitest';
import { chartOf } from '../../src/web/parts/result-chart.js';

const rows = [
  { category: 'Toys', revenue: 10, units: 3 },
  { category: 'Books', revenue: 7, units: 9 },
];
const weeks = [{ week_start: '2026-01-05', orders: 4 }];

describe('chartOf', () => {
  it.each([
    [
      'the block names a bar and its fields',
      ['category', 'revenue', 'units'],
      rows,
      { chart: 'bar', x: 'category', y: 'units' },
      { type: 'bar', x: 'category', y: 'units' },
    ],
    ['the block asks for a table', ['category', 'revenue', 'units'], rows, { chart: 'table' }, undefined],
    ['the block asks for a kpi', ['category', 'revenue', 'units'], rows, { chart: 'kpi' }, undefined],
    ['no visualization: text by first number', ['category', 'revenue', 'units'], rows, undefined, { type: 'bar', x: 'category', y: 'revenue' }],
    ['dates read as a line', ['week_start', 'orders'], weeks, undefined, { type: 'line', x: 'week_start', y: 'orders' }],
    [
      'a field the rows do not have is not used',
      ['category', 'revenue', 'units'],
      rows,
      { chart: 'bar', x: 'nope', y: 'revenue' },
      { type: 'bar', x: 'category', y: 'revenue' },
    ],
    ['no numbers: no chart', ['category'], [{ category: 'Toys' }], undefined, undefined],
    ['no rows: no chart', ['category', 'revenue'], [], undefined, undefined],
  ] as const)('%s', (_name, columns, data, vis, want) => {
    expect(chartOf([...columns], data as Array<Record<string, unknown>>, vis)).toEqual(want);
  });
});
