/**
 * Tier 1 only within a block's contract: every grouping, measure and ranking a question asks for
 * must be among what the block gives (block-contract.ts). Filters, period and row limit are
 * bound by bind-question.ts, which reports what it cannot take. A question that shares words with
 * a block but asks for something it does not give goes on (Tier 2, or the by-name explanation);
 * coverage never makes a block answer, it only stops one.
 *
 * The result lists the question's own words under `covered` and `uncovered`, so a route can be
 * explained ("uncovered: products") and a wrong route debugged.
 */

import type { CompiledBlock } from '../compiler/types.js';
import { isUnitTerm, otherUnit } from './asked-units.js';
import type { Unmet } from './bind-question.js';
import { type BlockContract, blockContract, termsOfWhat } from './block-contract.js';
import { blockFacts, unitNamesRows } from './block-facts.js';
import { keptOutTerms } from './kept-out-literals.js';
import { kindWords, type MeasureKinds } from './measure-kinds.js';
import { otherSide } from './number-direction.js';
import { periodDateNamed, periodOnAnotherDate } from './period-event.js';
import { daysBetween } from './period-kit.js';
import { unitsSpanned } from './periods.js';
import type { AskedGrouping, AskedMeasure, AskedShape } from './question-shape.js';
import { ratioOutputs } from './result-columns.js';
import { contraryBasis, type StatedBasis, statedBases } from './stated-basis.js';
import { summaryOnly } from './summary-column.js';
import type { TermAlias } from './term-index.js';
import { termSet, termsOfWord, words } from './tokens.js';
import type { RoutePart, RoutePartKind } from './types.js';
import { CALENDAR_NOUNS, GRAIN_ADJECTIVES, GRAIN_TERMS } from './vocabulary.js';

export interface Coverage {
  covered: string[];
  uncovered: string[];
  /** Each asked part with the declaration that gives it. */
  parts: RoutePart[];
  /** The uncovered asks worded in the block's terms, for a by-name explanation. */
  unmet: Unmet[];
}

export interface CoverageOptions {
  /** The question named the block: running it as it is needs no ranking word. */
  named: boolean;
  /** Numbers bound to a threshold parameter (threshold-params.ts), by key, with the parameter. */
  thresholds?: ReadonlyMap<string, string>;
  /** The question asked for a top-N (bound or explained by bind-question). */
  limitAsked: boolean;
  /** Where the top-N's words start in the question ("the 10 worst outages"). */
  limitStart?: number;
  /** The question asked for a period (bound or explained by bind-question). */
  periodAsked: boolean;
  /** The period is one whole financial year, asked of a block with a row per financial year: one of its rows. */
  financialYearRow?: boolean;
  /** The asked period's days [start, end), when known (an open period ends at now). */
  period?: { start: string; end: string; weekStart?: number };
  /** How many days the asked period runs, where it says (a closed range, "the last 7 days"). */
  periodDays?: number;
  /** Certified terms named in the question: their words stand for the term's name. */
  aliases?: readonly TermAlias[];
  /** The project's words that may stand for a term it does not use (business-lexicon.ts). */
  alternatives?: (term: string) => readonly string[];
  /** Whether the project's blocks use the term itself: its own grouping word never stands for another's. */
  ownTerm?: (term: string) => boolean;
  /** How many values a field holds, when the data's (or the declared) set of them is known. */
  valueCount?: (field: string) => number | undefined;
  /** Terms some block's result measures (a column that is not a grouping key): never covered by example words alone. */
  measured?: ReadonlySet<string>;
  /** Where each value the block's parameters took ends in the question, with the parameter. */
  valueEnds?: ReadonlyArray<{ end: number; param: string }>;
  /** Where the asked period's words end, when they bound the block's year parameter: the next word names that year ("intake"). */
  yearNoun?: { after: readonly number[]; param: string };
  /** The kinds the project measures each measure word in (measure-kinds.ts). */
  kinds?: MeasureKinds;
  /** A value the question names keeps only some of the result's rows ("in EMEA"). */
  rowsKept?: boolean;
  /** The words right before the asked period, nearest first ("resolved in October"). */
  periodBefore?: readonly string[];
}

/**
 * A word is given when its own term is in `set`, or when it is part of a certified term's name or
 * synonym whose name's terms all are (any of the overlapping phrases it is part of).
 */
function given(set: ReadonlySet<string>, term: string, start: number, options: CoverageOptions): boolean {
  if (set.has(term) || (options.alternatives?.(term) ?? []).some((t) => set.has(t))) return true;
  return (options.aliases ?? []).some((a) => start >= a.start && start < a.end && a.terms.length > 0 && a.terms.every((t) => set.has(t)));
}

/** True when the word at `start` is inside a phrase that stands for terms all in `set` (a term's synonym, an initialism). */
function inAliasOf(set: ReadonlySet<string>, start: number, options: CoverageOptions): boolean {
  return (options.aliases ?? []).some((a) => start >= a.start && start < a.end && a.terms.length > 0 && a.terms.every((t) => set.has(t)));
}

/** Units of time: as a breakdown each names its own grain, never another ("by hour" is no "by day"). */
const CLOCK_UNITS: ReadonlySet<string> = new Set(
  ['second', 'minute', 'hour', 'day', 'date', 'week', 'weekday', 'month', 'quarter', 'year', 'time'].flatMap((w) => [...termsOfWord(w)]),
);

/** A unit of time named as a noun ("week_start", "order_month", "days_before"); "weekly" in "weekly_rent_gbp" says what a money amount is per. */
const TIME_NOUN = /^(?:second|minute|hour|day|date|week|weekday|month|quarter|year|time)s?$/i;

/** "by week" is given by the grain, or by a key naming a unit of time as a noun, never by a money column named "weekly". */
function timeGiven(contract: BlockContract, term: string): boolean {
  const source = contract.sources.get(term);
  if (source === undefined || !/^(?:key|column):/.test(source) || contract.timeSeries) return true;
  return unitNamesRows(source.replace(/^(?:key|column):/, ''), TIME_NOUN);
}

function grouped(contract: BlockContract, term: string, options: CoverageOptions): boolean {
  if (contract.groupings.has(term)) return !CLOCK_UNITS.has(term) || timeGiven(contract, term);
  // "by hotel" in a project of hotels is never a review "site": the project's own word stands for itself.
  if (!CLOCK_UNITS.has(term) && options.ownTerm?.(term) !== true && (options.alternatives?.(term) ?? []).some((t) => contract.groupings.has(t))) return true;
  return (GRAIN_TERMS.get(term) ?? []).some((g) => contract.groupings.has(g));
}

/** A result column that is a measure: neither a grouping nor a key of the rows. */
function isMeasureColumn(contract: BlockContract, t: string): boolean {
  return contract.columns.has(t) && !contract.groupings.has(t) && !contract.keys.some((k) => k.has(t));
}

/**
 * "top N by X" on a block ranking by Y: the question names the block's ranking measure, or no
 * other measure of its result (the ranking is then the one it asked for: "top 10 states").
 */
function rankMeasureAsked(contract: BlockContract, terms: ReadonlySet<string>, shape: AskedShape, options: CoverageOptions, column?: string): boolean {
  const asked = [...shape.measures.map((m) => m.term), ...shape.groupings.flatMap((g) => g.terms)];
  const named = (t: string): boolean => terms.has(t) || (options.alternatives?.(t) ?? []).some((a) => terms.has(a));
  const measureColumn = (t: string): boolean => isMeasureColumn(contract, t);
  if (namesAnotherMeasure(shape, named, measureColumn)) return false;
  // "top 10 routes by passengers" of a ranking by revenue: the "by" names another measure to rank
  // by, even where a word of it is also in the ranked column's synonyms ("passenger revenue").
  const other = (t: string): boolean =>
    measureColumn(t) &&
    (!named(t) || (column !== undefined && contract.sources.get(t)?.startsWith('column:') === true && contract.sources.get(t) !== `column:${column}`));
  if (shape.groupings.some((g) => g.cue === 'by' && g.terms.length > 0 && g.terms.every(other))) return false;
  if (asked.some(named)) return true;
  return !asked.some(measureColumn);
}

/**
 * Measure words standing together (or a grouping phrase) name one measure: "room revenue" is not "room nights" because
 * both say room. A run that shares a word with the ranked measure but holds a word of another
 * of the block's columns asks for that other one.
 */
function namesAnotherMeasure(shape: AskedShape, named: (t: string) => boolean, measureColumn: (t: string) => boolean): boolean {
  const runs = new Map<number, string[]>();
  for (const m of shape.measures) runs.set(m.run, [...(runs.get(m.run) ?? []), m.term]);
  // "by room revenue" after a ranking word reads as a grouping phrase; its words stand together too.
  const phrases = [...runs.values(), ...shape.groupings.map((g) => g.terms)];
  return phrases.some((run) => run.some(named) && run.some((t) => measureColumn(t) && !named(t)));
}

/**
 * A result of one row per group ranks its groups: "best month" of a series, "top segment" of a
 * per-segment result, or its own measure at its peak ("highest MRR"). "Biggest customers" ranks
 * customers, which no row of a per-segment or per-month result is, whatever column counts them.
 */
