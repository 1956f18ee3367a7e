/**
 * What an owner declares of a block's result columns (`columns { revenue = { synonyms = ["sales"],
 * unit = "USD" } }`): words people use for each column, its unit, whether it is personal data of a
 * sensitive kind, whether sums of it are meaningful (a measure's `additive`: true, false or the
 * dimensions it sums along) and whether a sum may run across it (a dimension's `nonAdditive =
 * true`: a snapshot date or a balance date, where adding the groups double-counts). A malformed
 * entry is reported and left out; the others are kept.
 */
import { type Diagnostic, diag, type Span } from '../../../grammar/diagnostics.js';
import type { ColumnMeaning, JsonValue } from '../types.js';

const SENSITIVE = ['contact', 'pay', 'health', 'protected', 'identifier'] as const;
const isStrings = (v: JsonValue | undefined): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Why one column's declaration cannot be read, or its meaning. */
function readColumn(value: JsonValue): { meaning?: ColumnMeaning; problem?: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'must be a { ... } object' };
  const { synonyms, unit, sensitive, additive, nonAdditive, description, ...rest } = value;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { problem: `has no field ${unknown} (synonyms, unit, sensitive, additive, nonAdditive, description)` };
  if (synonyms !== undefined && !isStrings(synonyms)) return { problem: 'synonyms must be a list of strings' };
  if (unit !== undefined && typeof unit !== 'string') return { problem: 'unit must be a string' };
  if (sensitive !== undefined && !(SENSITIVE as readonly JsonValue[]).includes(sensitive))
    return { problem: `sensitive must be one of ${SENSITIVE.join(', ')}` };
  if (additive !== undefined && typeof additive !== 'boolean' && !isStrings(additive))
    return { problem: 'additive must be true, false or a list of dimensions' };
  if (nonAdditive !== undefined && typeof nonAdditive !== 'boolean') return { problem: 'nonAdditive must be true or false' };
  if (nonAdditive === true && additive !== undefined)
    return { problem: 'a column is a measure (additive) or a dimension sums may not cross (nonAdditive), not both' };
  if (description !== undefined && typeof description !== 'string') return { problem: 'description must be a string' };
  return { meaning: value as ColumnMeaning };
}

/** The readable column declarations of a block; each unreadable one is a diagnostic at `span`. */
export function readColumns(
  value: JsonValue | undefined,
  block: string,
  file: string,
  span: Span,
  out: Diagnostic[],
): { [column: string]: ColumnMeaning } | undefined {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const columns: { [column: string]: ColumnMeaning } = {};
  for (const [column, declared] of Object.entries(value)) {
    const { meaning, problem } = readColumn(declared);
    if (meaning !== undefined) columns[column.toLowerCase()] = meaning;
    else out.push(diag('compile/column-invalid', { block, column, problem: problem ?? '' }, { file, span }));
  }
  return columns;
}
