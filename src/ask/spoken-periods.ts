/**
 * Periods people say that the calendar's rules (periods.ts) would read as a part of themselves,
 * or not at all: "the 12 months to June 2026" (not June), "Jan 2026 to date" (not January),
 * "week 23 2026" (not the year), "Q1-Q3 2026" (one span, not two quarters), "the last 3 full
 * months" and "last weekend" (not nothing). Read before the calendar's rules; where the words
 * say a period that cannot be told for certain ("the first week of March": which days?), it
 * binds nothing (`undeclared: 'days'`) rather than the month around it.
 */
import { addDays, countOf, countPattern, day, iso, type Part, RELATIVE_NEEDS_NOW, type Rule, shift, type Unit, unitStart } from './period-kit.js';
import { MONTH_NAME, monthNumber } from './vocabulary.js';

const YEAR = '((?:19|20)\\d{2})';
const COUNT = countPattern('{1,2}');
const MONTH_YEAR = `(${MONTH_NAME})\\.?,?\\s+${YEAR}`;

/** The first day of the month after the one named ("June 2026" -> 2026-07-01). */
function monthAfter(month: string | undefined, year: string | undefined): number | undefined {
  const m = monthNumber((month ?? '').toLowerCase());
  return m === undefined ? undefined : day(Number(year), m + 1);
}

/** "the 12 months to June 2026", "twelve months ending March 2026", "the year to March 2026", "the quarter to June 2026". */
const TRAILING = new RegExp(
  `\\b(?:the\\s+)?(?:${COUNT}\\s+(months?|weeks?)|(year|quarter))\\s+(?:to|ending|ended|through|up\\s+to)\\s+(?:the\\s+end\\s+of\\s+)?${MONTH_YEAR}\\b`,
  'gi',
);

function trailing(m: RegExpExecArray): Part | undefined {
  const end = monthAfter(m[4], m[5]);
  if (end === undefined) return undefined;
  if (m[3] !== undefined) {
    const months = m[3].toLowerCase() === 'year' ? 12 : 3;
    return { start: iso(shift(end, 'month', -months)), end: iso(end), trailingMonths: months };
  }
  const n = countOf(m[1] ?? '');
  const unit: Unit = /^week/i.test(m[2] ?? '') ? 'week' : 'month';
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return { start: iso(shift(end, unit, -n)), end: iso(end), ...(unit === 'month' ? { trailingMonths: n } : {}) };
}

/** "Jan 2026 to date", "since Q2 2025 to date", "2025 to date", "2026 so far": open from its start. */
const SINCE_TO_DATE = new RegExp(`\\b(?:(?:since|from)\\s+)?(?:${MONTH_YEAR}|(q[1-4])\\s+${YEAR}|${YEAR})\\s+(?:to\\s+date|so\\s+far)\\b`, 'gi');

function sinceToDate(m: RegExpExecArray): Part | undefined {
  if (m[1] !== undefined) {
    const month = monthNumber(m[1].toLowerCase());
    return month === undefined ? undefined : { start: iso(day(Number(m[2]), month)) };
  }
  if (m[3] !== undefined) return { start: iso(day(Number(m[4]), (Number(m[3].slice(1)) - 1) * 3 + 1)) };
  return { start: iso(day(Number(m[5]), 1)) };
}

/** "week 23 2026", "week 23 of 2026", "wk 23, 2026", "W23 2026", "2026-W23": an ISO week. */
const WEEK_NUMBER = new RegExp(`\\b(?:iso\\s+)?(?:week|wk|w)\\s*(\\d{1,2})(?:\\s+of)?,?\\s+${YEAR}\\b|\\b${YEAR}-?w(\\d{1,2})\\b`, 'gi');

function weekNumber(m: RegExpExecArray): Part | undefined {
  const [n, year] = m[1] !== undefined ? [Number(m[1]), Number(m[2])] : [Number(m[4]), Number(m[3])];
  // ISO week 1 holds the year's first Thursday; its Monday starts the count.
  const jan4 = day(year, 1, 4);
  const start = addDays(unitStart(jan4, 'week'), (n - 1) * 7);
  const weeks = unitStart(day(year, 12, 28), 'week') === unitStart(addDays(jan4, 51 * 7), 'week') ? 52 : 53;
  // A week the year does not have is no week: still not the whole year around it.
  return n >= 1 && n <= weeks ? { start: iso(start), end: iso(addDays(start, 7)) } : { undeclared: 'days' };
}

/** "Q1-Q3 2026", "Q2 to Q4 2025": the quarters from the first to the last, as one span. */
const QUARTER_SPAN = new RegExp(`\\b(q[1-4])\\s*(?:-|\\u2013|to|through|thru)\\s*(q[1-4])\\s+${YEAR}\\b`, 'gi');

