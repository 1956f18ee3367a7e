/**
 * Tier-1 question routing for the Ask cascade: pure functions over a compiled manifest.
 * The executor and server call `createTier1Router(manifest).route(question, { now })` and act on
 * the decision; nothing here reads files, the clock or the network, or runs SQL.
 */

export { type Binding, type BindOptions, bindAsks, bindQuestion, type Unmet } from './bind-question.js';
export { type BlockNames, buildBlockNames, matchBlockName, type NameMatch } from './name-match.js';
export type { PeriodAsk } from './period-kit.js';
export { findPeriod } from './periods.js';
export { type FilterAsk, findLimit, type LimitAsk, type QuestionAsks, readAsks } from './question-asks.js';
export { createTier1Router, MATCH_THRESHOLD, REFUSAL_MARGIN } from './route-tier1.js';
export {
  type CandidateRole,
  type NextAction,
  type ParamValue,
  type RouteOptions,
  TIER1_REASON_CODES,
  type Tier1Answer,
  type Tier1Candidate,
  type Tier1Decision,
  type Tier1NoMatch,
  type Tier1ReasonCode,
  type Tier1Refusal,
  type Tier1Router,
} from './types.js';
export { buildValueLexicon, type ValueLexicon } from './value-lexicon.js';
export { STOP_WORDS, SYNONYMS } from './vocabulary.js';
