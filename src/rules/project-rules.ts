/**
 * Project rules from svc.config.json `rules: [...]`. An entry either adds a rule to a policy
 *
 *   { "policy": "certification.oss", "rule": { "id": "acme/grain-required", ... } }
 *
 * or raises the severity of a rule the policy already has
 *
 *   { "policy": "block.lint", "id": "lint/contract-missing", "severity": "error" }
 *
 * Severities only go up: a project may be stricter than svc, never laxer. Every invalid entry
 * is a diagnostic with the JSON pointer of the entry in the config file.
 */
import { type Diagnostic, diag, type Severity } from '../../grammar/diagnostics.js';
import { joinPointer, schemaProblems } from './ajv.js';
import { policyDiagnostics, ruleProblems } from './load-policy.js';
import { type Policy, type PolicyRule, severityRank } from './policy.js';
import { projectAddValidator, projectRaiseValidator } from './policy-schemas.js';

export interface AddRuleEntry {
  policy: string;
  rule: PolicyRule;
}

export interface RaiseSeverityEntry {
  policy: string;
  id: string;
  severity: Severity;
}

export type ProjectRuleEntry = AddRuleEntry | RaiseSeverityEntry;

export interface MergeOptions {
  /** File the entries came from (default svc.config.json). */
  source?: string;
  /** Pointer of the entries array in that file (default /rules). */
  pointer?: string;
  /** When given, an entry naming any other policy is reported. */
  knownPolicies?: readonly string[];
  /** Policies `base` extends: their entries apply to `base` too (enterprise gets oss entries). */
  inherits?: readonly string[];
}

export interface MergeResult {
  policy: Policy;
  diagnostics: Diagnostic[];
}

interface Located<T> {
  entry: T;
  pointer: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits valid entries for the target policies into additions and raises; reports the invalid ones. */
function classify(entries: unknown[], targets: readonly string[], source: string, base: string, known?: readonly string[]) {
  const adds: Array<Located<AddRuleEntry>> = [];
  const raises: Array<Located<RaiseSeverityEntry>> = [];
  const diagnostics: Diagnostic[] = [];
  entries.forEach((entry, i) => {
    const pointer = joinPointer(base, i);
    const isAdd = isObject(entry) && 'rule' in entry;
    const validate = isAdd ? projectAddValidator() : projectRaiseValidator();
    if (!validate(entry)) {
      diagnostics.push(...policyDiagnostics(schemaProblems(validate.errors, pointer), source));
      return;
    }
    const name = (entry as { policy: string }).policy;
    if (known !== undefined && !known.includes(name)) {
      const data = { source, pointer: joinPointer(pointer, 'policy'), policy: name, known: known.join(', ') };
      diagnostics.push(diag('policy/unknown-policy', data, { file: source }));
      return;
    }
    if (!targets.includes(name)) return;
    if (isAdd) adds.push({ entry: entry as unknown as AddRuleEntry, pointer });
    else raises.push({ entry: entry as unknown as RaiseSeverityEntry, pointer });
  });
  return { adds, raises, diagnostics };
}

/** Valid additions become rules; invalid ones (shape, checks, taken ids) are reported. */
function addRules(policy: Policy, adds: Array<Located<AddRuleEntry>>, source: string) {
  const diagnostics: Diagnostic[] = [];
  const rules = [...policy.rules];
  const taken = new Set(rules.map((r) => r.id));
  for (const { entry, pointer } of adds) {
    const at = joinPointer(pointer, 'rule');
    const problems = ruleProblems(entry.rule, at);
    const id = (entry.rule as { id?: unknown }).id;
    if (typeof id === 'string' && taken.has(id)) {
      problems.push({ pointer: joinPointer(at, 'id'), problem: `duplicates rule "${id}" of ${policy.policy}` });
    }
    if (problems.length > 0) {
      diagnostics.push(...policyDiagnostics(problems, source));
    } else {
      rules.push(entry.rule);
      taken.add(entry.rule.id);
    }
  }
  return { rules, diagnostics };
}

/** Applies raises; an unknown id or a lowering is reported and changes nothing. */
function raiseRules(rules: PolicyRule[], raises: Array<Located<RaiseSeverityEntry>>, policy: string, source: string) {
  const diagnostics: Diagnostic[] = [];
  const out = rules.map((r) => ({ ...r }));
  for (const { entry, pointer } of raises) {
    const rule = out.find((r) => r.id === entry.id);
    if (rule === undefined) {
      const data = { source, pointer: joinPointer(pointer, 'id'), rule: entry.id, policy };
      diagnostics.push(diag('policy/unknown-rule', data, { file: source }));
    } else if (severityRank(entry.severity) < severityRank(rule.severity)) {
      const data = { source, pointer: joinPointer(pointer, 'severity'), rule: entry.id, from: rule.severity, to: entry.severity };
      diagnostics.push(diag('policy/severity-lowered', data, { file: source }));
    } else rule.severity = entry.severity;
  }
  return { rules: out, diagnostics };
}

/**
 * Returns `base` with the project's entries for it applied (additions first, so an entry may
 * raise a rule the project itself added). `base` is not modified. Entries for other policies
 * are validated for shape but otherwise left to those policies.
 */
export function mergeProjectRules(base: Policy, entries: unknown, options: MergeOptions = {}): MergeResult {
  const source = options.source ?? 'svc.config.json';
  const pointer = options.pointer ?? '/rules';
  if (entries === undefined) return { policy: base, diagnostics: [] };
  if (!Array.isArray(entries)) {
    return { policy: base, diagnostics: policyDiagnostics([{ pointer, problem: 'must be an array' }], source) };
  }
  const targets = [base.policy, ...(options.inherits ?? [])];
  const split = classify(entries, targets, source, pointer, options.knownPolicies);
  const added = addRules(base, split.adds, source);
  const raised = raiseRules(added.rules, split.raises, base.policy, source);
  const diagnostics = [...split.diagnostics, ...added.diagnostics, ...raised.diagnostics];
  return { policy: { ...base, rules: raised.rules }, diagnostics };
}
