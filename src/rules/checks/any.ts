/**
 * `any`: at least one nested check passes. Evaluation stops at the first success and reports
 * that check's data (the reason it passed, e.g. which field said "review required"); on
 * failure the data of all parts is merged (earlier parts win on a shared key).
 *
 *   { "kind": "any", "checks": [ { "kind": "field-present", "field": "_proposed" },
 *                                { "kind": "field-present", "field": "answer_fingerprint" } ] }
 */
import type { DiagnosticData } from '../../../grammar/diagnostics.js';
import { checkSchema, defineCheck, failed, NESTED_CHECK_SCHEMA, passed } from '../check-kit/check.js';
import type { CheckSpec } from '../policy.js';

interface Options {
  checks: CheckSpec[];
}

export default defineCheck<Options>({
  kind: 'any',
  description: 'At least one nested check passes.',
  optionsSchema: checkSchema('any', { checks: { type: 'array', minItems: 1, items: NESTED_CHECK_SCHEMA } }, ['checks']),
  nested: (options) => options.checks.map((spec, i) => ({ at: ['checks', i], spec })),
  evaluate(options, _facts, ctx) {
    const merged: DiagnosticData = {};
    for (const spec of options.checks) {
      const result = ctx.evaluate(spec);
      if (result.pass) return passed(result.data);
      for (const [k, v] of Object.entries(result.data ?? {})) if (!(k in merged)) merged[k] = v;
    }
    return failed(merged);
  },
});
