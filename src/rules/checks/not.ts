/**
 * `not`: the nested check fails. The nested check's data is kept, so a rule such as
 * "description must not say review required" can quote what it found.
 *
 *   { "kind": "not", "check": { "kind": "field-matches", "field": "description",
 *                               "pattern": "review required", "flags": "i" } }
 */
import { checkSchema, defineCheck, NESTED_CHECK_SCHEMA } from '../check-kit/check.js';
import type { CheckSpec } from '../policy.js';

interface Options {
  check: CheckSpec;
}

export default defineCheck<Options>({
  kind: 'not',
  description: 'The nested check does not pass.',
  optionsSchema: checkSchema('not', { check: NESTED_CHECK_SCHEMA }, ['check']),
  nested: (options) => [{ at: ['check'], spec: options.check }],
  evaluate(options, _facts, ctx) {
    const inner = ctx.evaluate(options.check);
    return inner.data === undefined ? { pass: !inner.pass } : { pass: !inner.pass, data: inner.data };
  },
});
