/**
 * A retail calendar of 4-4-5 periods (or 4-5-4, 5-4-4), as its owners declare it: "one 4-4-5
 * period", "the retail year starting on the Monday nearest 1 February". A year runs from that day
 * to the next year's: 52 weeks, or 53 when the next start falls a week later (the extra week
 * joins the last period), in four quarters of three periods of the declared weeks. Read before the
 * calendar's phrases, its rules give "P9 FY26", "last period", "this period", "P9", "Q3 FY26",
 * "last quarter", "FY26", "this financial year" and "year to date" the days of the owners' own
 * periods, and their labels (FY26, P9, Q3) for blocks that list those as parameter values. Owners who
 * declare no such calendar get none: their periods stay months or undeclared (fiscal-periods.ts).
 */
import type { Manifest } from '../compiler/types.js';
import { ownersTexts } from './financial-year.js';
import { fullYear } from './fiscal-periods.js';
import { addDays, day, iso, type Part, RELATIVE_NEEDS_NOW, type Rule } from './period-kit.js';
import { MONTH_NAME, monthNumber, WEEKDAY_NAMES } from './vocabulary.js';

export interface RetailCalendar {
  /** Weeks in each period of a quarter, e.g. [4, 4, 5]. */
  weeks: readonly number[];
  /** The day of the week a year starts on, 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** The day of the calendar the start is nearest to (month 1-12, day of month). */
  month: number;
  day: number;
  /** A label names the year by the calendar year it starts in (FY26 starts near 1 February 2026). */
  startNamed: boolean;
}

const PATTERN = /\b([45])-([45])-([45])\b/;
const NEAREST = new RegExp(
  `\\b(${WEEKDAY_NAMES.join('|')})\\s+(?:nearest|closest)\\s+(?:to\\s+)?(?:the\\s+)?(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_NAME})|(${MONTH_NAME})\\s+(\\d{1,2}))(?:\\s+(\\d{4}))?`,
  'i',
);
/** "FY26 for the retail year starting on the Monday nearest 1 February 2026": how labels name years. */
const LABELLED = /\bfy\s*'?(\d{4}|\d{2})\b[^.;]{0,80}?\bnearest\b[^.;]{0,30}?\b((?:19|20)\d{2})\b/i;

/** The project's retail calendar, from the first owners' text declaring its weeks and its start. */
export function retailCalendarOf(manifest: Manifest): RetailCalendar | undefined {
  let weeks: number[] | undefined;
  let start: Pick<RetailCalendar, 'weekday' | 'month' | 'day'> | undefined;
  let startNamed: boolean | undefined;
  for (const { text, current } of ownersTexts(manifest)) {
    if (!current) continue;
    const p = PATTERN.exec(text);
    const w = p === null ? [] : [p[1], p[2], p[3]].map(Number);
    if (weeks === undefined && w.reduce((a, b) => a + b, 0) === 13) weeks = w;
    const n = NEAREST.exec(text);
    const month = monthNumber((n?.[3] ?? n?.[4] ?? '').toLowerCase());
    if (start === undefined && n !== null && month !== undefined)
      start = { weekday: WEEKDAY_NAMES.findIndex((d) => d === (n[1] ?? '').toLowerCase()), month, day: Number(n[2] ?? n[5]) };
    const l = LABELLED.exec(text);
    if (startNamed === undefined && l !== null) startNamed = fullYear(l[1] ?? '') === Number(l[2]);
  }
  return weeks === undefined || start === undefined ? undefined : { weeks, ...start, startNamed: startNamed ?? true };
}

/** The first day of the retail year starting in calendar year `y`. */
function yearStart(cal: RetailCalendar, y: number): number {
  const target = day(y, cal.month, cal.day);
  let shift = (cal.weekday - new Date(target).getUTCDay() + 7) % 7;
  if (shift > 3) shift -= 7;
  return addDays(target, shift);
}

/** The calendar year the retail year holding `t` starts in. */
function yearHolding(cal: RetailCalendar, t: number): number {
  const y = new Date(t).getUTCFullYear();
  if (t < yearStart(cal, y)) return y - 1;
  return t >= yearStart(cal, y + 1) ? y + 1 : y;
}

