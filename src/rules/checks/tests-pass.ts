/**
 * `tests-pass`: every evaluated test passed. When the block declares tests but no results are
 * given, the check fails (not run is not passing). A block with no tests passes here;
 * `tests-present` is the rule that asks for them, so one missing test yields one finding.
 *
 *   { "kind": "tests-pass" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

type Options = Record<string, never>;

/** One phrase for messages: "1 of 3 tests fail (first: revenue >= 0)". */
function summarise(failedCount: number, total: number, first: string): string {
  const head = `${failedCount} of ${total} ${total === 1 ? 'test fails' : 'tests fail'}`;
  return first === '' ? head : `${head} (first: ${first})`;
}

export default defineCheck<Options>({
  kind: 'tests-pass',
  description: 'All test results pass (declared tests that did not run fail).',
  optionsSchema: checkSchema('tests-pass', {}),
  evaluate(_options, facts) {
    const results = facts.tests;
    const declared = facts.block?.tests.length ?? 0;
    if (results === undefined) {
      const data = { failed: 0, total: declared, first: '', summary: 'the tests did not run' };
      return declared > 0 ? failed(data) : passed(data);
    }
    const failing = results.filter((t) => !t.pass);
    // Fewer results than declared tests means some never ran, which is not a pass.
    const unrun = Math.max(0, declared - results.length);
    const data = {
      failed: failing.length + unrun,
      total: Math.max(declared, results.length),
      first: failing[0]?.text ?? (unrun > 0 ? '(not all tests ran)' : ''),
      failures: failing.reduce((n, t) => n + (t.failures ?? 0), 0),
      summary: '',
    };
    data.summary = summarise(data.failed, data.total, data.first);
    return failing.length === 0 && unrun === 0 ? passed(data) : failed(data);
  },
});
