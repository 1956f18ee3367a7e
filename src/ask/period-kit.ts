/**
 * The day arithmetic and rule shapes every period reader shares: days as UTC epoch milliseconds
 * and YYYY-MM-DD text, calendar units, and the Rule a phrase reader is (periods.ts runs them).
 * Apart from periods.ts so the readers of particular phrases (numeric days, spoken periods, the
 * owners' weeks and years) can be rules of the one list without importing the list itself.
 */
import { NUMBER_WORDS } from './vocabulary.js';

export interface PeriodAsk {
  /** Inclusive first day; absent when only an end was asked. */
  start?: string;
  /** Exclusive end day; absent for an open period ("since March 2025"), which runs to now. */
  end?: string;
  /** A relative phrase was used but no `now` was given, so the period could not be resolved. */
  needsNow: boolean;
  /** The words that asked for it, for explanations. */
  text: string;
  /** "last 30 days", "next 2 weeks": the window relative to now, as a block's SQL may fix it. */
  relative?: { n: number; unit: 'day' | 'week' | 'month' | 'year'; direction: 'past' | 'next' };
  spans: Array<[number, number]>;
  /**
   * Two whole periods apart from each other ("January and March 2026", "last month and in 2025"):
   * several periods, which no one date range is; the range from the first to the last would
   * count the gap between them too.
   */
  several?: true;
  /** "at the end of last year", "as of Q3": a point in time (its last day), not a range to count over. */
  point?: true;
  /**
   * "2025/26", "AY 2024-25", "FY2025/26": a year across two calendar years, as its first one. Its
   * days depend on when the organisation's year starts, which a question does not say: it has no
   * start or end and binds only a parameter taking such years (year-param.ts).
   */
  splitYear?: number;
  /**
   * "FY26", "this financial year", "period 8", "last period" in a project whose owners declare no
   * financial year or reporting periods: no days to bind, and which calendar it needs.
   */
  undeclared?: 'financial year' | 'period' | 'week' | 'days';
  /** The day the owners' weeks start on (0 Sunday ... 6 Saturday), where a week was read in their weeks (week-start.ts). */
  weekStart?: number;
  /** The split year's days are the project's declared financial year (fiscal-periods.ts): it binds dates too. */
  fiscal?: true;
  /**
   * A bare "Q3", "H1" or "YTD" where the owners' financial year does not start in January: of the
   * calendar year or of the financial year, the question does not say. It binds a parameter taking
   * financial years, and no dates.
   */
  bareFiscal?: true;
  /** The period is one whole declared financial year, named by this year (FY26: 2026), as a label parameter takes it. */
  fiscalLabel?: number;
  /** The question named that year by its label ("FY26", "financial year 2025"), not relative to now or by its two calendar years. */
  labelSaid?: true;
  /** The question said the year is the calendar's ("calendar 2025", "CY25"): no financial year is it. */
  calendarSaid?: true;
  /**
   * The owners' labels of the period, each as the spellings a parameter may list ([["FY26",
   * "FY2026"], ["P9"]] for "last period" in a retail calendar): a block listing them binds those.
   */
  labels?: ReadonlyArray<readonly string[]>;
  /** "the 12 months to June 2026": a window of this many months ending with the period, as a rolling block takes it by its last month. */
  trailingMonths?: number;
  /** The five words right before the period, nearest first ("resolved", "were", "tickets"): what event the period is of. */
  before?: readonly string[];
  /** "from 5 October until 2 November": the day an "until" named, kept in the period; a weekly block whose weeks it starts stops before it. */
  untilDay?: string;
}

export type Range = { start: string; end: string };

export function iso(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
export const day = (y: number, m: number, d = 1): number => Date.UTC(y, m - 1, d);
export const addDays = (t: number, n: number): number => t + n * 86_400_000;
/** Whole days from one YYYY-MM-DD day to another (negative when `end` comes first). */
export const daysBetween = (start: string, end: string): number => (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;

export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Start of the calendar unit holding `t` (weeks start on Monday, as ISO weeks do, unless `weekStart` says another day). */
export function unitStart(t: number, unit: Unit, weekStart = 1): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth() + 1;
  switch (unit) {
    case 'day':
      return day(y, mo, d.getUTCDate());
    case 'week':
      return addDays(day(y, mo, d.getUTCDate()), -((d.getUTCDay() - weekStart + 7) % 7));
    case 'month':
      return day(y, mo);
    case 'quarter':
      return day(y, Math.floor((mo - 1) / 3) * 3 + 1);
    case 'year':
      return day(y, 1);
  }
}

/** `t` moved by `n` calendar units (quarters are three months). */
export function shift(t: number, unit: Unit, n: number): number {
  const d = new Date(t);
  if (unit === 'day') return addDays(t, n);
  if (unit === 'week') return addDays(t, 7 * n);
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate());
}

export type Part = Partial<Range> & {
  relative?: PeriodAsk['relative'];
  point?: true;
  splitYear?: number;
  undeclared?: 'financial year' | 'period' | 'week' | 'days';
  fiscal?: true;
  bareFiscal?: true;
  fiscalLabel?: number;
  labelSaid?: true;
  calendarSaid?: true;
  weekStart?: number;
  labels?: PeriodAsk['labels'];
  trailingMonths?: number;
  /** The one day an "until" named, whose own day may be the period's boundary rather than in it (periods.ts boundaryEnd). */
  untilDay?: string;
  /** Characters at the match's start left to the question ("the weeks commencing": the rows it asks for, read by the shape). */
  lead?: number;
};

export interface Rule {
  pattern: RegExp;
  /** Returns the part of the period this phrase sets, or 'needs-now'. */
  read(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined;
  /** A project's rule read before even the days in numbers (its owners' own way of writing them). */
  leading?: true;
}

export const RELATIVE_NEEDS_NOW = 'needs-now' as const;

/** How many units, as a pattern group of digits (up to `digits` of them, or any) or a number word ("eight", "two"). */
export const countPattern = (digits = '+'): string => `(\\d${digits}|${Object.keys(NUMBER_WORDS).join('|')})`;
/** The number a count the pattern matched says. */
export const countOf = (text: string): number => (/^\d+$/.test(text) ? Number(text) : (NUMBER_WORDS[text.toLowerCase()] ?? Number.NaN));
