/**
 * `field-matches`: a string field, or the items of a list field, match a regular expression.
 * With a list, `match: "any"` (the default) passes when one item matches - the shape needed
 * for "a tag says review required" - and `match: "all"` when every item does - the shape for
 * "every output is snake_case". A missing field never matches.
 *
 *   { "kind": "field-matches", "field": "owner", "pattern": "^[^@\\s]+@[^@\\s]+$" }
 *   { "kind": "field-matches", "field": "tags", "pattern": "^review[-_ ]?required$", "flags": "i" }
 */
import { type CheckResult, checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, readOptionField } from '../check-kit/field-path.js';
import { policyRegex, REGEX_OPTION_PROPERTIES, regexProblem } from '../check-kit/regex.js';

interface Options extends FieldOptions {
  pattern: string;
  flags?: string;
  match?: 'any' | 'all';
}

function matchList(items: unknown[], re: RegExp, mode: 'any' | 'all', field: string): CheckResult {
  const texts = items.map((v) => String(displayValue(v)));
  if (mode === 'any') {
    const hit = texts.find((t) => re.test(t));
    return hit === undefined ? failed({ field, value: texts.join(', ') }) : passed({ field, value: hit });
  }
  const miss = texts.find((t) => !re.test(t));
  if (texts.length === 0) return failed({ field, value: '(none)' });
  return miss === undefined ? passed({ field, value: texts.join(', ') }) : failed({ field, value: miss });
}

export default defineCheck<Options>({
  kind: 'field-matches',
  description: 'A string field, or any/all items of a list field, match a regular expression.',
  optionsSchema: checkSchema(
    'field-matches',
    {
      ...FIELD_OPTION_PROPERTIES,
      ...REGEX_OPTION_PROPERTIES,
      match: { enum: ['any', 'all'], description: 'For list fields: one item or every item must match.' },
    },
    ['field', 'pattern'],
  ),
  validate(options) {
    const problem = regexProblem(options.pattern, options.flags);
    return problem === undefined ? [] : [{ at: ['pattern'], problem }];
  },
  evaluate(options, facts) {
    const re = policyRegex(options.pattern, options.flags);
    const value = readOptionField(facts, options);
    const field = options.field;
    if (Array.isArray(value)) return matchList(value, re, options.match ?? 'any', field);
    if (typeof value !== 'string') return failed({ field, value: displayValue(value) });
    return re.test(value) ? passed({ field, value }) : failed({ field, value });
  },
});
