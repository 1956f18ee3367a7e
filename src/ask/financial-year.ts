/**
 * When the organisation's financial year starts, as its owners declared it: "finance reports on
 * the calendar year (FY26 = January to December 2026)", "fiscal 2024 (April 2024 to March 2025)",
 * "financial_year, April to March", "our fiscal year begins in July". Read from every text the
 * owners wrote (block and column descriptions, terms, views); owners who disagree declare no year,
 * and a project that says nothing has none, so "FY26" or "H1" binds no financial year there.
 *
 * `endYearNamed`: a year labelled 26 or 2026 is the one ending in 2026 (the usual reading, and the
 * reading wherever a label is declared so); false where the owners' own example names the year by
 * its start ("fiscal 2024 (April 2024 to March 2025)").
 */
import type { Manifest } from '../compiler/types.js';
import { MONTH_NAME, monthNumber } from './vocabulary.js';

export interface FinancialYear {
  /** Month the year starts in, 1-12 (1: the calendar year). */
  startMonth: number;
  /** A label names the year its last month falls in (FY26 = April 2025 to March 2026). */
  endYearNamed: boolean;
  /**
   * Declared where current figures are described (not only in a deprecated block's history): the
   * organisation speaks in its financial year, so a bare "H1", "Q2" or "YTD" is of that year.
   */
  current: boolean;
}

const MONTH = `(${MONTH_NAME})`;
const YEAR_WORDS = '(?:fiscal|financial)\\s+years?';
const TO = '\\s*(?:to|through|until|-|\\u2013)\\s*';
/** "FY26 = January to December 2026", "fiscal 2024 (April 2024 to March 2025)". */
const LABELLED = new RegExp(
  `\\b(?:fiscal|financial\\s+year|fy)\\s*'?(\\d{4}|\\d{2})\\b\\s*(?:[(=:]|is|means|runs)?\\s*(?:from\\s+)?(?:\\d{1,2}\\s+)?${MONTH}(?:\\s+(\\d{4}))?${TO}(?:\\d{1,2}\\s+)?${MONTH}\\s+(\\d{4})`,
  'gi',
);
/** "2025/26", "FY25/26", "financial year 2024-25": a year across two calendar years, its two years captured as written. */
export const SPLIT_YEAR = "(?:(?:fy|financial\\s+year|fiscal(?:\\s+year)?)\\s*'?)?((?:19|20)?\\d{2})\\s*[/\\u2013-]\\s*(\\d{2}|(?:19|20)\\d{2})";
/** "FY26/27 = April 2026 to March 2027", "2026/27 (April 2026 to March 2027)": a year named by both its calendar years. */
const SPLIT_LABELLED = new RegExp(
  `\\b${SPLIT_YEAR}\\s*(?:[(=:]|is|means|runs)\\s*(?:from\\s+)?(?:\\d{1,2}\\s+)?${MONTH}\\s+(\\d{4})${TO}(?:\\d{1,2}\\s+)?${MONTH}\\s+(\\d{4})`,
  'gi',
);
/** A day after its month, as written month first ("October 1", "September 30th,"). */
const DAY_AFTER = '(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?,?';
/** "financial year April to March", "financial_year, April to March", "fiscal year runs October 1 to September 30". */
const SPAN = new RegExp(`\\b${YEAR_WORDS}\\b[^.()]{0,40}?[(,;]?\\s*(?:from\\s+)?${MONTH}${DAY_AFTER}${TO}${MONTH}\\b`, 'gi');
/** "our fiscal year begins in July", "the financial year starts on 1 April". */
const STARTS = new RegExp(
  `\\b${YEAR_WORDS}\\s+(?:starts?|begins?|starting|beginning|runs?\\s+from|commences?)\\s+(?:on\\s+|in\\s+)?(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?)?${MONTH}`,
  'gi',
);
/** "FY27 = 10/01/2026 to 09/30/2027", "FY26 is 01/07/2025 - 30/06/2026": a labelled year in days written in numbers. */
const LABELLED_DAYS = new RegExp(
  `\\b(?:fiscal|financial\\s+year|fy)\\s*'?(\\d{4}|\\d{2})\\b\\s*(?:[(=:]|is|means|runs)?\\s*(?:from\\s+)?(\\d{1,2})/(\\d{1,2})/(\\d{4})${TO}(\\d{1,2})/(\\d{1,2})/(\\d{4})`,
  'gi',
);
/** "named for the year it ends in", "named after the year in which it ends": a label is the end's year. */
const NAMED_BY_END = /\bnamed\s+(?:for|after|by)\s+the\s+(?:calendar\s+)?year\s+(?:it\s+ends|in\s+which\s+it\s+ends)\b/i;
/** "finance reports on the calendar year", "the financial year is the calendar year". */
const CALENDAR = new RegExp(`\\b${YEAR_WORDS}\\b[^.;]{0,40}\\bcalendar\\s+year\\b|\\breports?\\s+on\\s+(?:the\\s+)?calendar\\s+year\\b`, 'gi');

type Declared = { startMonth: number; endYearNamed?: boolean };

const month = (text: string | undefined): number | undefined => monthNumber((text ?? '').toLowerCase());
const follows = (first: number, last: number): boolean => last === ((first + 10) % 12) + 1;

