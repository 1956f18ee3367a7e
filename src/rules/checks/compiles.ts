/**
 * `compiles`: the block's file compiled without error diagnostics. Missing compile facts fail:
 * certification must not pass because nobody compiled the block.
 *
 *   { "kind": "compiles" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

type Options = Record<string, never>;

export default defineCheck<Options>({
  kind: 'compiles',
  description: 'The block compiled with no error diagnostics (facts.compileErrors is 0).',
  optionsSchema: checkSchema('compiles', {}),
  evaluate(_options, facts) {
    const errors = facts.compileErrors;
    if (errors === undefined) return failed({ errors: -1, reason: 'it was not compiled' });
    const reason = `${errors} compile ${errors === 1 ? 'error' : 'errors'}`;
    return errors === 0 ? passed({ errors, reason }) : failed({ errors, reason });
  },
});
