/**
 * "and the month before?", "the week before that", "the preceding quarter": in a thread, a period
 * said relative to the period the last answer covered. It is read as that period's dates: the
 * calendar unit ending where the thread's period starts (the month before September 2026 is
 * August 2026; the week before the week from 2026-11-16 is the week from 2026-11-09).
 */
import type { CompiledBlock } from '../compiler/types.js';
import { blockFacts } from './block-facts.js';
import type { ParamValue } from './types.js';

const BEFORE = /\b(?:the\s+)?(day|week|month|quarter|year)\s+before(?:\s+(?:that|it|this))?\b|\bthe\s+(?:preceding|prior)\s+(day|week|month|quarter|year)\b/i;

const DAY = 86_400_000;
const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);
const at = (d: string): number => Date.parse(`${d}T00:00:00Z`);

/** The first day of the calendar unit holding `day` (`back` units earlier); a day or week is counted from `day` itself. */
function unitStart(day: string, unit: string, back: number): string {
  const d = new Date(at(day));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (unit === 'day') return isoDay(at(day) - back * DAY);
  if (unit === 'week') return isoDay(at(day) - 7 * back * DAY);
  if (unit === 'month') return isoDay(Date.UTC(y, m - back, 1));
  if (unit === 'quarter') return isoDay(Date.UTC(y, Math.floor(m / 3) * 3 - 3 * back, 1));
  return isoDay(Date.UTC(y - back, 0, 1));
}

/**
 * Where the thread's period starts, from the last answer's start parameter (an exclusive start is
 * the day before it), else from a month it took as YYYY-MM ("month": "2026-10" starts 2026-10-01).
 */
function threadStart(block: CompiledBlock, params: Readonly<Record<string, ParamValue>>): string | undefined {
  const facts = blockFacts(block);
  if (facts.startParam === undefined) return monthStart(block, params);
  const value = params[facts.startParam.name];
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return facts.startExclusive ? isoDay(at(value) + DAY) : value;
}

/** The first day of the one month a block without dates took, as its YYYY-MM string parameter (asked, else its default). */
function monthStart(block: CompiledBlock, params: Readonly<Record<string, ParamValue>>): string | undefined {
  const months = block.params
    .filter((p) => p.type === 'string')
    .map((p) => params[p.name] ?? p.default)
    .filter((v): v is string => typeof v === 'string' && /^\d{4}-(?:0[1-9]|1[0-2])$/.test(v));
  return months.length === 1 ? `${months[0]}-01` : undefined;
}

/**
 * "and the year before" of a block taking a year, not dates (year-param.ts): the year before the
 * thread's (its asked value, else the default), written as the owner spells years ("2024/25").
 */
function yearBefore(block: CompiledBlock, params: Readonly<Record<string, ParamValue>>): string | undefined {
  const y = blockFacts(block).yearParam;
  if (y === undefined || y.open || blockFacts(block).startParam !== undefined) return undefined;
  const value = params[y.param.name] ?? y.param.default;
  const first = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.slice(0, 4)) : Number.NaN;
  if (!Number.isInteger(first)) return undefined;
  if (y.form === 'year') return `in ${first - 1}`;
  return `in ${first - 1}${y.separator}${y.long ? first : String(first % 100).padStart(2, '0')}`;
}

/** The month of `start` (its first day) a year earlier, as a range of its days. */
function monthYearBefore(start: string): string {
  const [y = 0, m = 1] = start.split('-').map(Number);
  return `between ${isoDay(Date.UTC(y - 1, m - 1, 1))} and ${isoDay(Date.UTC(y - 1, m, 0))}`;
}

/** The question with a period said relative to the thread's written as its dates; unchanged when there is none. */
export function periodBefore(question: string, block: CompiledBlock, params: Readonly<Record<string, ParamValue>>): string {
  const m = BEFORE.exec(question);
  if (m !== null && (m[1] ?? m[2] ?? '').toLowerCase() === 'year') {
    const year = yearBefore(block, params);
    if (year !== undefined) return `${question.slice(0, m.index)}${year}${question.slice(m.index + m[0].length)}`;
  }
  const start = m === null ? undefined : threadStart(block, params);
  if (m === null || start === undefined) return question;
  const unit = (m[1] ?? m[2] ?? '').toLowerCase();
  // "and the year before?" of one month-end (a YYYY-MM parameter): that month a year earlier.
  if (unit === 'year' && blockFacts(block).startParam === undefined)
    return `${question.slice(0, m.index)}${monthYearBefore(start)}${question.slice(m.index + m[0].length)}`;
  const from = unitStart(start, unit, 1);
  const to = isoDay(at(unitStart(start, unit, 0)) - DAY);
  return `${question.slice(0, m.index)}between ${from} and ${to}${question.slice(m.index + m[0].length)}`;
}

/** Whether the question says a period relative to the thread's ("and the month before?"). */
export function saysPeriodBefore(question: string): boolean {
  return BEFORE.test(question);
}
