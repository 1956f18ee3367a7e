/**
 * A follow-up in a thread whose last answer was certified (spec 01, asking for a block by name
 * rule 5, and tier rule 9):
 *
 * - a question that narrows that answer ("just the top 3", "only California", "what about
 *   2025?") is held to the same block: its parameters are re-bound over the earlier ones, and
 *   what the block does not take is explained in its terms;
 * - a question asking for a grouping or filter the block does not give ("by channel") first
 *   looks for a distinct certified drilldown block of the same domain giving the thread's
 *   measures under that grouping;
 * - without one it becomes a drilldown proposal: no certified answer, the Tier-2 way, carrying
 *   the requested filters and dimensions as the evidence route.
 *
 * A question that asks for a measure of its own is a new question, routed as any other.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { blockContract } from './block-contract.js';
import { periodBefore, saysPeriodBefore } from './period-before.js';
import { type AskedShape, readShape } from './question-shape.js';
import { valueNotAccepted } from './refusals.js';
import { type Asked, answer, askedOf, asksOf, docOf, type Fit, fitOf, type Prepared, refused, routeOf } from './route-core.js';
import { termSet } from './tokens.js';
import type { ParamValue, RouteOptions, Tier1Decision, Tier1Drilldown } from './types.js';
import { GRAIN_ADJECTIVES } from './vocabulary.js';

/** The certified answer a follow-up may narrow. */
export interface PreviousAnswer {
  block: string;
  params: Record<string, ParamValue>;
  question: string;
  /** The questions of the certified turns this one continues, oldest first (the last is `question`). */
  chain?: readonly string[];
}

/** What a text of the thread asks, each text read once per follow-up. */
type ReadAsks = (text: string) => ReturnType<typeof asksOf>;

function readsOnce(p: Prepared, options: RouteOptions): ReadAsks {
  const read = new Map<string, ReturnType<typeof asksOf>>();
  return (text) => {
    let asks = read.get(text);
    if (asks === undefined) read.set(text, (asks = asksOf(p, text, options)));
    return asks;
  };
}

/**
 * The measures the thread is about: those its certified turns asked for ("top 10 states by
 * revenue", then "just the top 3": revenue), else the earlier block's own measure columns. A
 * drilldown block must give them, so a follow-up never trades the measure for a grouping.
 */
function carriedMeasures(block: CompiledBlock, previous: PreviousAnswer, read: ReadAsks): string[] {
  const contract = blockContract(block);
  // The block answered every certified turn, so a word it does not hold ("the second half" of a
  // narrowing turn read on its own) was never one of the thread's measures, nor one its rows
  // are broken down by ("monthly" revenue: the grouping a drilldown replaces).
  const asked = (previous.chain ?? [previous.question]).flatMap((q) =>
    readShape(q, read(q))
      .measures.filter((m) => contract.vocabulary.has(m.term) && !contract.groupings.has(m.term) && !contract.keys.some((k) => k.has(m.term)))
      .map((m) => m.text),
  );
  if (asked.length > 0) return [...new Set(asked)];
  const keys = new Set(contract.keys.flatMap((k) => [...k]));
  return [...contract.columns].filter((t) => !keys.has(t) && !contract.groupings.has(t));
}

/**
 * The period and values the thread's answer was for ("in Manchester last week"), where the
 * follow-up names none of its own of the same kind: "break that down by store" asks for those
 * stores in Manchester last week, which a one-day snapshot of every city does not give.
 */
function carriedScope(previous: PreviousAnswer, asks: ReturnType<typeof asksOf>, read: ReadAsks): string {
  const fields = new Set(asks.filters.flatMap((f) => f.fields));
  const words: string[] = [];
  let period = asks.period !== undefined;
  // The thread's turns, newest first: a later turn's value or period replaces an earlier one's
  // ("Weekly print sales since 1 November", "in the North West": both still hold).
  for (const q of [...(previous.chain ?? [previous.question])].reverse()) {
    const text = inYearOf(q, previous);
    const before = read(text);
    const kept = before.filters.filter((f) => !f.fields.some((x) => fields.has(x)));
    words.push(...kept.map((f) => f.text));
    for (const f of kept) for (const x of f.fields) fields.add(x);
    if (!period && before.period !== undefined) words.push(...before.period.spans.map(([a, b]) => text.slice(a, b)));
    period ||= before.period !== undefined;
  }
  return words.length === 0 ? '' : ` ${words.join(' ')}`;
}

