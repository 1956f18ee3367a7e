/**
 * Constructors for AST nodes, for programs that build or rewrite declarations and then print
 * them with formatBlockFile (svc certify, draft capture). Built nodes carry a placeholder
 * span at 1:1; they are not from any text, and re-parsing the printed file gives real spans.
 */
import type { ArrayValue, BooleanValue, Comment, Field, NullValue, NumberValue, ObjectValue, StringValue, Value } from '../../../grammar/block/ast.js';
import type { Span } from '../../../grammar/diagnostics.js';
import { stringLiteral } from './literals.js';

/** A plain JSON value, as accepted by toValue. */
export type JsonLike = string | number | boolean | null | JsonLike[] | { [key: string]: JsonLike };

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function syntheticSpan(): Span {
  return { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
}

function base(): { span: Span; leading: Comment[]; trailing: Comment[] } {
  return { span: syntheticSpan(), leading: [], trailing: [] };
}

/** A string; `triple` asks for a `"""` string (kept only when the value survives that form). */
export function stringValue(value: string, opts: { triple?: boolean } = {}): StringValue {
  const node: StringValue = { kind: 'string', value, raw: JSON.stringify(value), triple: opts.triple === true, ...base() };
  if (node.triple) node.raw = stringLiteral(node, '');
  return node;
}

/** A finite number (the language has no NaN or Infinity). */
export function numberValue(value: number): NumberValue {
  if (!Number.isFinite(value)) throw new RangeError(`numberValue: ${value} is not a finite number`);
  return { kind: 'number', value, raw: String(value), ...base() };
}

export function booleanValue(value: boolean): BooleanValue {
  return { kind: 'boolean', value, ...base() };
}

export function nullValue(): NullValue {
  return { kind: 'null', ...base() };
}

export function arrayValue(items: Value[]): ArrayValue {
  return { kind: 'array', items, dangling: [], ...base() };
}

/** An inline object from fields or from a key -> value record. */
export function objectValue(entries: Field[] | Record<string, Value>): ObjectValue {
  const list = Array.isArray(entries) ? entries : Object.entries(entries).map(([k, v]) => fieldNode(k, v));
  return { kind: 'object', entries: list, dangling: [], ...base() };
}

/** A `key = value` field; the key must be an identifier. */
export function fieldNode(key: string, value: Value): Field {
  if (!KEY.test(key)) throw new RangeError(`fieldNode: ${JSON.stringify(key)} is not an identifier`);
  return { kind: 'field', key, keySpan: syntheticSpan(), value, ...base() };
}

/** Converts plain JSON into a value (objects become inline objects). */
export function toValue(json: JsonLike): Value {
  if (json === null) return nullValue();
  if (typeof json === 'string') return stringValue(json);
  if (typeof json === 'number') return numberValue(json);
  if (typeof json === 'boolean') return booleanValue(json);
  if (Array.isArray(json)) return arrayValue(json.map(toValue));
  return objectValue(Object.fromEntries(Object.entries(json).map(([k, v]) => [k, toValue(v)])));
}

/** A `//` comment; the marker is added when missing. */
export function lineComment(text: string): Comment {
  const body = text.replace(/[\r\n]+/g, ' ');
  return { kind: 'line', text: body.startsWith('//') ? body : `// ${body}`, span: syntheticSpan() };
}

/** A block comment; the markers are added when missing. */
export function blockComment(text: string): Comment {
  const full = text.startsWith('/*') && text.endsWith('*/') ? text : `/* ${text.replace(/\*\//g, '* /')} */`;
  return { kind: 'block', text: full, span: syntheticSpan() };
}
