/**
 * The Tier-1 router's public shapes: the decision union the Ask cascade switches on, the stable
 * reason codes a refusal carries, and the candidate list kept for traces and "did you mean".
 * Everything is plain JSON so a decision can be compared, logged by id and sent as is.
 */

import type { CompiledTerm } from '../compiler/types.js';
import type { Tier1ReasonCode } from '../rules/ask-refusal-codes.js';
import type { BlockGate, GateDecision } from '../rules/gates/answer-gate.js';
import type { TermIndex } from './term-index.js';
import type { ViewIndex } from './view-scope.js';

/** Stable reason codes, from the Ask refusal table (src/rules/ask-refusal-codes.ts). Never renamed: traces, the CLI and agent tools key on them. */
export { TIER1_REASON_CODES, type Tier1ReasonCode } from '../rules/ask-refusal-codes.js';

/** What the caller can offer the person next, as a machine-readable hint beside `next`. */
export type NextAction =
  | 'certify-draft'
  | 'certify'
  | 'use-alternative'
  | 'ask-owner'
  | 'fix-contract-manifest'
  | 'explore-review-required'
  | 'rephrase'
  | 'name-with-domain';

/**
 * Why a candidate is in the list:
 * - answer: the block that answers;
 * - named: the block the question named (answer or refusal);
 * - alternative: servable and matching, ranked below the answer;
 * - refused: matching, but it may not answer (status, review required, contract);
 * - cannot-answer: servable and matching, but it does not take what the question asks for.
 */
export type CandidateRole = 'answer' | 'named' | 'alternative' | 'refused' | 'cannot-answer';

export interface Tier1Candidate {
  id: string;
  /** 0..1, rounded to 4 decimals. */
  score: number;
  role: CandidateRole;
}

export type ParamValue = string | number | boolean;

/**
 * Why the router chose (or passed over) a block, in the question's own words: what of the asked
 * measures, groupings and ranking the block gives (`covered`) and does not (`uncovered`;
 * `parameters` when a filter, period or limit could not be bound). Returned to the asker only;
 * never written to a trace (it quotes the question).
 */
/** What a part of a question asked for. */
export type RoutePartKind = 'example' | 'measure' | 'grouping' | 'ranking' | 'time' | 'filter' | 'period' | 'limit' | 'shape';

/**
 * One part of the question and what of the block gives it: `by` names the declaration
 * (`column:revenue`, `key:state`, `param:since`, `example`...), absent when nothing does. `text`
 * is the question's own words, for the person asking; traces keep only `kind` and `by`.
 */
export interface RoutePart {
  kind: RoutePartKind;
  text: string;
  by?: string;
}

export interface Tier1Route {
  block: string;
  score: number;
  covered: string[];
  uncovered: string[];
  /** Every part of the question, matched to the block's declarations or not. */
  parts: RoutePart[];
  /** The owner's example question the question said again, when that chose the block. */
  example?: string;
}

/** How a follow-up was routed: held to the earlier answer's block, or to a certified drilldown block. */
export interface Tier1FollowUp {
  mode: 'held' | 'drilldown';
  /** The block of the answer it follows. */
  from: string;
}

/**
 * A follow-up asking for what the earlier block does not give, with no certified drilldown
 * block: a review-ready proposal of the requested filters and dimensions (spec 01 tier rule 9).
 */
export interface Tier1Drilldown {
  from: string;
  /** The filters the follow-up asks for, as written. */
  filters: string[];
  /** The groupings it asks for, as written. */
  dimensions: string[];
  /** The two questions together: what written SQL must answer. */
  question: string;
}

export interface Tier1Answer {
  kind: 'answer';
  block: string;
  /** `<contract id>@<version>` when the block declares one. */
  contract?: string;
  /** Values bound from the question only; the executor applies declared defaults for the rest. */
  params: Record<string, ParamValue>;
  score: number;
  /** True when the question named the block rather than the ranking choosing it. */
  named: boolean;
  candidates: Tier1Candidate[];
  route: Tier1Route;
  /** Set when the question was a follow-up of a certified answer. */
  followUp?: Tier1FollowUp;
  /** The rows the asked period keeps, on a time series that takes no end date (bind-question.ts). */
  within?: { column: string; start?: string; end: string };
  /** Rows kept by a value of a field the block breaks its result down by ("revenue at AMS01" of a per-hotel block): one entry per field. */
  keep?: Array<{ column: string; values: string[] }>;
}

export interface Tier1Refusal {
  kind: 'refused';
  code: Exclude<Tier1ReasonCode, 'NO_MATCH'>;
  /** One or two sentences for the person, in the block's terms. Never SQL. */
  reason: string;
  block?: string;
  /** What to do next, e.g. `svc certify --from-draft domains/sales/blocks/_drafts/x.svc`. */
  next?: string;
  nextAction?: NextAction;
  /** BLOCK_CANNOT_ANSWER: the parameters the block accepts, as `name (type, default x)`. */
  accepts?: string[];
  /** True when the question named the block. */
  named: boolean;
  candidates: Tier1Candidate[];
  /** For a draft passed over at Tier 1: the best certified candidate considered. */
  route?: Tier1Route;
}

export interface Tier1NoMatch {
  kind: 'no-match';
  code: 'NO_MATCH';
  candidates: Tier1Candidate[];
  /** The best servable candidate considered and what it did not give. */
  route?: Tier1Route;
  /** A follow-up the earlier certified block cannot take: what Tier 2 should propose. */
  drilldown?: Tier1Drilldown;
}

export type Tier1Decision = Tier1Answer | Tier1Refusal | Tier1NoMatch;

export interface RouteOptions {
  /**
   * The reference instant for relative periods ("last 30 days", "this year"). The router never
   * reads the clock; without `now`, a relative period cannot be bound and the block cannot answer.
   */
  now?: Date | string;
  /**
   * The question continues a thread whose last answer was not certified: words pointing back at
   * that answer's rows ("how many of them", "their revenue") name rows no certified answer gave.
   */
  afterUncertified?: boolean;
}

export interface Tier1Router {
  route(question: string, options?: RouteOptions): Tier1Decision;
  /**
   * Routes a question asked in a thread whose last answer was certified (follow-up.ts): held to
   * that block, a certified drilldown block, or a drilldown proposal; the standalone decision when
   * the question is not a follow-up of it.
   */
  followUp(
    question: string,
    previous: { block: string; params: Record<string, ParamValue>; question: string; chain?: readonly string[] },
    options?: RouteOptions,
  ): Tier1Decision;
  /** The answer gate this router serves under: every certified answer of its decisions passed it. */
  readonly gate: BlockGate;
  /** True when a phrase is a value the project's data (or declarations) hold for some field ("Kelvin Medical"). */
  isValue(phrase: string): boolean;
  /** The same gate for business terms (a definition answer is certified only through it). */
  termGate(term: CompiledTerm): GateDecision;
  /** The manifest's business terms: definition questions and routing synonyms. */
  readonly terms: TermIndex;
  /** The manifest's business views, with the same gate's decision on each: context questions, routing scope, evidence. */
  readonly views: ViewIndex;
  /** Number of blocks indexed (every status; only certified ones may answer). */
  readonly size: number;
}
