/**
 * What a question asks a block to give, beyond its filters, period and row limit (those are
 * question-asks.ts): the groupings ("by state", "per month", "which category"), a ranking ("top",
 * "least") and the measure words ("revenue", "products", "cancellation rate"). Words that say
 * which rows (a period, a filter value, a top-N) and words that name a block are left out, as
 * are stop words and neutral framing words ("total", "number of"). Pure; read once per question.
 */

import { type AskedNumber, looseNumbers } from './asked-numbers.js';
import type { QuestionAsks } from './question-asks.js';
import { type AskedRestriction, restrictionsIn } from './restriction.js';
import { shareBase } from './share-base.js';
import { type StatedBasis, statedBases } from './stated-basis.js';
import { isNeutralWord, isNumberWord, terms, termsOfWord, type WordSpan, words } from './tokens.js';
import {
  COMPARE_CUES,
  EXCLUSION_PHRASES,
  GRAIN_ADJECTIVES,
  GROUP_CUES,
  NUMBER_WORDS,
  RANK_BOTTOM_TERMS,
  RANK_TOP_TERMS,
  STOP_WORDS,
  TIME_WORDS,
} from './vocabulary.js';

/** One routing term of the question and where its word sits. */
export interface AskedPart {
  term: string;
  start: number;
  end: number;
}

export interface AskedGrouping {
  /** The words as the question has them, e.g. "payment method". */
  text: string;
  /** Their routing terms; one of them names the field the answer is grouped by. */
  terms: string[];
  parts: AskedPart[];
  /**
   * "which maintenance categories ...": the word right after a "which" word, itself read as a
   * measure too. The two may be one field qualified by the first ("maintenance" categories).
   */
  then?: AskedPart[];
  /** The word that introduced it: `by`, `per`, `each`..., or `which`. */
  cue?: string;
  /** "per 1000 consignments": how many of the thing a rate is per. */
  per?: string;
}

export interface AskedMeasure {
  text: string;
  term: string;
  start: number;
  end: number;
  /** Measures with the same run stand together, no grouping, value or cue between them ("refunded amount"). */
  run: number;
  /** The word it follows ("an" of "over an hour"), when there is one. */
  follows?: string;
}

export interface AskedShape {
  groupings: AskedGrouping[];
  /** Where the words on each side of a comparison word start ("iOS versus Android"): both asked side by side. */
  compared?: Array<readonly [number, number]>;
  ranking?: 'top' | 'bottom';
  /** The word that asked for the ranking, and where it starts. */
  rankingText?: string;
  rankingStart?: number;
  /** The word right after it, as written: what is ranked ("biggest customers") or by what ("highest MRR"). */
  rankingNext?: string;
  measures: AskedMeasure[];
  /** "why did approaches go up": the move a "why" asks to explain, which the causes of one period do not. */
  change?: string;
  /** "trend", "over time": the answer must run over time. */
  overTime?: string;
  /** "how many associates ...": a count of what the rows are, where no measure is named. */
  countAsked?: true;
  /**
   * "what were tickets about?", "what do customers contact us about in Q3?": the rows asked for are
   * the things the subject is about (its kinds), so the answer breaks down by something other than time.
   */
  about?: string;
  /** Words saying how listed rows relate to a filter value ("work" in "which drivers work at MAN1"): neither measures nor routing words. */
  relations?: Array<[number, number]>;
  /** "for new customers only": which rows to keep, in words no filter value holds (restriction.ts). */
  restrictions?: AskedRestriction[];
  /** "as a share of revenue": the terms of what an asked share is of (share-base.ts). */
  shareBase?: string[];
  /** "over 100", "the top 1%": numbers no top-N, period or value took (asked-numbers.ts). */
  numbers?: AskedNumber[];
  /** "why did revenue drop", "what caused the delays": the question asks for causes, not figures. */
  why?: string;
  /** "across all services", "across every survey wave": one figure over all of them, not a row each. */
  acrossAll?: AskedGrouping;
  /** "overall", "blended", "company-wide": the word asking one figure over everything, as said. */
  overall?: string;
  /** Every term of the question, whatever it was read as. */
  said?: ReadonlySet<string>;
  /** "what will December sales be", "are we going to hit": the question asks what is to come, as said. */
  future?: string;
  /** "AOV after discounts", "revenue excluding VAT": the basis each figure is asked on (stated-basis.ts). */
  bases?: StatedBasis[];
}