/** The twelve periods of the retail year starting in `y`, as [first day, day after the last). */
function periodsOf(cal: RetailCalendar, y: number): Array<[number, number]> {
  const start = yearStart(cal, y);
  const long = (yearStart(cal, y + 1) - start) / (7 * 86_400_000) === 53;
  const out: Array<[number, number]> = [];
  let at = start;
  for (let i = 0; i < 12; i++) {
    const weeks = (cal.weeks[i % 3] ?? 4) + (long && i === 11 ? 1 : 0);
    out.push([at, addDays(at, weeks * 7)]);
    at = addDays(at, weeks * 7);
  }
  return out;
}

const range = ([start, end]: [number, number]): Part => ({ start: iso(start), end: iso(end) });
const labelYear = (cal: RetailCalendar, y: number): number => (cal.startNamed ? y : y + 1);
/** The spellings of a year's label a parameter may list: FY26, FY2026, 2026. */
const yearLabels = (cal: RetailCalendar, y: number): string[] => {
  const label = labelYear(cal, y);
  return [`FY${String(label % 100).padStart(2, '0')}`, `FY${label}`, String(label)];
};
const yearOfLabel = (cal: RetailCalendar, label: number): number => (cal.startNamed ? label : label - 1);

/** The whole retail year starting in `y`, named by its label. */
function wholeYear(cal: RetailCalendar, y: number): Part {
  return { start: iso(yearStart(cal, y)), end: iso(yearStart(cal, y + 1)), fiscalLabel: labelYear(cal, y), labels: [yearLabels(cal, y)] };
}

/** Periods `from` to `to` (1-12) of the year starting in `y`: one period (P9) or a quarter (Q3), with its labels. */
function periods(cal: RetailCalendar, y: number, from: number, to: number): Part | undefined {
  const ps = periodsOf(cal, y);
  const first = ps[from - 1];
  const last = ps[to - 1];
  if (first === undefined || last === undefined) return undefined;
  const part = to === from ? [`P${from}`, `P${String(from).padStart(2, '0')}`] : to - from === 2 && from % 3 === 1 ? [`Q${(from + 2) / 3}`] : undefined;
  return { ...range([first[0], last[1]]), ...(part !== undefined ? { labels: [yearLabels(cal, y), part] } : {}) };
}

/** The period holding `t`, as its year and number. */
function periodHolding(cal: RetailCalendar, t: number): { y: number; n: number } {
  const y = yearHolding(cal, t);
  return { y, n: periodsOf(cal, y).findIndex(([a, b]) => t >= a && t < b) + 1 };
}

/** Period `n` of the year `shift` periods from the one holding `t`. */
function shifted(cal: RetailCalendar, t: number, shift: number): Part | undefined {
  const { y, n } = periodHolding(cal, t);
  const k = n - 1 + shift;
  const year = y + Math.floor(k / 12);
  const p = (((k % 12) + 12) % 12) + 1;
  return periods(cal, year, p, p);
}

const YEAR_WORDS = "(?:fy|financial\\s+year|fiscal\\s+year|retail\\s+year|fiscal)\\s*'?";
const PERIOD_LABEL = new RegExp(`\\b(?:p|period)\\s*(\\d{1,2})\\s+(?:of\\s+|in\\s+)?${YEAR_WORDS}(\\d{4}|\\d{2})\\b`, 'gi');
const QUARTER_LABEL = new RegExp(`\\bq([1-4])\\s+(?:of\\s+|in\\s+)?${YEAR_WORDS}(\\d{4}|\\d{2})\\b|\\b${YEAR_WORDS}(\\d{4}|\\d{2})\\s+q([1-4])\\b`, 'gi');
const YEAR_LABEL = new RegExp(`\\b${YEAR_WORDS}(\\d{4}|\\d{2})\\b(?!\\s*[/\\u2013-]\\s*\\d)`, 'gi');
const RELATIVE_YEAR = /\b(this|current|last|previous|prior|next)\s+(?:financial\s+year|fiscal\s+year|retail\s+year|fy)\b(?![\s-]+to[\s-]+date)/gi;
const TO_DATE = /\b(?:(?:this|current)\s+)?(?:(?:financial|fiscal|retail)\s+)?year[\s-]+to[\s-]+date\b|\b(?:fytd|ytd)\b/gi;
const NUMBERED = /\b(?:p|period)\s*(\d{1,2})\b(?![.,]\d)/gi;
const RELATIVE_PERIOD =
  /\b(last|previous|prior|this|current|next)\s+(?:reporting\s+|p&l\s+|accounting\s+|fiscal\s+|financial\s+|retail\s+|4-4-5\s+)?period\b/gi;