function ranksRows(contract: BlockContract, shape: AskedShape, outputs: readonly string[], options: CoverageOptions): boolean {
  // A calendar or grouping word inside a phrase that stands for another word ("annual recurring revenue") is none.
  const aliases = options.aliases ?? [];
  const own = (part: { start: number }): boolean => !aliases.some((a) => part.start >= a.start && part.start < a.end);
  const asked = [...shape.measures.filter(own).map((m) => m.term), ...shape.groupings.flatMap((g) => g.parts.filter(own).map((p) => p.term))];
  if (shape.overTime !== undefined && contract.timeSeries) return true;
  if (asked.some((t) => grouped(contract, t, options))) return true;
  const next = shape.rankingNext;
  return next !== undefined && outputs.some((o) => o.toLowerCase() === next);
}

/**
 * A result that shows every row answers "most" and "least" from its first and last rows; a
 * limited one only the end of its own sort, on its own measure: the first rows of a series
 * sorted by week are the latest weeks, never the best ones.
 */
/** Ranking words that name a direction on a measure, not a judgement of it ("best", "worst"). */
const DIRECTION_WORDS: ReadonlySet<string> = new Set(['top', 'bottom', 'highest', 'lowest', 'most', 'least', 'largest', 'smallest', 'biggest', 'fewest']);

function rankingCovered(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions): boolean {
  const outputs = block.outputs;
  const top = shape.ranking === 'top';
  // "run weekly_revenue top 5": the first five rows of the named block's own sort, by its own limit;
  // "and the bottom 3?" of a top ranking asks for the other end, which its first rows are not.
  if (options.named && options.limitAsked && contract.limited && shape.groupings.length === 0 && !asksOtherEnd(contract, shape)) return true;
  if (!contract.limited) {
    if (contract.grouped) return ranksRows(contract, shape, outputs, options) && leadsWithAsked(contract, shape, options);
    return top ? contract.vocabulary.has('top') : contract.ranksBottom;
  }
  if (ranksAnotherKey(block, contract, shape)) return false;
  const r = contract.rankedBy;
  if (r === undefined) return !contract.ordersByKey && (top ? contract.ranking || contract.vocabulary.has('top') : contract.ranksBottom);
  // "top 5 outages by CML" names the measure it ranks by: its end is the sort's on that measure,
  // whatever end the owner's own words ("worst outages") call it.
  // "worst 10 outages by CML" still says the owner's end: only a word of direction ("top", "lowest") sets it on the measure.
  const directed = DIRECTION_WORDS.has(shape.rankingText?.toLowerCase() ?? '');
  // "the sites with the least downtime" sets it on the measure too: a direction word asked of the
  // ranked measure itself, whatever the owner's "worst" calls that end.
  // Only a word standing for the ranked column itself: "the most outages" names the outage count, not the outage minutes ranked.
  const ranked = (t: string): boolean =>
    (r.terms.has(t) || (options.alternatives?.(t) ?? []).some((a) => r.terms.has(a))) && sourceOf(contract, t, options) === `column:${r.column}`;
  const byMeasure =
    directed &&
    (shape.groupings.some((g) => g.cue === 'by' && g.terms.length > 0 && g.terms.every((t) => r.terms.has(t))) ||
      shape.measures.some((m) => ranked(m.term)) ||
      onRankedMeasure(shape));
  // "the fewest outages" of a ranking by outage minutes: a direction asked of another column's measure ranks by that one.
  // The contract's entity names the rows only where the rows are of it: "stores with the most leavers" counts leavers.
  const entityRows = [...contract.entity].some((e) => contract.keys.some((k) => k.has(e)));
  const otherColumn = (t: string): boolean => {
    if (!contract.columns.has(t) || contract.groupings.has(t) || (entityRows && contract.entity.has(t)) || contract.keys.some((k) => k.has(t))) return false;
    const source = sourceOf(contract, t, options);
    return source?.startsWith('column:') === true && source !== `column:${r.column}`;
  };
  if (directed && !byMeasure && shape.measures.some((m) => otherColumn(m.term))) return false;
  const end = byMeasure ? (r.desc ? 'top' : 'bottom') : (contract.ownerEnd ?? (r.desc ? 'top' : 'bottom'));
  return end === shape.ranking && rankMeasureAsked(contract, r.terms, shape, options, r.column);
}

/**
 * "and the 3 smallest?" of the worst outages by minutes lost: a word of direction other than "top"
 * with no measure and no "by" beside it sets its end on the measure the block ranks by ("top 3"
 * alone is the first three rows, whatever the block ranks).
 */
function onRankedMeasure(shape: AskedShape): boolean {
  const word = shape.rankingText?.toLowerCase() ?? '';
  return DIRECTION_WORDS.has(word) && word !== 'top' && shape.measures.length === 0 && !shape.groupings.some((g) => g.cue === 'by');
}

/**
 * Whether a ranking asked of a block by its name (or held from the thread) asks the end its first
 * rows are not: "bottom 3" of a top ranking, "the 3 smallest" of one sorted largest first, "the
 * 3 best" of the modules with the lowest pass rates.
 */
function asksOtherEnd(contract: BlockContract, shape: AskedShape): boolean {
  const r = contract.rankedBy;
  const word = shape.rankingText?.toLowerCase() ?? '';
  if (r !== undefined && onRankedMeasure(shape)) return (r.desc ? 'top' : 'bottom') !== shape.ranking;
  if (word !== '' && word !== 'top' && !DIRECTION_WORDS.has(word) && contract.ownerEnd !== undefined) return contract.ownerEnd !== shape.ranking;
  return shape.ranking === 'bottom' && !contract.ranksBottom && r?.desc !== false;
}

/**
 * A result listing every row answers a ranking only where it leads with the asked end: sorted on
 * the measure asked (or the one it has, where none other is asked), that end first. "Least
 * crowded tram lines" of a list most crowded first, or "which month had the highest loss" of a
 * series in calendar order, would leave the answer in rows the reply does not lead with.
 */
function leadsWithAsked(contract: BlockContract, shape: AskedShape, options: CoverageOptions): boolean {
  const lead = contract.leadsWith;
  if (lead === undefined) return false;
  const sorted = (t: string): boolean => lead.terms.has(t) || (options.alternatives?.(t) ?? []).some((a) => lead.terms.has(a));
  const asked = [...shape.measures.map((m) => m.term), ...shape.groupings.filter((g) => g.cue === 'by').flatMap((g) => g.terms)];
  // "rank channels by business adds" of a list sorted by gross adds: "adds" is a word of the sort,
  // but "business" beside it names another measure column, which the rows are not sorted on.
  const another = (t: string): boolean => !sorted(t) && isMeasureColumn(contract, t) && sourceOf(contract, t, options) !== `column:${lead.column}`;
  const mixed = shape.groupings.some((g) => g.cue === 'by' && g.terms.some(sorted) && g.terms.some(another));
  const onSort = (asked.some(sorted) && !mixed) || !asked.some((t) => isMeasureColumn(contract, t));
  return onSort && (lead.desc ? 'top' : 'bottom') === shape.ranking;
}

/**
 * "top segment" of a ranking of customers: the word ranked names a group the rows fall in (one of
 * their keys other than an identifier), not what the rows are (the declared grain, else the
 * contract's entity). "Top accounts" of a per-customer ranking keyed by account code still ranks the rows.
 */
function ranksAnotherKey(block: CompiledBlock, contract: BlockContract, shape: AskedShape): boolean {
  const next =
    shape.rankingNext === undefined
      ? []
      : termLine(shape.rankingNext)
          .split(' ')
          .filter((t) => t !== '');
  const rows = new Set([...(typeof block.grain === 'string' ? termLine(block.grain.replace(/_/g, ' ')).split(' ') : []), ...contract.entity]);
  if (next.length === 0 || rows.size === 0 || next.some((t) => rows.has(t))) return false;
  return contract.groups.some((k) => next.every((t) => k.has(t)));
}

class Tally implements Coverage {
  covered: string[] = [];
  uncovered: string[] = [];
  unmet: Unmet[] = [];
  parts: RoutePart[] = [];

  /** Notes one asked part: `by` is the declaration that gives it, when `ok`. */
  note(ok: boolean, word: string, message: string, kind: RoutePartKind = 'shape', by?: string): void {
    if (!this.parts.some((p) => p.text === word && p.kind === kind)) this.parts.push({ kind, text: word, ...(ok && by !== undefined ? { by } : {}) });
    if (ok) {
      if (!this.covered.includes(word)) this.covered.push(word);
    } else if (!this.uncovered.includes(word)) {
      this.uncovered.push(word);
      this.unmet.push({ kind: 'coverage', message });
    }
  }
}

/**
 * A word the owner's description puts right beside a result column qualifies that column when
 * the question puts it there too ("refunded amount", "distinct buyers", "orders placed").
 */