const TIME: ReadonlySet<string> = new Set(TIME_WORDS);
/** Most words a grouping phrase takes ("customer segment", "sales channel"). */
const GROUPING_WORDS = 3;

type Spans = ReadonlyArray<readonly [number, number]>;
/** Reads a term in the project's own words (business-lexicon.ts); identity by default. */
type Fold = (term: string) => string;
const inside = (spans: Spans, w: WordSpan): boolean => spans.some(([a, b]) => w.start < b && w.end > a);

/** Asking for causes: "why ...", "what caused / drove ...", "what is driving ...", "the reasons for ...". */
/** A figure moving: "go up", "rose", "fell", "increase", "drop", "spike". */
const CHANGE =
  /\b(?:go(?:es|ne)?|went|going)\s+(?:up|down)\b|\b(?:rise|rises|rose|risen|rising|fall|falls|fell|fallen|falling|increased?|increases|increasing|decreased?|decreases|decreasing|drop|drops|dropped|dropping|grow|grows|grew|grown|growing|declined?|declines|declining|jump|jumps|jumped|spike|spikes|spiked|dip|dips|dipped|surge|surged|slump|slumped|climb|climbed|worsen|worsened|improve|improved)\b/i;
const WHY = /^\s*(?:why\b|what(?:'s|\s+is|\s+was|\s+are)?\s+(?:caused?|causing|drove|driving|drives|behind)\b)|\breasons?\s+(?:for|why|behind)\b/i;

/** Spans of the words that say which rows: the row limit, the period, the filter values. */
function valueSpans(asks: QuestionAsks): Array<[number, number]> {
  const out: Array<[number, number]> = [...(asks.period?.spans ?? [])];
  if (asks.limit !== undefined) out.push([asks.limit.start, asks.limit.end]);
  for (const f of asks.filters) out.push([f.start, f.end]);
  return out;
}

/** The terms of "excluding": what every way of leaving rows out asks, a measure no block gives unless it says so. */
const EXCLUDING: readonly string[] = termsOfWord('excluding');

/** The words of leaving out that are words of their own ("excluding", "except", "without"). */
const LEAVE_OUT_TERMS: ReadonlySet<string> = new Set(['excluding', 'except', 'without'].flatMap((w) => termsOfWord(w)));
const leavesOut = (word: string): boolean => termsOfWord(word).some((t) => LEAVE_OUT_TERMS.has(t));

/** How many words of an exclusion start at `i` ("other than", "apart from", "excl."), or 0. */
function exclusionAt(ws: readonly WordSpan[], i: number): number {
  const two = `${ws[i]?.word} ${ws[i + 1]?.word}`;
  if (EXCLUSION_PHRASES.has(two)) return 2;
  return EXCLUSION_PHRASES.has(ws[i]?.word ?? '') ? 1 : 0;
}

/** "other than", "excl.": the measure "excluding", as many words long as it was written; returns that length. */
function pushExclusion(ws: readonly WordSpan[], i: number, n: number, out: AskedShape, run: number, fold: Fold): number {
  const first = ws[i] as WordSpan;
  const last = ws[i + n - 1] as WordSpan;
  const text = ws
    .slice(i, i + n)
    .map((x) => x.word)
    .join(' ');
  for (const term of EXCLUDING) out.measures.push({ text, term: fold(term), start: first.start, end: last.end, run });
  return n;
}

/**
 * "the Glasgow clinic (GLA)": a capitalised name right before a value in brackets, one lower-case
 * noun between at most, is that value's name as the person writes it, no word to measure.
 */
function withLabels(question: string, spans: Spans): Spans {
  const out = [...spans];
  for (const [start] of spans) {
    const before = question.slice(0, start);
    const m = /(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)(?:\s+\p{Ll}+)?\s*\(\s*$/u.exec(before);
    if (m !== null) out.push([m.index, start] as const);
  }
  return out;
}

/** A word that can carry meaning: not a stop word, a lone letter, a number or a neutral word. */
function content(w: WordSpan | undefined): boolean {
  if (w === undefined || w.word.length <= 1 || STOP_WORDS.has(w.word) || isNeutralWord(w.word) || isNumberWord(w.word)) return false;
  return termsOfWord(w.word).length > 0;
}

/** The grouping phrase starting at `from`: content words up to the next stop word or cue. */
const CALENDAR_PARTS = /^(?:hour|day|week|month|quarter)s?$/;
const CALENDAR_WHOLES = /^(?:day|week|month|quarter|year)$/;

/** Where "of (the) week" ends after a calendar part ("day", "hour"), else `at`. */
function calendarWithin(ws: readonly WordSpan[], at: number, last: WordSpan | undefined): number {
  if (ws[at]?.word !== 'of' || last === undefined || !CALENDAR_PARTS.test(last.word)) return at;
  const whole = ws[at + 1]?.word === 'the' ? at + 2 : at + 1;
  return CALENDAR_WHOLES.test(ws[whole]?.word ?? '') && ws[whole]?.word !== last.word ? whole + 1 : at;
}

function phraseAt(ws: readonly WordSpan[], from: number, skip: Spans, fold: Fold, most = GROUPING_WORDS): { grouping?: AskedGrouping; next: number } {
  let j = from;
  const taken: WordSpan[] = [];
  while (j < ws.length && taken.length < most) {
    const w = ws[j] as WordSpan;
    // "by day of the week", "hour of day": one calendar position, not a day and a week asked apart.
    const within = calendarWithin(ws, j, taken.at(-1));
    const part = taken.at(-1);
    if (within > j && part !== undefined) {
      // The day of the week is the weekday; another part of a whole is that part ("hour of day": hour).
      const whole = (ws[within - 1] as WordSpan).word;
      taken[taken.length - 1] = {
        word: /^days?$/.test(part.word) && whole === 'week' ? 'weekday' : part.word,
        start: part.start,
        end: (ws[within - 1] as WordSpan).end,
      };
      j = within;
      continue;
    }
    // "by specialty excluding geriatric medicine": a word of leaving out ends the grouping and is asked itself.
    if (GROUP_CUES.has(w.word) || inside(skip, w) || !content(w) || exclusionAt(ws, j) > 0 || leavesOut(w.word)) break;
    // "by region monthly": a calendar adjective after the grouping's words asks a grain of its own.
    if (taken.length > 0 && GRAIN_ADJECTIVES.has(w.word)) break;
    // "by queue, week by week": punctuation between two words ends the phrase (one space or hyphen does not).
    if (part !== undefined && w.start > part.end + 1) break;
    taken.push(w);
    j++;
  }
  if (taken.length === 0) return { next: from };
  const parts = taken.flatMap((w) => termsOfWord(w.word).map((term) => ({ term: fold(term), start: w.start, end: w.end })));
  return { grouping: { text: taken.map((w) => w.word).join(' '), terms: parts.map((x) => x.term), parts }, next: j };
}

/** Counts said in words after "per": "per thousand orders" is per 1000. */
const COUNT_NAMES: Readonly<Record<string, string>> = { hundred: '100', thousand: '1000', million: '1000000' };

/**
 * The count after "per" and where the thing counted starts: "per 1000 customers", "per 1,000
 * orders" (one number, though written in two groups of digits), "per thousand beds".
 */
function perCount(ws: readonly WordSpan[], from: number, cue: string | undefined): { per?: string; next: number } {
  const first = ws[from];
  if (cue !== 'per' || first === undefined) return { next: from };
  if (COUNT_NAMES[first.word] !== undefined) return { per: COUNT_NAMES[first.word], next: from + 1 };
  if (!isNumberWord(first.word)) return { next: from };
  let per = first.word;
  let at = from + 1;
  for (let w = ws[at]; w !== undefined && /^\d{3}$/.test(w.word) && w.start === (ws[at - 1]?.end ?? 0) + 1; w = ws[at]) {
    per += w.word;
    at++;
  }
  return { per, next: at };
}

/** Words between "each of" and what it counts: "each of our three centres", "every one of the 12 wards". */
const EACH_OF_WORDS = new Set(['the', 'our', 'your', 'their', 'its', 'these', 'those', 'all', 'one']);

/** After "each of (our) (three)" where `cue` is each or every, else `at`. */
function eachOf(ws: readonly WordSpan[], at: number, cue: string | undefined): number {
  // "each of", "every of" is no English but harmless; "every one of" skips the "one".
  const after = cue === 'every' && ws[at]?.word === 'one' ? at + 1 : at;
  if ((cue !== 'each' && cue !== 'every') || ws[after]?.word !== 'of') return at;
  let k = after + 1;
  const counted = (w: string): boolean => EACH_OF_WORDS.has(w) || isNumberWord(w) || NUMBER_WORDS[w] !== undefined;
  while (k < ws.length && counted((ws[k] as WordSpan).word)) k++;
  return k < ws.length ? k : at;
}

/** Groupings after a cue, continued over "and" ("by state and channel"). */
function groupingsAt(ws: readonly WordSpan[], from: number, skip: Spans, out: AskedShape, fold: Fold): number {
  const cue = ws[from - 1]?.word;
  // "per 1000 customers", "per 100 beds": a rate per so many of something is still per that thing.
  const { per, next: perEnd } = perCount(ws, from, cue);
  let at = eachOf(ws, perEnd, cue);
  // "for every AHS module": a value right after the cue names which ones; the next word is still the grouping.
  while (at + 1 < ws.length && inside(skip, ws[at] as WordSpan) && content(ws[at + 1]) && !inside(skip, ws[at + 1] as WordSpan)) at++;
  for (;;) {
    const { grouping, next } = phraseAt(ws, at, skip, fold);
    if (grouping === undefined) return at;
    out.groupings.push(cue === undefined ? grouping : { ...grouping, cue, ...(per !== undefined && at === perEnd ? { per } : {}) });
    if (ws[next]?.word !== 'and' || !content(ws[next + 1])) return next;
    at = next + 1;
  }
}

/** Words before "used" that make it a measure of use ("least used", "most heavily used"). */
const USED_BY = new Set(['most', 'least', 'more', 'less', 'heavily', 'rarely', 'lightly', 'little', 'widely']);

/**
 * The future tense: "will" (not "will you", a request, nor a name written "Will Smith"),
 * "going to", "gonna". What is to come is no recorded figure.
 */
const FUTURE = /\b(will|'ll|gonna|going\s+to)\s+(\w+)/gi;

/** The words saying the question asks what is to come, or undefined. */
function futureOf(question: string): string | undefined {
  for (const m of question.matchAll(FUTURE)) {
    const [said, word = '', next = ''] = m;
    if (/^(?:you|u)$/i.test(next)) continue;
    // "ask Will Smith": a name, written with capitals after the sentence's start.
    if (word === 'Will' && (m.index ?? 0) > 0 && /^[A-Z]/.test(next)) continue;
    return said;
  }
  return undefined;
}

/** Words asking one figure over every row: "overall", "blended", "company-wide", "as a whole". */
const OVERALL = /\b(?:overall|blended|(?:company|network|group|firm|org|organisation|organization)[- ]?wide|all[- ]up|as\s+a\s+whole)\b/i;

/** Words after "across" that make it one figure over the whole: "across all", "across every", "across the whole". */
const WHOLE = new Set(['all', 'every', 'whole', 'entire']);

/**
 * "across all services", "across every survey wave", "across the whole network": the thing after
 * it, read as what the one figure is over (`acrossAll`), not a grouping. Returns where reading
 * goes on, or `at` itself where the words say no such thing.
 */
function acrossAllAt(ws: readonly WordSpan[], at: number, skip: Spans, out: AskedShape, fold: Fold): number {
  if (ws[at]?.word !== 'across') return at;
  let j = at + 1;
  if (ws[j]?.word === 'the' && WHOLE.has(ws[j + 1]?.word ?? '')) j++;
  if (!WHOLE.has(ws[j]?.word ?? '')) return at;
  while (ws[j + 1]?.word === 'the' || ws[j + 1]?.word === 'of' || ws[j + 1]?.word === 'our') j++;
  const { grouping, next } = phraseAt(ws, j + 1, skip, fold);
  if (grouping === undefined) return at;
  out.acrossAll ??= grouping;
  return next;
}

/**
 * "Which X ..." asks for the X that stands out, so X is a grouping; only its first word, since
 * the verb usually follows ("which states sell the most"). Filler before it is passed over
 * ("which of our channels").
 */
function whichAt(ws: readonly WordSpan[], from: number, skip: Spans, out: AskedShape, fold: Fold): number {
  let at = from;
  while (at < ws.length && at < from + 3 && STOP_WORDS.has((ws[at] as WordSpan).word)) at++;
  const { grouping, next } = phraseAt(ws, at, skip, fold, 1);
  if (grouping === undefined) return from;
  const then = phraseAt(ws, next, skip, fold, 1).grouping;
  out.groupings.push(then === undefined ? { ...grouping, cue: 'which' } : { ...grouping, cue: 'which', then: then.parts });
  return next;
}

/** "how big is the backlog", "how large is our book": asking the size of what follows, which the measure gives. */
const SIZE_WORDS: ReadonlySet<string> = new Set(['big', 'large']);

function classify(w: WordSpan, out: AskedShape, run: number, fold: Fold, after: WordSpan | undefined, next?: WordSpan): void {
  if (SIZE_WORDS.has(w.word) && after?.word === 'how') return;
  // "at least £250", "at most 3": a comparison with the number after it, no end of a ranking.
  if ((w.word === 'least' || w.word === 'most') && after?.word === 'at') return;
  // "how old is the backlog" asks its age.
  if (w.word === 'old' && after?.word === 'how') {
    for (const term of termsOfWord('age')) out.measures.push({ text: w.word, term: fold(term), start: w.start, end: w.end, run });
    return;
  }
  // "over time" asks for a time series; "resolution time" is a measure (a duration).
  if (TIME.has(w.word) || (w.word === 'time' && after?.word === 'over')) {
    out.overTime ??= w.word;
    return;
  }
  for (const raw of termsOfWord(w.word)) {
    const term = fold(raw);
    if (RANK_TOP_TERMS.has(term) || RANK_BOTTOM_TERMS.has(term)) {
      out.ranking = RANK_BOTTOM_TERMS.has(term) ? 'bottom' : (out.ranking ?? 'top');
      // "top 10 worst outages", "top 5 lowest": "top" only counts the first rows; the word after it says which end.
      const first = out.rankingText === undefined || (out.rankingText.toLowerCase() === 'top' && w.word !== 'top');
      if (first && next !== undefined) out.rankingNext = next.word;
      if (first) out.rankingStart = w.start;
      if (first) out.rankingText = w.word;
    } else out.measures.push({ text: w.word, term, start: w.start, end: w.end, run, ...(after !== undefined ? { follows: after.word } : {}) });
  }
}

/** Words comparing with a number after "than" ("more than 180"). */
const THRESHOLD_WORDS: ReadonlySet<string> = new Set([
  'more',
  'less',
  'fewer',
  'greater',
  'higher',
  'lower',
  'longer',
  'shorter',
  'bigger',
  'smaller',
  'older',
  'younger',
]);

/**
 * "day by day", "month by month" at the cue `at`: one calendar grain, asked as "by month" is, over
 * time; the word before the cue is that grain, no measure. "Night by night" (a hotel's days) keeps
 * its word. Returns the index of the last word read.
 */
function sameGrainAt(ws: readonly WordSpan[], at: number, spans: Spans, out: AskedShape, fold: Fold): number {
  const word = ws[at + 1]?.word ?? '';
  if (!/^(?:day|night|week|month|quarter|year)s?$/.test(word)) return at + 1;
  out.overTime ??= `${word} by ${word}`;
  if (/^nights?$/.test(word)) return at + 1;
  const grain = ws[at - 1]?.start;
  out.measures = out.measures.filter((m) => m.start !== grain);
  const { grouping } = phraseAt(ws, at + 1, spans, fold, 1);
  if (grouping !== undefined) out.groupings.push({ ...grouping, cue: 'by' });
  return at + 1;
}

/**
 * Reads the shape of a question. `skip` holds spans to ignore besides the asks' own values: the
 * words that named a block (spec: they are never values, measures or groupings).
 */
export function readShape(question: string, asks: QuestionAsks, skip: Spans = [], fold: Fold = (t) => t): AskedShape {
  const ws = words(question);
  const spans: Spans = withLabels(question, [...valueSpans(asks), ...skip]);
  const out: AskedShape = { groupings: [], measures: [], ...(/^\s*how\s+many\b/i.test(question) ? { countAsked: true as const } : {}) };
  let run = 0;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as WordSpan;
    if (inside(spans, w)) {
      run++;
      continue;
    }
    if (w.word === 'by' && ws[i - 1]?.word === ws[i + 1]?.word && ws[i + 1] !== undefined) {
      i = sameGrainAt(ws, i, spans, out, fold);
      continue;
    }
    const whole = acrossAllAt(ws, i, spans, out, fold);
    if (whole > i) {
      i = whole - 1;
      run++;
      continue;
    }
    if (GROUP_CUES.has(w.word)) {
      i = groupingsAt(ws, i + 1, spans, out, fold) - 1;
      run++;
      continue;
    }
    if (w.word === 'which') {
      i = whichAt(ws, i + 1, spans, out, fold) - 1;
      run++;
      continue;
    }
    const exclusion = exclusionAt(ws, i);
    if (exclusion > 0) {
      i += pushExclusion(ws, i, exclusion, out, run, fold) - 1;
      continue;
    }
    if (w.word === 'about' && asksWhatAbout(ws, i, spans)) out.about = w.word;
    if (comparisonAt(ws, i, asks, spans, out)) continue;
    // "the 5 least used bus routes": "used" after a ranking word asks how much they are used.
    if (w.word === 'used' && USED_BY.has(ws[i - 1]?.word ?? '')) {
      for (const term of termsOfWord('usage')) out.measures.push({ text: w.word, term: fold(term), start: w.start, end: w.end, run });
      continue;
    }
    // "more than 180 days", "fewer than 3 items": the comparison is the threshold's, a number the shape reads apart.
    if (THRESHOLD_WORDS.has(w.word) && ws[i + 1]?.word === 'than' && /^\d/.test(ws[i + 2]?.word ?? '')) continue;
    if (content(w)) classify(w, out, run, fold, ws[i - 1], ws[i + 1]);
  }
  return withWholeQuestion(question, ws, spans, dropRelations(ws, asks, out));
}

/** What only the whole question says: its restrictions, a share's base, loose numbers, a "why", "overall", its terms. */
function withWholeQuestion(question: string, ws: readonly WordSpan[], spans: Spans, shaped: AskedShape): AskedShape {
  const restrictions = restrictionsIn(ws, shaped.measures, (w) => inside(spans, w));
  const base = shareBase(ws, shaped.measures);
  const numbers = looseNumbers(question, spans);
  const why = WHY.exec(question)?.[0];
  const change = why === undefined ? undefined : CHANGE.exec(question)?.[0];
  const overall = OVERALL.exec(question)?.[0]?.toLowerCase();
  const future = futureOf(question);
  const bases = statedBases(question);
  return {
    ...shaped,
    said: new Set(terms(question)),
    ...(overall !== undefined ? { overall } : {}),
    ...(future !== undefined ? { future } : {}),
    ...(why !== undefined ? { why } : {}),
    ...(change !== undefined ? { change } : {}),
    ...(restrictions.length > 0 ? { restrictions } : {}),
    ...(base.length > 0 ? { shareBase: base } : {}),
    ...(numbers.length > 0 ? { numbers } : {}),
    ...(bases.length > 0 ? { bases } : {}),
  };
}

/**
 * "about" ends what a "what" question asks ("what were tickets about", "... about last month"):
 * after it come only the period and filter values, stop words or the end of the sentence. "What
 * about revenue?" and "tell me about churn" name their subject after it, and ask for no kinds.
 */
function asksWhatAbout(ws: readonly WordSpan[], i: number, spans: Spans): boolean {
  const what = ws.slice(0, i).some((w) => w.word === 'what');
  if (!what || ws[i - 1]?.word === 'what' || ws[i - 1]?.word === 'how') return false;
  for (let j = i + 1; j < ws.length; j++) {
    const w = ws[j] as WordSpan;
    if (!inside(spans, w) && content(w)) return false;
  }
  return true;
}

/** Prepositions that tie listed rows to a filter value ("work at MAN1", "drive for BRS1"). */
const RELATION_PREPOSITIONS: ReadonlySet<string> = new Set(['at', 'for', 'in', 'from', 'with', 'of']);

/**
 * "Which drivers work at MAN1?" lists drivers of one depot: in a listing question (a `which` row
 * word, no ranking), the word right before a preposition that introduces a filter value says how
 * the rows relate to that value; it is not a measure of them ("work" is not hours worked). With a
 * ranking ("which drivers work the most at MAN1") the same word is what is ranked, and stays.
 */
function dropRelations(ws: readonly WordSpan[], asks: QuestionAsks, out: AskedShape): AskedShape {
  if (out.ranking !== undefined || !out.groupings.some((g) => g.cue === 'which')) return out;
  const relations: Array<[number, number]> = [];
  for (let i = 0; i + 2 < ws.length; i++) {
    const [w, prep, value] = [ws[i], ws[i + 1], ws[i + 2]] as WordSpan[];
    const isValue = asks.filters.some((f) => value!.start >= f.start && value!.end <= f.end);
    if (RELATION_PREPOSITIONS.has(prep!.word) && isValue && out.measures.some((m) => m.start === w!.start)) relations.push([w!.start, w!.end]);
  }
  if (relations.length === 0) return out;
  const relation = new Set(relations.map(([a]) => a));
  const measures = out.measures.filter((m) => !relation.has(m.start));
  const groupings = out.groupings.map((g) => (g.then?.some((p) => relation.has(p.start)) ? omitThen(g) : g));
  if (measures.length > 0) return { ...out, measures, groupings, relations };
  // Nothing measured: the question lists the rows it names, as "drivers at MAN1" does.
  const listed = groupings.filter((g) => g.cue === 'which');
  const rows = listed.flatMap((g) => g.parts.map((p) => ({ text: g.text, term: p.term, start: p.start, end: p.end, run: 0 })));
  return { ...out, measures: rows, groupings: groupings.filter((g) => g.cue !== 'which'), relations };
}

function omitThen(g: AskedGrouping): AskedGrouping {
  const { then: _then, ...rest } = g;
  return rest;
}

/** A comparison word asking for the words on its two sides side by side: recorded in `out.compared`. */
function comparisonAt(ws: readonly WordSpan[], i: number, asks: QuestionAsks, spans: Spans, out: AskedShape): boolean {
  if (!COMPARE_CUES.has((ws[i] as WordSpan).word) || comparesPeriods(ws, i, asks) || !(comparesValues(asks) || comparesWords(ws, i, spans))) return false;
  const [before, after] = [ws[i - 1], ws[i + 1]];
  if (before !== undefined && after !== undefined) (out.compared ??= []).push([before.start, after.start]);
  return true;
}

/**
 * "planned vs unplanned cost": a comparison word between two words that carry meaning asks for
 * both side by side. Between periods ("2024 vs 2025") it asks for a comparison of periods, which
 * no block declares, and stays a measure.
 */
function comparesWords(ws: readonly WordSpan[], i: number, spans: Spans): boolean {
  const before = ws[i - 1];
  const after = ws[i + 1];
  return before !== undefined && after !== undefined && content(before) && content(after) && !inside(spans, before) && !inside(spans, after);
}

/** "... in 2025 compared with last year": the cue's other side is a period (a connective aside), which no one-period block compares. */
function comparesPeriods(ws: readonly WordSpan[], i: number, asks: QuestionAsks): boolean {
  const periods = asks.period?.spans ?? [];
  for (let j = i + 1; j <= i + 3 && j < ws.length; j++) {
    const w = ws[j] as WordSpan;
    if (periods.some(([a, b]) => w.start < b && w.end > a)) return true;
    if (!['with', 'to', 'against', 'the', 'same', 'period'].includes(w.word)) return false;
  }
  return false;
}

/** Two or more values asked of one field: "X against Y" compares them. */
function comparesValues(asks: QuestionAsks): boolean {
  const seen = new Set<string>();
  for (const f of asks.filters) {
    if (f.fields.some((x) => seen.has(x))) return true;
    for (const x of f.fields) seen.add(x);
  }
  return false;
}
