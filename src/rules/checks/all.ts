/**
 * `all`: every nested check passes. Evaluation stops at the first failure and reports that
 * check's data, so the message can say which part failed; on success the data of all parts
 * is merged (earlier parts win on a shared key).
 *
 *   { "kind": "all", "checks": [ { "kind": "run-ok" }, { "kind": "tests-pass" } ] }
 */
import type { DiagnosticData } from '../../../grammar/diagnostics.js';
import { checkSchema, defineCheck, failed, NESTED_CHECK_SCHEMA, passed } from '../check-kit/check.js';
import type { CheckSpec } from '../policy.js';

interface Options {
  checks: CheckSpec[];
}

export default defineCheck<Options>({
  kind: 'all',
  description: 'Every nested check passes.',
  optionsSchema: checkSchema('all', { checks: { type: 'array', minItems: 1, items: NESTED_CHECK_SCHEMA } }, ['checks']),
  nested: (options) => options.checks.map((spec, i) => ({ at: ['checks', i], spec })),
  evaluate(options, _facts, ctx) {
    const merged: DiagnosticData = {};
    for (const spec of options.checks) {
      const result = ctx.evaluate(spec);
      if (!result.pass) return failed(result.data);
      for (const [k, v] of Object.entries(result.data ?? {})) if (!(k in merged)) merged[k] = v;
    }
    return passed(merged);
  },
});
