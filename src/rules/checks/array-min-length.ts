/**
 * `array-min-length`: a list field has at least `min` items. A missing list counts as empty.
 * Wrapped in `not` with `min: 1` it says "this list is empty", which is how per-tile
 * `unboundFilters` are checked; `items` then names what is in the way.
 *
 *   { "kind": "array-min-length", "field": "outputs", "min": 1 }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, readOptionField } from '../check-kit/field-path.js';

interface Options extends FieldOptions {
  min: number;
}

export default defineCheck<Options>({
  kind: 'array-min-length',
  description: 'A list field has at least `min` items (missing counts as empty).',
  optionsSchema: checkSchema(
    'array-min-length',
    {
      ...FIELD_OPTION_PROPERTIES,
      min: { type: 'integer', minimum: 0, description: 'Fewest items allowed.' },
    },
    ['field', 'min'],
  ),
  evaluate(options, facts) {
    const value = readOptionField(facts, options);
    const items = Array.isArray(value) ? value : [];
    const data = {
      field: options.field,
      count: items.length,
      min: options.min,
      items: displayValue(items.length > 0 ? items : undefined),
    };
    return items.length >= options.min ? passed(data) : failed(data);
  },
});
