/**
 * The part of a query that decides which rows its result covers. A date bound inside a column's
 * own expression (`SUM(CASE WHEN connected_on > date(d, '-90 days') THEN 1 END)`, `COUNT(*)
 * FILTER (WHERE ...)`, `IIF(...)`, `IF(...)`) restricts that column, not the result: a block
 * listing every current integration with one "connected in the last 90 days" column is not fixed
 * to the last 90 days. Those spans are blanked (same length, so positions hold); the rest stays.
 */

/** Where the parenthesised group opening at `open` closes (or the end of the text). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Where the CASE expression starting at `from` ends, nested CASEs included. */
function caseEnd(text: string, from: number): number {
  const word = /\b(case|end)\b/gi;
  word.lastIndex = from;
  let depth = 0;
  for (let m = word.exec(text); m !== null; m = word.exec(text)) {
    depth += (m[1] ?? '').toLowerCase() === 'case' ? 1 : -1;
    if (depth === 0) return m.index + m[0].length;
  }
  return text.length;
}

const blank = (text: string, a: number, b: number): string => text.slice(0, a) + ' '.repeat(b - a) + text.slice(b);

/** The query with every column-only condition blanked out. */
export function rowScope(query: string): string {
  let text = query;
  for (let m = /\bcase\b/i.exec(text); m !== null; m = /\bcase\b/i.exec(text)) text = blank(text, m.index, caseEnd(text, m.index));
  for (let m = /\b(?:filter|iif|if)\s*\(/i.exec(text); m !== null; m = /\b(?:filter|iif|if)\s*\(/i.exec(text)) {
    const open = text.indexOf('(', m.index);
    text = blank(text, m.index, closing(text, open));
  }
  return text;
}

/** Date arithmetic relative to some day (`date(d, '-28 days')`, `INTERVAL`, `DATE_SUB`, `DATEADD`, `ADD_MONTHS`). */
export function hasRelativeDate(text: string): boolean {
  return /'[+-]\s*\d+\s+(?:day|week|month|year)s?'|\binterval\b|\bdate_(?:sub|add)\b|\bdateadd\b|\badd_months\b/i.test(text);
}
