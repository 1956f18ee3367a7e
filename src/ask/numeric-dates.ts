/**
 * Days written in numbers with slashes or dots ("01/04/2026", "1/10/26", "30.09.2026"), one or a
 * range of two. Which number is the day depends on where the writer lives, which a question does
 * not say: a number over 12 says it ("30/09/2026" is day first, "09/30/2026" month first), and a
 * range's two days are written the same way, so one of them may say it for both. Where nothing
 * says it, or the numbers are no day of the calendar, the days bind nothing (`undeclared:
 * 'days'`): the year alone is never read out of them, and 1 April is never taken for 4 January,
 * unless the owners write their own days one way (date-order.ts): then that way is theirs.
 */
import { fullYear } from './fiscal-periods.js';
import { iso, type Part, RELATIVE_NEEDS_NOW, type Rule } from './period-kit.js';

const DATE = '(\\d{1,2})[/.](\\d{1,2})[/.]((?:19|20)\\d{2}|\\d{2})';
/** The words that make a lone day one end of an open period, or the week it begins or ends. */
const LEAD =
  '(?:(?:between|from|since|after|starting(?:\\s+(?:on|from))?|until|till|before|through|thru|up\\s+to|(?:the\\s+)?(?:wk|week)\\s+(?:of|beginning|starting|commencing|ending))\\s+)?';
const TO = '\\s*(?:-|\\u2013|to|until|till|through|thru|and)\\s*';
/**
 * "01/04/2026 - 30/09/2026", "between 1/10/26 and 31/10/26", or one such day, with the word before
 * it that makes a lone day one end of an open period ("since 27/09/2026", "until 01/11/2026").
 */
const NUMERIC = new RegExp(`(?<![\\d/.])${LEAD}${DATE}(?:${TO}${DATE})?(?![\\d/.]*\\d)`, 'gi');

type Written = readonly [a: number, b: number, year: number];

/** Whether the days are written day first (true), month first (false), or nothing says (undefined). */
export function dayFirst(days: readonly Written[]): boolean | undefined {
  if (days.some(([a]) => a > 12)) return days.every(([, b]) => b <= 12) ? true : undefined;
  if (days.some(([, b]) => b > 12)) return days.every(([a]) => a <= 12) ? false : undefined;
  return undefined;
}

/** The numbers of every day written in numbers in `text` (one or two per match). */
export function writtenDays(text: string): Written[][] {
  return [...text.matchAll(NUMERIC)].map((m) => {
    const days: Written[] = [[Number(m[1]), Number(m[2]), fullYear(m[3] ?? '')]];
    if (m[4] !== undefined) days.push([Number(m[4]), Number(m[5]), fullYear(m[6] ?? '')]);
    return days;
  });
}

/** The day as epoch milliseconds, or undefined when it is no day of the calendar. */
function dayOf([a, b, year]: Written, first: boolean): number | undefined {
  const [d, m] = first ? [a, b] : [b, a];
  const t = Date.UTC(year, m - 1, d);
  const back = new Date(t);
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : undefined;
}

function read(m: RegExpExecArray, declared: boolean | undefined): Part | undefined {
  // "1.2.26" is a version more often than a day: dots take only a four-digit year.
  if (m[0].includes('.') && [m[3], m[6]].some((y) => y !== undefined && y.length === 2)) return undefined;
  const days: Written[] = [[Number(m[1]), Number(m[2]), fullYear(m[3] ?? '')]];
  if (m[4] !== undefined) days.push([Number(m[4]), Number(m[5]), fullYear(m[6] ?? '')]);
  const first = dayFirst(days) ?? declared;
  if (first === undefined) return { undeclared: 'days' };
  const [start, last] = days.map((d) => dayOf(d, first));
  const end = m[4] === undefined ? start : last;
  // No such day, or an end before the start: still no day, and still no year read out of it.
  if (start === undefined || end === undefined || end < start) return { undeclared: 'days' };
  return m[4] === undefined ? openEnded(leadOf(m[0]), start) : { start: iso(start), end: iso(end + DAY_MS) };
}

