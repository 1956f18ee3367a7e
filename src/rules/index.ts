/**
 * Public surface of the rules engine: load and merge policies, evaluate them against facts,
 * and derive tile/App trust. Everything here is pure; callers gather the facts.
 */
export type { CheckContext, CheckDefinition, CheckResult } from './check-kit/check.js';
export { CHECKS, checkKinds, getCheck } from './checks/index.js';
export { baseData, evaluateCheck, evaluatePolicy, evaluateRule, findingToDiagnostic, ruleApplies } from './evaluate.js';
export { FACT_NAMES, hasFact, isDataTile } from './facts.js';
export type { AppFacts, FactName, Facts, RunFacts, TestResultFacts, TileFacts } from './facts.js';
export { SUBJECTS, readField } from './check-kit/field-path.js';
export type { Subject } from './check-kit/field-path.js';
export { loadPolicy } from './load-policy.js';
export type { PolicyLoadResult } from './load-policy.js';
export { POLICY_NAMES, builtinPolicy, isPolicyName, projectPolicy, validateProjectRules } from './built-in-policies.js';
export type { PolicyName, ProjectRulesOptions } from './built-in-policies.js';
export { severityRank } from './policy.js';
export type { CheckSpec, Finding, Policy, PolicyRule, RuleSelector } from './policy.js';
export { mergeProjectRules } from './project-rules.js';
export type { AddRuleEntry, MergeOptions, MergeResult, ProjectRuleEntry, RaiseSeverityEntry } from './project-rules.js';
export { ALL_CERTIFIED_TEXT, TILE_TRUST_LABELS, appTrustSummary, tileTrust, trustRank } from './trust.js';
export type { AppTrustLabel, AppTrustOptions, AppTrustSummary, TileTrust, TileTrustResult } from './trust.js';
