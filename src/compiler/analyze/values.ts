/**
 * Converting AST values to plain JSON, and the canonical form of a declaration that its
 * sourceSha256 is computed over: fields, values and their order, without comments, spans or
 * layout, so `svc fmt` never changes a block's revision or invalidates its certification.
 */
import type { Declaration, Member, Value } from '../../../grammar/block/ast.js';
import { sha256Tagged } from '../hash.js';
import type { JsonValue } from '../types.js';

/** Plain JSON of a value; inline objects become objects (a repeated key keeps its first value). */
export function toJson(value: Value): JsonValue {
  switch (value.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return value.value;
    case 'null':
      return null;
    case 'array':
      return value.items.map(toJson);
    case 'object': {
      const out: { [k: string]: JsonValue } = {};
      for (const entry of value.entries) if (!(entry.key in out)) out[entry.key] = toJson(entry.value);
      return out;
    }
  }
}

/** JSON object of a section's members (fields and nested sections; params and asserts as text). */
export function membersToJson(members: readonly Member[]): { [k: string]: JsonValue } {
  const out: { [k: string]: JsonValue } = {};
  for (const m of members) {
    if (m.kind === 'field') out[m.key] ??= toJson(m.value);
    else if (m.kind === 'section') out[m.name] ??= membersToJson(m.members);
    else if (m.kind === 'param') out[m.name] ??= { type: m.type, ...(m.default ? { default: toJson(m.default) } : {}) };
  }
  return out;
}

function canonicalMember(m: Member): JsonValue {
  switch (m.kind) {
    case 'field':
      return ['field', m.key, toJson(m.value)];
    case 'param':
      return ['param', m.name, m.type, m.default ? toJson(m.default) : null];
    case 'assert':
      return ['assert', m.subject, m.op, m.value ? toJson(m.value) : null, m.value2 ? toJson(m.value2) : null];
    case 'section':
      return ['section', m.name, m.members.map(canonicalMember)];
  }
}

/** `sha256:<hex>` over the canonical JSON of the declaration. */
export function declarationSha256(decl: Declaration): string {
  const canonical = JSON.stringify([decl.keyword, decl.name, decl.members.map(canonicalMember)]);
  return sha256Tagged(canonical);
}

/** Array of strings, or undefined when the value is anything else. */
export function stringArray(value: Value): string[] | undefined {
  if (value.kind !== 'array') return undefined;
  const out: string[] = [];
  for (const item of value.items) {
    if (item.kind !== 'string') return undefined;
    out.push(item.value);
  }
  return out;
}