function describedBeside(contract: BlockContract, shape: AskedShape, k: number): boolean {
  const m = shape.measures[k] as AskedMeasure;
  const beside = [shape.measures[k - 1], shape.measures[k + 1]].filter(
    (n): n is AskedMeasure => n !== undefined && n.run === m.run && contract.columns.has(n.term),
  );
  // "goodwill paid" beside the description's "compensation paid": the neighbour stands for its column, named in its own words too.
  const forms = (n: AskedMeasure): string[] => {
    const source = contract.sources.get(n.term);
    return source?.startsWith('column:') === true ? [n.term, ...termLine(source.slice(7).replace(/_/g, ' ')).split(' ')] : [n.term];
  };
  return beside.some((n) => forms(n).some((t) => contract.describedPairs.has(n.start < m.start ? `${t} ${m.term}` : `${m.term} ${t}`)));
}

/** The words that ask for an average ("average", "avg", "mean"), as terms. */
const AVERAGE_TERMS: ReadonlySet<string> = new Set(['average', 'avg', 'mean'].flatMap((w) => termsOfWord(w)));

/**
 * "average nights", "avg basket": an average asked of a column the engine computes as an average
 * of the rows (`AVG(nights) AS alos_nights`). The word qualifies the measure right after it, so it
 * says nothing of another column ("average revenue" of a block summing revenue stays uncovered).
 */
function averageOf(contract: BlockContract, shape: AskedShape, k: number): boolean {
  const m = shape.measures[k] as AskedMeasure;
  const next = shape.measures[k + 1];
  return AVERAGE_TERMS.has(m.term) && next !== undefined && next.run === m.run && contract.averaged.has(next.term);
}

/** "average nights" or "unique guests": a summary the engine computes for the column asked. */
const summaryAsked = (contract: BlockContract, shape: AskedShape, k: number): boolean => averageOf(contract, shape, k) || distinctOf(contract, shape, k);

/** The words that ask for a count of distinct values ("unique", "distinct", "different"), as terms. */
const DISTINCT_TERMS: ReadonlySet<string> = new Set(['distinct', 'unique', 'different'].flatMap((w) => termsOfWord(w)));

/**
 * "unique guests", "distinct customers": a distinct count asked of a column the engine computes
 * as one (`COUNT(DISTINCT g.id) AS guests`), the word right before the column's own words. Of a
 * column counting rows ("unique stays" of `COUNT(*) AS stays`) the word stays uncovered: the rows
 * may repeat what it asks to count once. Counted once per group, the figures do not add up to a
 * count over all groups, so a question asking no breakdown of a grouped block is not given one.
 */
function distinctOf(contract: BlockContract, shape: AskedShape, k: number): boolean {
  const m = shape.measures[k] as AskedMeasure;
  // The words right after it, one space apart: "unique guests and stays" asks unique guests.
  const rest: AskedMeasure[] = [];
  for (const x of shape.measures.slice(k + 1)) if (x.run === m.run && x.start - (rest.at(-1) ?? m).end <= 1) rest.push(x);
  if (!DISTINCT_TERMS.has(m.term) || rest.length === 0) return false;
  if (shape.groupings.length === 0 && contract.keys.length > 0) return false;
  return contract.distinctCounted.some((column) => rest.every((x) => column.has(x.term)));
}

/**
 * "membership cancellations": the word for the block's contract entity right before one of its
 * measures, one space apart; "applications and offers" asks for two measures, not one qualified.
 */
function entityBeside(contract: BlockContract, shape: AskedShape, k: number): boolean {
  const m = shape.measures[k] as AskedMeasure;
  const next = shape.measures[k + 1];
  return contract.entity.has(m.term) && next !== undefined && next.run === m.run && next.start - m.end <= 2 && contract.columns.has(next.term);
}

/** The declaration of the block holding a term, or one of the project's words for it. */
function sourceOf(contract: BlockContract, term: string, options: CoverageOptions): string | undefined {
  return contract.sources.get(term) ?? (options.alternatives?.(term) ?? []).map((a) => contract.sources.get(a)).find((x) => x !== undefined);
}

/** Words that name a kind of figure, not which: "share" (pct), "average" (avg, mean), "change". */
const PROPORTIONS: readonly string[] = ['pct', 'rate', 'ratio'];
/** Each kind word -> the words of its kind: a ratio, a rate and a share are one kind of figure. */
const KINDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ...PROPORTIONS.map((t) => [t, new Set(PROPORTIONS)] as const),
  ...termsOfWord('average').map((t) => [t, new Set([t])] as const),
  // "change in renewal retention" of a block whose change column is the premium's: a change of what.
  ...termsOfWord('change').map((t) => [t, new Set([t])] as const),
]);

/**
 * "Appointments by clinic as a share of the total" of a block whose one percentage is its
 * no-show share: "share" alone names no particular percentage, as "average revenue" names no
 * average invoice. A column of that kind whose name says of what (`no_show_pct`, `avg_invoice`)
 * gives it only when the question says that too (a word of its name or synonyms no other column
 * uses); a bare one (`share_pct`) is the share of the block's own measure. An average the engine
 * computes of the asked measure is averageOf's to find.
 */
function kindOfSomethingElse(block: CompiledBlock, shape: AskedShape, kind: ReadonlySet<string>): boolean {
  const asked = new Set([...shape.measures.map((m) => m.term), ...shape.groupings.flatMap((g) => g.terms)]);
  const named = (o: string): string[] => termLine([o.replace(/_/g, ' '), ...(block.columns?.[o]?.synonyms ?? [])].join(' ')).split(' ');
  const ofKind = block.outputs.filter((o) => named(o).some((t) => kind.has(t)));
  if (ofKind.length === 0) return false;
  // "as a share of revenue": only a column whose own words say revenue is that share, or the
  // block's own population ("share of appointments booked online" of appointments_weekly).
  const base = shape.shareBase ?? [];
  const population = termLine(block.name.replace(/_/g, ' ')).split(' ');
  if (base.length > 0) return !ofKind.some((o) => base.every((b) => named(o).includes(b) || population.includes(b)));
  return ofKind.every((o) => {
    // What the column says it is a share of, in words no other column of the block uses.
    const others = new Set(block.outputs.filter((x) => x !== o).flatMap(named));
    const own = termLine(o.replace(/_/g, ' '))
      .split(' ')
      .filter((t) => !kind.has(t) && t !== '');
    const distinct = named(o).filter((t) => !kind.has(t) && t !== '' && !others.has(t));
    // A name the owner declared for it, asked whole ("average revenue per account"), says which.
    const declaredWhole = (block.columns?.[o]?.synonyms ?? []).some((syn) => {
      // A calendar word in it ("average daily rate") may have been read as the question's grain.
      const ts = termLine(syn)
        .split(' ')
        .filter((t) => t !== '' && !CLOCK_UNITS.has(t));
      return ts.length > 1 && ts.every((t) => asked.has(t));
    });
    // A share of the block's own measure ("revenue_share_pct" beside net_revenue) is told by its name.
    return own.length > 0 && !declaredWhole && !(distinct.length > 0 ? distinct : own).some((t) => asked.has(t));
  });
}

/**
 * "daily incidents by month" of a block whose lost_days counts days: the grain a calendar
 * adjective asks is the block's when its rows are at that grain (a key or the series' period) or
 * a name of the block says it whole ("average daily rate", "daily_active_users"); a column that
 * measures a number of days is no daily figure.
 */
function grainGiven(block: CompiledBlock, contract: BlockContract, m: AskedMeasure, options: CoverageOptions): boolean {
  if (inAliasOf(contract.vocabulary, m.start, options)) return true;
  const word = m.text.toLowerCase();
  const named = [block.name, ...block.outputs, ...Object.keys(block.columns ?? {}), ...Object.values(block.columns ?? {}).flatMap((c) => c.synonyms ?? [])];
  if (
    named.some((n) =>
      n
        .toLowerCase()
        .split(/[^a-z]+/)
        .includes(word),
    )
  )
    return true;
  const facts = blockFacts(block);
  const unit = facts.timeUnit === undefined ? undefined : termsOfWord(facts.timeUnit)[0];
  if ((facts.timeSeries && unit === m.term) || contract.keys.some((k) => k.has(m.term) && k.size === 1)) return true;
  // "annual revenue by hotel in 2025": one whole year asked of a total over the period is that year's figure.
  const p = options.period;
  const asked = (['day', 'week', 'month', 'quarter', 'year'] as const).find((u) => termsOfWord(u)[0] === m.term);
  return p !== undefined && asked !== undefined && !facts.timeSeries && unitsSpanned(p.start, p.end, asked, p.weekStart) === 1 && wholeUnit(p, asked);
}

/** Fewest days of one calendar unit: a period shorter than that is part of one. */
const ROW_DAYS = { day: 1, week: 7, month: 28, quarter: 90, year: 365 } as const;

/** Whether [start, end) is exactly one calendar unit ("2025", "March 2026"), not a part of one. */
function wholeUnit(p: { start: string; end: string }, unit: 'day' | 'week' | 'month' | 'quarter' | 'year'): boolean {
  const days = daysBetween(p.start, p.end);
  return days >= ROW_DAYS[unit];
}

/** The terms of leaving something out ("excluding", "except", "without"; "other than" reads as "excluding"). */
const LEAVING_OUT: ReadonlySet<string> = new Set(['excluding', 'except', 'without'].flatMap((w) => termsOfWord(w)));

