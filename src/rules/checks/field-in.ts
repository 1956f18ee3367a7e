/**
 * `field-in`: the field's value is one of a vocabulary. For a list field every item must be in
 * the vocabulary. A missing value or an empty list fails, because "not stated" is not a
 * member of any vocabulary (enterprise certification needs a pattern and a cadence).
 *
 *   { "kind": "field-in", "field": "reviewCadence", "values": ["monthly", "quarterly"] }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, readOptionField } from '../check-kit/field-path.js';
import { sameScalar } from './field-equals.js';

type Scalar = string | number | boolean;

interface Options extends FieldOptions {
  values: Scalar[];
  ignoreCase?: boolean;
}

function member(item: unknown, values: Scalar[], ignoreCase: boolean): boolean {
  return values.some((v) => sameScalar(item, v, ignoreCase));
}

export default defineCheck<Options>({
  kind: 'field-in',
  description: 'The field (or every item of a list field) is one of the listed values.',
  optionsSchema: checkSchema(
    'field-in',
    {
      ...FIELD_OPTION_PROPERTIES,
      values: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: ['string', 'number', 'boolean'] },
        description: 'The vocabulary.',
      },
      ignoreCase: { type: 'boolean', description: 'Compare strings without regard to case.' },
    },
    ['field', 'values'],
  ),
  evaluate(options, facts) {
    const actual = readOptionField(facts, options);
    const ignoreCase = options.ignoreCase ?? false;
    const items = Array.isArray(actual) ? actual : actual === undefined || actual === null ? [] : [actual];
    const outsider = items.find((item) => !member(item, options.values, ignoreCase));
    const data = {
      field: options.field,
      value: displayValue(outsider ?? actual),
      allowed: options.values.join(', '),
    };
    return items.length > 0 && outsider === undefined ? passed(data) : failed(data);
  },
});
