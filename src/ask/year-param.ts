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
import { policyProblem } from '../rules/parameter-policy.js';
import type { PeriodAsk } from './periods.js';
import type { ParamValue } from './types.js';

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
}

const YEAR_NAME = /(?:^|_)(?:year|yr|fy|cohort|intake|season|vintage)(?:_|$)/i;
const OPEN_NAME = /^(?:from|since|start|starting|min|first)_/i;
const SPLIT = /^((?:19|20)\d{2})\s*([/-])\s*(\d{2}|\d{4})$/;
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
      return { param, form: 'month', open: false, text: true, separator: '-', long: false };
    const split = param.type === 'string' && typeof param.default === 'string' ? SPLIT.exec(param.default.trim()) : null;
    if (split !== null) return { param, form: 'split', open: false, text: true, separator: split[2] ?? '/', long: (split[3] ?? '').length === 4 };
    if (!YEAR_NAME.test(param.name) || (param.type !== 'number' && param.type !== 'string')) continue;
    if (param.default !== undefined && !isYear(param.default)) continue;
    return { param, form: 'year', open: OPEN_NAME.test(param.name), text: param.type === 'string', separator: '', long: false };
  }
  return undefined;
}

const yearOf = (d: string): number => Number(d.slice(0, 4));
/** Calendar months from the month of `start` to the month of `end` (days YYYY-MM-DD). */
const monthsBetween = (start: string, end: string): number => (yearOf(end) - yearOf(start)) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7));
const lastDayYear = (end: string): number => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).getUTCFullYear();

/** A whole calendar year ("2025", "last year") or one month of it ("September 2027 entry"): what a year parameter reads. */
function wholeYearOrMonth(start: string, end: string): boolean {
  if (!start.endsWith('-01') || !end.endsWith('-01') || yearOf(start) !== lastDayYear(end)) return false;
  const months = monthsBetween(start, end);
  return (start.endsWith('-01-01') && months === 12) || months === 1;
}

/** The year the period names for this parameter, or why it names none. */
function yearAsked(y: YearParam, period: PeriodAsk): number | string {
  const name = y.param.name;
  const { start, end, splitYear: split } = period;
  // "in 2025/26 ... in 2019": two periods, which no one year is.
  if (split !== undefined && period.fiscal !== true && (start !== undefined || end !== undefined))
    return `"${period.text}" are several periods; ${name} takes one year.`;
  if (period.point === true || period.several === true) return `"${period.text}" is no one year; ${name} takes one.`;
  if (y.form === 'split') return split ?? `"${period.text}" does not say which ${name} it means (it takes years written like 2025/26).`;
  if (split !== undefined) return `"${period.text}" runs across two calendar years; ${name} takes one calendar year.`;
  if (y.open) return start !== undefined && end === undefined ? yearOf(start) : `${name} is the first year of an open range; "${period.text}" is not one.`;
  if (start !== undefined && end !== undefined && wholeYearOrMonth(start, end)) return yearOf(start);
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
  if (whole || period.point === true) return start.slice(0, 7);
  return `"${period.text}" is not one calendar month; ${name} takes one.`;
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
    const month = monthAsked(y, period);
    if (!/^\d{4}-\d{2}$/.test(month)) return { kind: 'period', message: `${block.id}: ${month}` };
    const problem = policyProblem(block, y.param, month);
    return problem === undefined ? { value: month } : { kind: 'value', message: problem };
  }
  const year = yearAsked(y, period);
  if (typeof year === 'string') return { kind: 'period', message: `${block.id}: ${year}` };
  const second = year + 1;
  const value: ParamValue =
    y.form === 'split' ? `${year}${y.separator}${y.long ? second : String(second % 100).padStart(2, '0')}` : y.text ? String(year) : year;
  const problem = policyProblem(block, y.param, value);
  return problem === undefined ? { value } : { kind: 'value', message: problem };
}
