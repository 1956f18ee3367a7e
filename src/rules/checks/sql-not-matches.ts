/**
 * `sql-not-matches`: the block's query does not match a pattern. Comments and string literals
 * are blanked first (see sql-text.ts), so only the statement itself is judged.
 *
 *   { "kind": "sql-not-matches", "pattern": "\\bselect\\s+(distinct\\s+)?\\*", "flags": "i" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { policyRegex, REGEX_OPTION_PROPERTIES, regexProblem } from '../check-kit/regex.js';
import { stripSqlNoise } from '../check-kit/sql-text.js';

interface Options {
  pattern: string;
  flags?: string;
  /** Match inside string literals too (comments are always ignored). */
  includeLiterals?: boolean;
}

/** Longest excerpt of a match put into finding data; data never carries whole statements. */
const EXCERPT = 60;

export default defineCheck<Options>({
  kind: 'sql-not-matches',
  description: "The block's query (comments and literals blanked) does not match a pattern.",
  optionsSchema: checkSchema(
    'sql-not-matches',
    {
      ...REGEX_OPTION_PROPERTIES,
      includeLiterals: { type: 'boolean', description: 'Also match inside string literals.' },
    },
    ['pattern'],
  ),
  validate(options) {
    const problem = regexProblem(options.pattern, options.flags);
    return problem === undefined ? [] : [{ at: ['pattern'], problem }];
  },
  evaluate(options, facts) {
    const query = facts.block?.query;
    if (query === undefined) return passed({ match: '' });
    const text = stripSqlNoise(query, options.includeLiterals ?? false);
    const hit = policyRegex(options.pattern, options.flags).exec(text);
    if (hit === null) return passed({ match: '' });
    const match = hit[0].replace(/\s+/g, ' ').trim().slice(0, EXCERPT);
    return failed({ match });
  },
});
