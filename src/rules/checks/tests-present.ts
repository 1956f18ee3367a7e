/**
 * `tests-present`: the block declares at least `min` tests (default 1). Declared tests are read
 * from the compiled block; when only test results are known (no block facts) they count.
 *
 *   { "kind": "tests-present" }
 *   { "kind": "tests-present", "min": 2 }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

interface Options {
  min?: number;
}

export default defineCheck<Options>({
  kind: 'tests-present',
  description: 'The block declares at least `min` tests (default 1).',
  optionsSchema: checkSchema('tests-present', {
    min: { type: 'integer', minimum: 1, description: 'Fewest tests required (default 1).' },
  }),
  evaluate(options, facts) {
    const count = facts.block?.tests.length ?? facts.tests?.length ?? 0;
    const min = options.min ?? 1;
    const data = { count, min };
    return count >= min ? passed(data) : failed(data);
  },
});
