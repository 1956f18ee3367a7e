/**
 * The parts of Tier-1 routing shared by a first question (route-tier1.ts) and a follow-up
 * (follow-up.ts): what the router prepares once per manifest, how one block is fitted to a
 * question (parameters bound, contract covering the asks), and the shapes of its decisions.
 */

import type { CompiledBlock, Manifest } from '../compiler/types.js';
import type { BlockGate } from '../rules/gates/answer-gate.js';
import type { Acronyms } from './acronyms.js';
import { bindAsks, type Unmet } from './bind-question.js';
import { blockFacts, paramForField } from './block-facts.js';
import { coverage } from './coverage.js';
import type { ExampleIndex } from './example-match.js';
import type { MeasureKinds } from './measure-kinds.js';
import { readForBlock } from './measure-not-value.js';
import type { BlockNames } from './name-match.js';
import { oneValueDefaults } from './one-value-default.js';
import { daysBetween, type Rule as PeriodRule } from './period-kit.js';
import { type QuestionAsks, readAsks } from './question-asks.js';
import { type AskedShape, readShape } from './question-shape.js';
import type { RefusalCore } from './refusals.js';
import type { RouteIndex } from './route-index.js';
import { boundParts } from './route-parts.js';
import type { Speller } from './spelling.js';
import type { TermAlias, TermIndex } from './term-index.js';
import { bindThresholds } from './threshold-params.js';
import type { ParamValue, RouteOptions, RoutePart, Tier1Candidate, Tier1Decision, Tier1Route } from './types.js';
import type { ValueLexicon } from './value-lexicon.js';
import type { ViewIndex } from './view-scope.js';

/** Below this score nothing matches well enough for a certified answer. */
export const MATCH_THRESHOLD = 0.45;
/** A block that may not answer must beat the best servable one by this much to be the refusal. */
export const REFUSAL_MARGIN = 0.05;
/** Candidates reported with a decision. */
export const REPORTED = 5;
/** What one question asks, read once: its asks (values, period, top-N), its shape, its certified terms. */
export interface Asked {
  asks: QuestionAsks;
  shape: AskedShape;
  aliases: readonly TermAlias[];
}

export interface Prepared {
  manifest: Manifest;
  index: RouteIndex;
  names: BlockNames;
  lexicon: ValueLexicon;
  /** The answer gate's refusal for a document (undefined: the block may answer), asked on first use. */
  gateOf(doc: number): RefusalCore | undefined;
  gate: BlockGate;
  scratch: Float64Array;
  isKnown: (word: string) => boolean;
  terms: TermIndex;
  /** Small misspellings of the project's words (spelling.ts). */
  speller: Speller;
  /** Initialisms of the project's names, both ways (acronyms.ts). */
  acronyms: Acronyms;
  /** The manifest's views: a certified view named in a question scopes its routing. */
  views: ViewIndex;
  /** The owners' example questions, indexed on first use. */
  examples(): ExampleIndex;
  /** A question's term in the project's own words (business-lexicon.ts). */
  fold(term: string): string;
  /** The project's words that may stand for a term where a block does not use it (business-lexicon.ts). */
  alternatives(term: string): readonly string[];
  /** Whether some block of the project uses the term itself. */
  ownTerm(term: string): boolean;
  /** Terms some block's result measures, read on first use. */
  measured(): ReadonlySet<string>;
  /** The kinds the project measures each measure word in, read on first use. */
  kinds(): MeasureKinds;
  /** The project's financial-year phrases (fiscal-periods.ts), read before the calendar's. */
  periods: readonly PeriodRule[];
}

export function refused(core: RefusalCore, named: boolean, candidates: Tier1Candidate[]): Tier1Decision {
  return { kind: 'refused', ...core, named, candidates };
}

export function answer(
  block: CompiledBlock,
  params: Record<string, ParamValue>,
  score: number,
  named: boolean,
  candidates: Tier1Candidate[],
  route: Tier1Route,
  within?: Fit['within'],
  keep?: Fit['keep'],
): Tier1Decision {
  return {
    kind: 'answer',
    block: block.id,
    ...(block.contract ? { contract: block.contract.raw } : {}),
    params,
    ...(within !== undefined ? { within } : {}),
    ...(keep !== undefined && keep.length > 0 ? { keep } : {}),
    score,
    named,
    candidates,
    route,
  };
}