/**
 * "excluding VAT" is given by a block that says it leaves VAT out (its description's "excluding
 * VAT", a column named for it), never by its description's "excluding IPT": what is left out must
 * be the block's own.
 */
function leftOutAlike(block: CompiledBlock, contract: BlockContract, shape: AskedShape, k: number, options: CoverageOptions): boolean {
  const m = shape.measures[k] as AskedMeasure;
  const next = shape.measures[k + 1];
  if (describedBeside(contract, shape, k) || keptOutNext(block, shape, k)) return true;
  const source = sourceOf(contract, m.term, options);
  return next !== undefined && next.run === m.run && source?.startsWith('column:') === true && sourceOf(contract, next.term, options) === source;
}

/** Words right before a value that say its rows are left out ("non-cancelled", "not cancelled"). */
const NEGATING: ReadonlySet<string> = new Set(['non', 'not', 'no', 'ex', 'excluding', 'except', 'without', 'minus']);

/**
 * "booking window including cancelled reservations" of a block whose query keeps cancelled rows
 * out (kept-out-literals.ts): the value asked is no row the block gives. Said as left out
 * ("excluding cancelled", "non-cancelled") it is the block's own exclusion, read as before.
 */
function notedAsKeptOut(block: CompiledBlock, contract: BlockContract, shape: AskedShape, k: number, options: CoverageOptions, t: Tally): boolean {
  const m = shape.measures[k] as AskedMeasure;
  if (sourceOf(contract, m.term, options) !== 'literal' || !keptOutTerms(block).has(m.term)) return false;
  const before = shape.measures[k - 1];
  const leftOut = (before !== undefined && before.run === m.run && (LEAVING_OUT.has(before.term) || before.term === 'non')) || NEGATING.has(m.follows ?? '');
  if (leftOut) return false;
  t.note(false, m.text, `${block.id} leaves out the rows "${m.text}" names: its query keeps them out.`, 'measure');
  return true;
}

/** "excluding cancelled", "non-cancelled": the next word is a value the block's query keeps out (kept-out-literals.ts). */
function keptOutNext(block: CompiledBlock, shape: AskedShape, k: number): boolean {
  const m = shape.measures[k] as AskedMeasure;
  const next = shape.measures[k + 1];
  return next !== undefined && next.run === m.run && keptOutTerms(block).has(next.term);
}

/**
 * A measure word a parameter settles: "SME customers", "company restaurants" (the noun the
 * description puts before the parameter names whose rows the value keeps), or "days to start
 * date" (a word only a date parameter's name holds names the period asked, never a figure).
 */
function notedByParam(block: CompiledBlock, contract: BlockContract, m: AskedMeasure, options: CoverageOptions, t: Tally): boolean {
  const population = valuesRightBefore(options, m).find((v) => contract.populations.get(v.param)?.has(m.term) === true);
  if (population !== undefined) t.note(true, m.text, '', 'filter', `param:${population.param}`);
  else if (datePeriodWord(block, sourceOf(contract, m.term, options)))
    t.note(false, m.text, `${block.id} gives no "${m.text}": it is a word of a period parameter's name.`, 'measure');
  else return false;
  return true;
}

/** The values a parameter took that end right before the measure word ("SME customers", "Leverhulme income"). */
function valuesRightBefore(options: CoverageOptions, m: AskedMeasure): ReadonlyArray<{ end: number; param: string }> {
  return (options.valueEnds ?? []).filter((v) => m.start > v.end && m.start - v.end <= 1);
}

/** Words before a unit that make it an amount of time or money, or what a rate is per. */
const AMOUNT_BEFORE: ReadonlySet<string> = new Set(['a', 'an', 'one', 'per', 'each', 'every', 'few', 'several']);

/** "in minutes" of a column in seconds: a unit the rows would have to be converted to (asked-units.ts). */
function notedAsUnit(block: CompiledBlock, contract: BlockContract, shape: AskedShape, m: AskedMeasure, options: CoverageOptions, t: Tally): boolean {
  // "over an hour", "within 2 days", "calls per hour": an amount of the unit or a rate per it, not the unit a figure is given in.
  if (!isUnitTerm(m.term) || (m.follows !== undefined && (AMOUNT_BEFORE.has(m.follows) || /^\d/.test(m.follows)))) return false;
  const named = shape.measures.filter((x) => !isUnitTerm(x.term));
  const whole = namingAll(block, named);
  const others = whole.length > 0 ? whole.map((c) => `column:${c}`) : named.map((x) => sourceOf(contract, x.term, options) ?? '');
  const converted = otherUnit(block, m.term, sourceOf(contract, m.term, options), others);
  if (converted !== undefined) t.note(false, m.text, `${block.id} gives ${converted}, not in ${m.text}.`, 'measure');
  return converted !== undefined;
}

/**
 * The result columns whose names (their own or declared) hold every one of several measure words:
 * "average handle time" is avg_handle_time_min as a whole, whichever columns its words found one
 * by one ("average" and "time" in avg_speed_of_answer_s too).
 */
function namingAll(block: CompiledBlock, named: readonly AskedMeasure[]): string[] {
  if (named.length < 2) return [];
  return block.outputs.filter((o) => {
    const terms = termSet([o, ...(block.columns?.[o]?.synonyms ?? [])].join(' ').replace(/_/g, ' '));
    return named.every((x) => terms.has(x.term));
  });
}

/** A term whose only declaration is a date parameter's name (start_date, since). */
/**
 * "complaints raised last month" of a block counting complaints opened in the period: the verb
 * dates the rows by the block's own period (period-event.ts), it measures nothing.
 */
function notedAsPeriodDate(block: CompiledBlock, m: AskedMeasure, options: CoverageOptions, t: Tally): boolean {
  const dated = options.periodBefore?.includes(m.text.toLowerCase()) === true ? periodDateNamed(block, m.text) : undefined;
  if (dated !== undefined) t.note(true, m.text, '', 'period', `column:${dated}`);
  return dated !== undefined;
}

function datePeriodWord(block: CompiledBlock, source: string | undefined): boolean {
  return source?.startsWith('param:') === true && block.params.some((p) => p.type === 'date' && source === `param:${p.name}`);
}

function measures(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const seen = new Set<string>();
  for (const [k, m] of shape.measures.entries()) {
    if (seen.has(m.term)) continue;
    seen.add(m.term);
    const byExampleOnly = !given(contract.declared, m.term, m.start, options) && options.measured?.has(m.term) === true;
    if (GRAIN_ADJECTIVES.has(m.text.toLowerCase())) {
      const ok = grainGiven(block, contract, m, options);
      t.note(ok, m.text, `${block.id} gives no ${m.text} figures.`, 'time', ok ? 'grain' : undefined);
      continue;
    }
    // The owner's own word for it (an example's "intake", the parameter's "cohort"), not any word at all.
    const yearNoun = options.yearNoun?.after.some((end) => m.start > end && m.start - end <= 2) === true;
    if (yearNoun && (given(contract.vocabulary, m.term, m.start, options) || termSet(options.yearNoun?.param.replace(/_/g, ' ') ?? '').has(m.term))) {
      t.note(true, m.text, '', 'measure', `param:${options.yearNoun?.param}`);
      continue;
    }
    if (LEAVING_OUT.has(m.term) || (m.term === 'non' && keptOutNext(block, shape, k))) {
      const ok = leftOutAlike(block, contract, shape, k, options);
      t.note(ok, m.text, `${block.id} does not leave out what "${m.text}" asks to.`, 'measure', ok ? sourceOf(contract, m.term, options) : undefined);
      continue;
    }
    if (notedAsKeptOut(block, contract, shape, k, options, t)) continue;
    if (notedByParam(block, contract, m, options, t) || notedAsUnit(block, contract, shape, m, options, t) || notedAsPeriodDate(block, m, options, t)) continue;
    if (!options.named && summaryOnly(block, shape, m)) {
      t.note(false, m.text, `${block.id} gives an average or median of "${m.text}" over its rows, not the ${m.text} itself.`, 'measure');
      continue;
    }
    const kind = KINDS.get(m.term);
    // Inside a phrase that stands for a name the block holds ("average daily rate" for adr) the word is pinned.
    const unpinnedShare = kind !== undefined && !options.named && !inAliasOf(contract.vocabulary, m.start, options) && kindOfSomethingElse(block, shape, kind);
    t.note(
      // A kind word of another column's figure is not given by the description's pairs either.
      (!unpinnedShare &&
        ((given(contract.vocabulary, m.term, m.start, options) && !byExampleOnly && !clockByKeyOnly(contract, m.term, options)) ||
          describedBeside(contract, shape, k) ||
          entityBeside(contract, shape, k))) ||
        summaryAsked(contract, shape, k) ||
        ratioUnit(contract, shape, m.term),
      m.text,
      `${block.id} gives no "${m.text}": its result has ${[...contract.columns].join(', ') || 'no named columns'}.`,
      'measure',
      sourceOf(contract, m.term, options) ?? 'description',
    );
  }
  overTimeNote(block, contract, shape, t);
}

/**
 * "on-time rate" of a block keyed by hour_of_day: a word of time given only through the lexicon's
 * durations ("time" for "hour") names a duration a measure column holds, never the clock position
 * a key is.
 */