const RELATIVE_QUARTER = /\b(last|previous|prior|this|current|next)\s+(?:(?:financial|fiscal|retail)\s+)?quarter\b/gi;
const BARE_QUARTER = /\bq([1-4])\b(?![\s/'-]*(?:of\s+)?(?:(?:19|20)\d{2}|fy|financial|fiscal|last|this|previous|prior|next)\b)/gi;

/** The quarter `shift` quarters from the one holding `t`. */
function quarterShifted(cal: RetailCalendar, t: number, shift: number): Part | undefined {
  const { y, n } = periodHolding(cal, t);
  const k = Math.floor((n - 1) / 3) + shift;
  const year = y + Math.floor(k / 4);
  const q = ((k % 4) + 4) % 4;
  return periods(cal, year, q * 3 + 1, q * 3 + 3);
}

/** The latest period or quarter numbered `n` (of `per` periods) that has begun by `now`. */
function latest(cal: RetailCalendar, now: number, n: number, per: number): Part | undefined {
  const y = yearHolding(cal, now);
  const part = periods(cal, y, (n - 1) * per + 1, n * per);
  if (part?.start === undefined) return undefined;
  return Date.parse(`${part.start}T00:00:00Z`) <= now ? part : periods(cal, y - 1, (n - 1) * per + 1, n * per);
}

/** The rules reading the owners' retail periods, first among the calendar's. */
export function retailRules(cal: RetailCalendar | undefined): readonly Rule[] {
  if (cal === undefined) return [];
  const label = (text: string | undefined): number => yearOfLabel(cal, fullYear(text ?? ''));
  const shifts: Record<string, number> = { last: -1, previous: -1, prior: -1, next: 1 };
  return [
    { pattern: PERIOD_LABEL, read: (m) => (Number(m[1]) >= 1 && Number(m[1]) <= 12 ? periods(cal, label(m[2]), Number(m[1]), Number(m[1])) : undefined) },
    {
      pattern: QUARTER_LABEL,
      read: (m) => {
        const q = Number(m[1] ?? m[4]);
        return periods(cal, label(m[2] ?? m[3]), (q - 1) * 3 + 1, q * 3);
      },
    },
    { pattern: YEAR_LABEL, read: (m) => ({ ...wholeYear(cal, label(m[1])), labelSaid: true }) },
    {
      pattern: RELATIVE_YEAR,
      read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : wholeYear(cal, yearHolding(cal, now) + (shifts[(m[1] ?? '').toLowerCase()] ?? 0))),
    },
    {
      pattern: TO_DATE,
      read: (_m, now) => {
        if (now === undefined) return RELATIVE_NEEDS_NOW;
        const y = yearHolding(cal, now);
        return { start: iso(yearStart(cal, y)), fiscalLabel: labelYear(cal, y), labels: [yearLabels(cal, y)] };
      },
    },
    {
      pattern: RELATIVE_QUARTER,
      read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : quarterShifted(cal, now, shifts[(m[1] ?? '').toLowerCase()] ?? 0)),
    },
    { pattern: RELATIVE_PERIOD, read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : shifted(cal, now, shifts[(m[1] ?? '').toLowerCase()] ?? 0)) },
    {
      pattern: NUMBERED,
      read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : Number(m[1]) >= 1 && Number(m[1]) <= 12 ? latest(cal, now, Number(m[1]), 1) : undefined),
    },
    { pattern: BARE_QUARTER, read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : latest(cal, now, Number(m[1]), 3)) },
  ];
}