/**
 * True when the question asks for a measure the earlier block does not hold: a new question. A
 * grain adjective ("weekly instead?") asks the thread's measure at another grain, not a measure.
 */
function asksOwnMeasure(block: CompiledBlock, shape: AskedShape): boolean {
  const vocabulary = blockContract(block).vocabulary;
  return shape.measures.some((m) => !vocabulary.has(m.term) && !GRAIN_ADJECTIVES.has(m.text.toLowerCase()));
}

/**
 * "ok, and how is ARR split by region now?": a question naming both its measure and its breakdown
 * is whole on its own; when a certified block answers it so, the thread adds nothing to it.
 */
const saysItAll = (shape: AskedShape): boolean => shape.measures.length > 0 && shape.groupings.length > 0;

function drilldownOf(block: CompiledBlock, shape: AskedShape, asks: ReturnType<typeof asksOf>, combined: string): Tier1Drilldown {
  return {
    from: block.id,
    filters: asks.filters.map((f) => f.text),
    dimensions: shape.groupings.map((g) => g.text),
    question: combined,
  };
}

/** A part of a year with no year said, in numbers or in words ("Q4 last year" and "last year's Q4" say theirs). */
const YEARLESS_PART =
  /(?<!\byear'?s\s+)\b(?:(?:the\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th|last)\s+(?:half|quarter)|[qh][1-4])\b(?!\s*(?:of\s+)?(?:(?:19|20)\d{2}|(?:the\s+)?(?:last|this|previous|prior|current|next)\s+year))/gi;

/**
 * "only the first half", "and Q3?": a part of a year named without its year is a part of the
 * year the thread's answer covered (its first date parameter), not of the current year.
 */
function inYearOf(question: string, previous: PreviousAnswer): string {
  const year = Object.values(previous.params)
    .map((v) => (typeof v === 'string' ? /^((?:19|20)\d{2})-\d{2}-\d{2}$/.exec(v)?.[1] : undefined))
    .find((y) => y !== undefined);
  return year === undefined ? question : question.replace(YEARLESS_PART, (m) => `${m} of ${year}`);
}

/** Whether the block gives the word as a figure: a result column, a column's synonym or its own name. */
const figure = (c: ReturnType<typeof blockContract>, t: string): boolean => /^(?:column:|synonym$|name$)/.test(c.sources.get(t) ?? '');

/**
 * A drilldown measures what the thread measured: it stays in the subject area its owner declared
 * (a block of another domain measures another population), unless a certified term the thread's
 * measures name relates both blocks (occupancy per month and occupancy per hotel are one measure).
 */
function sameMeasure(p: Prepared, block: CompiledBlock, drill: string, carried: readonly string[]): boolean {
  // Each carried word the earlier block gives as a column, the drilldown block must give as a column
  // of its own: "room revenue" is no F&B block's revenue because its description lists a "room service" outlet.
  const before = blockContract(block);
  const other = blockContract(p.index.blocks[docOf(p, drill)] as CompiledBlock);
  const words = carried.flatMap((text) => [...termSet(text)]).filter((t) => figure(before, t));
  if (!words.every((t) => figure(other, t))) return false;
  if (drill.slice(0, drill.indexOf('.')) === block.domain) return true;
  return p.terms.find(carried.join(' '), true).some((h) => h.term.related.includes(block.id) && h.term.related.includes(drill));
}

/**
 * "break those plans down by tariff" after payment plans by region: a word the question shares
 * with the thread's block names the figure that block gives ("plans" for its plans agreed), so a
 * block taking the question on must give it as a figure too, not as a word of a tariff's name.
 */
function sameFigures(block: CompiledBlock, drill: string, shape: AskedShape, p: Prepared): boolean {
  const before = blockContract(block);
  const other = blockContract(p.index.blocks[docOf(p, drill)] as CompiledBlock);
  return shape.measures.every((m) => !figure(before, m.term) || figure(other, m.term));
}

const BACK_REFERENCE = /\b(?:their|them|those|these|they)\b/gi;
/** The same words, for a test (a global pattern's test() keeps state between calls). */
const SAYS_BACK_REFERENCE = new RegExp(BACK_REFERENCE.source, 'i');

/**
 * A certified answer to a question pointing back at rows no certified answer of its thread gave
 * ("how many of them used a promo code?" after a written answer): the rows are unknown, so the
 * question is no block's as it stands; it goes the Tier-2 way with the thread's words.
 */
export function unheldBackReference(question: string, decided: Tier1Decision): Tier1Decision {
  if (decided.kind !== 'answer' || decided.named || !SAYS_BACK_REFERENCE.test(question)) return decided;
  return { kind: 'no-match', code: 'NO_MATCH', candidates: [{ id: decided.block, score: 1, role: 'cannot-answer' }] };
}

/** The rows' key: the query's first grouping, else the grain its owner declared ("client" of a league table). */
function rowKeyOf(block: CompiledBlock): string | undefined {
  return blockContract(block).firstKey ?? (typeof block.grain === 'string' ? block.grain : undefined);
}

/**
 * "show those for the Pennines only" after the worst outages: a turn pointing back at the rows
 * drills only to a block that gives those rows (the earlier block's row key), never to a summary
 * of other rows ("outage performance by region").
 */
function keepsRowsFor(p: Prepared, question: string, block: CompiledBlock, drill: string): boolean {
  const key = rowKeyOf(block);
  if (key === undefined || !SAYS_BACK_REFERENCE.test(question)) return true;
  const doc = docOf(p, drill);
  return doc >= 0 && (p.index.blocks[doc] as CompiledBlock).outputs.includes(key);
}

/**
 * "and how is their on-time delivery?": a new measure of the rows the thread answered (the top
 * customers). Only a block giving that measure by the same rows answers it; otherwise it is a
 * drilldown proposal, never the measure for everyone.
 */
function aboutTheRows(
  p: Prepared,
  read: ReadAsks,
  block: CompiledBlock,
  question: string,
  previous: PreviousAnswer,
  asked: ReturnType<typeof askedOf>,
  rank: (text: string) => Tier1Decision,
): Tier1Decision | undefined {
  const key = rowKeyOf(block);
  if (!SAYS_BACK_REFERENCE.test(question) || key === undefined || !asksOwnMeasure(block, asked.shape)) return undefined;
  // The rows are those the thread kept ("Brightwell Retail's", "in Bristol", "in FY26"): a block
  // that cannot keep them gives the measure for everyone, not for them.
  const drill = rank(`${question.replace(BACK_REFERENCE, ' ')} by ${key.replace(/_/g, ' ')}${carriedScope(previous, asked.asks, read)}`);
  if (drill.kind === 'answer' && drill.block !== block.id && sameFigures(block, drill.block, asked.shape, p))
    return { ...drill, followUp: { mode: 'drilldown', from: block.id } } as Tier1Decision;
  return notTheRows(block, asked, previous, question);
}

/** No certified answer to a turn about the thread's rows: the drilldown is proposed instead. */
function notTheRows(block: CompiledBlock, asked: ReturnType<typeof askedOf>, previous: PreviousAnswer, question: string): Tier1Decision {
  return {
    kind: 'no-match',
    code: 'NO_MATCH',
    candidates: [{ id: block.id, score: 1, role: 'cannot-answer' }],
    drilldown: drilldownOf(block, asked.shape, asked.asks, `${previous.question} ${question}`),
  };
}

/** A turn naming no measure, breakdown, ranking or grain of its own: only values, a period or a top-N. */
const namesOnlyValues = (shape: AskedShape): boolean =>
  shape.measures.length === 0 && shape.groupings.length === 0 && shape.ranking === undefined && shape.overTime === undefined;

/**
 * "and PRO-M?", "same for ENT-A": a follow-up that names only values, a period or a top-N asks
 * the thread's question again with them, so its shape (measures, groupings, over time) is the
 * thread's; anything it asks for itself stays its own.
 */
function narrowing(p: Prepared, asked: ReturnType<typeof askedOf>, previous: PreviousAnswer, options: RouteOptions): ReturnType<typeof askedOf> {
  const { shape } = asked;
  if (!namesOnlyValues(shape)) return asked;
  return { ...asked, shape: askedOf(p, previous.question, options).shape };
}

function held(block: CompiledBlock, previous: PreviousAnswer, fit: Fit): Tier1Decision {
  const params = { ...previous.params, ...fit.params };
  const decision = answer(block, params, 1, false, [{ id: block.id, score: 1, role: 'answer' }], routeOf(block, 1, fit), fit.within, fit.keep);
  return { ...decision, followUp: { mode: 'held', from: block.id } } as Tier1Decision;
}

/**
 * "now just AMS01, night by night" after ADR by hotel in April: a new question of a thread is
 * asked for the period and values the thread said where it says none of its own kind. The same
 * block answering with them is the answer; where none does, the question stands alone (undefined).
 */
function inThreadScope(
  standalone: Tier1Decision & { kind: 'answer' },
  question: string,
  previous: PreviousAnswer,
  asks: ReturnType<typeof asksOf>,
  read: ReadAsks,
  rank: (text: string) => Tier1Decision,
): Tier1Decision | undefined {
  const scope = carriedScope(previous, asks, read);
  if (scope === '') return undefined;
  const scoped = rank(`${question}${scope}`);
  return scoped.kind === 'answer' && scoped.block === standalone.block ? scoped : undefined;
}

/**
 * The decision for `question` as a follow-up of `previous`, or undefined when it is not one
 * (`standalone` is then the decision). `rank` routes text as a first question would.
 */
export function routeFollowUp(
  p: Prepared,
  question: string,
  previous: PreviousAnswer,
  options: RouteOptions,
  standalone: Tier1Decision,
  rank: (text: string) => Tier1Decision,
): Tier1Decision | undefined {
  const doc = docOf(p, previous.block);
  if (doc < 0 || p.gateOf(doc) !== undefined) return undefined;
  if (standalone.kind === 'refused' && standalone.named) return undefined;
  const block = p.index.blocks[doc] as CompiledBlock;
  const asked = askedOf(p, periodBefore(inYearOf(question, previous), block, previous.params), options);
  const { asks, shape } = asked;
  const read = readsOnce(p, options);
  if (standalone.kind !== 'answer' || !standalone.named) {
    const back = aboutTheRows(p, read, block, question, previous, asked, rank);
    if (back !== undefined) return back;
  }
  if (standalone.kind === 'answer' && standalone.named) return undefined;
  // "now just AMS01, night by night" asks a grain of its own: a new question of the thread's scope.
  if (standalone.kind === 'answer' && !narrowsThread(question, shape) && (asksOwnMeasure(block, shape) || saysItAll(shape))) {
    // "break those plans down by tariff": a question pointing back at the thread's rows is whole on
    // its own only where its block gives those rows and the figures the thread's block gave.
    const theRows =
      !SAYS_BACK_REFERENCE.test(question) || (keepsRowsFor(p, question, block, standalone.block) && sameFigures(block, standalone.block, shape, p));
    return theRows ? inThreadScope(standalone, question, previous, asks, read, rank) : notTheRows(block, asked, previous, question);
  }
  if (standalone.kind !== 'answer' && asksOwnMeasure(block, shape)) return undefined;
  let fit = fitOf(block, asked, options, true, p);
  if (fit.unmet.length > 0) {
    const again = narrowing(p, asked, previous, options);
    const refit = again === asked ? fit : fitOf(block, again, options, true, p);
    if (refit.unmet.length === 0) fit = refit;
  }
  if (fit.unmet.length === 0) return held(block, previous, fit);
  if (fit.unmet.every((u) => u.kind === 'value' || u.kind === 'limit-range')) {
    return refused(valueNotAccepted(block, fit.unmet), false, [{ id: block.id, score: 1, role: 'cannot-answer' }]);
  }
  return drilldownOrNone(p, { block, question, previous, asked, fit, read }, rank);
}

/**
 * "same for Business monthly": the words after "same for" replace a value or period of the
 * thread's question. Read as a measure ("business" of "new business MRR") they are none the
 * thread's block takes, and no other block's measure is what the person asked for again.
 */
const SAME_FOR = /^\W*(?:(?:ok|okay|and|now|then|so)\W+)*(?:do\s+)?(?:the\s+)?same\s+(?:thing\s+|again\s+|but\s+)?(?:for|with|in|at)\b/i;

/**
 * A turn that opens by narrowing the thread's question ("only the claims queue", "just Leeds",
 * "same for BUS-M"): what follows names rows of it, so its words are never a new question.
 */
const NARROWING = new RegExp(`${SAME_FOR.source}|^\\W*(?:(?:ok|okay|and|now|then|so)\\W+)*(?:only|just)\\b`, 'i');

/** A narrowing turn asking no grain or breakdown of its own ("now just AMS01, night by night" asks one). */
const narrowsThread = (question: string, shape: AskedShape): boolean =>
  NARROWING.test(question) && shape.groupings.length === 0 && shape.overTime === undefined;

/**
 * "only the claims queue" after calls week by week: a turn naming only values asks the thread's
 * series for them, so a block giving the figures over time never hands on to one giving a single
 * figure per row for the whole period.
 */
function keepsSeries(block: CompiledBlock, drill: string, shape: AskedShape, p: Prepared, question: string): boolean {
  if (!(namesOnlyValues(shape) || narrowsThread(question, shape)) || !blockContract(block).timeSeries) return true;
  return blockContract(p.index.blocks[docOf(p, drill)] as CompiledBlock).timeSeries;
}

/**
 * A follow-up the thread's block does not answer: another block giving the earlier measures under
 * the new grouping or filter (a drilldown), or no certified answer with the drilldown proposed.
 */
function drilldownOrNone(
  p: Prepared,
  turn: { block: CompiledBlock; question: string; previous: PreviousAnswer; asked: Asked; fit: Fit; read: ReadAsks },
  rank: (text: string) => Tier1Decision,
): Tier1Decision {
  const { block, question, previous, fit, read } = turn;
  const { asks, shape } = turn.asked;
  const combined = `${previous.question} ${question}`;
  // A drilldown block gives the earlier measures under the new grouping or filter; the earlier
  // questions' own groupings are what the follow-up replaces.
  const carried = carriedMeasures(block, previous, read);
  const drill = rank(`${carried.join(' ')} ${question}${carriedScope(previous, asks, read)}`);
  // "and the year before?" asks the thread's figures for another period, never another block's breakdown.
  if (
    drill.kind === 'answer' &&
    drill.block !== block.id &&
    !saysPeriodBefore(question) &&
    !(SAME_FOR.test(question) && shape.measures.length > 0) &&
    sameMeasure(p, block, drill.block, carried) &&
    keepsRowsFor(p, question, block, drill.block) &&
    keepsSeries(block, drill.block, shape, p, question)
  )
    return { ...drill, followUp: { mode: 'drilldown', from: block.id } } as Tier1Decision;
  return {
    kind: 'no-match',
    code: 'NO_MATCH',
    candidates: [{ id: block.id, score: 1, role: 'cannot-answer' }],
    route: routeOf(block, 1, fit),
    drilldown: drilldownOf(block, shape, asks, combined),
  };
}