function clockByKeyOnly(contract: BlockContract, term: string, options: CoverageOptions): boolean {
  if (!CLOCK_UNITS.has(term) || contract.vocabulary.has(term)) return false;
  const via = (options.alternatives?.(term) ?? []).filter((t) => contract.vocabulary.has(t));
  return via.length > 0 && !via.some((t) => isMeasureColumn(contract, t));
}

/** "refunds per 1,000 orders" of refunds_per_1000_orders: what a ratio counts per is given beside what it counts, never alone. */
function ratioUnit(contract: BlockContract, shape: AskedShape, term: string): boolean {
  return contract.ratios.some((r) => r.per.has(term) && shape.measures.some((x) => r.over.has(x.term)));
}

/** "over time", "trend", "month by month": a series, with a row per the unit said where one is. */
function overTimeNote(block: CompiledBlock, contract: BlockContract, shape: AskedShape, t: Tally): void {
  if (shape.overTime === undefined) return;
  const unit = overTimeUnit(shape.overTime);
  const rows = blockFacts(block).timeUnit;
  const fits = contract.timeSeries && (unit === undefined || rows === unit);
  const why = `${block.id} ${contract.timeSeries ? `has a row per ${rows}` : 'is not a time series'}, so it gives no "${shape.overTime}".`;
  t.note(fits, shape.overTime, why, 'time', 'grain');
}

/** "month by month" asks for a row per month, "night by night" per day; "over time" and "trend" for any series. */
function overTimeUnit(said: string): string | undefined {
  const unit = /^(day|night|week|month|quarter|year)s?\s+by\s/.exec(said)?.[1];
  return unit === 'night' ? 'day' : unit;
}

/**
 * A grouping phrase is given when one of its words is a field the block breaks down by and the
 * others qualify it in the block's own terms (its contract, its tables, its description):
 * "each customer segment" (segment), "by payment method" (method), "by product category",
 * and the verb a short phrase may run into ("each segment bring").
 */
/** Every grouping key of the result is asked for: its rows are the asked breakdown, whichever key comes first. */
function allKeysAsked(contract: BlockContract, shape: AskedShape, options: CoverageOptions): boolean {
  if (contract.keys.length < 2) return false;
  // A unit of time names its own grain only ("by hour" is no "by day", whatever the lexicon pairs as durations).
  const asked = shape.groupings.flatMap((g) => g.parts.flatMap((x) => [x.term, ...(CLOCK_UNITS.has(x.term) ? [] : (options.alternatives?.(x.term) ?? []))]));
  // "by plant code" asks for no line: a key is asked by what it is of, not by its "code" or "name".
  const ofWhat = (k: ReadonlySet<string>): string[] => {
    const of = termsOfWhat(k);
    return of.length > 0 ? of : [...k];
  };
  return contract.keys.every((k) => asked.some((t) => ofWhat(k).includes(t)));
}

/** "per stay" after an asked average, where a stay is what the block counts or its contract is about. */
function perRow(contract: BlockContract, shape: AskedShape, g: AskedGrouping): boolean {
  if (!shape.measures.some((m) => AVERAGE_TERMS.has(m.term)) || g.parts.length === 0) return false;
  return g.parts.every((x) => contract.counted.has(x.term) || contract.entity.has(x.term));
}

/**
 * A "by X" that is not a breakdown: the measure of a ratio column the question names whole ("rooms
 * per shift" for `rooms_per_shift`), or the measure a ranking orders by ("top 30 countries by room
 * nights", "customers by spend").
 */
function measureNotGrouping(contract: BlockContract, shape: AskedShape, g: AskedGrouping, rankingAsked: boolean, options: CoverageOptions): boolean {
  // "which type of truck" names the rows, whatever else the question ranks by.
  if (g.cue === 'which') return false;
  // "by hour (of day)" is a breakdown by a unit of time even where a column counts hours ("per block hour").
  if (g.cue !== 'per' && g.parts.length > 0 && g.parts.every((x) => CLOCK_UNITS.has(x.term))) return false;
  // "average nights per stay": the rows the block averages over (a count column's name, the contract's entity) are the average's unit.
  if (g.cue === 'per' && perRow(contract, shape, g)) return true;
  // "average revenue per account" spells the block's arpa: its "per account" is part of that measure.
  // The phrase's words must be ones the owner declared: "region", a word only the block's remarks
  // hold ("every region"), is still a breakdown the block does not give.
  if (g.parts.length > 0 && g.parts.every((x) => inAliasOf(contract.declared, x.start, options))) return true;
  const terms = g.parts.map((x) => x.term);
  const measured = new Set(shape.measures.map((m) => m.term));
  // "fuel per km" asks for fuel over km: a block's cost_per_km is another ratio, and km is not a measure of its own here.
  if (g.cue === 'per' && contract.ratios.some((r) => terms.every((t) => r.per.has(t)) && ![...r.over].some((t) => measured.has(t)))) return false;
  // "rooms per attendant shift" for rooms_per_shift: the per-word is the ratio's, the others qualify it in the block's words.
  const perRatio = (r: BlockContract['ratios'][number]): boolean =>
    g.parts.some((x) => r.per.has(x.term)) && g.parts.every((x) => r.per.has(x.term) || contract.qualifiers.has(x.term));
  // Only "per" says it: "duty hours for each driver" asks a row per driver, not hours per driver.
  if (g.cue === 'per' && contract.ratios.some((r) => perRatio(r) && [...r.over].some((t) => measured.has(t)))) return true;
  // "claims per 1000 consignments" of `claims_per_1000`, whose own words say per 1000 of what.
  if (g.per !== undefined && contract.ratios.some((r) => r.per.has(g.per as string) && terms.every((t) => contract.columns.has(t) || r.per.has(t))))
    return true;
  // Only a measure ranks: "top 3 appointments by clinic" of a per-vet result ranks clinics, and
  // the clinic column each vet's row shows is no measure to rank vets by.
  const measureColumn = (t: string): boolean => isMeasureColumn(contract, t);
  // "by hour of day" is a breakdown by a unit of time, never a duration column standing in for it.
  const column = (t: string): boolean => measureColumn(t) || (!CLOCK_UNITS.has(t) && (options.alternatives?.(t) ?? []).some(measureColumn));
  // "top 5 reps by new ARR per customer": a per-word names a unit to divide by, so it ranks only by
  // a ratio the block declares per that unit ("most expensive per kilometre" of cost_per_km).
  const perUnit = (r: BlockContract['ratios'][number], t: string): boolean => r.per.has(t) || (options.alternatives?.(t) ?? []).some((a) => r.per.has(a));
  if (g.cue === 'per') return rankingAsked && terms.length > 0 && contract.ratios.some((r) => terms.every((t) => perUnit(r, t)));
  return rankingAsked && terms.length > 0 && terms.every(column);
}

/** The grouping's words hold all of what a key beside the rows is of ("vehicle type" for vehicle_type). */
function namesSideKey(contract: BlockContract, g: AskedGrouping): boolean {
  const terms = new Set([...g.parts, ...(g.then ?? [])].map((x) => x.term));
  return contract.sideKeys.some((k) => k.size > 0 && [...k].every((t) => terms.has(t)));
}

function groupings(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const together = allKeysAsked(contract, shape, options);
  const rankingAsked = shape.ranking !== undefined || options.limitAsked;
  for (const g of shape.groupings) {
    if (measureNotGrouping(contract, shape, g, rankingAsked, options)) {
      t.note(
        true,
        `by ${g.text}`,
        '',
        'measure',
        g.parts.map((x) => sourceOf(contract, x.term, options)).find((x) => x !== undefined),
      );
      continue;
    }
    // "per 1000 customers" asks a rate per so many, which rows per customer are not: only a rate
    // the owner declared per that many gives it (a `claims_per_1000` column above, or "per 100
    // customers" in the owner's words).
    if (g.per !== undefined && g.per !== '1' && g.per !== 'one' && !contract.numbers.has(g.per.replaceAll(',', ''))) {
      t.note(false, `per ${g.per} ${g.text}`, `${block.id} gives no rate per ${g.per} ${g.text}.`, 'grouping');
      continue;
    }
    const inKey = (term: string) => together && contract.keys.some((k) => k.has(term));
    const field = g.parts.findIndex((x) => grouped(contract, x.term, options) || inKey(x.term));
    const ok =
      field >= 0 &&
      g.parts.every((x, i) => i === field || grouped(contract, x.term, options) || inKey(x.term) || given(contract.qualifiers, x.term, x.start, options));
    // "which maintenance categories": the field is the next word, the "which" word qualifies it.
    const qualified =
      g.then !== undefined &&
      g.then.some((x) => grouped(contract, x.term, options)) &&
      g.parts.every((x) => given(contract.qualifiers, x.term, x.start, options));
    const key = [...g.parts, ...(g.then ?? [])].map((x) => sourceOf(contract, x.term, options)).find((x) => x?.startsWith('key:') || x === 'grain');
    // "by vehicle type" of rows per vehicle, each showing its type: a column beside the rows is no breakdown by it.
    const beside = !together && namesSideKey(contract, g);
    t.note((ok || qualified) && !beside, `by ${g.text}`, `${block.id} does not break its result down by ${g.text}.`, 'grouping', key ?? 'breakdown');
  }
}

