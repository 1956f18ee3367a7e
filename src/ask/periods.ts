/**
 * Periods in a question, as half-open day ranges [start, end) written YYYY-MM-DD, the way blocks
 * compare dates (`ordered_at >= ${since} AND ordered_at < ${until}`). Relative phrases ("last 30
 * days", "this year") are resolved against a `now` the caller passes: this module never reads the
 * clock, so the same question and `now` always give the same period.
 */

import { NAMED_DAY_RULES } from './named-days.js';
import { NUMERIC_DATE_RULES } from './numeric-dates.js';
import {
  addDays,
  countOf,
  countPattern,
  day,
  daysBetween,
  iso,
  type Part,
  type PeriodAsk,
  type Range,
  RELATIVE_NEEDS_NOW,
  type Rule,
  shift,
  type Unit,
  unitStart,
} from './period-kit.js';
import { SPOKEN_PERIOD_RULES } from './spoken-periods.js';
import { MONTH_NAME, monthNumber } from './vocabulary.js';

const MONTH_WORD = MONTH_NAME;
const YEAR = '(?:19|20)\\d{2}';
/** "events with 2000+ tickets", "2000 or more": a number said as a bound is a count, no year. */
const NOT_A_COUNT = '(?!\\+|\\s+or\\s+(?:more|fewer|less|above|over|under)\\b)';
/** A quarter or half of a year: "Q1 2025", "Q3-2025", "2025 Q3", "H1 2025", "the first half of 2025", "third quarter of 2024". */
const PART_EXPR = `(?:(?:the\\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+(?:half|quarter)\\s+(?:of\\s+)?${YEAR}|[qh][1-4](?:[\\s/'-]*|\\s+of\\s+)${YEAR}|${YEAR}[\\s/-]+[qh][1-4])`;
const ORD = '(?:st|nd|rd|th)?';
/** A day written with its month: "14 Oct 2025", "October 14, 2025", "14th March", "Mar 3". */
const DAY_EXPR = `(?:\\d{1,2}${ORD}\\s+(?:of\\s+)?${MONTH_WORD}\\.?(?:,?\\s+${YEAR})?|${MONTH_WORD}\\.?\\s+\\d{1,2}${ORD}(?:,?\\s+${YEAR})?(?!\\d))`;
/** A day with its month and year, which needs no preposition to be a date: "14 Oct 2025", "October 14, 2025". */
const DAY_WITH_YEAR = `(?:\\d{1,2}${ORD}\\s+(?:of\\s+)?${MONTH_WORD}\\.?,?\\s+${YEAR}|${MONTH_WORD}\\.?\\s+\\d{1,2}${ORD},?\\s+${YEAR})`;
/** A year said relative to now: "last year", "this year's", "of the previous year". */
const REL_YEAR = `(?:(?:of\\s+)?(?:the\\s+)?(?:last|this|previous|prior|current)\\s+year)`;
/** A quarter, half or month of a year said relative to now: "Q4 last year", "last year's Q4", "March of last year". */
const REL_PART_EXPR = `(?:(?:(?:the\\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+(?:half|quarter)|[qh][1-4]|${MONTH_WORD})\\s+${REL_YEAR}|(?:last|this|previous|prior|current)\\s+year'?s\\s+(?:[qh][1-4]|${MONTH_WORD})|(?:last|previous)\\s+${MONTH_WORD}(?![\\w.]|\\s+\\d))`;
/** One date expression: ISO day, "March 2025", a day with its month, a quarter or half, a year, or a bare month. */
const DATE_EXPR = `(?:\\d{4}-\\d{2}-\\d{2}|${MONTH_WORD}\\.?\\s+${YEAR}|${REL_PART_EXPR}|${DAY_EXPR}|${PART_EXPR}|${YEAR}|${MONTH_WORD}|q[1-4]|h[12])`;

const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };

