/**
 * Public surface of the rules engine: load and merge policies, evaluate them against facts,
 * and derive tile/App trust. Everything here is pure; callers gather the facts.
 */

export type { PolicyName, ProjectRulesOptions } from './built-in-policies.js';
export { builtinPolicy, isPolicyName, POLICY_NAMES, projectPolicy, validateProjectRules } from './built-in-policies.js';
export type { CheckContext, CheckDefinition, CheckResult } from './check-kit/check.js';
export type { Subject } from './check-kit/field-path.js';
export { readField, SUBJECTS } from './check-kit/field-path.js';
export { CHECKS, checkKinds, getCheck } from './checks/index.js';
export { baseData, evaluateCheck, evaluatePolicy, evaluateRule, findingToDiagnostic, ruleApplies } from './evaluate.js';
export type { AppFacts, FactName, Facts, RunFacts, TestResultFacts, TileFacts } from './facts.js';
export { FACT_NAMES, hasFact, isDataTile } from './facts.js';
export type { PolicyLoadResult } from './load-policy.js';
export { loadPolicy } from './load-policy.js';
export type { CheckSpec, Finding, Policy, PolicyRule, RuleSelector } from './policy.js';
export { severityRank } from './policy.js';
export type { AddRuleEntry, MergeOptions, MergeResult, ProjectRuleEntry, RaiseSeverityEntry } from './project-rules.js';
export { mergeProjectRules } from './project-rules.js';
export type { AppTrustLabel, AppTrustOptions, AppTrustSummary, TileTrust, TileTrustResult } from './trust.js';
export { ALL_CERTIFIED_TEXT, appTrustSummary, TILE_TRUST_LABELS, tileTrust, trustRank } from './trust.js';
