/**
 * Declared examples are authoritative (issue: "an owner's own example question is never vetoed"):
 * a question that says what an owner's example question says, after case, punctuation, stop
 * words, word order, stemming and small typos are set aside, is answered by that block. The
 * words that say which rows (a top-N, a period, filter values) are set aside on both sides, so
 * "Top 5 home products by revenue" is the example "Top 10 electronics products by revenue" with
 * other values: the same block, its parameters bound from this question.
 *
 * Pure and built once per router: each example's key is the sorted set of its content terms.
 */

import { distance } from 'fastest-levenshtein';
import type { CompiledBlock } from '../compiler/types.js';
import { looseNumbers } from './asked-numbers.js';
import { blockFacts, paramForField } from './block-facts.js';
import type { QuestionAsks } from './question-asks.js';
import { isNeutralWord, isNumberWord, termsOfWord, words } from './tokens.js';
import { STOP_WORDS } from './vocabulary.js';

export interface ExampleRef {
  /** Document number of the block in the router's index. */
  doc: number;
  /** The example question as the owner wrote it. */
  question: string;
  /** The example's own asks (its top-N, period and values), read like a question's. */
  asks: QuestionAsks;
  /**
   * Terms of the values the example names that are no values of this block (neither a parameter's
   * nor a column's): "claims" in "Top 10 largest claims" is another block's queue. Set aside like
   * any value, they are still what the example asks about, so a question must say them too.
   */
  foreign?: readonly string[];
}

export interface ExampleIndex {
  /** Sorted content terms joined by a space -> the examples with that key. */
  readonly byKey: ReadonlyMap<string, readonly ExampleRef[]>;
  /** Keys (as their terms) by how many terms they hold, for the typo-tolerant pass. */
  readonly bySize: ReadonlyMap<number, ReadonlyArray<readonly string[]>>;
  /** Examples that ask for a period of their own, by their key without calendar units, each with its block's series unit rank. */
  readonly withPeriod: ReadonlyMap<string, ReadonlyArray<{ ref: ExampleRef; series: number }>>;
}

const inside = (spans: ReadonlyArray<readonly [number, number]>, s: number, e: number): boolean => spans.some(([a, b]) => s < b && e > a);

function valueSpans(asks: QuestionAsks): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (asks.limit !== undefined) out.push([asks.limit.start, asks.limit.end]);
  for (const f of asks.filters) out.push([f.start, f.end]);
  return out;
}

/** Calendar units keep their meaning inside a period ("last week" is about weeks, "last month" about months). */
const UNIT = /^(?:day|week|month|quarter|year)s?$|^(?:daily|weekly|monthly|quarterly|yearly|annual)$/;

/** Marks a number no top-N, period or value took (asked-numbers.ts). */
const LOOSE_NUMBER = '#';

/** Marks a calendar unit read inside a period, apart from the same word as a breakdown. */
const PERIOD_UNIT = '~';

/**
 * The sorted content terms of `text` (a term said twice counts twice), the words that say which rows set aside: filter
 * values and a top-N entirely, a period except its calendar unit.
 */
export function contentTerms(text: string, asks: QuestionAsks): string[] {
  const values = valueSpans(asks);
  const period = asks.period?.spans ?? [];
  // A list, not a set: "new clients by clinic per 1000 customers" says "customer" twice, and the
  // second one (a rate per customer) is no word of the example "New client registrations by clinic".
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP_WORDS.has(w.word) || isNeutralWord(w.word) || isNumberWord(w.word) || inside(values, w.start, w.end)) continue;
    const inPeriod = inside(period, w.start, w.end);
    if (inPeriod && !UNIT.test(w.word)) continue;
    // A period's unit ("last month") is not a breakdown by it ("by month"): the two never match.
    for (const t of new Set(termsOfWord(w.word))) out.push(inPeriod ? `${PERIOD_UNIT}${t}` : t);
  }
  // A number no top-N, period or value took ("over 100", "the top 1%") is part of what is asked:
  // the example must say the same number ("more than 30 days overdue" is no "more than 60").
  for (const n of looseNumbers(text, [...values, ...period])) out.push(`${LOOSE_NUMBER}${n.key}`);
  return out.sort();
}

/** The term of the calendar unit a time-series block has one row per, or '' for any other block. */
function seriesTerm(block: CompiledBlock): string {
  const unit = blockFacts(block).timeUnit;
  return unit === undefined || !blockFacts(block).timeSeries ? '' : (termsOfWord(unit)[0] ?? '');
}

/** Calendar units from finest to coarsest: a period may be set aside for a series only if it is no finer. */
const UNITS = ['day', 'week', 'month', 'quarter', 'year'];
const unitRank = (term: string): number => UNITS.findIndex((u) => termsOfWord(u)[0] === term);
const withoutUnits = (terms: readonly string[]): string => terms.filter((t) => !t.startsWith(PERIOD_UNIT)).join(' ');

/** Terms of the example's values that this block can neither take nor keep (ExampleRef.foreign). */
function foreignTerms(block: CompiledBlock, asks: QuestionAsks): string[] {
  const facts = blockFacts(block);
  const own = (field: string): boolean => paramForField(block, field) !== undefined || facts.rowFields.has(field) || facts.breakdownFields.has(field);
  return asks.filters.filter((f) => f.loose !== true && !f.fields.some(own)).flatMap((f) => words(f.text).flatMap((w) => [...termsOfWord(w.word)]));
}

