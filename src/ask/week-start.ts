/**
 * The day the organisation's weeks start on, as its owners declared it: "reporting weeks run
 * Sunday to Saturday", "Sunday-to-Saturday weeks", "weeks start on Sunday", "week_start is the
 * Sunday", "weeks ending Friday", "ISO weeks". Read from every text the owners wrote, as the
 * financial year is. A project that says nothing, or says Monday, keeps ISO weeks (Monday first);
 * owners who disagree declare no week, so "last week" binds no days there.
 *
 * The rules read "last week", "this week", "the week before last" and "week to date" in the
 * declared week, before the calendar's Monday weeks (periods.ts) can claim the words.
 */
import type { Manifest } from '../compiler/types.js';
import { ownersTexts } from './financial-year.js';
import { addDays, iso, type Part, RELATIVE_NEEDS_NOW, type Rule, unitStart } from './period-kit.js';
import { WEEKDAY_NAMES } from './vocabulary.js';

const DAY = '(sun|mon|tue|wed|thu|fri|sat)[a-z]*';
const TO = '(?:[\\s-]*(?:to|through|until)[\\s-]*|\\s*[-\\u2013]\\s*)';
/** First day said first: "weeks run Sunday to Saturday", "Sunday-to-Saturday weeks", "weeks start on Sunday", "week start is the Sunday". */
const STARTS: readonly RegExp[] = [
  new RegExp(`\\bweeks?\\b[^.;()]{0,30}?\\b(?:run|runs|running|go|goes|are|is)\\s+(?:from\\s+)?${DAY}${TO}${DAY}`, 'gi'),
  new RegExp(`\\b${DAY}${TO}${DAY}\\s+(?:(?:reporting|trading|retail|business|working|calendar)\\s+)?weeks?\\b`, 'gi'),
  new RegExp(`\\bweeks?\\s+(?:starts?|begins?|starting|beginning|commencing|commences?)\\s+(?:on\\s+)?(?:a\\s+|the\\s+)?${DAY}`, 'gi'),
  new RegExp(`\\bweek\\s+start\\s+(?:is|on)\\s+(?:the\\s+|a\\s+)?${DAY}`, 'gi'),
];
/** Last day said: "weeks ending Saturday", "weeks end on Friday". */
const ENDS = new RegExp(`\\bweeks?\\s+(?:ending|ends?)\\s+(?:on\\s+)?(?:a\\s+|the\\s+)?${DAY}`, 'gi');
const ISO = /\biso(?:\s+8601)?\s+weeks?\b/gi;

const dayIndex = (text: string | undefined): number => WEEKDAY_NAMES.findIndex((d) => d.startsWith((text ?? '').toLowerCase().slice(0, 3)));

/** Every week start one text declares, as a day index (0 Sunday ... 6 Saturday). */
function declarations(text: string): number[] {
  const out: number[] = [];
  for (const pattern of STARTS) {
    for (const m of text.matchAll(pattern)) {
      const first = dayIndex(m[1]);
      // "Sunday to Saturday" must be a whole week: its last day the one before its first.
      if (m[2] !== undefined && dayIndex(m[2]) !== (first + 6) % 7) continue;
      if (first >= 0) out.push(first);
    }
  }
  for (const m of text.matchAll(ENDS)) {
    const last = dayIndex(m[1]);
    if (last >= 0) out.push((last + 1) % 7);
  }
  for (const _ of text.matchAll(ISO)) out.push(1);
  return out;
}

/** The project's week start (0 Sunday ... 6 Saturday), 'disagree' where owners declare two, undefined where none. */
export function weekStartOf(manifest: Manifest): number | 'disagree' | undefined {
  const found = new Set(ownersTexts(manifest).flatMap(({ text }) => declarations(text.replace(/_/g, ' '))));
  if (found.size > 1) return 'disagree';
  return [...found][0];
}

const LAST = /\b(?:last|previous|prior)\s+week\b(?!\s+of\s+(?:(?:19|20)\d{2}|(?:the\s+)?(?:last|this|previous|prior|current)\s+year))/gi;
const BEFORE_LAST = /\b(?:the\s+)?week\s+before\s+last\b/gi;
const THIS = /\b(?:this|current)\s+week\b(?![\s-]+to[\s-]+date)/gi;
const TO_DATE = /\b(?:(?:this|current)\s+)?week[\s-]+to[\s-]+date\b|\bwtd\b/gi;

/** A rule reading one week phrase as the week `offset` weeks from the current one, whole or up to now. */
function weekRule(pattern: RegExp, first: number, offset: number, toDate = false): Rule {
  return {
    pattern,
    read: (_m, now): Part | 'needs-now' => {
      if (now === undefined) return RELATIVE_NEEDS_NOW;
      const start = addDays(unitStart(now, 'week', first), 7 * offset);
      return toDate ? { start: iso(start), weekStart: first } : { start: iso(start), end: iso(addDays(start, 7)), weekStart: first };
    },
  };
}

/** Week phrases refused where the owners disagree on when a week starts. */
const UNDECLARED: readonly Rule[] = [BEFORE_LAST, LAST, THIS, TO_DATE].map((pattern) => ({ pattern, read: () => ({ undeclared: 'week' as const }) }));

/** The organisation's week phrases to read before the calendar's, or none where its weeks are ISO weeks. */
export function weekRules(start: number | 'disagree' | undefined): readonly Rule[] {
  if (start === 'disagree') return UNDECLARED;
  if (start === undefined || start === 1) return [];
  return [weekRule(BEFORE_LAST, start, -2), weekRule(LAST, start, -1), weekRule(THIS, start, 0), weekRule(TO_DATE, start, 0, true)];
}