/** A quarter (`q`) or half (`h`) of a year, as its number and year. */
function partOf(e: string): { unit: 'q' | 'h'; n: number; year: number } | undefined {
  let m = /^(?:the\s+)?(\w+)\s+(half|quarter)\s+(?:of\s+)?(\d{4})$/.exec(e);
  if (m) {
    const unit = m[2] === 'half' ? 'h' : 'q';
    const n = m[1] === 'last' ? (unit === 'h' ? 2 : 4) : ORDINALS[m[1] ?? ''];
    return n === undefined ? undefined : { unit, n, year: Number(m[3]) };
  }
  m = /^([qh])([1-4])(?:[\s/'-]*|\s+of\s+)(\d{4})$/.exec(e) ?? /^(\d{4})[\s/-]+([qh])([1-4])$/.exec(e);
  if (!m) return undefined;
  const [unit, n, year] = /^\d/.test(m[1] ?? '') ? [m[2], m[3], m[1]] : [m[1], m[2], m[3]];
  return { unit: unit as 'q' | 'h', n: Number(n), year: Number(year) };
}

/** "last year", "this year's" in an expression as the year's number; undefined when it needs a now not given. */
function withYearNumbers(expr: string, now: number | undefined): string | undefined {
  const relative = /(?:of\s+)?(?:the\s+)?(last|previous|prior|this|current)\s+year(?:'?s)?/;
  const m = relative.exec(expr);
  if (m === null) return expr;
  if (now === undefined) return undefined;
  const year = new Date(now).getUTCFullYear() - (/^(last|previous|prior)$/.test(m[1] ?? '') ? 1 : 0);
  return expr.replace(relative, ` ${year} `).replace(/\s+/g, ' ').trim();
}

/** The latest year in which month `month`, day `d` is not after now (a date said without its year). */
function latestYear(month: number, d: number, now: number | undefined): number | undefined {
  if (now === undefined) return undefined;
  const n = new Date(now);
  return day(n.getUTCFullYear(), month, d) > now ? n.getUTCFullYear() - 1 : n.getUTCFullYear();
}

/** "14 oct 2025", "october 14, 2025", "14th of march", "mar 3": that one day. */
function dayOf(e: string, now: number | undefined): Range | undefined {
  const m = /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+),?(?:\s+(\d{4}))?$/.exec(e) ?? /^([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?(?:\s+(\d{4}))?$/.exec(e);
  if (m === null) return undefined;
  const [dayText, monthText] = /^\d/.test(m[1] ?? '') ? [m[1], m[2]] : [m[2], m[1]];
  const month = monthNumber(monthText ?? '');
  const d = Number(dayText);
  if (month === undefined || d < 1 || d > 31) return undefined;
  const year = m[3] !== undefined ? Number(m[3]) : latestYear(month, d, now);
  if (year === undefined || new Date(day(year, month, d)).getUTCMonth() !== month - 1) return undefined;
  return { start: iso(day(year, month, d)), end: iso(day(year, month, d + 1)) };
}

/** A bare quarter or half ("q3", "h1"): the latest such that has begun by now. */
function bareQuarterOf(e: string, now: number | undefined): Range | undefined {
  const m = /^([qh])([1-4])$/.exec(e);
  if (m === null || now === undefined || (m[1] === 'h' && Number(m[2]) > 2)) return undefined;
  const months = m[1] === 'q' ? 3 : 6;
  const first = (Number(m[2]) - 1) * months + 1;
  const year = latestYear(first, 1, now) ?? 0;
  return { start: iso(day(year, first)), end: iso(day(year, first + months)) };
}

/** "last march": the latest March before the current month. */
function lastMonthNamed(e: string, now: number | undefined): Range | undefined {
  const m = /^(?:last|previous) ([a-z]+)$/.exec(e);
  const month = m === null ? undefined : monthNumber(m[1] ?? '');
  if (month === undefined || now === undefined) return undefined;
  const n = new Date(now);
  const year = month >= n.getUTCMonth() + 1 ? n.getUTCFullYear() - 1 : n.getUTCFullYear();
  return { start: iso(day(year, month)), end: iso(day(year, month + 1)) };
}

/** The range one date expression names; a bare month (or day, or quarter) is the latest such not after now. */
function rangeOf(expr: string, now: number | undefined): Range | undefined {
  const said = withYearNumbers(expr.toLowerCase().replace(/\./g, '').trim(), now);
  if (said === undefined) return undefined;
  const e = said.replace(/^(\d{4}) ([a-z]+)$/, '$2 $1').replace(/^([a-z]+) of (\d{4})$/, '$1 $2');
  const single = dayOf(e, now) ?? bareQuarterOf(e, now) ?? lastMonthNamed(e, now);
  if (single !== undefined) return single;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(e))) {
    const t = day(Number(m[1]), Number(m[2]), Number(m[3]));
    return Number.isNaN(t) ? undefined : { start: iso(t), end: iso(addDays(t, 1)) };
  }
  const part = partOf(e);
  if (part !== undefined) {
    const months = part.unit === 'q' ? 3 : 6;
    if (part.n > 12 / months) return undefined;
    return { start: iso(day(part.year, (part.n - 1) * months + 1)), end: iso(day(part.year, part.n * months + 1)) };
  }
  if ((m = /^(\d{4})$/.exec(e))) return { start: iso(day(Number(m[1]), 1)), end: iso(day(Number(m[1]) + 1, 1)) };
  if ((m = /^([a-z]+)(?:\s+(\d{4}))?$/.exec(e))) {
    const month = monthNumber(m[1] ?? '');
    if (month === undefined) return undefined;
    let year = m[2] === undefined ? undefined : Number(m[2]);
    if (year === undefined) {
      if (now === undefined) return undefined;
      const n = new Date(now);
      year = month > n.getUTCMonth() + 1 ? n.getUTCFullYear() - 1 : n.getUTCFullYear();
    }
    return { start: iso(day(year, month)), end: iso(day(year, month + 1)) };
  }
  return undefined;
}

const unitOf = (w: string): Unit => w.replace(/s$/, '') as Unit;

/** The relative window a "last N units" / "next N units" phrase names (quarters are three months). */
function relativeOf(n: number, unit: Unit, direction: 'past' | 'next'): { relative?: PeriodAsk['relative'] } {
  if (unit === 'quarter') return { relative: { n: n * 3, unit: 'month', direction } };
  return unit === 'day' || unit === 'week' || unit === 'month' || unit === 'year' ? { relative: { n, unit, direction } } : {};
}

/** How many units: digits or a number word ("the last eight weeks", "next two months"). */
const COUNT = countPattern();
const RANGE_TO = '\\s*(?:-|–|to|until|till|through|thru|and)\\s*';
/** "1-14 Oct 2025", "between the 3rd and 9th of March", "Oct 1 to 14, 2025": days of one month. */
const DAY_RANGE = new RegExp(
  `\\b(?:(?:between|from)\\s+)?(?:the\\s+)?(?:(\\d{1,2})${ORD}${RANGE_TO}(?:the\\s+)?(\\d{1,2})${ORD}\\s+(?:of\\s+)?(${MONTH_WORD})|(${MONTH_WORD})\\.?\\s+(\\d{1,2})${ORD}${RANGE_TO}(\\d{1,2})${ORD}(?!\\d))\\.?(?:,?\\s+(${YEAR}))?\\b`,
  'gi',
);

function dayRange(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  const [first, last, monthText] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[5], m[6], m[4]];
  const a = rangeOf(`${first} ${monthText}${m[7] !== undefined ? ` ${m[7]}` : ''}`, now);
  if (a === undefined) return m[7] === undefined && now === undefined ? RELATIVE_NEEDS_NOW : undefined;
  const b = rangeOf(`${last} ${monthText} ${a.start.slice(0, 4)}`, now);
  return b === undefined || b.end <= a.start ? undefined : { start: a.start, end: b.end };
}

/**
 * "April to September 2026", "Apr-Sep 2026", "Nov 2025 - Feb 2026": whole months from the first to
 * the last. A first month without a year is in the last one's year, or the year before when it
 * comes later in the calendar ("Nov-Feb 2026" starts in November 2025).
 */
const MONTH_SPAN = new RegExp(
  `\\b(${MONTH_WORD})\\.?(?:\\s+(${YEAR}))?\\s*(?:-|\u2013|to|until|till|through|thru)\\s*(${MONTH_WORD})\\.?,?\\s+(${YEAR})\\b`,
  'gi',
);

function monthSpan(m: RegExpExecArray): Part | undefined {
  const first = monthNumber((m[1] ?? '').toLowerCase());
  const last = monthNumber((m[3] ?? '').toLowerCase());
  const lastYear = Number(m[4]);
  if (first === undefined || last === undefined) return undefined;
  const firstYear = m[2] !== undefined ? Number(m[2]) : first <= last ? lastYear : lastYear - 1;
  const start = day(firstYear, first);
  const end = day(lastYear, last + 1);
  return start < end ? { start: iso(start), end: iso(end) } : undefined;
}

/**
 * "Jul-Sep", "June to August": a span of named months with no year and no "from". It ends with the
 * latest of its last month that has begun (a month named alone is read the same way) and starts
 * with its first month before that.
 */
const MONTH_SPAN_NO_YEAR = new RegExp(`\\b(${MONTH_WORD})\\.?\\s*(?:-|\u2013|to|until|till|through|thru)\\s*(${MONTH_WORD})\\b(?!\\.?,?\\s*(?:\\d|')|-)`, 'gi');

function monthSpanNoYear(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const first = monthNumber((m[1] ?? '').toLowerCase());
  const last = monthNumber((m[2] ?? '').toLowerCase());
  if (first === undefined || last === undefined || first === last) return undefined;
  const thisYear = new Date(now).getUTCFullYear();
  const lastYear = day(thisYear, last) <= now ? thisYear : thisYear - 1;
  const firstYear = first < last ? lastYear : lastYear - 1;
  return { start: iso(day(firstYear, first)), end: iso(day(lastYear, last + 1)) };
}

/** A day written with its month and no year: "1 Sep", "Oct 15th". */
const DAY_NO_YEAR = `(?:\\d{1,2}${ORD}\\s+(?:of\\s+)?${MONTH_WORD}\\.?|${MONTH_WORD}\\.?\\s+\\d{1,2}${ORD}(?!\\d))`;

/**
 * "Oct 1 - Oct 15", "1 Sep - 31 Oct", "1 Jul to 15 Nov": two days of named months, no year and
 * no "from". The second is its latest day not after today; the first the latest before it.
 */
const DAY_SPAN_NO_YEAR = new RegExp(`(?<![\\w-])(${DAY_NO_YEAR})\\s*(-|\u2013|to|until|through|thru)\\s*(${DAY_NO_YEAR})(?![\\w]|,?\\s+\\d)`, 'gi');

function daySpanNoYear(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const second = rangeOf(m[3] ?? '', now);
  if (second === undefined) return undefined;
  const year = Number(second.start.slice(0, 4));
  const said = (m[1] ?? '').replace(/,\s*$/, '');
  const first = [year, year - 1].map((y) => rangeOf(`${said} ${y}`, now)).find((r) => r !== undefined && r.start < second.end);
  return first === undefined ? undefined : { start: first.start, end: second.end, ...untilDay(m[2], second) };
}

/** "since the start of the year", "go back to the beginning of 2025": an open period from that start. */
const START_OF = new RegExp(
  `\\b(?:(?:since|from|back\\s+to)\\s+)?(?:the\\s+)?(?:start|beginning)\\s+of\\s+(?:(?:the|this)\\s+(week|month|quarter|year)\\b|(${DATE_EXPR})\\b)`,
  'gi',
);

function startOf(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (m[1] !== undefined) return now === undefined ? RELATIVE_NEEDS_NOW : { start: iso(unitStart(now, unitOf(m[1].toLowerCase()))) };
  const r = rangeOf(m[2] ?? '', now);
  return r === undefined ? RELATIVE_NEEDS_NOW : { start: r.start };
}

/**
 * "at the end of last year", "as at 31 March", "as of Q3": a point in time, which a count over a
 * date range is not; the period is the unit's last day, marked so a block binds it only as an
 * as-of day (bind-question.ts).
 */
// Also "as at end Oct", "month-end October", "balance end of Oct": but "until end of Oct" and
// "from Jan to the end of Oct" end a span, which the span rules read.
const POINT_HEAD = [
  '(?:at|by)\\s+(?:the\\s+)?end(?:\\s+of)?',
  'as\\s+(?:of|at)(?:\\s+(?:the\\s+)?(?:month[-\\s]?)?end(?:\\s+of)?)?',
  '(?:the\\s+)?month[-\\s]?end(?:\\s+of)?',
  '(?<!\\b(?:to|until|till|through|thru|and)\\s+(?:the\\s+)?)(?<!-\\s*)end(?:\\s+of|-)',
].join('|');
const POINT = new RegExp(`\\b(?:${POINT_HEAD})\\s+(${DATE_EXPR}|(?:the\\s+)?(?:last|this|previous)\\s+(?:year|quarter|month|week))\\b`, 'gi');

function pointOf(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  const said = (m[1] ?? '').toLowerCase().replace(/^the\s+/, '');
  const rel = /^(last|this|previous)\s+(year|quarter|month|week)$/.exec(said);
  let r: Range | undefined;
  if (rel !== null) {
    if (now === undefined) return RELATIVE_NEEDS_NOW;
    const unit = unitOf(rel[2] ?? '');
    const current = unitStart(now, unit);
    const start = rel[1] === 'this' ? current : shift(current, unit, -1);
    r = { start: iso(start), end: iso(shift(start, unit, 1)) };
  } else r = rangeOf(said, now);
  if (r === undefined) return RELATIVE_NEEDS_NOW;
  const last = iso(addDays(Date.parse(`${r.end}T00:00:00Z`), -1));
  return { start: last, end: r.end, point: true };
}

/** A year across two calendar years, the second one year on: "2025/26", "2024-25", "AY 2023/24", "FY2025/2026". */
const SPLIT_YEAR =
  /\b(?:(?:ay|fy|academic\s+year|financial\s+year|fiscal\s+year|school\s+year|season)\s*)?((?:19|20)\d{2})\s*[/\u2013-]\s*(\d{2}|(?:19|20)\d{2})\b(?![/-]\d)/gi;

function splitYearOf(m: RegExpExecArray): Part | undefined {
  const first = Number(m[1]);
  const second = m[2] ?? '';
  const next = second.length === 4 ? first + 1 : (first + 1) % 100;
  return Number(second) === next ? { splitYear: first } : undefined;
}

/**
 * "until 1 November", "up to 1 November": one day said as where a period stops. Whether the day
 * itself counts is not said; where it is the first of a month, or whole weeks from the start end
 * before it, it is the boundary (boundaryEnd), as people name the day a month or a run of weeks
 * ends at ("from 1 January until 1 November" is January to October), and whole weeks from the
 * start to it are weeks of a weekly block (bind-question.ts).
 */
function untilDay(word: string | undefined, r: Range): Pick<Part, 'untilDay'> {
  if (!/^(?:until|till|up\s+to)$/i.test(word ?? '') || daysBetween(r.start, r.end) !== 1) return {};
  return { untilDay: r.start };
}

/**
 * "w/c 5 October 2026", "the weeks commencing 2 to 16 November 2026", "since week beginning 5 Oct",
 * "w/e 15 Nov": a week named by the day it starts (or ends) is that whole week; a run of them ends
 * with the last one's last day, and after "since" only the first week's start is said.
 */
const WEEK_CUE = '(?:w/[cbe]|wk\\.?|weeks?)\\s+(?:(?:beginning|starting|commencing|of|ending)\\s+)?';
const WEEK_OF = new RegExp(
  `\\b(?:(since|from|starting)\\s+)?(?:the\\s+)?(w/[cbe]|(?:wk\\.?|weeks?)\\s+(?:beginning|starting|commencing|of|ending))\\s+(?:the\\s+)?` +
    `(?:(\\d{1,2})${ORD}${RANGE_TO}(?:${WEEK_CUE})?(${DAY_EXPR})|(${DAY_EXPR})(?:${RANGE_TO}(?:${WEEK_CUE})?(${DAY_EXPR}))?)`,
  'gi',
);

function weekOf(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  const ending = /^w\/e$|ending$/i.test(m[2] ?? '');
  const second = m[4] ?? m[6];
  const year = /\b(?:19|20)\d{2}\b/.exec(second ?? '')?.[0];
  // "2 to 16 November": the first day is of the second's month; "2 Nov to 16 Nov 2026": of its year.
  const firstSaid = m[3] !== undefined ? `${m[3]} ${(m[4] ?? '').replace(/^\s*\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?/i, '')}` : (m[5] ?? '');
  const firstText = year !== undefined && !/\b(?:19|20)\d{2}\b/.test(firstSaid) ? `${firstSaid} ${year}` : firstSaid;
  if (now === undefined && !/\b(?:19|20)\d{2}\b/.test(firstText)) return RELATIVE_NEEDS_NOW;
  const a = rangeOf(firstText, now);
  const b = second === undefined ? a : rangeOf(second, now);
  if (a === undefined || b === undefined || daysBetween(a.start, a.end) !== 1 || b.start < a.start) return undefined;
  const first = Date.parse(`${a.start}T00:00:00Z`) - (ending ? 6 : 0) * 86_400_000;
  const last = Date.parse(`${b.start}T00:00:00Z`) + (ending ? 1 : 7) * 86_400_000;
  const weekStart = new Date(first).getUTCDay();
  if (m[1] !== undefined) return { start: iso(first), weekStart };
  // "the weeks commencing ...": a row per week is asked, which the shape reads from "weeks".
  const cueEnd = m[0].indexOf(m[2] ?? '') + (m[2] ?? '').length;
  const lead = /^weeks\b/i.test(m[2] ?? '') ? cueEnd + m[0].slice(cueEnd).search(/\S/) : undefined;
  return { start: iso(first), end: iso(last), weekStart, ...(lead !== undefined ? { lead } : {}) };
}

/** "up to and including", "until but not including": the writer says how the end date counts (markedBound). */
const BOUND_WORDS = '(?:\\s+(?:and|but)\\s+(?:not\\s+)?(?:including|excluding))?';

const RULES: Rule[] = [
  { pattern: SPLIT_YEAR, read: splitYearOf },
  { pattern: POINT, read: pointOf },
  { pattern: DAY_RANGE, read: dayRange },
  { pattern: MONTH_SPAN, read: monthSpan },
  { pattern: MONTH_SPAN_NO_YEAR, read: monthSpanNoYear },
  { pattern: DAY_SPAN_NO_YEAR, read: daySpanNoYear },
  { pattern: START_OF, read: startOf },
  {
    // "from Aug 2025 to the end of Jul 2026": the end of the second period is where its range ends anyway.
    pattern: new RegExp(
      `\\b(?:between|from)\\s+(${DATE_EXPR})\\s+(and|(?:up\\s+)?to|until|till|through|-)${BOUND_WORDS}(?:\\s+(?:the\\s+)?end\\s+of)?\\s+(${DATE_EXPR})\\b`,
      'gi',
    ),
    read: (m, now) => {
      const a = rangeOf(m[1] ?? '', now);
      const b = rangeOf(m[3] ?? '', now);
      return a && b ? { start: a.start, end: b.end, ...untilDay(m[2], b) } : RELATIVE_NEEDS_NOW;
    },
  },
  {
    // "CPI by channel 1 Oct - 31 Oct 2026", "Sept 3 to Oct 2, 2025": two days of named months need no "from" either; a first without a year takes the second's.
    pattern: new RegExp(`(?<![\\w-])(${DAY_EXPR})\\s*(-|\u2013|to|until|through|thru)\\s*(${DAY_WITH_YEAR})\\b`, 'gi'),
    read: (m, now) => {
      const second = rangeOf(m[3] ?? '', now);
      if (second === undefined) return undefined;
      const said = m[1] ?? '';
      const first = rangeOf(new RegExp(YEAR).test(said) ? said : `${said.replace(/,\s*$/, '')} ${second.start.slice(0, 4)}`, now);
      return first !== undefined && first.start < second.end ? { start: first.start, end: second.end, ...untilDay(m[2], second) } : undefined;
    },
  },
  {
    // "on-time delivery by depot 2026-03-01 to 2026-03-31": two whole days need no "from" to make a range.
    pattern: /\b(\d{4}-\d{2}-\d{2})\s*(?:to|until|through|thru|\u2013|-)\s*(\d{4}-\d{2}-\d{2})\b/gi,
    read: (m, now) => {
      const a = rangeOf(m[1] ?? '', now);
      const b = rangeOf(m[2] ?? '', now);
      return a !== undefined && b !== undefined && a.start < b.end ? { start: a.start, end: b.end } : undefined;
    },
  },
  {
    // "started in 2022 or later", "2024 onwards": an open period from that date; "2021 or earlier" one up to its end.
    pattern: new RegExp(
      `\\b(?:(?:in|from)\\s+)?(${DATE_EXPR})\\s+(or\\s+(?:later|after|since)|onwards?|and\\s+(?:later|after)|or\\s+(?:earlier|before)|and\\s+(?:earlier|before))\\b`,
      'gi',
    ),
    read: (m, now) => {
      const r = rangeOf(m[1] ?? '', now);
      if (r === undefined) return RELATIVE_NEEDS_NOW;
      return /earlier|before/i.test(m[2] ?? '') ? { end: r.end } : { start: r.start };
    },
  },
  {
    // "since the 2019 intake": a year may take "the" when a noun of the year follows.
    pattern: new RegExp(`\\b(?:since|from|starting(?:\\s+(?:in|from))?|after)\\s+(?:the\\s+(?=${YEAR}\\s+[a-z]))?(${DATE_EXPR})\\b`, 'gi'),
    read: (m, now) => {
      const r = rangeOf(m[1] ?? '', now);
      if (r === undefined) return RELATIVE_NEEDS_NOW;
      return /^after/i.test(m[0]) ? { start: r.end } : { start: r.start };
    },
  },
  {
    pattern: new RegExp(`\\b(until|till|before|through|up\\s+to)${BOUND_WORDS}\\s+(${DATE_EXPR})\\b`, 'gi'),
    read: (m, now) => {
      const r = rangeOf(m[2] ?? '', now);
      if (r === undefined) return RELATIVE_NEEDS_NOW;
      return /^before/i.test(m[1] ?? '') ? { end: r.start } : { end: r.end, ...untilDay(m[1], r) };
    },
  },
  {
    pattern: new RegExp(`\\b(?:last|past|previous|trailing)\\s+${COUNT}\\s+(days?|weeks?|months?|quarters?|years?)\\b`, 'gi'),
    read: (m, now) => {
      const unit = unitOf((m[2] ?? '').toLowerCase());
      const n = countOf(m[1] ?? '');
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      return { start: iso(shift(unitStart(now, 'day'), unit, -n)), ...relativeOf(n, unit, 'past') };
    },
  },
  {
    pattern: new RegExp(`\\b(?:next|coming|upcoming|following)\\s+${COUNT}\\s+(days?|weeks?|months?|years?)\\b`, 'gi'),
    read: (m, now) => {
      const unit = unitOf((m[2] ?? '').toLowerCase());
      const n = countOf(m[1] ?? '');
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const today = unitStart(now, 'day');
      return { start: iso(today), end: iso(addDays(shift(today, unit, n), 1)), ...relativeOf(n, unit, 'next') };
    },
  },
  {
    // "Q4 last year", "last year's March": a part of a year said relative to now, before "last year" alone claims the words.
    pattern: new RegExp(`\\b(?:(?:in|during|for|of|on)\\s+)?(${REL_PART_EXPR})(?=\\W|$)`, 'gi'),
    read: (m, now) => rangeOf(m[1] ?? '', now) ?? RELATIVE_NEEDS_NOW,
  },
  {
    pattern: /\b(?:the\s+)?(week|month|quarter|year)\s+before\s+last\b/gi,
    read: (m, now) => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const unit = unitOf((m[1] ?? '').toLowerCase());
      const current = unitStart(now, unit);
      return { start: iso(shift(current, unit, -2)), end: iso(shift(current, unit, -1)) };
    },
  },
  {
    // "the last quarter of 2025" (or "of last year") is a part of that year, not the quarter before today.
    pattern: /\b(?:last|previous|prior)\s+(week|month|quarter|year)\b(?!\s+of\s+(?:(?:19|20)\d{2}|(?:the\s+)?(?:last|this|previous|prior|current)\s+year))/gi,
    read: (m, now) => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const unit = unitOf((m[1] ?? '').toLowerCase());
      const current = unitStart(now, unit);
      return { start: iso(shift(current, unit, -1)), end: iso(current) };
    },
  },
  {
    // "this year", "the current quarter": the calendar unit now is in, whole, as "last year" is the one before.
    pattern: /\b(?:this|current)\s+(week|month|quarter|year)\b(?![\s-]+to[\s-]+date)/gi,
    read: (m, now) => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const current = unitStart(now, unitOf((m[1] ?? '').toLowerCase()));
      const unit = unitOf((m[1] ?? '').toLowerCase());
      return { start: iso(current), end: iso(shift(current, unit, 1)) };
    },
  },
  {
    // "year to date", "YTD", "this month to date": open from the unit's start, up to now.
    pattern: /\b(?:(?:this|current)\s+)?(year|month|quarter|week)[\s-]+to[\s-]+date\b|\b(ytd|mtd|qtd)\b/gi,
    read: (m, now) => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const word = (m[1] ?? m[2] ?? '').toLowerCase();
      const unit = ({ ytd: 'year', mtd: 'month', qtd: 'quarter' } as Record<string, Unit>)[word] ?? unitOf(word);
      return { start: iso(unitStart(now, unit)) };
    },
  },
  {
    pattern: /\b(today|yesterday)\b/gi,
    read: (m, now) => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const today = unitStart(now, 'day');
      const t = (m[1] ?? '').toLowerCase() === 'today' ? today : addDays(today, -1);
      return { start: iso(t), end: iso(addDays(t, 1)) };
    },
  },
  // A bare date expression ("in 2024", "for March 2025", "2025-03-01") is that whole range; a bare
  // month with no year needs a preposition, so "may" the verb is not read as a month.
  {
    pattern: new RegExp(
      `(?:\\b(?:in|during|for|of|on)\\s+(${DATE_EXPR})|\\b(\\d{4}-\\d{2}-\\d{2}|${MONTH_WORD}\\.?\\s+${YEAR}|${DAY_WITH_YEAR}|${PART_EXPR}|${YEAR}|q[1-4]))\\b${NOT_A_COUNT}`,
      'gi',
    ),
    read: (m, now) => rangeOf(m[1] ?? m[2] ?? '', now) ?? RELATIVE_NEEDS_NOW,
  },
  // A month named alone, as a follow-up says it ("and September?", "just October", "October's
  // numbers"): the latest such month. Only full names no other word shares (not "may" or "march"),
  // and not where a word before it makes it one end of a span or a month to come.
  {
    pattern:
      /(?<!\b(?:next|this|coming|since|until|till|from|to|through|thru|before|after|by|last|previous|early|late|mid|end\s+of|start\s+of|beginning\s+of)\s+)\b(january|february|april|june|july|august|september|october|november|december)\b(?![\s,]*\d)(?!\s*(?:-|\u2013|to|until|till|through|thru)\s)/gi,
    read: (m, now) => rangeOf(m[1] ?? '', now) ?? RELATIVE_NEEDS_NOW,
  },
];

