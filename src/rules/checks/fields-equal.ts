/**
 * `fields-equal`: two facts hold the same value - a tile's saved source revision and the
 * source block's current sha, for instance. A missing side fails: a binding without a
 * revision cannot prove it is current (publication fails closed).
 *
 *   { "kind": "fields-equal",
 *     "left":  { "subject": "tile",  "field": "source.revision" },
 *     "right": { "subject": "block", "field": "sourceSha256" } }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';
import { displayValue, FIELD_OPTION_PROPERTIES, type FieldOptions, isPresent, readOptionField } from '../check-kit/field-path.js';

interface Options {
  left: FieldOptions;
  right: FieldOptions;
}

const SIDE_SCHEMA = {
  type: 'object',
  properties: { ...FIELD_OPTION_PROPERTIES },
  required: ['field'],
  additionalProperties: false,
};

/** Values compare by their JSON text, so lists and objects compare by content. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export default defineCheck<Options>({
  kind: 'fields-equal',
  description: 'Two fields (possibly of different subjects) are both set and equal.',
  optionsSchema: checkSchema('fields-equal', { left: SIDE_SCHEMA, right: SIDE_SCHEMA }, ['left', 'right']),
  evaluate(options, facts) {
    const left = readOptionField(facts, options.left);
    const right = readOptionField(facts, options.right);
    const data = { left: displayValue(left), right: displayValue(right) };
    return isPresent(left) && isPresent(right) && same(left, right) ? passed(data) : failed(data);
  },
});
