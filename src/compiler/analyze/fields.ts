/**
 * The fields a block knows and the shape each must have. Anything else is kept as written
 * (warning compile/unknown-field) so formatting or promotion never drops project metadata.
 */
import type { Field, Section, Value } from '../../../grammar/block/ast.js';
import type { JsonValue } from '../types.js';
import { membersToJson, stringArray, toJson } from './values.js';

export type FieldShape = 'string' | 'string[]' | 'integer' | 'examples' | 'json' | 'object';

/** Top-level fields, sorted by name. */
export const KNOWN_FIELDS: Readonly<Record<string, FieldShape>> = {
  _proposed: 'object',
  answer_fingerprint: 'string',
  asked_times: 'integer',
  columns: 'object',
  connection: 'string',
  description: 'string',
  domain: 'string',
  examples: 'examples',
  filterBindings: 'object',
  grain: 'json',
  outputs: 'string[]',
  owner: 'string',
  parameterPolicy: 'object',
  pattern: 'string',
  query: 'string',
  relationships: 'json',
  reviewCadence: 'string',
  sourceSystems: 'string[]',
  status: 'string',
  svc_contract: 'string',
  synonyms: 'string[]',
  tags: 'string[]',
  visualization: 'object',
};

/** Sections with their own member grammar (params, tests); the rest read as objects. */
export const SPECIAL_SECTIONS = new Set(['params', 'tests']);

const EXPECTED: Record<FieldShape, string> = {
  string: 'a string',
  'string[]': 'a list of strings',
  integer: 'a whole number',
  examples: 'a list of { question = "..." } objects',
  json: 'a value',
  object: 'a { ... } section',
};

export function expectedText(shape: FieldShape): string {
  return EXPECTED[shape];
}

/** Reads a field or section as its shape; undefined when it has the wrong shape. */
export function readShape(shape: FieldShape, member: Field | Section): JsonValue | undefined {
  if (member.kind === 'section') return shape === 'object' || shape === 'json' ? membersToJson(member.members) : undefined;
  const v: Value = member.value;
  switch (shape) {
    case 'string':
      return v.kind === 'string' ? v.value : undefined;
    case 'string[]':
      return stringArray(v);
    case 'integer':
      return v.kind === 'number' && Number.isInteger(v.value) && v.value >= 0 ? v.value : undefined;
    case 'examples':
      return readExamples(v);
    case 'json':
      return toJson(v);
    case 'object':
      return v.kind === 'object' ? toJson(v) : undefined;
  }
}

function readExamples(v: Value): JsonValue | undefined {
  if (v.kind !== 'array') return undefined;
  const out: JsonValue[] = [];
  for (const item of v.items) {
    if (item.kind === 'string') out.push({ question: item.value });
    else if (item.kind === 'object') {
      const obj = toJson(item) as { [k: string]: JsonValue };
      if (typeof obj['question'] !== 'string') return undefined;
      out.push(obj);
    } else return undefined;
  }
  return out;
}