/**
 * Days in numbers, named days and spoken periods come first, before even a project's own phrases: each reads
 * words that a later rule would read as a part of them ("01/04/2026" as the year 2026).
 */
const LEADING: readonly Rule[] = [{ pattern: WEEK_OF, read: weekOf }, ...NUMERIC_DATE_RULES, ...NAMED_DAY_RULES, ...SPOKEN_PERIOD_RULES];
const ALL_RULES: readonly Rule[] = [...LEADING, ...RULES];

function toTime(now: Date | string | undefined): number | undefined {
  if (now === undefined) return undefined;
  const t = typeof now === 'string' ? Date.parse(now) : now.getTime();
  return Number.isNaN(t) ? undefined : t;
}

const overlaps = (spans: Array<[number, number]>, s: number, e: number): boolean => spans.some(([a, b]) => s < b && e > a);

/** What the matched phrases of a question have set so far. */
interface Found {
  spans: Array<[number, number]>;
  texts: string[];
  start?: string;
  end?: string;
  needsNow: boolean;
  relatives: Array<PeriodAsk['relative']>;
  closed: Range[];
  point: boolean;
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
  untilDay?: string;
}

/** What the phrases said of their own days: an until day, a calendar year said, a bare part of a financial year. */
function saidOf(found: Found): Pick<PeriodAsk, 'untilDay' | 'calendarSaid' | 'bareFiscal'> {
  return {
    ...(found.untilDay !== undefined ? { untilDay: found.untilDay } : {}),
    ...(found.calendarSaid === true ? { calendarSaid: true as const } : {}),
    ...(found.bareFiscal === true ? { bareFiscal: true as const } : {}),
  };
}

