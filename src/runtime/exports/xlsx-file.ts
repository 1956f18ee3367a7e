/**
 * The Excel workbook of an export: one sheet, a header row of column names, then one row per
 * result row. Every cell is an inline string (`t="inlineStr"`) or a number; no cell is ever a
 * formula, a shared string or a style, so text such as `=1+1` is shown as those characters and
 * nothing in the file can compute. The parts are the few the format requires, zipped with fflate
 * (a small zip library without dependencies). Characters XML cannot carry are left out.
 */
import { strToU8, zipSync } from 'fflate';
import { cellOf } from './cell-text.js';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** Text as XML character data: markup escaped, characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The column letters of a 0-based index (A, B, ..., Z, AA, ...). */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function cellXml(value: unknown, ref: string): string {
  const cell = cellOf(value);
  if (cell.kind === 'number') return `<c r="${ref}"><v>${cell.value}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.value)}</t></is></c>`;
}

function rowXml(values: readonly unknown[], rowNumber: number): string {
  return `<row r="${rowNumber}">${values.map((v, i) => cellXml(v, `${columnName(i)}${rowNumber}`)).join('')}</row>`;
}

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, never empty. */
function sheetName(title: string | undefined): string {
  const name = (title ?? '')
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return name === '' ? 'Export' : name;
}

/** The bytes of the workbook. */
export function xlsxBytes(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>, title?: string): Uint8Array {
  const body = [
    rowXml(columns, 1),
    ...rows.map((row, i) =>
      rowXml(
        columns.map((c) => row[c]),
        i + 2,
      ),
    ),
  ].join('');
  const sheet = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>${body}</sheetData></worksheet>`;
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(workbook),
    'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  });
}
