/**
 * The shape of a policy document once it has been validated by `loadPolicy`, and of the
 * findings evaluation returns. The JSON Schema in `schemas/policy.schema.json` is the
 * authority on the document shape; these types mirror it for the compiler.
 */
import type { DiagnosticData, Severity, Span } from '../../grammar/diagnostics.js';
import type { FactName } from './facts.js';

/** A check as written in a policy: `{ "kind": "field-present", "field": "owner" }`. */
export interface CheckSpec {
  kind: string;
  [option: string]: unknown;
}

/** Which facts a rule is about; a rule whose selector does not match yields no finding. */
export interface RuleSelector {
  /** Block statuses the rule applies to (needs block facts). */
  statuses?: string[];
  /** Fact groups that must be present, e.g. ["tile"] for per-tile rules. */
  facts?: FactName[];
  /** Any further condition, written as a check. */
  check?: CheckSpec;
}

export interface PolicyRule {
  /** `area/kebab-name`; doubles as the finding's diagnostic code. */
  id: string;
  severity: Severity;
  description: string;
  /** Groups a rule for receipts (certification `checks`: metadata, validation, run, tests). */
  category?: string;
  appliesTo?: RuleSelector;
  check: CheckSpec;
  /** Template over the finding data (`{{block}}` is always available). */
  message: string;
  hint: string;
}

export interface Policy {
  policy: string;
  version: 1;
  description?: string;
  /** Built-in policies whose rules come first (resolved by the policy library). */
  extends?: string[];
  rules: PolicyRule[];
}

/** A rule that did not pass for the given facts. */
export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  hint: string;
  data: DiagnosticData;
  file?: string;
  span?: Span;
}

const SEVERITY_RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** Orders severities so that a project can only move a rule up (info < warning < error). */
export function severityRank(severity: Severity): number {
  return SEVERITY_RANK[severity];
}
