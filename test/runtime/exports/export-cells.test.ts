/**
 * The export writers on values the warehouse may give: every kind of value reads the same in CSV
 * and Excel, formula-like text (in a cell or a column name) is text in both, markup and
 * characters XML cannot hold never break the workbook, columns past Z are named as Excel names
 * them, and a title becomes a safe file name and sheet name.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cellOf, formulaSafe } from '../../../src/runtime/exports/cell-text.js';
import { csvText } from '../../../src/runtime/exports/csv-file.js';
import { exportFilename } from '../../../src/runtime/exports/export-file.js';
import { columnName, xlsxBytes } from '../../../src/runtime/exports/xlsx-file.js';
import { readCsv, readXlsx } from '../../helpers/export-files.js';

describe('cells', () => {
  it.each([
    [12, { kind: 'number', value: 12 }],
    [-0.5, { kind: 'number', value: -0.5 }],
    [Number.NaN, { kind: 'text', value: 'NaN' }],
    [null, { kind: 'text', value: '' }],
    [12n, { kind: 'text', value: '12' }],
    [true, { kind: 'text', value: 'true' }],
    [new Uint8Array([1, 2, 3]), { kind: 'text', value: 'AQID' }],
    [{ a: 1n }, { kind: 'text', value: '{"a":"1"}' }],
  ])('%o reads as %o', (value, cell) => {
    expect(cellOf(value)).toEqual(cell);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@A1', "'@A1"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('formula-safe %j -> %j', (text, safe) => {
    expect(formulaSafe(text)).toBe(safe);
  });
});

describe('CSV and Excel agree', () => {
  const columns = ['=cmd', 'text', 'n'];
  const rows = [
    { '=cmd': '<b>&"x"</b>', text: 'bell\u0007 here', n: 3 },
    { '=cmd': null, text: '-2', n: -2 },
  ];

  it('CSV: header and cells formula-safe, quoted where RFC 4180 needs it', () => {
    expect(readCsv(csvText(columns, rows))).toEqual([
      ["'=cmd", 'text', 'n'],
      ['<b>&"x"</b>', 'bell\u0007 here', '3'],
      ['', "'-2", '-2'],
    ]);
  });

  it('Excel: markup escaped, characters XML cannot hold left out, no formula anywhere', () => {
    const bytes = xlsxBytes(columns, rows, 'a/b:c*d?[e]');
    const { cells } = readXlsx(bytes);
    expect(cells.map((c) => [c.ref, c.type, c.value])).toEqual([
      ['A1', 'inlineStr', '=cmd'],
      ['B1', 'inlineStr', 'text'],
      ['C1', 'inlineStr', 'n'],
      ['A2', 'inlineStr', '<b>&"x"</b>'],
      ['B2', 'inlineStr', 'bell here'],
      ['C2', 'n', '3'],
      ['A3', 'inlineStr', ''],
      ['B3', 'inlineStr', '-2'],
      ['C3', 'n', '-2'],
    ]);
    expect(cells.some((c) => c.formula)).toBe(false);
    expect(strFromU8(unzipSync(bytes)['xl/workbook.xml'] ?? new Uint8Array())).toContain('<sheet name="a b c d  e" sheetId="1" r:id="rId1"/>');
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });

  it.each([
    ['Top states by revenue', 'csv', 'Top-states-by-revenue.csv'],
    ['../../etc/passwd', 'json', 'etc-passwd.json'],
    ['"quoted"; name', 'xlsx', 'quoted-name.xlsx'],
    ['', 'csv', 'export.csv'],
    [undefined, 'csv', 'export.csv'],
  ] as const)('title %j names the file %s', (title, format, name) => {
    expect(exportFilename(title, format)).toBe(name);
  });
});