/** Adds one phrase's part: ranges widen to hold it, a relative window and a point are noted. */
function addPart(found: Found, part: Part): void {
  found.splitYear ??= part.splitYear;
  found.undeclared ??= part.undeclared;
  if (part.fiscal === true) found.fiscal = true;
  if (part.bareFiscal === true) found.bareFiscal = true;
  found.fiscalLabel ??= part.fiscalLabel;
  if (part.labelSaid === true) found.labelSaid = true;
  if (part.calendarSaid === true) found.calendarSaid = true;
  found.weekStart ??= part.weekStart;
  found.labels ??= part.labels;
  found.trailingMonths ??= part.trailingMonths;
  found.untilDay ??= part.untilDay;
  found.relatives.push(part.relative);
  found.point ||= part.point === true;
  if (part.start !== undefined && part.end !== undefined) found.closed.push({ start: part.start, end: part.end });
  if (part.start !== undefined && (found.start === undefined || part.start < found.start)) found.start = part.start;
  if (part.end !== undefined && (found.end === undefined || part.end > found.end)) found.end = part.end;
}

/** A mark right after a period's last date saying how that date counts: "(exclusive)", "[incl.]", ", not included". */
const BOUND_MARK = /^\s*,?\s*(?:[([]\s*([a-z. ]{3,20}?)\s*[)\]]|(exclusive|inclusive|excluded|included)\b(?!\s+of\b))/i;
const LAST_DATE = new RegExp(`\\b(?:${DATE_EXPR})\\b`, 'gi');

