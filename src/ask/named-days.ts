/**
 * Days people name instead of dating: a day of the week ("last Friday", "on Monday"), a trading
 * or public holiday ("Black Friday", "Boxing Day 2025", "Easter Monday"), "yday" and "the day
 * before yesterday". A part of a day ("yesterday evening", "last night", "this morning") is no
 * whole day, so it binds nothing (`undeclared: 'days'`) rather than the day around it. Read
 * before the calendar's rules, which would read "Boxing Day 2025" as the year.
 */
import { addDays, day, iso, type Part, RELATIVE_NEEDS_NOW, type Rule, unitStart } from './period-kit.js';
import { WEEKDAY_NAMES } from './vocabulary.js';

const YEAR = '((?:19|20)\\d{2})';
const ONE_DAY = (t: number): Part => ({ start: iso(t), end: iso(addDays(t, 1)) });

/** The nth (1-based) given weekday (0 Sunday) of a month, or the last one when n is 0. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n === 0) {
    const last = day(year, month + 1, 0);
    return addDays(last, -((new Date(last).getUTCDay() - weekday + 7) % 7));
  }
  const first = day(year, month, 1);
  return addDays(first, ((weekday - new Date(first).getUTCDay() + 7) % 7) + (n - 1) * 7);
}

/** Easter Sunday of a year (the Gregorian computus). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30;
  const e = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - d - (c % 4)) % 7;
  const f = d + e - 7 * Math.floor((a + 11 * d + 22 * e) / 451) + 114;
  return day(year, Math.floor(f / 31), (f % 31) + 1);
}

/** Each holiday's day in a year. Thanksgiving is the fourth Thursday of November; Black Friday the day after. */
const HOLIDAYS: Readonly<Record<string, (year: number) => number>> = {
  'black friday': (y) => addDays(nthWeekday(y, 11, 4, 4), 1),
  'cyber monday': (y) => addDays(nthWeekday(y, 11, 4, 4), 4),
  thanksgiving: (y) => nthWeekday(y, 11, 4, 4),
  'christmas eve': (y) => day(y, 12, 24),
  'christmas day': (y) => day(y, 12, 25),
  'boxing day': (y) => day(y, 12, 26),
  "new year's eve": (y) => day(y, 12, 31),
  'new years eve': (y) => day(y, 12, 31),
  "new year's day": (y) => day(y, 1, 1),
  'new years day': (y) => day(y, 1, 1),
  "valentine's day": (y) => day(y, 2, 14),
  'valentines day': (y) => day(y, 2, 14),
  halloween: (y) => day(y, 10, 31),
  'bonfire night': (y) => day(y, 11, 5),
  'good friday': (y) => addDays(easter(y), -2),
  'easter sunday': (y) => easter(y),
  'easter monday': (y) => addDays(easter(y), 1),
};

/** Words of named days ("black", "friday", "boxing", "yday"): inside a period they say when, never which block. */
export const NAMED_DAY_WORDS: ReadonlySet<string> = new Set([
  ...WEEKDAY_NAMES,
  ...Object.keys(HOLIDAYS).flatMap((name) => name.replace(/'/g, '').split(' ')),
  'yday',
  'yest',
]);

const HOLIDAY = new RegExp(`\\b(${Object.keys(HOLIDAYS).join('|')})(?:\\s+(?:of\\s+)?${YEAR})?\\b`, 'gi');

/** A holiday in the year said, or the latest one on or before today. */
function holiday(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  const of = HOLIDAYS[(m[1] ?? '').toLowerCase().replace(/’/g, "'")];
  if (of === undefined) return undefined;
  if (m[2] !== undefined) return ONE_DAY(of(Number(m[2])));
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const year = new Date(now).getUTCFullYear();
  return ONE_DAY(of(year) <= now ? of(year) : of(year - 1));
}

const WEEKDAY = `(${WEEKDAY_NAMES.join('|')})`;
/** "last Friday", "this Monday", "on Tuesday": a day of the week around today. */
const NAMED_WEEKDAY = new RegExp(`\\b(last|previous|this|on|for)\\s+${WEEKDAY}\\b(?!\\s+(?:of|in)\\b)`, 'gi');

/**
 * "last Friday" is the latest Friday before today (a week ago when today is Friday), "this Friday"
 * the one of this Monday-to-Sunday week, "on Friday" the latest on or before today.
 */
function namedWeekday(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const wanted = WEEKDAY_NAMES.indexOf((m[2] ?? '').toLowerCase() as (typeof WEEKDAY_NAMES)[number]);
  const today = unitStart(now, 'day');
  const back = (new Date(today).getUTCDay() - wanted + 7) % 7;
  const word = (m[1] ?? '').toLowerCase();
  if (word === 'this') return ONE_DAY(addDays(unitStart(now, 'week'), (wanted + 6) % 7));
  return ONE_DAY(addDays(today, -(back === 0 && word !== 'on' && word !== 'for' ? 7 : back)));
}

/** "yday", "yest.", "the day before yesterday": days back from today. */
const DAYS_BACK = /\b(?:the\s+)?(day\s+before\s+yesterday|yday|yest)\b\.?/gi;

function daysBack(m: RegExpExecArray, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  return ONE_DAY(addDays(unitStart(now, 'day'), /before/i.test(m[1] ?? '') ? -2 : -1));
}

/** "yesterday evening", "last night", "this morning", "tonight": part of a day, which no day is. */
const PART_OF_DAY =
  /\b(?:(?:yesterday|today|yday)(?:'s)?\s+(?:morning|afternoon|evening|night|lunchtime)|(?:last|this)\s+(?:night|morning|afternoon|evening)|tonight)\b/gi;

/** The rules for named days, read before the calendar's rules. */
export const NAMED_DAY_RULES: readonly Rule[] = [
  { pattern: PART_OF_DAY, read: () => ({ undeclared: 'days' as const }) },
  { pattern: HOLIDAY, read: holiday },
  { pattern: DAYS_BACK, read: daysBack },
  { pattern: NAMED_WEEKDAY, read: namedWeekday },
];