/** A top-N whose default shows at least as many rows as its grouping field has values shows them all. */
function showsEveryGroup(contract: BlockContract, options: CoverageOptions): boolean {
  const count = contract.firstKey === undefined ? undefined : options.valueCount?.(contract.firstKey);
  return count !== undefined && contract.rowsCap !== undefined && count <= contract.rowsCap;
}

/** Why a block's rows are not the asked end of the asked ranking, in its own terms. */
function rankingShortfall(contract: BlockContract, asked: 'top' | 'bottom'): string {
  const r = contract.rankedBy;
  if (contract.limited && contract.ordersByKey) return 'returns only its first rows in period or key order, not by a measure';
  if (r !== undefined && r.desc !== (asked === 'top')) return `returns only the ${r.desc ? 'top' : 'bottom'} of its ranking`;
  if (r !== undefined) return `ranks by ${[...r.terms].join(' ')}, not by the measure asked`;
  return contract.ranking ? 'returns only the top of its ranking' : 'does not rank its rows';
}

/** Words as their routing terms, in order. */
const termLine = (text: string): string =>
  words(text)
    .flatMap((w) => termsOfWord(w.word))
    .join(' ');

/**
 * The ranking phrase ("best-selling", "top rated") stands in one of the block's own example
 * questions: the owner said the block's ranking is what it asks for, whatever column its words
 * also name. Only the end the block ranks from counts.
 */
function ownersRanking(block: CompiledBlock, contract: BlockContract, shape: AskedShape): boolean {
  // Only a participle makes the ranking word a compound adjective of its own ("best-selling",
  // "top rated", "highest paid"); "top 10" or "top customers" says nothing about the measure.
  if (shape.rankingText === undefined || shape.rankingNext === undefined || !/^[a-z]{2,}(?:ing|ed)$/.test(shape.rankingNext)) return false;
  const end = contract.ownerEnd ?? (contract.rankedBy === undefined ? undefined : contract.rankedBy.desc ? 'top' : 'bottom');
  if (end !== shape.ranking) return false;
  const phrase = ` ${termLine(`${shape.rankingText} ${shape.rankingNext}`)} `;
  return phrase.trim().split(' ').length >= 2 && block.examples.some((e) => ` ${termLine(e.question)} `.includes(phrase));
}

function ranking(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  // "top line" is a declared name of revenue: its "top" asks for no ranking.
  const at = shape.rankingStart;
  const named = at !== undefined && (options.aliases ?? []).some((a) => at >= a.start && at < a.end);
  if (shape.ranking !== undefined && !named) {
    const word = shape.rankingText ?? shape.ranking;
    const sort = contract.rankedBy === undefined ? 'sort' : `sort:${contract.rankedBy.column}`;
    t.note(
      rankingCovered(block, contract, shape, options) || ownersRanking(block, contract, shape),
      word,
      `${block.id} ${rankingShortfall(contract, shape.ranking)}, so it cannot give the "${word}".`,
      'ranking',
      sort,
    );
  } else if (contract.ranking && !options.named && !options.limitAsked && !showsEveryGroup(contract, options)) {
    // A top-N block shows the first rows of a ranking; a question asking for every row is not that.
    t.note(false, 'every row', `${block.id} returns only the first rows of its ranking, not every row.`, 'ranking');
  }
}

/** True when the question asks for a calendar grain anywhere ("weekly", "per month", "by day"). */
function asksGrain(shape: AskedShape, options: CoverageOptions): boolean {
  if (shape.measures.some((m) => GRAIN_TERMS.has(m.term)) || shape.groupings.some((g) => g.terms.some((t) => GRAIN_TERMS.has(t)))) return true;
  // An initialism or a term's synonym may say the grain for the words it stands for ("WAU").
  return (options.aliases ?? []).some((a) => a.terms.some((t) => GRAIN_TERMS.has(t)));
}

/**
 * A time series (one row per day, week, month) answers a question about a period or a time
 * breakdown; a question asking for neither ("what is our net revenue?") asks for a total the
 * series does not give.
 */
/** "by cohort", "by intake year", "cohorts in 2025": a breakdown by the series' own rows, as its declared grain or its period column names them. */
function asksOwnRows(block: CompiledBlock, shape: AskedShape): boolean {
  const own = termSet(`${typeof block.grain === 'string' ? block.grain : ''} ${(blockFacts(block).timeColumn ?? '').replace(/_/g, ' ')}`);
  if (shape.groupings.some((g) => g.cue !== 'which' && g.terms.some((x) => own.has(x)))) return true;
  // "D7 retention for Gem Harbour cohorts in 2025": the rows named in the plural are asked one by one.
  return shape.measures.some((m) => /^\p{Ll}+s$/u.test(m.text) && own.has(m.term));
}

function overTime(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  if (!contract.timeSeries || options.named || shape.overTime !== undefined || asksGrain(shape, options) || asksOwnRows(block, shape)) return;
  if (!options.periodAsked) {
    t.note(false, 'a total', `${block.id} gives one row per period, and the question asks for no period or time breakdown.`, 'time');
    return;
  }
  // "pallets moved in 2025" of a weekly series: one figure over many rows is a sum the block does not give.
  const unit = blockFacts(block).timeUnit;
  const p = options.period;
  if (unit === undefined || p === undefined || unitsSpanned(p.start, p.end, unit, p.weekStart) <= 1 || options.financialYearRow === true) return;
  t.note(
    false,
    'a total',
    `${block.id} gives one row per ${unit}, and the question asks for one figure over ${p.start} up to ${p.end}, not a ${unit}ly breakdown.`,
    'time',
  );
}

/**
 * "daily active users for the last 7 days" of a monthly series: a period shorter than one of its
 * rows is part of a row, which the series does not give (its row would be the whole month).
 */
function shorterThanRow(block: CompiledBlock, contract: BlockContract, options: CoverageOptions, t: Tally): void {
  const unit = blockFacts(block).timeUnit;
  const days = options.periodDays;
  if (!contract.timeSeries || options.named || unit === undefined || days === undefined || days >= ROW_DAYS[unit]) return;
  t.note(false, 'part of a row', `${block.id} gives one row per ${unit}, and the question asks for ${days} day${days === 1 ? '' : 's'}.`, 'period');
}

/** "What were tickets about?" asks for the kinds of the subject: a breakdown by something other than its period. */
function about(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  if (shape.about === undefined || options.named) return;
  const time = blockFacts(block).timeColumn;
  const kinds = contract.keys.length - (time !== undefined && contract.timeSeries ? 1 : 0);
  t.note(kinds > 0, 'what it was about', `${block.id} breaks its result down by period only, not by what it was about.`, 'grouping', 'breakdown');
}

/**
 * A block whose SQL fixes its dates (FY2024) answers a question about that period, not one that
 * names none: its figures would read as today's. A window running up to now ("the trailing twelve
 * months", "the next 30 days") is how the block measures today, as a default period is, and
 * answers a question that names no period; its answer says the window.
 */
function period(block: CompiledBlock, options: CoverageOptions, t: Tally): void {
  const { fixedPeriod: fixed } = blockFacts(block);
  if (options.named || options.periodAsked || fixed === undefined) return;
  t.note(false, 'any period', `${block.id} covers only ${fixed.start ?? '…'} up to ${fixed.end ?? '…'}, and the question asks for no period.`, 'period');
}

/** "tickets resolved in October" of a block whose period is the day tickets were opened (period-event.ts). */
function periodEvent(block: CompiledBlock, options: CoverageOptions, t: Tally): void {
  if (options.named || !options.periodAsked || options.periodBefore === undefined) return;
  const other = periodOnAnotherDate(block, options.periodBefore);
  if (other === undefined) return;
  t.note(
    false,
    `${other.said} in the period`,
    `${block.id} takes its period on another date than ${other.column}, the day the rows were ${other.said}.`,
    'period',
  );
}

/**
 * "for new customers only" (restriction.ts): given when its words are the block's own population
 * (its name, its contract's entity) or one result column's, named whole ("just revenue"); words
 * that each find another column ("new" a docs column, "customers" an accounts column) keep no rows.
 */
/** A result column that is a percentage or share (its name ends so, or its declared unit is percent). */
function shareColumn(block: CompiledBlock, source: string): boolean {
  const name = source.slice(source.indexOf(':') + 1);
  return /(?:_pct|_percent|_share|_rate|_ratio)$/i.test(name) || /^percent/i.test(block.columns?.[name]?.unit ?? '');
}

function restrictions(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const own = new Set([...contract.entity, ...termLine((block.id.split('.').pop() ?? '').replace(/_/g, ' ')).split(' ')]);
  const forms = (x: string): string[] => [x, ...(options.alternatives?.(x) ?? [])];
  for (const r of shape.restrictions ?? []) {
    const population = r.terms.every((x) => forms(x).some((a) => own.has(a)));
    const sources = new Set(r.terms.map((x) => sourceOf(contract, x, options)));
    const [source] = [...sources];
    // A share of the population ("part_time_pct", unit percent) counts no rows of it: "part-timers only" keeps none.
    const oneColumn = sources.size === 1 && source !== undefined && /^(?:column|key):/.test(source) && !shareColumn(block, source);
    t.note(population || oneColumn, r.text, `${block.id} keeps every row it counts; it cannot keep only "${r.text}".`, 'filter', source);
  }
}

