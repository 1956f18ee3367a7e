/**
 * Reads a policy document into a validated `Policy`. Every problem - bad JSON, bad shape,
 * an unknown check kind, bad check options, a duplicate or reserved rule id - becomes a
 * `policy/invalid` diagnostic naming the JSON pointer; nothing here throws for bad input.
 */
import { isRegisteredCode } from '../../grammar/codes.js';
import { type Diagnostic, diag } from '../../grammar/diagnostics.js';
import { joinPointer, type SchemaProblem, schemaProblems } from './ajv.js';
import { ruleCheckProblems } from './check-validation.js';
import type { Policy } from './policy.js';
import { policyDocumentValidator, policyRuleValidator } from './policy-schemas.js';

export interface PolicyLoadResult {
  /** Present only when the document has no problems. */
  policy?: Policy;
  diagnostics: Diagnostic[];
}

/** Turns (pointer, problem) pairs into `policy/invalid` diagnostics located in `source`. */
export function policyDiagnostics(problems: SchemaProblem[], source: string): Diagnostic[] {
  return problems.map((p) => diag('policy/invalid', { source, pointer: p.pointer || '/', problem: p.problem }, { file: source }));
}

/** Shape and check problems of one rule object found at `pointer`. */
export function ruleProblems(rule: unknown, pointer: string): SchemaProblem[] {
  const validate = policyRuleValidator();
  const shape = validate(rule) ? [] : schemaProblems(validate.errors, pointer);
  return [...shape, ...ruleCheckProblems(rule, pointer), ...reservedIdProblems(rule, pointer)];
}

/** A rule id may not reuse a non-policy diagnostic code: one code, one meaning. */
function reservedIdProblems(rule: unknown, pointer: string): SchemaProblem[] {
  const id = (rule as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !isRegisteredCode(id)) return [];
  return [{ pointer: joinPointer(pointer, 'id'), problem: `"${id}" is a registered diagnostic code` }];
}

/** Pointers of rules whose id repeats an earlier rule's id. */
export function duplicateIdProblems(rules: unknown[], base: string, taken: Iterable<string> = []): SchemaProblem[] {
  const seen = new Map<string, string>([...taken].map((id) => [id, 'the base policy']));
  const out: SchemaProblem[] = [];
  rules.forEach((rule, i) => {
    const id = (rule as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const pointer = joinPointer(base, i, 'id');
    const earlier = seen.get(id);
    if (earlier !== undefined) out.push({ pointer, problem: `duplicates rule "${id}" of ${earlier}` });
    else seen.set(id, joinPointer(base, i));
  });
  return out;
}

function parse(json: unknown): { value?: unknown; problem?: SchemaProblem } {
  if (typeof json !== 'string') return { value: json };
  try {
    return { value: JSON.parse(json) as unknown };
  } catch (e) {
    return { problem: { pointer: '', problem: `is not valid JSON (${(e as Error).message})` } };
  }
}

/**
 * Validates a policy document (parsed, or JSON text) read from `source`. `trusted` skips the
 * schema validation for documents shipped with svc, which test/rules/policies.test.ts validates
 * in full; every command start would otherwise pay for compiling the policy schemas.
 */
export function loadPolicy(json: unknown, source: string, options: { trusted?: boolean } = {}): PolicyLoadResult {
  const { value, problem } = parse(json);
  if (problem !== undefined) return { diagnostics: policyDiagnostics([problem], source) };
  if (options.trusted === true) return { policy: value as Policy, diagnostics: [] };
  const validate = policyDocumentValidator();
  const problems = validate(value) ? [] : schemaProblems(validate.errors);
  const rules = (value as { rules?: unknown } | null)?.rules;
  if (Array.isArray(rules)) {
    rules.forEach((rule, i) => {
      const pointer = joinPointer('/rules', i);
      problems.push(...ruleCheckProblems(rule, pointer), ...reservedIdProblems(rule, pointer));
    });
    problems.push(...duplicateIdProblems(rules, '/rules'));
  }
  if (problems.length > 0) return { diagnostics: policyDiagnostics(problems, source) };
  return { policy: value as Policy, diagnostics: [] };
}
