/**
 * Reading exported files back as a spreadsheet program would: an RFC 4180 CSV reader (quoted
 * fields, doubled quotes, CRLF records, line breaks inside quotes), and the cells of an Excel
 * workbook's first sheet read with the zip library that wrote it, each with its type and whether
 * it holds a formula.
 */
import { strFromU8, unzipSync } from 'fflate';

/** The records of a CSV text; throws on a quote where RFC 4180 allows none. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('an unterminated quoted field');
        value += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        value += '"';
        i += 1;
      }
    } else {
      const end = text.slice(i).search(/[,\r]/);
      value = end < 0 ? text.slice(i) : text.slice(i, i + end);
      if (value.includes('"')) throw new Error(`a bare quote in ${JSON.stringify(value)}`);
      i = end < 0 ? text.length : i + end;
    }
    record.push(value);
    if (text[i] === ',') i += 1;
    else if (text.startsWith('\r\n', i) || i >= text.length) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`a stray character at ${i}`);
  }
  return records;
}

export interface SheetCell {
  ref: string;
  /** The cell's `t` attribute (`inlineStr`, `s`, `str`, ...), or `n` when it has none (a number). */
  type: string;
  value: string;
  formula: boolean;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The parts of a workbook, and the cells of its first sheet. */
export function readXlsx(bytes: Uint8Array): { parts: string[]; cells: SheetCell[] } {
  const files = unzipSync(bytes);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  const cells = [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: t="([A-Za-z]+)")?>([\s\S]*?)<\/c>/g)].map((m) => {
    const inner = m[3] ?? '';
    const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '';
    return { ref: m[1] ?? '', type: m[2] ?? 'n', value: unescape(text), formula: /<f[\s>]/.test(inner) };
  });
  return { parts: Object.keys(files).sort(), cells };
}

/** The files a table's three download buttons give in the browser: each one's suggested name and bytes. */
export async function downloadsOf(table: import('playwright-core').Locator): Promise<Record<string, { name: string; bytes: Buffer }>> {
  const page = table.page();
  const out: Record<string, { name: string; bytes: Buffer }> = {};
  for (const label of ['Download CSV', 'Download JSON', 'Download Excel']) {
    const [file] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: label }).click()]);
    const path = await file.path();
    out[label] = { name: file.suggestedFilename(), bytes: (await import('node:fs')).readFileSync(path) };
  }
  return out;
}