/** Builds the index over every example of every block (`asksOf` reads an example's asks). */
export function buildExampleIndex(blocks: readonly CompiledBlock[], asksOf: (text: string) => QuestionAsks): ExampleIndex {
  const byKey = new Map<string, ExampleRef[]>();
  const withPeriod = new Map<string, Array<{ ref: ExampleRef; series: number }>>();
  blocks.forEach((block, doc) => {
    const series = seriesTerm(block);
    for (const e of block.examples) {
      const asks = asksOf(e.question);
      const terms = contentTerms(e.question, asks);
      if (terms.length === 0) continue;
      const foreign = foreignTerms(block, asks);
      const ref: ExampleRef = { doc, question: e.question, asks, ...(foreign.length > 0 ? { foreign } : {}) };
      // A block that takes a period (not a series) answers its example for any period asked.
      const takesPeriod = series === '' && (blockFacts(block).startParam !== undefined || blockFacts(block).endParam !== undefined);
      if (asks.period !== undefined || takesPeriod) {
        const key = withoutUnits(terms);
        // A series' example lends its period only to a question that names the series' own grain too.
        if (series === '' || terms.includes(series))
          withPeriod.set(key, [...(withPeriod.get(key) ?? []), { ref, series: series === '' ? -1 : unitRank(series) }]);
      }
      // A series' own unit asked as a period ("revenue last week" of a weekly block) is also what
      // asking for the series says ("weekly revenue"): the example is found under both.
      const keys = new Set([terms.join(' '), [...new Set(terms.map((t) => (t === `${PERIOD_UNIT}${series}` ? series : t)))].sort().join(' ')]);
      for (const key of keys) byKey.set(key, [...(byKey.get(key) ?? []), ref]);
    }
  });
  const bySize = new Map<number, string[][]>();
  for (const key of byKey.keys()) {
    const terms = key.split(' ');
    bySize.set(terms.length, [...(bySize.get(terms.length) ?? []), terms]);
  }
  return { byKey, bySize, withPeriod };
}

/** A small typo: one edit in a word of five letters or more, two in one of nine or more. */
function typoOf(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  if (n < 5 || Math.abs(a.length - b.length) > 2) return false;
  return distance(a, b) <= (n >= 9 ? 2 : 1);
}

/** Two sorted term lists of one size that agree term by term, up to small typos. */
function sameUpToTypos(a: readonly string[], b: readonly string[]): boolean {
  const rest = [...b];
  for (const t of a) {
    const at = rest.findIndex((u) => (t.startsWith(PERIOD_UNIT) ? t === u : !u.startsWith(PERIOD_UNIT) && typoOf(t, u)));
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return true;
}

/**
 * "How has Granite City Risk performed month by month this year" is the example "How has Mersey
 * Cover performed month by month since January 2026?" with another period: an example that asks
 * for a period of its own takes the question's whole, its calendar unit too, unless that unit is
 * finer than the rows of the block's series ("last week" of a monthly series is no month). A
 * series' example does so only where both name the series' grain ("month by month"): "revenue
 * last month" is no question about a weekly series. An example of a block that takes a period
 * and is no series stands for any period asked ("top 5 largest claims last year").
 */
function periodAside(index: ExampleIndex, terms: readonly string[]): ExampleRef[] | undefined {
  const units = terms.filter((t) => t.startsWith(PERIOD_UNIT)).map((t) => unitRank(t.slice(PERIOD_UNIT.length)));
  if (units.length === 0) return undefined;
  const asked = Math.min(...units);
  const refs = (index.withPeriod.get(withoutUnits(terms)) ?? []).filter((x) => asked >= 0 && asked >= x.series).map((x) => x.ref);
  return refs.length > 0 ? refs : undefined;
}

/**
 * The examples the question says again (exactly, else up to small typos); [] when none. The typo
 * pass runs only when some term of the question is a word no block uses (`isKnownTerm`): a
 * question of known words that matches no example exactly is not a misspelt one.
 */
export function matchExamples(index: ExampleIndex, question: string, asks: QuestionAsks, isKnownTerm: (t: string) => boolean): readonly ExampleRef[] {
  const terms = contentTerms(question, asks);
  if (terms.length === 0) return [];
  // The question's words, read only for an example naming another block's value (rare): not on every question.
  let said: ReadonlySet<string> | undefined;
  const saysForeign = (ref: ExampleRef): boolean =>
    ref.foreign === undefined || ref.foreign.every((t) => (said ??= new Set(words(question).flatMap((w) => [...termsOfWord(w.word)]))).has(t));
  const exact = index.byKey.get(terms.join(' ')) ?? periodAside(index, terms);
  if (exact !== undefined || terms.every((t) => t.startsWith(PERIOD_UNIT) || isKnownTerm(t))) return (exact ?? []).filter(saysForeign);
  const out: ExampleRef[] = [];
  for (const key of index.bySize.get(terms.length) ?? []) {
    if (sameUpToTypos(terms, key)) out.push(...(index.byKey.get(key.join(' ')) ?? []));
  }
  return out.filter(saysForeign);
}