/** Whether words say a bound date is left out ("exclusive", "not included", "but not including") or kept ("inclusive", "and including"). */
function boundKind(words: string): 'exclusive' | 'inclusive' | undefined {
  const w = words.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/^(?:not (?:inclusive|included|including)|ex(?:clusive|cluded|cl\.?|cluding)|(?:but )?(?:not including|excluding))$/.test(w)) return 'exclusive';
  return /^(?:in(?:clusive|cluded|cl\.?|cluding)|and including)$/.test(w) ? 'inclusive' : undefined;
}

/**
 * "from July 2026 up to November 2026 (exclusive)", "until but not including 1 March": the writer
 * says whether the last date named counts. An exclusive end stops at that date's first day, an
 * inclusive one runs through it; a lone start marked exclusive begins after it. The mark's words
 * join the period's span so they are no measure asked.
 */
function markedBound(question: string, said: string, end: number, part: Part, now: number | undefined, found: Found): Part {
  const mark = BOUND_MARK.exec(question.slice(end));
  const inner = /\b(?:and|but)\s+((?:not\s+)?(?:including|excluding))\b/i.exec(said);
  const kind = boundKind(mark?.[1] ?? mark?.[2] ?? '') ?? (inner === null ? undefined : boundKind(inner[0]));
  if (kind === undefined) return part;
  // The writer said how the day counts: no boundary to guess.
  const { untilDay: _said, ...marked } = part;
  part = marked;
  if (mark !== null && boundKind(mark[1] ?? mark[2] ?? '') !== undefined) {
    const span = found.spans.at(-1);
    if (span !== undefined) span[1] = end + mark[0].length;
  }
  const last = [...said.matchAll(LAST_DATE)].at(-1);
  const r = last === undefined ? undefined : rangeOf(last[0], now);
  if (r === undefined) return part;
  if (part.end !== undefined && (part.end === r.end || part.end === r.start)) return { ...part, end: kind === 'exclusive' ? r.start : r.end };
  if (part.end === undefined && part.start !== undefined) return { ...part, start: kind === 'exclusive' ? r.end : r.start };
  return part;
}