/** A labelled year: its first month, and whether the label is the start's year or the end's. */
function labelled(m: RegExpExecArray): Declared | undefined {
  const first = month(m[2]);
  const last = month(m[4]);
  if (first === undefined || last === undefined || !follows(first, last)) return undefined;
  const label = m[1]?.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  const endYear = Number(m[5]);
  const startYear = m[3] !== undefined ? Number(m[3]) : first === 1 ? endYear : endYear - 1;
  if (first === 1) return { startMonth: 1 };
  if (label === endYear) return { startMonth: first, endYearNamed: true };
  return label === startYear ? { startMonth: first, endYearNamed: false } : undefined;
}

/**
 * A labelled year in days written in numbers: its last day the one before its first a year on,
 * read day first or month first as the numbers allow (one of the two ways only).
 */
function labelledDays(m: RegExpExecArray): Declared | undefined {
  const [a, b, y1, c, d, y2] = [2, 3, 4, 5, 6, 7].map((i) => Number(m[i])) as [number, number, number, number, number, number];
  const year = (dayFirst: boolean): boolean => {
    const [m1, d1, m2, d2] = dayFirst ? [b, a, d, c] : [a, b, c, d];
    return m1 <= 12 && m2 <= 12 && Date.UTC(y1 + 1, m1 - 1, d1) === Date.UTC(y2, m2 - 1, d2 + 1);
  };
  const ways = [true, false].filter(year);
  if (ways.length !== 1) return undefined;
  const first = ways[0] ? b : a;
  if (first === 1) return { startMonth: 1 };
  const label = m[1]?.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  if (label === y2) return { startMonth: first, endYearNamed: true };
  return label === y1 ? { startMonth: first, endYearNamed: false } : undefined;
}

/** A year named by both its calendar years declares when it starts, and nothing of which year names it. */
function splitLabelled(m: RegExpExecArray): Declared | undefined {
  const first = month(m[3]);
  const from = m[1]?.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  const to = (m[2] ?? '').length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (first === undefined || first === 1 || !follows(first, month(m[5]) ?? 0)) return undefined;
  return to === from + 1 && Number(m[4]) === from && Number(m[6]) === to ? { startMonth: first } : undefined;
}

/** Every declaration one text makes. */
function declarations(text: string): Declared[] {
  const out: Declared[] = [];
  for (const m of text.matchAll(SPLIT_LABELLED)) {
    const d = splitLabelled(m as RegExpExecArray);
    if (d !== undefined) out.push(d);
  }
  for (const m of text.matchAll(LABELLED)) {
    const d = labelled(m as RegExpExecArray);
    if (d !== undefined) out.push(d);
  }
  for (const m of text.matchAll(LABELLED_DAYS)) {
    const d = labelledDays(m as RegExpExecArray);
    if (d !== undefined) out.push(d);
  }
  for (const m of text.matchAll(SPAN)) {
    const first = month(m[1]);
    if (first !== undefined && follows(first, month(m[2]) ?? 0)) out.push({ startMonth: first });
  }
  for (const m of text.matchAll(STARTS)) {
    const first = month(m[1]);
    if (first !== undefined) out.push({ startMonth: first });
  }
  for (const _ of text.matchAll(CALENDAR)) out.push({ startMonth: 1 });
  // A year that does not start in January, said to be named for the year it ends in.
  if (NAMED_BY_END.test(text)) return out.map((d) => (d.startMonth === 1 ? d : { ...d, endYearNamed: d.endYearNamed ?? true }));
  return out;
}

/** Every text the owners wrote about the project's figures, and whether it describes current ones. */
export function ownersTexts(manifest: Manifest): Array<{ text: string; current: boolean }> {
  const blocks = Object.values(manifest.blocks).flatMap((b) =>
    [
      b.description ?? '',
      ...Object.values(b.columns ?? {}).map((c) => c.description ?? ''),
      ...b.params.map((p) => (p as { description?: string }).description ?? ''),
    ].map((text) => ({ text, current: b.status !== 'deprecated' })),
  );
  const terms = Object.values(manifest.terms ?? {}).map((t) => ({ text: t.definition, current: t.status !== 'deprecated' }));
  const views = Object.values(manifest.views ?? {}).map((v) => ({ text: (v as { description?: string }).description ?? '', current: true }));
  return [...blocks, ...terms, ...views].filter((t) => t.text !== '');
}

/** The project's financial year, or undefined when its owners declare none or disagree. */
export function financialYearOf(manifest: Manifest): FinancialYear | undefined {
  const found = ownersTexts(manifest).flatMap(({ text, current }) => declarations(text.replace(/_/g, ' ')).map((d) => ({ ...d, current })));
  const first = found[0];
  if (first === undefined || found.some((d) => d.startMonth !== first.startMonth)) return undefined;
  const named = new Set(found.flatMap((d) => (d.endYearNamed === undefined ? [] : [d.endYearNamed])));
  if (named.size > 1) return undefined;
  const endYearNamed = named.size === 1 ? [...named][0] === true : first.startMonth !== 1;
  return { startMonth: first.startMonth, endYearNamed, current: found.some((d) => d.current) };
}

/** "periods (calendar months)", "reporting period (calendar month, spelled 2026-07)", "periods are calendar months". */
const MONTH_PERIODS = /\bperiods?\b[^.;]{0,24}?(?:\(|\bare\b|\bis\b|=)\s*(?:the\s+|our\s+)?calendar\s+months?\b/i;

/**
 * True when the owners say their reporting periods are calendar months: "P8" and "period 8" are
 * then the eighth month of the financial year, and "last period" the month before this one.
 */
export function periodsAreMonths(manifest: Manifest): boolean {
  return ownersTexts(manifest).some(({ text, current }) => current && MONTH_PERIODS.test(text));
}
