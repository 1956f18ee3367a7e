/**
 * What a question asks for beyond "which block": a row limit (top-N), a period, and filter
 * values. These are read once per question, independent of any block; bind-question.ts then
 * decides whether a particular block can take them. Every ask keeps its character span so the
 * router can drop value words from ranking and explanations can quote the question.
 */

import type { PeriodAsk, Rule as PeriodRule } from './period-kit.js';
import { findPeriod } from './periods.js';
import { stem, type WordSpan, words } from './tokens.js';
import { findStates } from './us-states.js';
import type { ValueLexicon } from './value-lexicon.js';
import { NEUTRAL_WORDS, NUMBER_WORDS, STOP_WORDS } from './vocabulary.js';

export interface LimitAsk {
  n: number;
  text: string;
  start: number;
  end: number;
  /** A top-N no block can take ("top 0", "top -5"): explained, never dropped or bound. */
  invalid?: 'not-positive';
}

export interface FilterAsk {
  /** Fields this value can belong to (a lexicon value may be known for several). */
  fields: string[];
  /**
   * The value as the project declares it (`CA`, `small_business`), else exactly as the question
   * wrote it (never case-folded: the data's own spelling is looked up before it is bound).
   */
  value: string;
  text: string;
  start: number;
  end: number;
  /** "in <word>" with a word no block knows: a filter on a field the question does not name. */
  loose: boolean;
  /** The value as a particular field spells it, where that differs ("New York" is NY as a state, itself as a city). */
  spelled?: Record<string, string>;
}

/** "across all hotels", "for all of our channels": every value of a field, not one. */
export interface AllAsk {
  /** The field word, stemmed ("hotel"). */
  field: string;
  text: string;
  start: number;
  end: number;
}

export interface QuestionAsks {
  limit?: LimitAsk;
  period?: PeriodAsk;
  filters: FilterAsk[];
  /** Fields asked for whole (every value together). */
  all?: AllAsk[];
  /** A period shorter than a day ("the last 3 hours"): no block's dates can keep it. */
  subDay?: { text: string; start: number; end: number };
  /** "where does Leeds rank?": the named values' places in the whole ranking, not their rows alone. */
  place?: true;
}

/**
 * Asking where a value stands among the others ("where does Leeds rank", "what position is Abbey
 * in", "how does York compare"): every row is the answer, since a row alone shows no place.
 */
const PLACE =
  /\b(?:where (?:does|do|did) (?:\S+ ){1,6}(?:rank|stand|sit|place|come|finish|fall|land)|what (?:rank|position|place) (?:is|was|does|did)|how (?:does|do|did) (?:\S+ ){1,6}(?:rank|compare|stack up|measure up))\b/i;

