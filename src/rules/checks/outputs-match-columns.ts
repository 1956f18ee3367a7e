/**
 * `outputs-match-columns`: the block's declared `outputs` are the columns its run returned.
 * `mode: "exact"` (default) wants the same set; `"subset"` only that every declared output is
 * returned. Names compare case-insensitively unless `caseSensitive`, because databases differ
 * in how they fold unquoted aliases. Without a successful run there is nothing to compare.
 *
 *   { "kind": "outputs-match-columns" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

interface Options {
  mode?: 'exact' | 'subset';
  caseSensitive?: boolean;
}

function difference(a: string[], b: string[], fold: (s: string) => string): string[] {
  const have = new Set(b.map(fold));
  return a.filter((x) => !have.has(fold(x)));
}

export default defineCheck<Options>({
  kind: 'outputs-match-columns',
  description: 'Declared outputs equal (or are a subset of) the columns the run returned.',
  optionsSchema: checkSchema('outputs-match-columns', {
    mode: { enum: ['exact', 'subset'], description: 'Same set, or declared outputs all returned.' },
    caseSensitive: { type: 'boolean', description: 'Compare names with case (default: without).' },
  }),
  evaluate(options, facts) {
    const outputs = facts.block?.outputs ?? [];
    const run = facts.run;
    if (run === undefined || !run.ok) {
      return failed({ missing: '', extra: '', outputs: outputs.join(', '), columns: '(no successful run)' });
    }
    const fold = options.caseSensitive === true ? (s: string) => s : (s: string) => s.toLowerCase();
    const missing = difference(outputs, run.columns, fold);
    const extra = difference(run.columns, outputs, fold);
    const data = {
      missing: missing.join(', '),
      extra: extra.join(', '),
      outputs: outputs.join(', '),
      columns: run.columns.join(', '),
    };
    const ok = missing.length === 0 && (options.mode === 'subset' || extra.length === 0);
    return ok ? passed(data) : failed(data);
  },
});
