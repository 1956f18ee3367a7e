/**
 * Parameters that take a year rather than a date: `entry_year = 2026`, `survey_year`,
 * `fiscal_year`, `from_cohort = 2015`, `academic_year = "2025/26"`. The owner's declaration says
 * which: a number (or four-digit text) parameter whose name says year, cohort or intake, or a text
 * parameter whose default is a year across two calendar years ("2025/26", "2024-25"). A question's
 * period binds one only when it names exactly one such year: "the 2025 intake" and "September 2027
 * entry" are 2025 and 2027; "2025/26" binds a split-year parameter in the owner's own spelling and
 * nothing else, since which days it runs over depends on when the organisation's year starts.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import { policyProblem, policyValues } from '../rules/parameter-policy.js';
import type { PeriodAsk } from './period-kit.js';
import type { ParamValue } from './types.js';
import { MONTH_NAME } from './vocabulary.js';

export interface YearParam {
  param: CompiledParam;
  /**
   * `year`: one calendar year (2025); `split`: a year across two ("2025/26"); `month`: one month
   * ("2026-10"); `label`: a financial year by its label ("FY27"), spelled with `separator` before
   * its digits, two of them unless `long`.
   */
  form: 'year' | 'split' | 'month' | 'label';
  /** `from_cohort`, `since_year`: the first year of an open range, bound only from an open period ("since 2018"). */
  open: boolean;
  /** Text, not a number: the value is bound as the owner spells it. */
  text: boolean;
  /** A split year's separator and whether its second year is written whole ("2025/2026"). */
  separator: string;
  long: boolean;
  /** The label before a split year's or an edition's digits ("FY" of "FY26/27", "BWF" of "BWF26") and whether its first year is written in two digits. */
  prefix?: string;
  short?: boolean;
  /**
   * A one-year parameter named for the financial year (`financial_year = "2026"`): whether its
   * owner names each year by the calendar year it starts in ("2026 = April 2026 to March 2027")
   * rather than the one it ends in; undefined where the owner does not say.
   */
  startNamed?: boolean;
  /** A month parameter's rolling windows in months, as the block's name or description says them ("rolling twelve months"): the month is such a window's last. */
  windowMonths?: readonly number[];
}

const YEAR_NAME = /(?:^|_)(?:year|yr|fy|cohort|intake|season|vintage)(?:_|$)/i;
const OPEN_NAME = /^(?:from|since|start|starting|min|first)_/i;
const SPLIT = /^((?:fy|fiscal\s+year|financial\s+year)\s?'?)?((?:19|20)?\d{2})\s*([/-])\s*(\d{2}|\d{4})$/i;
const FISCAL_NAME = /(?:^|_)(?:fy|financial|fiscal)(?:_|$)/i;

/** A column or parameter holding financial years: `financial_year`, `fiscal_year`, `fy`. */
export const namesFinancialYear = (name: string): boolean => /(?:^|_)(?:fy|financial_year|fiscal_year)$/i.test(name);
/** "named by the year in which it starts", "2026 = April 2026 to March 2027": how the owner names a financial year. */
const NAMED_BY = /\bnamed\s+(?:by|after|for)\s+(?:the\s+)?(?:calendar\s+)?year\s+(?:in\s+which\s+it|it)\s+(starts|begins|ends|finishes)\b/i;
const NAMED_AS = new RegExp(`\\b((?:19|20)\\d{2})\\s*(?:=|is|means)\\s*(?:from\\s+)?(?:\\d{1,2}\\s+)?${MONTH_NAME}\\s+((?:19|20)\\d{2})\\b`, 'i');

/** Whether the block's owner names its financial years by their first calendar year; undefined where the description does not say. */
function startNamedOf(block: CompiledBlock): boolean | undefined {
  const text = block.description ?? '';
  const by = NAMED_BY.exec(text);
  if (by !== null) return /^(?:starts|begins)$/i.test(by[1] ?? '');
  const as = NAMED_AS.exec(text);
  if (as === null) return undefined;
  const diff = Number(as[1]) - Number(as[2]);
  return diff === 0 ? true : diff === 1 ? false : undefined;
}

/** `"2025/26"`, `"FY26/27"`: a split year, its second year the first's next, as the owner spells it. */
function splitParam(param: CompiledParam): YearParam | undefined {
  const m = param.type === 'string' && typeof param.default === 'string' ? SPLIT.exec(param.default.trim()) : null;
  if (m === null) return undefined;
  const first = m[2] ?? '';
  const second = m[4] ?? '';
  const next = (first.length === 2 ? 2000 + Number(first) : Number(first)) + 1;
  if (Number(second) !== (second.length === 4 ? next : next % 100)) return undefined;
  return { param, form: 'split', open: false, text: true, separator: m[3] ?? '/', long: second.length === 4, prefix: m[1] ?? '', short: first.length === 2 };
}
/** A code of letters and a two-digit year: "BWF26", "S25". */
const EDITION = /^([A-Za-z]{1,6})(\d{2})$/;

/**
 * `edition = "BWF26"` of the values BWF24, BWF25, BWF26: one code per year, its letters the same
 * and its two digits years in a run (not 01, 02 of a numbered series): "the 2025 festival" is
 * BWF25, "this year's" the current year's.
 */
function editionParam(block: CompiledBlock, param: CompiledParam): YearParam | undefined {
  const values = param.type === 'string' ? (policyValues(block, param.name) ?? []) : [];
  const read = values.map((v) => EDITION.exec(v));
  const prefixes = new Set(read.map((m) => m?.[1]));
  const years = read.map((m) => Number(m?.[2])).sort((a, b) => a - b);
  const run = years.every((y, i) => i === 0 || y === (years[i - 1] ?? 0) + 1);
  if (values.length < 2 || read.some((m) => m === null) || prefixes.size !== 1 || !run || (years[0] ?? 0) < 10 || !values.includes(String(param.default)))
    return undefined;
  return { param, form: 'year', open: false, text: true, separator: '', long: false, prefix: [...prefixes][0] ?? '', short: true };
}

const isYear = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isInteger(v) && v >= 1900 && v <= 2100) || (typeof v === 'string' && /^(?:19|20)\d{2}$/.test(v));

