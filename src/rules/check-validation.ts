/**
 * Validates a check tree against the vocabulary: every kind must be registered, every check's
 * options must satisfy that check's own schema, and nested checks (all/any/not/when) are
 * validated the same way with pointers into the document.
 */
import { joinPointer, type SchemaProblem, schemaProblems, validatorFor } from './ajv.js';
import { checkKinds, getCheck } from './checks/index.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Problems of one check object (and everything nested in it); empty when valid. */
export function checkProblems(spec: unknown, pointer: string): SchemaProblem[] {
  if (!isObject(spec) || typeof spec.kind !== 'string') {
    return [{ pointer, problem: 'must be a check object with a string kind' }];
  }
  const definition = getCheck(spec.kind);
  if (definition === undefined) {
    return [
      {
        pointer: joinPointer(pointer, 'kind'),
        problem: `unknown check kind "${spec.kind}" (known: ${checkKinds().join(', ')})`,
      },
    ];
  }
  const validate = validatorFor(definition.optionsSchema);
  if (!validate(spec)) return schemaProblems(validate.errors, pointer);
  const own = (definition.validate?.(spec) ?? []).map((p) => ({
    pointer: joinPointer(pointer, ...p.at),
    problem: p.problem,
  }));
  const nested = (definition.nested?.(spec) ?? []).flatMap((n) => checkProblems(n.spec, joinPointer(pointer, ...n.at)));
  return [...own, ...nested];
}

/** Problems of the checks inside one rule object (its check and its selector's check). */
export function ruleCheckProblems(rule: unknown, pointer: string): SchemaProblem[] {
  if (!isObject(rule)) return [];
  const out: SchemaProblem[] = [];
  if (isObject(rule.check)) out.push(...checkProblems(rule.check, joinPointer(pointer, 'check')));
  const selector = rule.appliesTo;
  if (isObject(selector) && isObject(selector.check)) {
    out.push(...checkProblems(selector.check, joinPointer(pointer, 'appliesTo', 'check')));
  }
  return out;
}