function quarterSpan(m: RegExpExecArray): Part | undefined {
  const [a, b] = [Number(m[1]?.slice(1)), Number(m[2]?.slice(1))];
  const year = Number(m[3]);
  return a <= b ? { start: iso(day(year, (a - 1) * 3 + 1)), end: iso(day(year, b * 3 + 1)) } : undefined;
}

/** "the last 3 full months", "past two complete weeks": whole units before the current one. */
const FULL_UNITS = new RegExp(
  `\\b(?:the\\s+)?(?:last|past|previous|prior)\\s+${COUNT}\\s+(?:full|complete|completed|whole)\\s+(weeks?|months?|quarters?|years?)\\b`,
  'gi',
);

function fullUnits(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const n = countOf(m[1] ?? '');
  const unit = (m[2] ?? '').toLowerCase().replace(/s$/, '') as Unit;
  const current = unitStart(now, unit);
  return Number.isFinite(n) && n > 0 ? { start: iso(shift(current, unit, -n)), end: iso(current) } : undefined;
}

/** "last weekend", "this weekend": its Saturday and Sunday. */
const WEEKEND = /\b(last|past|previous|this)\s+weekend\b/gi;

function weekend(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const today = unitStart(now, 'day');
  // The Saturday of this Monday-to-Sunday week; last weekend is the one wholly before today.
  const saturday = addDays(unitStart(now, 'week'), 5);
  const start = (m[1] ?? '').toLowerCase() === 'this' ? saturday : saturday + 2 * 86_400_000 <= today ? saturday : addDays(saturday, -7);
  return { start: iso(start), end: iso(addDays(start, 2)) };
}

/** "the first week of March 2026": which days, the question does not say. */
const NTH_WEEK = new RegExp(`\\b(?:the\\s+)?(?:first|second|third|fourth|last|final)\\s+week\\s+(?:of|in)\\s+(?:${MONTH_NAME})\\.?(?:,?\\s+${YEAR})?\\b`, 'gi');

/**
 * "calendar 2025", "calendar year 2025", "the 2025 calendar year", "CY2025", "CY25": January to
 * December of that year, said so where a year may be a financial one; a block taking only a
 * financial year does not take it.
 */
const CALENDAR_YEAR = new RegExp(
  `\\b(?:(?:the\\s+)?calendar\\s+(?:year\\s+)?(?:of\\s+)?${YEAR}|(?:the\\s+)?${YEAR}\\s+calendar\\s+year|cy\\s?${YEAR}|cy(\\d{2}))\\b`,
  'gi',
);

function calendarYear(m: RegExpExecArray): Part {
  const year = Number(m[1] ?? m[2] ?? m[3] ?? `20${m[4]}`);
  return { start: iso(day(year, 1)), end: iso(day(year + 1, 1)), calendarSaid: true };
}

/** "this calendar year", "last calendar year": the calendar's year now, or the one before. */
const RELATIVE_CALENDAR_YEAR = /\b(this|current|last|previous|prior)\s+calendar\s+year\b/gi;

function relativeCalendarYear(m: RegExpExecArray, now: number | undefined): Part | typeof RELATIVE_NEEDS_NOW {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const start = shift(unitStart(now, 'year'), 'year', /^(this|current)$/i.test(m[1] ?? '') ? 0 : -1);
  return { start: iso(start), end: iso(shift(start, 'year', 1)), calendarSaid: true };
}

/** The rules for periods the calendar's rules would misread, read before them. */
/**
 * "since last July" in November: this year's July, the one just gone, or the year before's? People
 * asking were seen to mean the year before's, and the reading kept until now took this year's.
 * Where the month has already come round this year, the days are not certain (`undeclared:
 * 'days'`); "last December" in November is only the year before's.
 */
const LAST_MONTH = new RegExp(`\\b(?:(?:since|from|in|during|for)\\s+)?(?:last|previous)\\s+(${MONTH_NAME})\\b(?!\\s*,?\\s*\\d)`, 'gi');

function lastMonth(m: RegExpExecArray, now: number | undefined): Part | typeof RELATIVE_NEEDS_NOW | undefined {
  const month = monthNumber((m[1] ?? '').toLowerCase());
  if (month === undefined) return undefined;
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  return month < new Date(now).getUTCMonth() + 1 ? { undeclared: 'days' } : undefined;
}

export const SPOKEN_PERIOD_RULES: readonly Rule[] = [
  { pattern: LAST_MONTH, read: lastMonth },
  { pattern: TRAILING, read: trailing },
  { pattern: SINCE_TO_DATE, read: sinceToDate },
  { pattern: WEEK_NUMBER, read: weekNumber },
  { pattern: QUARTER_SPAN, read: quarterSpan },
  { pattern: FULL_UNITS, read: fullUnits },
  { pattern: WEEKEND, read: weekend },
  { pattern: NTH_WEEK, read: () => ({ undeclared: 'days' as const }) },
  { pattern: CALENDAR_YEAR, read: calendarYear },
  { pattern: RELATIVE_CALENDAR_YEAR, read: relativeCalendarYear },
];