/** The first parameter of the block that takes a year, as its owner declared it. */
export function yearParamOf(block: CompiledBlock): YearParam | undefined {
  for (const param of block.params) {
    if (!block.paramsUsed.includes(param.name)) continue;
    // `financial_year = "FY27"`: a financial year by its label, in the owner's spelling.
    const label = param.type === 'string' && typeof param.default === 'string' ? /^(fy)(\s?'?)(\d{2}|\d{4})$/i.exec(param.default.trim()) : null;
    if (label !== null) return { param, form: 'label', open: false, text: true, separator: `${label[1]}${label[2]}`, long: (label[3] ?? '').length === 4 };
    // `month = "2026-10"`: one calendar month, spelled year-month.
    if (param.type === 'string' && typeof param.default === 'string' && /^(?:19|20)\d{2}-(?:0[1-9]|1[0-2])$/.test(param.default.trim()))
      return { param, form: 'month', open: false, text: true, separator: '-', long: false, windowMonths: windowMonthsOf(block) };
    const split = splitParam(param);
    if (split !== undefined) return split;
    const edition = editionParam(block, param);
    if (edition !== undefined) return edition;
    if (!YEAR_NAME.test(param.name) || (param.type !== 'number' && param.type !== 'string')) continue;
    if (param.default !== undefined && !isYear(param.default)) continue;
    const named = FISCAL_NAME.test(param.name) ? startNamedOf(block) : undefined;
    return {
      param,
      form: 'year',
      open: OPEN_NAME.test(param.name),
      text: param.type === 'string',
      separator: '',
      long: false,
      ...(named !== undefined ? { startNamed: named } : {}),
    };
  }
  return undefined;
}

const yearOf = (d: string): number => Number(d.slice(0, 4));
/** Calendar months from the month of `start` to the month of `end` (days YYYY-MM-DD). */
const monthsBetween = (start: string, end: string): number => (yearOf(end) - yearOf(start)) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7));
const lastDayYear = (end: string): number => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).getUTCFullYear();

/** A whole calendar year ("2025", "last year") or one month of it ("September 2027 entry"): what a year parameter reads. */
function wholeYearOrMonth(start: string, end: string, month = true): boolean {
  if (!start.endsWith('-01') || !end.endsWith('-01') || yearOf(start) !== lastDayYear(end)) return false;
  const months = monthsBetween(start, end);
  return (start.endsWith('-01-01') && months === 12) || (month && months === 1);
}

/** The calendar year a whole declared financial year starts in, or undefined when the period is none. */
function fiscalStart(period: PeriodAsk): number | undefined {
  return period.start !== undefined && (period.fiscalLabel !== undefined || (period.fiscal === true && period.splitYear !== undefined))
    ? yearOf(period.start)
    : undefined;
}

/**
 * A financial-year parameter's year for one whole declared financial year: the label said
 * ("financial year 2025") in the owner's own naming, else the year it starts or ends in, as
 * the owner names years ("2026 = April 2026 to March 2027"; unsaid: the project's label).
 */
function fiscalYearFor(y: YearParam, period: PeriodAsk): number | undefined {
  if (!FISCAL_NAME.test(y.param.name)) return undefined;
  const start = fiscalStart(period);
  if (start === undefined || period.end === undefined) return undefined;
  if (period.labelSaid === true && period.fiscalLabel !== undefined) return period.fiscalLabel;
  if (y.startNamed === true) return start;
  if (y.startNamed === false) return lastDayYear(period.end);
  return period.fiscalLabel ?? lastDayYear(period.end);
}