export function docOf(p: Prepared, id: string): number {
  // Binary search: blocks are sorted by id.
  let lo = 0;
  let hi = p.index.blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const midId = (p.index.blocks[mid] as CompiledBlock).id;
    if (midId === id) return mid;
    if (midId < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The asks of a question under this router's lexicon (values, period, top-N). */
export function asksOf(p: Prepared, question: string, options: RouteOptions, skip?: Array<[number, number]>): QuestionAsks {
  return readAsks(question, {
    lexicon: p.lexicon,
    isKnown: p.isKnown,
    periods: p.periods,
    ...(skip !== undefined ? { skip } : {}),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}

export interface Fit {
  params: Record<string, ParamValue>;
  /** The rows of a time series the asked period keeps (bind-question.ts). */
  within?: { column: string; start?: string; end: string };
  /** Rows kept by a value of a field the block breaks its result down by ("revenue at AMS01" of a per-hotel block): one entry per field. */
  keep?: Array<{ column: string; values: string[] }>;
  /** What the question asks that the block does not take or give (bind-question, then coverage). */
  unmet: Unmet[];
  covered: string[];
  uncovered: string[];
  /** Every asked part with the declaration that gives it (route-parts.ts, coverage.ts). */
  parts: RoutePart[];
}

/** The asks, shape and certified terms of a question (`skip`: spans that named a block). */
export function askedOf(p: Prepared, question: string, options: RouteOptions, skip?: Array<[number, number]>): Asked {
  const asks = asksOf(p, question, options, skip);
  return { asks, shape: readShape(question, asks, skip ?? []), aliases: [...p.terms.aliases(question), ...p.acronyms.aliases(question)] };
}

/** What a fit reads besides the block and the question: the project's values, words and measures. */
export type FitContext = Pick<Prepared, 'lexicon' | 'alternatives' | 'ownTerm' | 'measured' | 'kinds'>;

/**
 * The asked period as days [start, end) for coverage, when it is closed ("in 2025", "for Q1"):
 * an open one ("since October") asks for the rows from its start, as a series gives them.
 */
function askedDays(asks: QuestionAsks): { period?: { start: string; end: string; weekStart?: number }; periodDays?: number } {
  const start = asks.period?.start;
  const end = asks.period?.end;
  const weekStart = asks.period?.weekStart;
  const days = periodDays(asks.period);
  return {
    ...(start !== undefined && end !== undefined && start < end ? { period: { start, end, ...(weekStart !== undefined ? { weekStart } : {}) } } : {}),
    ...(days !== undefined ? { periodDays: days } : {}),
  };
}

/** How many days the asked period runs: a closed range's, or a window's of days or weeks ("the last 7 days"); none for a point in time. */
function periodDays(period: QuestionAsks['period']): number | undefined {
  if (period === undefined || period.point === true) return undefined;
  const { start, end, relative } = period;
  if (start !== undefined && end !== undefined) return daysBetween(start, end);
  if (relative?.unit === 'day') return relative.n;
  return relative?.unit === 'week' ? 7 * relative.n : undefined;
}

/**
 * "the 2026 intake", "the 2025 census": with the year bound to the block's year parameter, the
 * word right after the year says what the year is of, the parameter's meaning, not a measure.
 */
function yearNoun(block: CompiledBlock, asks: QuestionAsks, params: Readonly<Record<string, unknown>>): { yearNoun?: { after: number[]; param: string } } {
  const y = blockFacts(block).yearParam;
  if (y === undefined || params[y.param.name] === undefined) return {};
  return { yearNoun: { after: (asks.period?.spans ?? []).map(([, end]) => end), param: y.param.name } };
}

/** Where each value a parameter of the block took ends in the question. */
function valueEnds(block: CompiledBlock, asks: QuestionAsks, params: Readonly<Record<string, unknown>>): Array<{ end: number; param: string }> {
  return asks.filters.flatMap((f) => {
    if (f.loose) return [];
    const param = f.fields.map((x) => paramForField(block, x)).find((p) => p !== undefined && params[p.name] !== undefined);
    return param === undefined ? [] : [{ end: f.end, param: param.name }];
  });
}

/** The asks bound to the block, and the numbers said on a threshold's side bound to its threshold parameters. */
function bindWithThresholds(block: CompiledBlock, asks: QuestionAsks, shape: AskedShape, options: RouteOptions, lexicon: FitContext['lexicon']) {
  const binding = bindAsks(block, asks, options.now, lexicon);
  const held = bindThresholds(block, shape.numbers ?? []);
  Object.assign(binding.params, held.params);
  for (const message of held.refused) binding.unmet.push({ kind: 'value', message });
  return { binding, thresholds: held.bound };
}

/** Whether one block answers the question: its parameters bound, its contract covering the asks. */
export function fitOf(block: CompiledBlock, asked: Asked, options: RouteOptions, named: boolean, ctx: FitContext): Fit {
  const { lexicon, alternatives, ownTerm } = ctx;
  const { aliases } = asked;
  const { asks, shape } = readForBlock(block, asked);
  const { binding, thresholds } = bindWithThresholds(block, asks, shape, options, lexicon);
  const cov = coverage(block, shape, {
    thresholds,
    named,
    limitAsked: asks.limit !== undefined,
    ...(asks.limit !== undefined ? { limitStart: asks.limit.start } : {}),
    periodAsked: asks.period !== undefined,
    financialYearRow: asks.period?.fiscalLabel !== undefined && binding.keep?.some((k) => k.column === blockFacts(block).timeColumn) === true,
    ...askedDays(asks),
    aliases,
    ...(alternatives !== undefined ? { alternatives } : {}),
    ...(ownTerm !== undefined ? { ownTerm } : {}),
    valueCount: (field) => lexicon.closed(field)?.length,
    measured: ctx.measured(),
    kinds: ctx.kinds(),
    ...yearNoun(block, asks, binding.params),
    valueEnds: valueEnds(block, asks, binding.params),
    rowsKept: binding.within !== undefined || (binding.keep?.length ?? 0) > 0,
    ...(asks.period?.before !== undefined ? { periodBefore: asks.period.before } : {}),
  });
  if (!named) binding.unmet.push(...oneValueDefaults(block, binding, (field) => lexicon.closed(field)));
  const unbound = binding.unmet.map((u) => u.message);
  return {
    params: binding.params,
    ...(binding.within !== undefined ? { within: binding.within } : {}),
    ...(binding.keep !== undefined ? { keep: binding.keep } : {}),
    unmet: [...binding.unmet, ...cov.unmet],
    covered: cov.covered,
    uncovered: [...cov.uncovered, ...(unbound.length > 0 ? ['parameters'] : [])],
    parts: [...cov.parts, ...boundParts(block, asks, binding)],
  };
}

export function routeOf(block: CompiledBlock, score: number, fit: Fit, example?: string): Tier1Route {
  const parts = example === undefined ? fit.parts : [{ kind: 'example' as const, text: example, by: 'example' }, ...fit.parts];
  return { block: block.id, score, covered: fit.covered, uncovered: fit.uncovered, parts, ...(example !== undefined ? { example } : {}) };
}
