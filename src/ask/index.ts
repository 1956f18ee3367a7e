/**
 * Tier-1 question routing for the Ask cascade: pure functions over a compiled manifest.
 * The executor and server call `createTier1Router(manifest).route(question, { now })` and act on
 * the decision; nothing here reads files, the clock or the network, or runs SQL.
 */
export { createTier1Router, MATCH_THRESHOLD, REFUSAL_MARGIN } from './route-tier1.js';
export { bindAsks, bindQuestion, type Binding, type BindOptions, type Unmet } from './bind-question.js';
export { buildBlockNames, matchBlockName, type BlockNames, type NameMatch } from './name-match.js';
export { readAsks, findLimit, type QuestionAsks, type FilterAsk, type LimitAsk } from './question-asks.js';
export { findPeriod, type PeriodAsk } from './periods.js';
export { buildValueLexicon, type ValueLexicon } from './value-lexicon.js';
export { STOP_WORDS, SYNONYMS } from './vocabulary.js';
export {
  TIER1_REASON_CODES,
  type Tier1ReasonCode,
  type Tier1Decision,
  type Tier1Answer,
  type Tier1Refusal,
  type Tier1NoMatch,
  type Tier1Candidate,
  type CandidateRole,
  type NextAction,
  type ParamValue,
  type RouteOptions,
  type Tier1Router,
} from './types.js';
