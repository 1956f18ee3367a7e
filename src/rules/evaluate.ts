/**
 * The one evaluator: a validated policy plus facts in, findings out. A rule whose selector
 * does not match the facts yields nothing; a rule whose check fails yields one finding with
 * its message and hint rendered from the policy's templates. No I/O, no exceptions.
 */
import { type Diagnostic, type DiagnosticData, type DiagnosticLocation, renderTemplate } from '../../grammar/diagnostics.js';
import type { CheckContext, CheckResult } from './check-kit/check.js';
import { getCheck } from './checks/index.js';
import { type Facts, hasFact } from './facts.js';
import type { CheckSpec, Finding, Policy, PolicyRule, RuleSelector } from './policy.js';

/** Evaluates one check (and its nested checks) against the facts. */
export function evaluateCheck(spec: CheckSpec, facts: Facts): CheckResult {
  const definition = getCheck(spec.kind);
  // Policies are validated on load; an unknown kind here means an unvalidated policy, and
  // failing closed is safer than passing a rule nobody can evaluate.
  if (definition === undefined) return { pass: false, data: { unknownCheck: spec.kind } };
  const ctx: CheckContext = { evaluate: (nested) => evaluateCheck(nested, facts) };
  return definition.evaluate(spec, facts, ctx);
}

/** True when the rule is about these facts. */
export function ruleApplies(selector: RuleSelector | undefined, facts: Facts): boolean {
  if (selector === undefined) return true;
  if (selector.facts !== undefined && !selector.facts.every((name) => hasFact(facts, name))) return false;
  if (selector.statuses !== undefined) {
    const status = facts.block?.status;
    if (status === undefined || !selector.statuses.includes(status)) return false;
  }
  return selector.check === undefined || evaluateCheck(selector.check, facts).pass;
}

/** Data every message may use: `block` always (empty when no block is known). */
export function baseData(facts: Facts): DiagnosticData {
  const data: DiagnosticData = { block: facts.block?.id ?? facts.tile?.source?.id ?? '' };
  if (facts.block?.status !== undefined) data.status = facts.block.status;
  if (facts.term !== undefined) data.term = facts.term.id;
  if (facts.view !== undefined) data.view = facts.view.id;
  if (facts.tile !== undefined) data.tile = facts.tile.id;
  if (facts.tile?.page !== undefined) data.page = facts.tile.page;
  if (facts.app !== undefined) data.app = facts.app.id;
  return data;
}

/**
 * Where a finding points: a tile finding points at the page document that holds the tile (the
 * tile and its saved revision are what must change), else its App; anything else at the
 * block's declaration.
 */
function locationOf(facts: Facts): DiagnosticLocation {
  if (facts.tile?.file !== undefined) return { file: facts.tile.file };
  if (facts.tile !== undefined || (facts.block === undefined && facts.app !== undefined)) {
    return facts.app?.file === undefined ? {} : { file: facts.app.file };
  }
  if (facts.block === undefined) return {};
  return { file: facts.block.file, span: facts.block.span };
}

function finding(rule: PolicyRule, data: DiagnosticData, where: DiagnosticLocation): Finding {
  const f: Finding = {
    rule: rule.id,
    severity: rule.severity,
    message: renderTemplate(rule.message, data),
    hint: renderTemplate(rule.hint, data),
    data,
  };
  if (where.file !== undefined) f.file = where.file;
  if (where.span !== undefined) f.span = where.span;
  return f;
}

/** Evaluates one rule; undefined when it passes or does not apply. */
export function evaluateRule(rule: PolicyRule, facts: Facts): Finding | undefined {
  if (!ruleApplies(rule.appliesTo, facts)) return undefined;
  const result = evaluateCheck(rule.check, facts);
  if (result.pass) return undefined;
  // Base data goes last so a check's own keys can never rename the block.
  const data = { ...(result.data ?? {}), ...baseData(facts) };
  return finding(rule, data, locationOf(facts));
}

/** Findings of every rule of the policy that fails for these facts, in rule order. */
export function evaluatePolicy(policy: Policy, facts: Facts): Finding[] {
  const out: Finding[] = [];
  for (const rule of policy.rules) {
    const f = evaluateRule(rule, facts);
    if (f !== undefined) out.push(f);
  }
  return out;
}

/** A finding as a diagnostic (its code is the rule id), for text, JSON and SARIF output. */
export function findingToDiagnostic(f: Finding): Diagnostic {
  const d: Diagnostic = { code: f.rule, severity: f.severity, message: f.message, hint: f.hint };
  if (f.file !== undefined) d.file = f.file;
  if (f.span !== undefined) d.span = f.span;
  if (Object.keys(f.data).length > 0) d.data = f.data;
  return d;
}
