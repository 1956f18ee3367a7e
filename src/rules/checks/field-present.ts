/**
 * `field-present`: the field holds a value a reviewer would accept as filled in. Blank
 * strings, empty lists and empty objects count as missing, because `owner = ""` names no one.
 *
 *   { "kind": "field-present", "field": "owner" }
 *   { "kind": "field-present", "subject": "tile", "field": "source.revision" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, isPresent, readOptionField } from '../check-kit/field-path.js';

export default defineCheck<FieldOptions>({
  kind: 'field-present',
  description: 'The field is set to a non-blank value (non-empty list or object).',
  optionsSchema: checkSchema('field-present', { ...FIELD_OPTION_PROPERTIES }, ['field']),
  evaluate(options, facts) {
    const value = readOptionField(facts, options);
    const data = { field: options.field, value: displayValue(value) };
    return isPresent(value) ? passed(data) : failed(data);
  },
});