/** An "until" day that is the first of a month is where the period stops: the day before is its last. Another day stays in, noted for a weekly block (bind-question.ts). */
function boundaryEnd(found: Found): void {
  const said = found.untilDay;
  if (said === undefined || found.end === undefined || daysBetween(said, found.end) !== 1 || found.closed.length > 1) return;
  if (!said.endsWith('-01')) return;
  found.untilDay = undefined;
  const stated = found.end;
  found.end = said;
  found.closed = found.closed.map((c) => (c.end === stated ? { start: c.start, end: said } : c));
}

/** "at the end of", "to the end of", "as at" right before a period: its last day, as POINT reads it. */
const POINT_BEFORE = new RegExp(`(?:${POINT_HEAD}|(?<!\\bup\\s)to\\s+(?:the\\s+)?end\\s+of)\\s+$`, 'i');

/**
 * "at the end of FY26", "to the end of H1": a period another rule read (a financial year, a half)
 * with a point phrase right before it is that period's last day, as "at the end of 2025" is.
 */
function pointBefore(question: string, found: Found): void {
  const [span] = found.spans;
  if (found.point || found.spans.length !== 1 || span === undefined || found.end === undefined) return;
  const m = POINT_BEFORE.exec(question.slice(0, span[0]));
  if (m === null) return;
  found.spans[0] = [m.index, span[1]];
  found.texts[0] = question.slice(m.index, span[1]);
  found.point = true;
  found.start = iso(addDays(Date.parse(`${found.end}T00:00:00Z`), -1));
  found.closed = [{ start: found.start, end: found.end }];
}

