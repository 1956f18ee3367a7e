/**
 * `run-ok`: the statement ran and returned without error, optionally with at least `minRows`
 * rows. No run facts fail: certification and publication need execution evidence, and a
 * saved document's own fields are never enough.
 *
 *   { "kind": "run-ok" }
 *   { "kind": "run-ok", "minRows": 1 }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

interface Options {
  minRows?: number;
}

export default defineCheck<Options>({
  kind: 'run-ok',
  description: 'The run succeeded (and returned at least minRows rows when given).',
  optionsSchema: checkSchema('run-ok', {
    minRows: { type: 'integer', minimum: 0, description: 'Fewest rows the run must return.' },
  }),
  evaluate(options, facts) {
    const run = facts.run;
    if (run === undefined) return failed({ error: 'not run', rowCount: 0 });
    const data = { error: run.error ?? (run.ok ? '' : 'failed'), rowCount: run.rowCount };
    if (!run.ok) return failed(data);
    return run.rowCount >= (options.minRows ?? 0) ? passed(data) : failed(data);
  },
});
