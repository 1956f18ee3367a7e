/**
 * Days written in numbers with slashes or dots ("01/04/2026", "1/10/26", "30.09.2026"), one or a
 * range of two. Which number is the day depends on where the writer lives, which a question does
 * not say: a number over 12 says it ("30/09/2026" is day first, "09/30/2026" month first), and a
 * range's two days are written the same way, so one of them may say it for both. Where nothing
 * says it, or the numbers are no day of the calendar, the days bind nothing (`undeclared:
 * 'days'`): the year alone is never read out of them, and 1 April is never taken for 4 January.
 */
import { fullYear } from './fiscal-periods.js';
import { iso, type Part, type Rule } from './period-kit.js';

const DATE = '(\\d{1,2})[/.](\\d{1,2})[/.]((?:19|20)\\d{2}|\\d{2})';
const TO = '\\s*(?:-|\\u2013|to|until|till|through|thru|and)\\s*';
/** "01/04/2026 - 30/09/2026", "between 1/10/26 and 31/10/26", or one such day. */
const NUMERIC = new RegExp(`(?<![\\d/.])(?:(?:between|from)\\s+)?${DATE}(?:${TO}${DATE})?(?![\\d/.]*\\d)`, 'gi');

type Written = readonly [a: number, b: number, year: number];

/** Whether the days are written day first (true), month first (false), or nothing says (undefined). */
function dayFirst(days: readonly Written[]): boolean | undefined {
  if (days.some(([a]) => a > 12)) return days.every(([, b]) => b <= 12) ? true : undefined;
  if (days.some(([, b]) => b > 12)) return days.every(([a]) => a <= 12) ? false : undefined;
  return undefined;
}

/** The day as epoch milliseconds, or undefined when it is no day of the calendar. */
function dayOf([a, b, year]: Written, first: boolean): number | undefined {
  const [d, m] = first ? [a, b] : [b, a];
  const t = Date.UTC(year, m - 1, d);
  const back = new Date(t);
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : undefined;
}

function read(m: RegExpExecArray): Part | undefined {
  // "1.2.26" is a version more often than a day: dots take only a four-digit year.
  if (m[0].includes('.') && [m[3], m[6]].some((y) => y !== undefined && y.length === 2)) return undefined;
  const days: Written[] = [[Number(m[1]), Number(m[2]), fullYear(m[3] ?? '')]];
  if (m[4] !== undefined) days.push([Number(m[4]), Number(m[5]), fullYear(m[6] ?? '')]);
  const first = dayFirst(days);
  if (first === undefined) return { undeclared: 'days' };
  const [start, last] = days.map((d) => dayOf(d, first));
  const end = m[4] === undefined ? start : last;
  // No such day, or an end before the start: still no day, and still no year read out of it.
  if (start === undefined || end === undefined || end < start) return { undeclared: 'days' };
  return { start: iso(start), end: iso(end + 86_400_000) };
}

/** The rules reading numeric days, read before the calendar's so no rule reads a year out of them. */
export const NUMERIC_DATE_RULES: readonly Rule[] = [{ pattern: NUMERIC, read }];