/**
 * "how many part-timers in each BU" of a block giving part_time_pct, "how many of them used a promo
 * code" of avg_discount_gbp: a count asked of what the block gives only as a share of its rows or
 * as an amount of money is not how many.
 */
function countOfShare(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  if (shape.countAsked !== true) return;
  const columns = shape.measures.map((m) => sourceOf(contract, m.term, options)).filter((s): s is string => s?.startsWith('column:') === true);
  if (columns.length === 0 || !columns.every((c) => shareColumn(block, c) || moneyColumn(block, c))) return;
  const [column] = columns;
  const what = column !== undefined && moneyColumn(block, column) ? 'an amount of money' : 'a share';
  t.note(false, 'how many', `${block.id} gives ${column?.slice('column:'.length)}, ${what}, not how many.`, 'measure');
}

/**
 * The measure a question totals: the head of the run "total" opens ("total customer minutes lost"),
 * where that run starts, and the result column the block gives it from, if any.
 */
function totalHead(
  contract: BlockContract,
  shape: AskedShape,
  options: CoverageOptions,
): { head: AskedShape['measures'][number]; start: number; name: string | undefined } | undefined {
  const first = shape.measures.find((m) => m.follows === 'total');
  if (first === undefined) return undefined;
  const head = shape.measures.filter((m) => m.run === first.run && m.start >= first.start).at(-1) ?? first;
  const source = sourceOf(contract, head.term, options);
  const name = source?.startsWith('column:') === true ? source.slice('column:'.length) : undefined;
  return { head, start: first.start, name };
}

/**
 * "total void days by patch" of avg_relet_days (its owner declares it additive = false): a total
 * asked of a figure that does not add up. The words after "total" name the figure by their last
 * word ("void days"); the block gives that figure only as it is, never its total.
 */
function totalOfUnadditive(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const total = totalHead(contract, shape, options);
  if (total === undefined) return;
  const { head, name } = total;
  if (name === undefined || block.columns?.[name]?.additive !== false) return;
  t.note(false, `total ${head.text}`, `${block.id} gives ${name}, which does not add up to a total.`, 'measure');
}

/**
 * "total customer minutes lost in the 10 worst outages": one sum over the ranked rows, which none
 * of them gives. A total said after the top-N ("the top 10 by total revenue") is the ranking's
 * measure, and a column its owner names a total ("total incurred" of a claim) is each row's own.
 */
function totalOfRanked(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const total = totalHead(contract, shape, options);
  if (options.named || total === undefined || options.limitStart === undefined || total.start > options.limitStart) return;
  const { head, name } = total;
  if (name === undefined || /total/i.test(name) || (block.columns?.[name]?.synonyms ?? []).some((syn) => /\btotal\b/i.test(syn))) return;
  t.note(false, `total ${head.text}`, `${block.id} gives ${name} for each of its ranked rows, not their total.`, 'measure');
}

/**
 * "Share of room revenue by market segment" of market_segment_mix, whose result holds the revenue
 * but no share of it: a proportion the block's name or description speaks of is no figure of its
 * result unless some column of it is a share, a rate or a ratio.
 */
function proportionByNameOnly(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const m = shape.measures.find((x) => PROPORTIONS.includes(x.term));
  if (m === undefined || contract.columnNames.some((o) => shareColumn(block, `column:${o}`))) return;
  const source = sourceOf(contract, m.term, options);
  if (source !== undefined && source !== 'name' && source !== 'synonym') return;
  t.note(false, m.text, `${block.id} gives no ${m.text}: no column of its result is a share, a rate or a ratio.`, 'measure');
}

const DECLARED_BASES = new WeakMap<CompiledBlock, StatedBasis[]>();

/** The bases the owner's description states, read once per block. */
function declaredBases(block: CompiledBlock): StatedBasis[] {
  let bases = DECLARED_BASES.get(block);
  if (bases === undefined) {
    bases = statedBases(block.description ?? '');
    DECLARED_BASES.set(block, bases);
  }
  return bases;
}

/**
 * "AOV after discounts" of a block whose description gives "AOV in GBP before discounts": the
 * question asks the other side of a basis the owner states (stated-basis.ts).
 */
function contraryBases(block: CompiledBlock, shape: AskedShape, t: Tally): void {
  if (shape.bases === undefined) return;
  const declared = declaredBases(block);
  for (const asked of shape.bases) {
    const contrary = contraryBasis(asked, declared);
    if (contrary !== undefined) t.note(false, asked.text, `${block.id} gives its figures ${contrary.text}, not ${asked.text}.`, 'measure');
  }
}

/**
 * "logins on iOS versus Android" of a block summing `platform IN ('ios', 'android')`: a word the
 * block holds only as a literal of its query is a value it filters on or adds up, so it gives no
 * figure for that side of a comparison apart from the other.
 */
function comparedLiterals(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  for (const [a, b] of shape.compared ?? []) {
    const sides = shape.measures.filter((m) => m.start === a || m.start === b);
    const literal = sides.find((m) => sourceOf(contract, m.term, options) === 'literal');
    if (literal === undefined) continue;
    t.note(
      false,
      `${literal.text} apart`,
      `${block.id} holds "${literal.text}" only as a value its query filters on or adds up, not as a figure of its own.`,
      'measure',
    );
  }
}

/** A column its owner declares in a currency (an ISO 4217 code, "GBP", "USD per account"): an amount, never a count. */
function moneyColumn(block: CompiledBlock, source: string): boolean {
  const name = source.slice(source.indexOf(':') + 1);
  return /^(?:[A-Z]{3}|GBp)(?:\s|$)/.test(block.columns?.[name]?.unit ?? '');
}

/** "over 100", "the top 1%", "90-day": a number no top-N, period or value took is the block's only when its owner's words declare it. */
function numbers(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  for (const n of shape.numbers ?? []) {
    const threshold = options.thresholds?.get(n.key);
    if (threshold !== undefined) {
      t.note(true, n.text, '', 'filter', `param:${threshold}`);
      continue;
    }
    // "fewer than 20 results" of a query keeping COUNT(*) >= 20: the owner's number, the other side of it.
    if (contract.numbers.has(n.key) && otherSide(block, n.key, n.text))
      t.note(false, n.text, `${block.id} keeps only the rows on the other side of ${n.key}; it leaves out "${n.text}".`, 'filter');
    else t.note(contract.numbers.has(n.key), n.text, `${block.id} takes no condition "${n.text}": nothing its owner declared says ${n.key}.`, 'filter');
  }
}

/** The words a breakdown by causes goes by: its rows are reasons, not figures to explain. */
const CAUSE_TERMS: ReadonlySet<string> = termSet('cause reason driver failure why');

/**
 * "Why are customers leaving?" asks for causes, which figures alone do not give: a block answers it
 * only when its rows are causes (its name or breakdown says cause, reason, driver or failure:
 * "claims by cause", "churn by reason", "returns by failure mode"), and never a "why" of a move
 * ("why did revenue drop", "why did approaches go up"), which needs two periods compared.
 */
function causes(block: CompiledBlock, contract: BlockContract, shape: AskedShape, t: Tally): void {
  if (shape.why === undefined) return;
  const own = [...contract.groupings, ...termSet(block.name.replace(/_/g, ' '))];
  // "Why did approaches go up in September?": the reasons of one period do not explain a move from another.
  const why =
    shape.change === undefined ? `${block.id} gives figures, not their causes.` : `${block.id} gives causes in a period, not why "${shape.change}" happened.`;
  t.note(own.some((x) => CAUSE_TERMS.has(x)) && shape.change === undefined, shape.why.trim(), why, 'shape');
}

/**
 * "How many distinct people did we support across all services": one figure over every service,
 * which a block giving a row per service does not give (a distinct count or a rate does not even
 * add up across its rows). Across all of something the rows are not per is the block's own scope.
 */
function acrossAll(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  const whole = shape.acrossAll;
  if (whole === undefined || options.named || !whole.terms.some((term) => grouped(contract, term, options))) return;
  t.note(false, `across all ${whole.text}`, `${block.id} gives a row per ${whole.text}, not one figure across all of them.`, 'grouping');
}

/**
 * "total revenue in October" of a block whose one revenue is ad revenue, where the project also
 * measures subscription and total revenue: the bare word has not said which kind, so a block
 * answers it only with a column of that word whose kind the question says (or has none, or whose
 * declared synonyms the question says whole).
 */