const NUM = `(-?\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;

const SUB_DAY = new RegExp(
  `\\b(?:(?:last|past|previous|next)\\s+(?:${NUM}|a|an|few|couple\\s+of)?\\s*(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)|(?:this|the\\s+last|the\\s+past)\\s+hour)\\b`,
  'i',
);

/** "for the last 3 hours", "in the past hour": a period finer than the day every block's dates count in. */
function findSubDay(question: string): QuestionAsks['subDay'] {
  const m = SUB_DAY.exec(question);
  return m === null ? undefined : { text: m[0], start: m.index, end: m.index + m[0].length };
}

/** "top 1%", "bottom 10 percent": a share of the rows, never a number of them. */
const NOT_PERCENT = '(?!\\s*(?:%|percent\\b|per\\s*cent\\b|pc\\b))';

/** Words ending in -est that are no superlative ("5 interest payments", "3 guest rooms", "2 west depots"). */
const NOT_SUPERLATIVE =
  '(?:interest|request|guest|test|west|rest|forest|harvest|contest|protest|digest|nest|chest|quest|manifest|arrest|invest|suggest|honest|modest|midwest|southwest|northwest|inquest|pest|vest|crest|fest|zest|bequest|conquest|priest|breast|feast|beast|east|northeast|southeast|least|best)\\b';

const LIMIT_PATTERNS: RegExp[] = [
  new RegExp(`\\b(?:top|first|best)\\s+${NUM}\\b${NOT_PERCENT}`, 'gi'),
  // The other end counts rows too ("bottom 5", "worst 15", "the 3 slowest"): whether the block ranks from that end is coverage's question.
  new RegExp(`\\b(?:bottom|worst|lowest)\\s+${NUM}\\b${NOT_PERCENT}`, 'gi'),
  // "fastest 2 contractors", "busiest 5 stops": any superlative before the number.
  new RegExp(`\\b(?!${NOT_SUPERLATIVE})[a-z]{2,}est\\s+(?!(?:19|20)\\d{2}\\b)${NUM}\\b${NOT_PERCENT}`, 'gi'),
  new RegExp(`\\b${NUM}\\s+(?:biggest|largest|best|highest|top|most|leading|best[- ]selling|highest[- ]spending)\\b`, 'gi'),
  new RegExp(`\\b${NUM}\\s+(?:smallest|worst|lowest|least|fewest|slowest|bottom)\\b`, 'gi'),
  // "show all 18", "list all 25 wards": a verb asking for rows, and how many of them.
  new RegExp(`\\b(?:show|list|give|see)\\s+(?:me\\s+|us\\s+)?all\\s+(?:the\\s+)?${NUM}\\b${NOT_PERCENT}`, 'gi'),
  // "the 10 longest waits", "5 busiest days", "the 3 most expensive routes": any superlative after the number.
  new RegExp(`\\b${NUM}\\s+(?:(?:most|least)\\s+[a-z]+|(?!${NOT_SUPERLATIVE})[a-z]{2,}est)\\b`, 'gi'),
  // "which 3 hotels brought in the most revenue", "the 5 depots with the highest cost", "3 lines
  // with the lowest OEE", "which 3 contractors finished quickest": a number of things (not of days or months) asked for by a superlative
  // of either end later in the same sentence.
  new RegExp(
    `(?:^\\s*|\\b(?:which|what|the)\\s+)${NUM}\\s+(?!(?:days?|weeks?|months?|quarters?|years?|hours?|minutes?)\\b)[a-z][\\w-]*\\b(?=[^.?!]*\\b(?:most|highest|biggest|largest|best|greatest|top|least|lowest|smallest|fewest|worst|slowest|bottom|(?!${NOT_SUPERLATIVE})[a-z]{2,}est)\\b)`,
    'gi',
  ),
];

function readNumber(text: string): number | undefined {
  const n = /^-?\d+$/.test(text) ? Number(text) : NUMBER_WORDS[text.toLowerCase()];
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** The first top-N in the question; the span covers the number only, so "top" still routes. */
export function findLimit(question: string): LimitAsk | undefined {
  let best: LimitAsk | undefined;
  for (const pattern of LIMIT_PATTERNS) {
    for (const m of question.matchAll(pattern)) {
      const raw = m[1] ?? '';
      const n = readNumber(raw);
      if (n === undefined) continue;
      const start = m.index + m[0].indexOf(raw);
      if (best === undefined || start < best.start)
        best = { n, text: m[0], start, end: start + raw.length, ...(n <= 0 ? { invalid: 'not-positive' as const } : {}) };
    }
  }
  return best;
}

const inside = (spans: ReadonlyArray<[number, number]>, s: number, e: number): boolean => spans.some(([a, b]) => s < b && e > a);
const SEPARATOR_CUES: ReadonlySet<string> = new Set(['for', 'where', 'with']);

/** "channel web", "for category home", "segment = enterprise", "web channel". */
function fieldNamed(ws: WordSpan[], lexicon: ValueLexicon, taken: Array<[number, number]>, question: string): FilterAsk[] {
  const out: FilterAsk[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as WordSpan;
    if (!lexicon.fields.has(w.word) || w.word === 'state') continue;
    let j = i + 1;
    if (ws[j]?.word === 'is' || ws[j]?.word === 'equals') j++;
    const v = ws[j];
    if (v === undefined || STOP_WORDS.has(v.word) || inside(taken, v.start, v.end)) continue;
    const known = lexicon.fieldsOf(v.word).includes(w.word);
    const cued = SEPARATOR_CUES.has(ws[i - 1]?.word ?? '') || /[=:]/.test(question.slice(w.end, v.start)) || j > i + 1;
    if (!known && !cued) continue;
    out.push({
      fields: [w.word],
      value: lexicon.stored(w.word, v.word, question.slice(v.start, v.end)),
      text: question.slice(w.start, v.end),
      start: w.start,
      end: v.end,
      loose: false,
    });
    taken.push([w.start, v.end]);
  }
  return out;
}

/** A record code as people write it: letters then digits, whole or joined by a dash ("LON01", "QS-10107", "DRV-1027"). */
const CODE = /(?<![\p{L}\p{N}])\p{L}+(?:[-_]?\p{N}+)(?:[-_][\p{L}\p{N}]+)*(?![\p{L}\p{N}])/gu;

/**
 * Codes in the question. One of a known kind ("at XYZ01" where hotels are LON01, BCN01...; an
 * account "QS-10042" where the account parameter's default is QS-10001) is a value of that kind,
 * asked and, when the data does not hold it, explained. Any other code that is no word of the
 * project is a value no block is known to take: it is asked with no field, so a block answers
 * only by taking it, never by quietly using its own default for it.
 */
function shapedValues(lexicon: ValueLexicon, taken: Array<[number, number]>, question: string, isKnown: (word: string) => boolean): FilterAsk[] {
  const out: FilterAsk[] = [];
  for (const m of question.matchAll(CODE)) {
    const [text, start] = [m[0], m.index];
    const end = start + text.length;
    if (inside(taken, start, end)) continue;
    const fields = lexicon.fieldsShapedLike(text);
    if (fields.length === 0 && (isKnown(text.toLowerCase()) || !/\p{N}/u.test(text))) continue;
    out.push({ fields, value: text, text, start, end, loose: false });
    taken.push([start, end]);
  }
  return out;
}

const GLUE: ReadonlySet<string> = new Set([...STOP_WORDS, ...NEUTRAL_WORDS]);

/**
 * "ok, and for 2025?": a value the data holds that is also a word of everyday framing (the state
 * code OK, a region IN) is that value only when written as the data spells it.
 */
function glueWord(written: string, phrase: string, fields: readonly string[], lexicon: ValueLexicon): boolean {
  // "Distribution" written as the owner labels DIS is that value, though "distribution" alone frames a question.
  return GLUE.has(phrase) && !lexicon.writes(phrase, written) && fields.every((f) => lexicon.stored(f, phrase) !== written);
}

/** Known values anywhere ("orders from mobile", "small business customers"), longest first. */
/** Participles after which "by" names a means, not a breakdown ("paid by card", "booked by phone"). */
const MEANS_VERBS: ReadonlySet<string> = new Set(['paid', 'made', 'sold', 'sent', 'won', 'bought', 'done', 'taken', 'given']);

/**
 * "openings by branch", "footfall per branch": a value word right after by or per names the field
 * to break down by (a channel called branch is also what branches are), never rows kept; "paid by
 * card" keeps its means, and "per" after a verb still breaks down ("received per shop").
 */
function breakdownCue(ws: readonly WordSpan[], i: number): boolean {
  const cue = ws[i - 1]?.word;
  if (cue !== 'by' && cue !== 'per') return false;
  // "per" names no means or doer: "bags received per shop" is a row per shop.
  if (cue === 'per') return true;
  const verb = ws[i - 2]?.word ?? '';
  return !(MEANS_VERBS.has(verb) || /^[a-z]{3,}ed$/.test(verb));
}

/** "by Gem Harbour installs": a value written as a capitalised name after "by" is whose rows, not a field to break down by. */
function properName(written: string, phrase: string, lexicon: ValueLexicon): boolean {
  return /^\p{Lu}\p{Ll}/u.test(written) && phrase.includes(' ') && !lexicon.fields.has(phrase.replace(/ /g, '_'));
}

function knownValues(ws: WordSpan[], lexicon: ValueLexicon, taken: Array<[number, number]>, question: string): FilterAsk[] {
  const out: FilterAsk[] = [];
  for (let len = lexicon.longest; len >= 1; len--) {
    for (let i = 0; i + len <= ws.length; i++) {
      const first = ws[i] as WordSpan;
      const last = ws[i + len - 1] as WordSpan;
      if (inside(taken, first.start, last.end)) continue;
      const phrase = ws
        .slice(i, i + len)
        .map((w) => w.word)
        .join(' ');
      const fields = lexicon.fieldsOf(phrase);
      const written = question.slice(first.start, last.end);
      if (fields.length === 0 || glueWord(written, phrase, fields, lexicon) || (breakdownCue(ws, i) && !properName(written, phrase, lexicon))) continue;
      // "tram" is TRAM as a mode and TRM as a fleet type: each field binds its own spelling.
      const spelled = fields.length > 1 ? { spelled: Object.fromEntries(fields.map((f) => [f, lexicon.stored(f, phrase)])) } : {};
      out.push({
        fields,
        value: lexicon.stored(fields[0] ?? '', phrase),
        text: question.slice(first.start, last.end),
        start: first.start,
        end: last.end,
        loose: false,
        ...spelled,
      });
      taken.push([first.start, last.end]);
    }
  }
  return out;
}

const capitalised = (question: string, w: WordSpan): boolean => /^\p{Lu}/u.test(question.slice(w.start, w.end));

/** How far a value written as a name runs: "in Customer Support", "in São Paulo" (up to four words). */
function nameEnd(ws: WordSpan[], i: number, question: string, taken: Array<[number, number]>): number {
  let j = i;
  if (!capitalised(question, ws[i] as WordSpan)) return j;
  while (j + 1 < ws.length && j - i < 3) {
    const next = ws[j + 1] as WordSpan;
    const gap = question.slice((ws[j] as WordSpan).end, next.start);
    if (!/^[ \t]+$/.test(gap) || !capitalised(question, next) || STOP_WORDS.has(next.word) || inside(taken, next.start, next.end)) break;
    j++;
  }
  return j;
}

/**
 * "in <word>" / "for <word>" where no block knows the word: a filter value on an unnamed field,
 * kept exactly as written (its spelling in the data is looked up before it is bound).
 */
function looseValues(
  ws: WordSpan[],
  taken: Array<[number, number]>,
  isKnown: (word: string) => boolean,
  fields: ReadonlySet<string>,
  question: string,
): FilterAsk[] {
  const out: FilterAsk[] = [];
  for (let i = 1; i < ws.length; i++) {
    const cue = (ws[i - 1] as WordSpan).word;
    const v = ws[i] as WordSpan;
    if (cue !== 'in' && cue !== 'for') continue;
    if (STOP_WORDS.has(v.word) || /^\d/.test(v.word) || inside(taken, v.start, v.end) || isKnown(v.word) || fields.has(v.word)) continue;
    const end = (ws[nameEnd(ws, i, question, taken)] as WordSpan).end;
    const value = question.slice(v.start, end);
    out.push({ fields: [], value, text: `${cue} ${value}`, start: v.start, end, loose: true });
    taken.push([v.start, end]);
  }
  return out;
}

export interface AskOptions {
  now?: Date | string;
  /** The project's financial-year phrases, read before the calendar's (fiscal-periods.ts). */
  periods?: readonly PeriodRule[];
  lexicon: ValueLexicon;
  /** True when a word is routing vocabulary of some block (so "in home" is not a loose filter). */
  isKnown: (word: string) => boolean;
  /** Spans to ignore, e.g. the words that named a block (spec: never filter values). */
  skip?: ReadonlyArray<[number, number]>;
}

const ALL = /\b(?:across\s+|for\s+|in\s+|at\s+)?all\s+(?:of\s+)?(?:our\s+|the\s+|my\s+)?([a-z][a-z_-]*)/gi;

/** Fields the question asks for whole: "all hotels", "across all of our channels". */
function allOf(question: string): AllAsk[] {
  const out: AllAsk[] = [];
  for (const m of question.matchAll(ALL)) {
    const word = (m[1] ?? '').toLowerCase();
    if (STOP_WORDS.has(word) || word === 'time') continue;
    out.push({ field: stem(word), text: m[0].trim(), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The five words before the period's first span, nearest first. */
function wordsBefore(question: string, spans: ReadonlyArray<[number, number]>): string[] {
  const first = Math.min(...spans.map(([a]) => a));
  if (!Number.isFinite(first)) return [];
  return (
    question
      .slice(0, first)
      .toLowerCase()
      .match(/[a-z]+/g) ?? []
  )
    .slice(-3)
    .reverse();
}

/** Every ask in the question, in a fixed order so overlapping readings resolve the same way. */
export function readAsks(question: string, options: AskOptions): QuestionAsks {
  const taken: Array<[number, number]> = [...(options.skip ?? [])];
  const limit = findLimit(question);
  if (limit !== undefined && !inside(taken, limit.start, limit.end)) taken.push([limit.start, limit.end]);
  const filters: FilterAsk[] = [];
  for (const s of findStates(question)) {
    if (inside(taken, s.start, s.end)) continue;
    const text = question.slice(s.start, s.end);
    // A state's name may be a value of another field too (New York the city): each field reads its own spelling.
    const others = options.lexicon.fieldsOf(text).filter((f) => f !== 'state');
    const spelled = Object.fromEntries(others.map((f) => [f, options.lexicon.stored(f, text)]));
    filters.push({ fields: ['state', ...others], value: s.code, text, start: s.start, end: s.end, loose: false, ...(others.length > 0 ? { spelled } : {}) });
    taken.push([s.start, s.end]);
  }
  const found = findPeriod(question, options.now, taken, options.periods);
  const period = found === undefined ? undefined : { ...found, before: wordsBefore(question, found.spans) };
  if (period !== undefined) taken.push(...period.spans);
  const ws = words(question);
  filters.push(...fieldNamed(ws, options.lexicon, taken, question));
  filters.push(...knownValues(ws, options.lexicon, taken, question));
  filters.push(...shapedValues(options.lexicon, taken, question, options.isKnown));
  filters.push(...looseValues(ws, taken, options.isKnown, options.lexicon.fields, question));
  filters.sort((a, b) => a.start - b.start);
  return {
    ...(limit === undefined || inside(options.skip ?? [], limit.start, limit.end) ? {} : { limit }),
    ...(period === undefined ? {} : { period }),
    filters,
    ...(allOf(question).length > 0 ? { all: allOf(question) } : {}),
    ...(findSubDay(question) !== undefined ? { subDay: findSubDay(question) } : {}),
    ...(PLACE.test(question) ? { place: true as const } : {}),
  };
}
