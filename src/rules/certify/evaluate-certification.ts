/**
 * Certification as one decision: the policy's findings over the block's facts, which rules
 * ran and passed (for the report), and whether the block may be certified. Only error
 * findings refuse; a project may add warning rules, which are reported and do not refuse.
 */
import type { Severity } from '../../../grammar/diagnostics.js';
import { evaluatePolicy, ruleApplies } from '../evaluate.js';
import type { Facts } from '../facts.js';
import type { Finding, Policy } from '../policy.js';

export interface RuleOutcome {
  rule: string;
  category?: string;
  severity: Severity;
  /** pass | fail | skipped (the rule does not apply to these facts). */
  outcome: 'pass' | 'fail' | 'skipped';
}

export interface CertificationDecision {
  ok: boolean;
  findings: Finding[];
  rules: RuleOutcome[];
}

/** Evaluates the certification policy; `ok` when no error finding is left. */
export function evaluateCertification(policy: Policy, facts: Facts): CertificationDecision {
  const findings = evaluatePolicy(policy, facts);
  const failed = new Set(findings.map((f) => f.rule));
  const rules = policy.rules.map((r): RuleOutcome => {
    const outcome = failed.has(r.id) ? 'fail' : ruleApplies(r.appliesTo, facts) ? 'pass' : 'skipped';
    const entry: RuleOutcome = { rule: r.id, severity: r.severity, outcome };
    if (r.category !== undefined) entry.category = r.category;
    return entry;
  });
  return { ok: !findings.some((f) => f.severity === 'error'), findings, rules };
}
