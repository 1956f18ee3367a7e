/**
 * `field-equals`: the field holds exactly one expected scalar. Used for states
 * (`status == certified`), counters (`openReviews == 0`) and flags.
 *
 *   { "kind": "field-equals", "field": "status", "value": "certified" }
 *   { "kind": "field-equals", "subject": "tile", "field": "openReviews", "value": 0 }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, readOptionField } from '../check-kit/field-path.js';

type Scalar = string | number | boolean | null;

interface Options extends FieldOptions {
  value: Scalar;
  ignoreCase?: boolean;
}

/** Compares as written, or case-folded for strings when the rule asks for it. */
export function sameScalar(actual: unknown, expected: Scalar, ignoreCase: boolean): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (ignoreCase && typeof actual === 'string' && typeof expected === 'string') {
    return actual.toLowerCase() === expected.toLowerCase();
  }
  return actual === expected;
}

export default defineCheck<Options>({
  kind: 'field-equals',
  description: 'The field equals the given string, number, boolean or null.',
  optionsSchema: checkSchema(
    'field-equals',
    {
      ...FIELD_OPTION_PROPERTIES,
      value: { type: ['string', 'number', 'boolean', 'null'], description: 'The expected value.' },
      ignoreCase: { type: 'boolean', description: 'Compare strings without regard to case.' },
    },
    ['field', 'value'],
  ),
  evaluate(options, facts) {
    const actual = readOptionField(facts, options);
    const data = {
      field: options.field,
      value: displayValue(actual),
      expected: displayValue(options.value),
    };
    return sameScalar(actual, options.value, options.ignoreCase ?? false) ? passed(data) : failed(data);
  },
});