const DAY_MS = 86_400_000;

/** The words before a day's numbers ("since", "week of"), trimmed. */
const leadOf = (said: string): string => said.slice(0, said.search(/\d/)).trim();

/**
 * A lone day after `lead`: from it ("since"), after it, up to it ("until", "through") or before
 * it; the week it begins or ends ("week of 11/8", "wk ending 11/14"); else the day itself.
 */
function openEnded(lead: string | undefined, day: number): Part {
  const word = (lead ?? '').toLowerCase().replace(/\s+/g, ' ');
  // The week said is the writer's own: it starts on the weekday it names.
  if (/^(?:the )?(?:wk|week) ending$/.test(word))
    return { start: iso(day - 6 * DAY_MS), end: iso(day + DAY_MS), weekStart: new Date(day + DAY_MS).getUTCDay() };
  if (/^(?:the )?(?:wk|week) /.test(word)) return { start: iso(day), end: iso(day + 7 * DAY_MS), weekStart: new Date(day).getUTCDay() };
  if (/^(?:since|from|starting)/.test(word)) return { start: iso(day) };
  if (word === 'after') return { start: iso(day + DAY_MS) };
  if (word === 'before') return { end: iso(day) };
  // "until 01/11/2026" as "until 1 November 2026": where the period stops (periods.ts reads `untilDay`).
  if (word === 'until' || word === 'till' || word === 'up to') return { end: iso(day + DAY_MS), untilDay: iso(day) };
  if (word === 'through' || word === 'thru') return { end: iso(day + DAY_MS) };
  return { start: iso(day), end: iso(day + DAY_MS) };
}

/** The rules reading numeric days, read before the calendar's so no rule reads a year out of them. */
export const NUMERIC_DATE_RULES: readonly Rule[] = [{ pattern: NUMERIC, read: (m) => read(m, undefined) }];

/**
 * A day or a range of days written with slashes and no year ("on 11/26", "11/15-11/21", "since
 * 10/4"), in a project whose owners write days one way: the latest such day not after today (a
 * range ends there and starts before its end). Slashes only: "1.5" is a number.
 */
const NO_YEAR = new RegExp(`(?<![\\d/.])${LEAD}(\\d{1,2})/(\\d{1,2})(?:${TO}(\\d{1,2})/(\\d{1,2}))?(?![\\d/.]*\\d|\\s+of\\b)`, 'gi');

/** The latest day of a month and day (`Written` with no year) on or before `now`, or undefined when it is none. */
function latest(a: number, b: number, first: boolean, now: number, notAfter = now): number | undefined {
  const year = new Date(now).getUTCFullYear();
  for (const y of [year, year - 1]) {
    const t = dayOf([a, b, y], first);
    if (t === undefined) return undefined;
    if (t <= notAfter) return t;
  }
  return undefined;
}

function readNoYear(m: RegExpExecArray, first: boolean, now: number | undefined): Part | 'needs-now' | undefined {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const end = latest(Number(m[m[3] === undefined ? 1 : 3]), Number(m[m[3] === undefined ? 2 : 4]), first, now);
  if (end === undefined) return { undeclared: 'days' };
  if (m[3] === undefined) return openEnded(leadOf(m[0]), end);
  const start = latest(Number(m[1]), Number(m[2]), first, now, end);
  return start === undefined ? { undeclared: 'days' } : { start: iso(start), end: iso(end + DAY_MS) };
}

/** The same rules where the owners write days one way (`dayFirstDeclared`): a day nothing else orders is read their way. */
export function declaredDateRules(dayFirstDeclared: boolean): readonly Rule[] {
  return [
    { pattern: NUMERIC, read: (m) => read(m, dayFirstDeclared), leading: true },
    { pattern: NO_YEAR, read: (m, now) => readNoYear(m, dayFirstDeclared, now), leading: true },
  ];
}
