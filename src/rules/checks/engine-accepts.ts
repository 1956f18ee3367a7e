/**
 * `engine-accepts`: the block's own engine prepared its statement without running it, so a
 * syntax error or an unknown table or column is named as the engine words it, before any run.
 * No validation facts fail: certification asks the engine first, and a saved document's own
 * fields are never enough. An engine that cannot prepare without running passes here; its
 * run (`run-ok`) is then the evidence.
 *
 *   { "kind": "engine-accepts" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

export default defineCheck<Record<string, never>>({
  kind: 'engine-accepts',
  description: 'The engine prepared the statement without running it (an engine that cannot prepare passes).',
  optionsSchema: checkSchema('engine-accepts', {}),
  evaluate(_options, facts) {
    const validation = facts.validation;
    if (validation === undefined) return failed({ error: 'the engine was not asked', prepared: false });
    const data = { error: validation.error ?? '', prepared: validation.prepared };
    return validation.ok ? passed(data) : failed(data);
  },
});