/**
 * The period a question asks about, or undefined. Several phrases merge into one range ("since
 * 2025-03-01 until 2025-06-01"); earlier rules win over later ones on the same words, and `first`
 * (the project's weeks, retail periods and financial year) come before all of them but LEADING.
 */
export function findPeriod(
  question: string,
  now?: Date | string,
  taken: ReadonlyArray<[number, number]> = [],
  first: readonly Rule[] = [],
): PeriodAsk | undefined {
  const t = toTime(now);
  const found: Found = { spans: [], texts: [], needsNow: false, relatives: [], closed: [], point: false };
  for (const rule of first.length === 0 ? ALL_RULES : [...first.filter((r) => r.leading), ...LEADING, ...first.filter((r) => !r.leading), ...RULES]) {
    for (const m of question.matchAll(rule.pattern)) {
      const s = m.index;
      const e = s + m[0].length;
      if (overlaps(found.spans, s, e) || overlaps([...taken], s, e)) continue;
      const part = rule.read(m as RegExpExecArray, t);
      if (part === undefined) continue;
      const from = part !== RELATIVE_NEEDS_NOW && part.lead !== undefined ? s + part.lead : s;
      found.spans.push([from, e]);
      found.texts.push(question.slice(from, e));
      if (part === RELATIVE_NEEDS_NOW) found.needsNow = true;
      else addPart(found, markedBound(question, m[0], e, part, t, found));
    }
  }
  if (found.spans.length === 0) return undefined;
  boundaryEnd(found);
  pointBefore(question, found);
  const { spans, start, end, relatives, closed, point, splitYear, undeclared, fiscal, fiscalLabel, labelSaid, weekStart, labels, trailingMonths } = found;
  spans.sort((a, b) => a[0] - b[0]);
  // A relative window only when it is the whole period asked ("last 30 days", not "last 30 days of 2024").
  const relative = relatives.length === 1 ? relatives[0] : undefined;
  return {
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
    ...(relative !== undefined ? { relative } : {}),
    needsNow: found.needsNow,
    text: found.texts.join(', '),
    spans,
    // "last 8 weeks, since 1 September": a window of recent units beside another period is two periods, neither kept whole.
    ...(apart(closed) || (relative === undefined && relatives.some((r) => r !== undefined)) ? { several: true as const } : {}),
    ...(point ? { point: true as const } : {}),
    ...(splitYear !== undefined ? { splitYear } : {}),
    ...(undeclared !== undefined ? { undeclared } : {}),
    ...(fiscal === true ? { fiscal } : {}),
    ...(weekStart !== undefined ? { weekStart } : {}),
    ...(fiscalLabel !== undefined && found.spans.length === 1 ? { fiscalLabel, ...(labelSaid === true ? { labelSaid } : {}) } : {}),
    ...(labels !== undefined && found.spans.length === 1 ? { labels } : {}),
    ...(trailingMonths !== undefined && found.spans.length === 1 ? { trailingMonths } : {}),
    ...saidOf(found),
  };
}

/** Whether two of the whole periods asked share no day: ranges are half-open, so adjacent months are apart too. */
function apart(closed: readonly Range[]): boolean {
  return closed.some((a, i) => closed.slice(i + 1).some((b) => a.end <= b.start || b.end <= a.start));
}

/**
 * How many rows of a series in `unit` the days [start, end) touch: "2025" is 12 months or 53
 * weeks, "last week" one week. End exclusive, as every period here is.
 */
export function unitsSpanned(start: string, end: string, unit: Unit, weekStart = 1): number {
  const first = unitStart(Date.parse(`${start}T00:00:00Z`), unit, weekStart);
  const last = unitStart(addDays(Date.parse(`${end}T00:00:00Z`), -1), unit, weekStart);
  let n = 0;
  for (let t = first; t <= last && n < 10_000; t = shift(t, unit, 1)) n++;
  return n;
}
