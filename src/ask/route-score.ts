/**
 * Scoring a question against the routing index. A block's score (0..1) is mostly coverage: the
 * share of the question's term weight (idf) the block holds, each term counted at the strength
 * of the field it was found in. Terms no block uses count against every block, so a question
 * about something the project does not hold stays below the threshold. Among the best by
 * coverage, the name and the closest example question then adjust the order.
 */
import { NAMED_DAY_WORDS } from './named-days.js';
import type { QuestionAsks } from './question-asks.js';
import type { RouteIndex } from './route-index.js';
import { isNeutralWord, isNumberWord, termsOfWord, words } from './tokens.js';
import { COMPARE_CUES, monthNumber, TIME_WORDS } from './vocabulary.js';

export interface Scored {
  doc: number;
  score: number;
}

/*
 * The terms of a question that choose a block. Values are left out: numbers (a top-N, a year,
 * a day count), states and the month words of a period say which rows, not which block, and
 * would otherwise count as words no block knows. Period unit words stay ("revenue last week"
 * still says "week"), and so do known filter values like "mobile", which blocks' examples use.
 */
const inside = (spans: ReadonlyArray<readonly [number, number]>, s: number, e: number): boolean => spans.some(([a, b]) => s < b && e > a);

function valueSpans(asks: QuestionAsks | undefined): { values: Array<[number, number]>; soft: Array<[number, number]> } {
  const values: Array<[number, number]> = [];
  const soft: Array<[number, number]> = [...(asks?.period?.spans ?? [])];
  if (asks?.limit !== undefined) values.push([asks.limit.start, asks.limit.end]);
  for (const f of asks?.filters ?? []) {
    if (f.fields.includes('state')) values.push([f.start, f.end]);
    else if (!f.loose) soft.push([f.start, f.end]);
  }
  return { values, soft };
}

/**
 * Distinct routing terms of the question. Inside a period phrase or a known filter value only
 * terms some block knows are kept (`isKnownTerm`): "last week" still routes to weekly blocks and
 * "mobile" to a block whose example says it, while "this year" or "on mobile" do not count
 * against a project whose blocks never use those words.
 */
const TIME_WORD: ReadonlySet<string> = new Set(TIME_WORDS);

/** Words that frame a period without naming what is asked. */
const PERIOD_FRAME: ReadonlySet<string> = new Set(['start', 'beginning', 'end', 'back', 'go', 'begin']);

/** "s" of "what's", "re" of "we're": the letters after an apostrophe. */
function contractionTail(question: string, w: { word: string; start: number }): boolean {
  return w.word.length <= 2 && /['\u2019]/.test(question[w.start - 1] ?? '');
}

export function routingTerms(
  question: string,
  asks: QuestionAsks | undefined,
  isKnownTerm: (t: string) => boolean = () => true,
  fold: (t: string) => string = (t) => t,
): Set<string> {
  const { values, soft } = valueSpans(asks);
  const out = new Set<string>();
  for (const w of words(question)) {
    // Framing words ("total", "number of") ask for nothing a block must hold.
    // Comparison cues find nothing either; whether a block can compare is coverage's question.
    // The tail of a contraction ("what's", "don't") names nothing; a letter of a code ("ENT-A") does.
    if (contractionTail(question, w) || isNumberWord(w.word) || /^[qh][1-4]$/.test(w.word) || isNeutralWord(w.word) || COMPARE_CUES.has(w.word)) continue;
    if (inside(values, w.start, w.end)) continue;
    // "OTD trend": how it moves over time is coverage's question (a series or not), no word a block must use.
    if (TIME_WORD.has(w.word)) continue;
    const inValue = inside(soft, w.start, w.end);
    if (inValue && (monthNumber(w.word) !== undefined || NAMED_DAY_WORDS.has(w.word) || w.word === 'ytd' || w.word === 'mtd')) continue;
    // Inside a period only its calendar unit routes ("last week"); "start of", "beginning of" say when, not what.
    if (inside(asks?.period?.spans ?? [], w.start, w.end) && PERIOD_FRAME.has(w.word)) continue;
    for (const t of termsOfWord(w.word)) if (!inValue || isKnownTerm(t)) out.add(fold(t));
  }
  return out;
}

/** Blocks kept from the coverage pass for the finer name/example pass. */
const SHORTLIST = 48;
/** How far name and example similarity can move a score: coverage x (BASE + NAME*n + EXAMPLE*e). */
const BASE = 0.7;
const NAME = 0.15;
const EXAMPLE = 0.15;

/** Scores are rounded so that float noise can never reorder equal candidates. */
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function overlap(a: ReadonlySet<string>, q: ReadonlySet<string>): number {
  let k = 0;
  for (const t of a) if (q.has(t)) k++;
  return k;
}

function finer(index: RouteIndex, doc: number, coverage: number, q: ReadonlySet<string>): number {
  const name = index.nameTerms[doc] ?? new Set<string>();
  const nameShare = name.size === 0 ? 0 : overlap(name, q) / name.size;
  let example = 0;
  for (const e of index.exampleTerms[doc] ?? []) {
    const k = overlap(e, q);
    const jaccard = k === 0 ? 0 : k / (e.size + q.size - k);
    if (jaccard > example) example = jaccard;
  }
  return round4(coverage * (BASE + NAME * nameShare + EXAMPLE * example));
}

/**
 * Ranked blocks for the question's terms, best first, ties by id (document order). `scratch` is a
 * reusable accumulator of the index's size, zero on entry and left zero on return.
 */
export function scoreTerms(index: RouteIndex, q: ReadonlySet<string>, scratch: Float64Array): Scored[] {
  let total = 0;
  const touched: number[] = [];
  for (const t of q) {
    const p = index.postings.get(t);
    const idf = index.idf.get(t);
    if (p === undefined || idf === undefined) {
      total += index.unknownIdf;
      continue;
    }
    total += idf;
    for (let k = 0; k < p.docs.length; k++) {
      const doc = p.docs[k] as number;
      if (scratch[doc] === 0) touched.push(doc);
      scratch[doc] = (scratch[doc] as number) + idf * (p.weights[k] as number);
    }
  }
  if (total === 0 || touched.length === 0) {
    for (const doc of touched) scratch[doc] = 0;
    return [];
  }
  const coarse = touched.map((doc) => ({ doc, score: round4((scratch[doc] as number) / total) }));
  for (const doc of touched) scratch[doc] = 0;
  coarse.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const fine = coarse.slice(0, SHORTLIST).map((c) => ({ doc: c.doc, score: finer(index, c.doc, c.score, q) }));
  return fine.sort((a, b) => b.score - a.score || a.doc - b.doc);
}