function unsaidKind(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  if (options.named || options.kinds === undefined) return;
  const said = new Set([
    ...(shape.said ?? []),
    ...shape.measures.map((m) => m.term),
    ...shape.groupings.flatMap((g) => g.terms),
    ...(shape.restrictions ?? []).flatMap((r) => r.terms),
  ]);
  const saidAll = (ts: readonly string[]): boolean => ts.every((x) => said.has(x) || (options.alternatives?.(x) ?? []).some((a) => said.has(a)));
  // Only a measure word said alone ("revenue", "total revenue"): more of them ("claims cycle
  // time", "despatches on time") already say which figure, and only where the word names a
  // column by the column's own name.
  if (shape.measures.length !== 1) return;
  for (const m of shape.measures) {
    const kinds = options.kinds.get(m.term);
    const source = sourceOf(contract, m.term, options);
    if (kinds === undefined || kinds.size < 2 || !source?.startsWith('column:') || !ownKindWord(block, source.slice(7), m.term)) continue;
    // A value right before the word says whose figure ("Leverhulme income"); elsewhere, whose rows ("for Gem Harbour").
    if (valuesRightBefore(options, m).length > 0) continue;
    // A word of the block's own name besides the measure and its rows ("like-for-like sales") says it.
    const named = kindWords(block.name).filter((x) => x !== m.term && !contract.groupings.has(x) && !CLOCK_UNITS.has(x));
    if (named.some((x) => said.has(x))) continue;
    const own = contract.columnNames.filter((o) => ownKindWord(block, o, m.term));
    const fits = (o: string): boolean =>
      saidAll(kindWords(o).filter((x) => x !== m.term)) ||
      (block.columns?.[o]?.synonyms ?? []).some((syn) =>
        saidAll(
          termLine(syn)
            .split(' ')
            .filter((x) => x !== ''),
        ),
      );
    if (own.some(fits)) continue;
    const others = [...kinds].filter((k) => k !== '').map((k) => `${k} ${m.text}`);
    t.note(
      false,
      m.text,
      `"${m.text}" is measured in several kinds here (${others.join(', ')}); ${block.id} gives ${own.join(', ')}, which the question does not name.`,
      'measure',
    );
    return;
  }
}

/**
 * "sales by clinic" of parasiticide_sales_by_clinic, whose result has no sales column: a measure
 * word the block gives only by its name gives the name's kind of it ("parasiticide sales"), which
 * the question must say too, or name a column of its result. Its rows' keys and calendar words
 * are no kind.
 */
function unsaidNameKind(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  // A measure word of a result column ("flea and wormer sales", "aged debtors outstanding") says which figures.
  // A value of the block's own ("Mersey Cover scorecard") says whose figures, as unsaidKind reads it.
  if (options.named || (options.valueEnds?.length ?? 0) > 0 || shape.measures.some((m) => sourceOf(contract, m.term, options)?.startsWith('column:') === true))
    return;
  const said = new Set([...(shape.said ?? []), ...shape.measures.map((m) => m.term), ...shape.groupings.flatMap((g) => g.terms)]);
  for (const m of shape.measures) {
    if (sourceOf(contract, m.term, options) !== 'name') continue;
    // The name's words before the measure word qualify it ("parasiticide sales"); those after it are its subject.
    const name = kindWords(block.name);
    const kind = name
      .slice(0, Math.max(0, name.indexOf(m.term)))
      .filter((x) => !contract.groupings.has(x) && !contract.keys.some((k) => k.has(x)) && !CLOCK_UNITS.has(x) && !GRAIN_TERMS.has(x));
    if (kind.length === 0 || kind.some((x) => said.has(x))) continue;
    t.note(false, m.text, `${block.id} gives ${kind.join(' ')} ${m.text}, which the question does not name.`, 'measure');
  }
}

/**
 * Whether a column names the measure word itself: by its own name (ad_revenue), or by a name its
 * owner declared that puts a kind to the word ("cafe revenue" for cafe_gbp).
 */
function ownKindWord(block: CompiledBlock, column: string, term: string): boolean {
  let columns = KIND_WORDS.get(block);
  if (columns === undefined) KIND_WORDS.set(block, (columns = new Map()));
  let words = columns.get(column);
  if (words === undefined) {
    words = new Set(kindWords(column));
    for (const syn of block.columns?.[column]?.synonyms ?? []) {
      const ws = kindWords(syn);
      if (ws.length > 1) for (const w of ws) words.add(w);
    }
    columns.set(column, words);
  }
  return words.has(term);
}

/** Each block's columns' own kind words, read once: coverage asks per question. */
const KIND_WORDS = new WeakMap<CompiledBlock, Map<string, Set<string>>>();

/** Each block's ratio columns (result-columns.ts), read from its query once: coverage asks per question. */
const RATIOS = new WeakMap<CompiledBlock, readonly string[]>();
function ratiosOf(block: CompiledBlock): readonly string[] {
  let ratios = RATIOS.get(block);
  if (ratios === undefined) RATIOS.set(block, (ratios = ratioOutputs(block.query, block.dialect)));
  return ratios;
}

/** A column giving a proportion or an average: its rows' figures do not add up to one over all rows. */
const NOT_ADDITIVE = /(?:^|_)(?:pct|percent|percentage|rate|ratio|share|avg|average|mean|median|per)(?:_|$)/i;

/**
 * "overall completion rate in October" of a block giving a completion rate per genre: one rate
 * over every genre, which no row gives and the rows' rates do not add up to. A total the rows add
 * up to (revenue) is left to them, a name the owner gives the figure ("overall satisfaction") is
 * the block's own word, and a breakdown or a value asked of the rows is a row's figure.
 */
function overallOfRows(block: CompiledBlock, contract: BlockContract, shape: AskedShape, options: CoverageOptions, t: Tally): void {
  if (options.named) return;
  const said = shape.overall;
  if (
    said !== undefined &&
    termLine(said)
      .split(' ')
      .some((w) => contract.vocabulary.has(w))
  )
    return;
  const timeKey = (key: ReadonlySet<string>): boolean => [...key].some((k) => CLOCK_UNITS.has(k));
  if (!contract.keys.some((key) => !timeKey(key)) || (options.valueEnds?.length ?? 0) > 0 || options.rowsKept === true) return;
  if (shape.groupings.length > 0 || shape.ranking !== undefined) return;
  const columns = shape.measures.map((m) => sourceOf(contract, m.term, options));
  const notAdditive = (name: string): boolean => NOT_ADDITIVE.test(name) || block.columns?.[name]?.unit === '%' || ratiosOf(block).includes(name);
  const rate = columns.find((s) => s?.startsWith('column:') === true && notAdditive(s.slice(7)));
  // Said bare ("What was CPM yesterday?"), only where every word asked is that one figure.
  if (rate === undefined || (said === undefined && columns.some((s) => s !== rate))) return;
  const word = said ?? 'one figure';
  t.note(false, word, `${block.id} gives ${rate.slice(7)} per row, not one ${said === undefined ? '' : `${said} `}figure over all of them.`, 'grouping');
}

/** A count column that counts what the rows are ("headcount", "member_count", "n_claims"): "how many ..." with no measure named asks it, where it is the block's only one. */
function countColumn(block: CompiledBlock): string | undefined {
  const counts = block.outputs.filter((o) => /(?:^|_)(?:count|headcount)$|^(?:n|num|number_of)_/i.test(o));
  return counts.length === 1 ? counts[0] : undefined;
}

export function coverage(block: CompiledBlock, shape: AskedShape, options: CoverageOptions): Coverage {
  const contract = blockContract(block);
  const t = new Tally();
  // "just the top 3", "California?": with nothing to measure or group, any ranking block would
  // do, which is a guess; only a named block (or a follow-up held to one) answers that.
  // "what about by channel?" names a breakdown of nothing: the measure it means is in a conversation
  // the router does not hold, and the block's own measure would be a guess.
  // "and daily?" names a grain of nothing, "how about the year before?" a time of nothing: a
  // calendar adjective or unit is no measure of its own.
  if (!options.named && shape.measures.every((m) => GRAIN_ADJECTIVES.has(m.text.toLowerCase()) || CALENDAR_NOUNS.has(m.text.toLowerCase()))) {
    const count = shape.countAsked === true ? countColumn(block) : undefined;
    t.note(
      count !== undefined,
      'what to measure',
      `The question does not say what ${block.id} should measure.`,
      'shape',
      count === undefined ? undefined : `column:${count}`,
    );
  }
  groupings(block, contract, shape, options, t);
  measures(block, contract, shape, options, t);
  ranking(block, contract, shape, options, t);
  about(block, contract, shape, options, t);
  period(block, options, t);
  periodEvent(block, options, t);
  overTime(block, contract, shape, options, t);
  shorterThanRow(block, contract, options, t);
  restrictions(block, contract, shape, options, t);
  countOfShare(block, contract, shape, options, t);
  totalOfUnadditive(block, contract, shape, options, t);
  totalOfRanked(block, contract, shape, options, t);
  comparedLiterals(block, contract, shape, options, t);
  contraryBases(block, shape, t);
  proportionByNameOnly(block, contract, shape, options, t);
  numbers(block, contract, shape, options, t);
  causes(block, contract, shape, t);
  acrossAll(block, contract, shape, options, t);
  if (shape.future !== undefined) t.note(false, shape.future, `${block.id} gives recorded figures; the question asks what is to come.`, 'shape');
  overallOfRows(block, contract, shape, options, t);
  unsaidKind(block, contract, shape, options, t);
  unsaidNameKind(block, contract, shape, options, t);
  return t;
}
