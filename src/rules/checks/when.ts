/**
 * `when`: a conditional. When `if` passes the result is that of `then`; otherwise that of
 * `else`, or a pass when there is no `else` (the condition does not apply).
 *
 *   { "kind": "when",
 *     "if":   { "kind": "field-equals", "field": "status", "value": "deprecated" },
 *     "then": { "kind": "field-present", "field": "replaced_by" } }
 */
import { checkSchema, defineCheck, NESTED_CHECK_SCHEMA, type NestedCheck, passed } from '../check-kit/check.js';
import type { CheckSpec } from '../policy.js';

interface Options {
  if: CheckSpec;
  then: CheckSpec;
  else?: CheckSpec;
}

export default defineCheck<Options>({
  kind: 'when',
  description: 'If the condition passes, the `then` check must pass; otherwise `else` (if any).',
  optionsSchema: checkSchema('when', { if: NESTED_CHECK_SCHEMA, then: NESTED_CHECK_SCHEMA, else: NESTED_CHECK_SCHEMA }, ['if', 'then']),
  nested(options) {
    const out: NestedCheck[] = [
      { at: ['if'], spec: options.if },
      { at: ['then'], spec: options.then },
    ];
    if (options.else !== undefined) out.push({ at: ['else'], spec: options.else });
    return out;
  },
  evaluate(options, _facts, ctx) {
    const condition = ctx.evaluate(options.if);
    if (condition.pass) return ctx.evaluate(options.then);
    return options.else === undefined ? passed(condition.data) : ctx.evaluate(options.else);
  },
});