/** The year the period names for this parameter, or why it names none. */
function yearAsked(y: YearParam, period: PeriodAsk): number | string {
  const name = y.param.name;
  const { start, end, splitYear: split } = period;
  // "in 2025/26 ... in 2019": two periods, which no one year is.
  if (split !== undefined && period.fiscal !== true && (start !== undefined || end !== undefined))
    return `"${period.text}" are several periods; ${name} takes one year.`;
  if (period.point === true || period.several === true) return `"${period.text}" is no one year; ${name} takes one.`;
  // "FY26", "last financial year": one whole declared financial year is the split year it starts in.
  if (y.form === 'split') return split ?? fiscalStart(period) ?? `"${period.text}" does not say which ${name} it means (it takes years written like 2025/26).`;
  // "calendar year 2025" of a financial_year parameter: January to December is no financial year.
  if (period.calendarSaid === true && FISCAL_NAME.test(name)) return `"${period.text}" is a calendar year; ${name} takes a financial year.`;
  const fiscal = fiscalYearFor(y, period);
  if (fiscal !== undefined) return fiscal;
  if (split !== undefined) return `"${period.text}" runs across two calendar years; ${name} takes one calendar year.`;
  if (y.open) return start !== undefined && end === undefined ? yearOf(start) : `${name} is the first year of an open range; "${period.text}" is not one.`;
  // "September 2027 entry" names an intake by its month; a month of a financial year is a part of it.
  if (start !== undefined && end !== undefined && wholeYearOrMonth(start, end, !FISCAL_NAME.test(name))) return yearOf(start);
  return `"${period.text}" is not one calendar year; ${name} takes one.`;
}

/**
 * The month the period names for a month parameter: one whole month ("September 2026", "last
 * month"), or the month of a point in time ("at the end of September 2026"); else why it names none.
 */
function monthAsked(y: YearParam, period: PeriodAsk): string {
  const { start, end } = period;
  const name = y.param.name;
  if (start === undefined || end === undefined || period.several === true || period.splitYear !== undefined)
    return `"${period.text}" is no one month; ${name} takes one.`;
  const months = monthsBetween(start, end);
  const whole = start.endsWith('-01') && end.endsWith('-01') && months === 1;
  // A point in time binds its month only at the month's end ("at the end of September"), not on the 15th.
  if (whole || (period.point === true && end.endsWith('-01'))) return start.slice(0, 7);
  return `"${period.text}" is not one calendar month; ${name} takes one.`;
}

/** Month counts a block's owners may say its window runs ("rolling 12-month", "the twelve months ending ..."). */
const WINDOW = /\b(\d{1,2}|three|six|twelve|eighteen|twenty-four)[\s-]+months?\b/gi;
const WINDOW_WORDS: Readonly<Record<string, number>> = { three: 3, six: 6, twelve: 12, eighteen: 18, 'twenty-four': 24 };

/** The windows in months the block's name and description say ("rolling twelve months", "12-month"). */
function windowMonthsOf(block: CompiledBlock): number[] {
  const said = `${(block.name ?? '').replace(/_/g, ' ')} ${block.description ?? ''}`;
  return [...said.matchAll(WINDOW)].map((m) => WINDOW_WORDS[(m[1] ?? '').toLowerCase()] ?? Number(m[1]));
}

/**
 * "the twelve months to June 2026" of a block that gives a rolling twelve months ending at its
 * month parameter (its owners say so: "rolling 12-month", "the twelve months ending ..."): the
 * window's last month. Another window's length is no month of this block's.
 */
function rollingEnd(y: YearParam, period: PeriodAsk): string | undefined {
  const n = period.trailingMonths;
  if (n === undefined || period.end === undefined || !(y.windowMonths ?? []).includes(n)) return undefined;
  const last = new Date(Date.parse(`${period.end}T00:00:00Z`) - 86_400_000);
  return last.toISOString().slice(0, 7);
}

/** The value to bind for the asked period, or the message of why it cannot be bound (`value`: a year the policy does not take). */
export function bindYear(block: CompiledBlock, y: YearParam, period: PeriodAsk): { value: ParamValue } | { kind: 'period' | 'value'; message: string } {
  if (y.form === 'label') {
    const label = period.fiscalLabel;
    if (label === undefined)
      return { kind: 'period', message: `${block.id}: "${period.text}" is not one of the organisation's financial years; ${y.param.name} takes one.` };
    const value = `${y.separator}${y.long ? label : String(label % 100).padStart(2, '0')}`;
    const problem = policyProblem(block, y.param, value);
    return problem === undefined ? { value } : { kind: 'value', message: problem };
  }
  if (y.form === 'month') {
    const month = rollingEnd(y, period) ?? monthAsked(y, period);
    if (!/^\d{4}-\d{2}$/.test(month)) return { kind: 'period', message: `${block.id}: ${month}` };
    const problem = policyProblem(block, y.param, month);
    return problem === undefined ? { value: month } : { kind: 'value', message: problem };
  }
  const year = yearAsked(y, period);
  if (typeof year === 'string') return { kind: 'period', message: `${block.id}: ${year}` };
  const second = year + 1;
  const first = y.short === true ? String(year % 100).padStart(2, '0') : String(year);
  const value: ParamValue =
    y.form === 'split'
      ? `${y.prefix ?? ''}${first}${y.separator}${y.long ? second : String(second % 100).padStart(2, '0')}`
      : y.text
        ? `${y.prefix ?? ''}${first}`
        : year;
  const problem = policyProblem(block, y.param, value);
  return problem === undefined ? { value } : { kind: 'value', message: problem };
}
