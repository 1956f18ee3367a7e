/**
 * Relationships (spec 03 "Exports and key proofs" 3, relationship validation): a block declares
 * the joins its rows make to another block, so "every order names a customer, and each customer
 * once" is a claim svc can prove over every row (`svc keys prove`, `POST /api/keys/prove`).
 *
 *     relationships {
 *       customer = { to = "sales.customers", keys = ["customer_id"], toKeys = ["id"], cardinality = "many-to-one" }
 *     }
 *
 * A relationship is declared on the block whose rows refer to the other (the side that may repeat
 * a key), so `to` is always the "one" side: `many-to-one` (this block may repeat a key) or
 * `one-to-one` (it may not). `toKeys` names the other block's columns when they differ (the same
 * names by default, one for each key). Whether `to` names a block is known only once every file
 * is compiled, so it is checked when the relationship is validated.
 *
 * Each problem is a diagnostic at the part at fault; a relationship with any problem is left out,
 * so nothing half-declared is ever validated, while the block's other relationships are kept.
 */
import type { Field, Section, Value } from '../../../grammar/block/ast.js';
import { type Diagnostic, diag, type Span } from '../../../grammar/diagnostics.js';
import type { Relationship } from '../types.js';
import { KEY_NAME } from './grain.js';

/** The cardinalities a declaring block may claim, sorted. */
export const CARDINALITIES = ['many-to-one', 'one-to-one'] as const;

const NAME = /^[a-z][a-z0-9_]*$/;
const BLOCK_ID = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
const FIELDS = ['cardinality', 'keys', 'to', 'toKeys'];

interface Where {
  block: string;
  file: string;
  out: Diagnostic[];
}

/** Thrown inside one relationship's reading and caught there: the first problem found. */
class Problem {
  constructor(
    readonly text: string,
    readonly span: Span,
  ) {}
}

/** The `name = { ... }` entries of `relationships`, or undefined when it is not a section of them. */
function entriesOf(member: Field | Section): Array<{ name: string; span: Span; fields?: Field[] }> | undefined {
  if (member.kind === 'field') {
    if (member.value.kind !== 'object') return undefined;
    return member.value.entries.map((e) => ({ name: e.key, span: e.keySpan, ...(e.value.kind === 'object' ? { fields: e.value.entries } : {}) }));
  }
  return member.members.flatMap((m) => {
    if (m.kind === 'field') return [{ name: m.key, span: m.keySpan, ...(m.value.kind === 'object' ? { fields: m.value.entries } : {}) }];
    if (m.kind === 'section') return [{ name: m.name, span: m.nameSpan, fields: m.members.filter((f): f is Field => f.kind === 'field') }];
    return [{ name: m.kind === 'param' ? m.name : 'assert', span: m.span }];
  });
}

/** A list of distinct column names. */
function columnList(value: Value, what: string): string[] {
  if (value.kind !== 'array') throw new Problem(`${what} must be a list of column names`, value.span);
  if (value.items.length === 0) throw new Problem(`${what} = [] names no column`, value.span);
  const seen = new Set<string>();
  return value.items.map((item) => {
    if (item.kind !== 'string' || !KEY_NAME.test(item.value)) throw new Problem(`${what} must be a list of column names (letters, digits and _)`, item.span);
    if (seen.has(item.value.toLowerCase())) throw new Problem(`${what} names ${item.value} twice`, item.span);
    seen.add(item.value.toLowerCase());
    return item.value;
  });
}

function fieldOf(fields: readonly Field[], key: string, span: Span): Field {
  const f = fields.find((x) => x.key === key);
  if (f === undefined) throw new Problem(`it has no ${key}`, span);
  return f;
}

/** One relationship read from its fields; throws the first Problem. */
function readOne(name: string, span: Span, fields: readonly Field[]): Relationship {
  const unknown = fields.find((f) => !FIELDS.includes(f.key));
  if (unknown !== undefined) throw new Problem(`it has no field ${unknown.key} (${FIELDS.join(', ')})`, unknown.keySpan);
  const to = fieldOf(fields, 'to', span).value;
  if (to.kind !== 'string' || !BLOCK_ID.test(to.value)) throw new Problem('to must name a block as "<domain>.<name>"', to.span);
  const keys = columnList(fieldOf(fields, 'keys', span).value, 'keys');
  const toKeysField = fields.find((f) => f.key === 'toKeys');
  const toKeys = toKeysField === undefined ? keys : columnList(toKeysField.value, 'toKeys');
  if (toKeys.length !== keys.length) throw new Problem(`toKeys names ${toKeys.length} columns for ${keys.length} keys`, (toKeysField as Field).value.span);
  const cardinality = fieldOf(fields, 'cardinality', span).value;
  if (cardinality.kind !== 'string' || !(CARDINALITIES as readonly string[]).includes(cardinality.value))
    throw new Problem(`cardinality must be one of ${CARDINALITIES.join(', ')}`, cardinality.span);
  return { name, to: to.value, keys, toKeys, cardinality: cardinality.value as Relationship['cardinality'] };
}

/** The keys of `r` its block's declared outputs do not hold (none when no outputs are declared). */
function unknownKeys(r: Relationship, outputs: readonly string[]): string[] {
  const declared = new Set(outputs.map((o) => o.toLowerCase()));
  return declared.size === 0 ? [] : r.keys.filter((k) => !declared.has(k.toLowerCase()));
}

/**
 * The relationships a block declares, each readable one in order, or undefined when it declares
 * none; every problem is reported into `out`.
 */
export function readRelationships(member: Field | Section | undefined, outputs: readonly string[], at: Where): Relationship[] | undefined {
  if (member === undefined) return undefined;
  const entries = entriesOf(member);
  const span = member.kind === 'field' ? member.keySpan : member.nameSpan;
  if (entries === undefined) {
    at.out.push(
      diag('compile/relationship-invalid', { block: at.block, problem: 'relationships must be a section of name = { ... } joins' }, { file: at.file, span }),
    );
    return undefined;
  }
  const out: Relationship[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    try {
      if (!NAME.test(e.name)) throw new Problem('the name must be lower case letters, digits and _', e.span);
      if (seen.has(e.name)) throw new Problem('it is declared twice', e.span);
      if (e.fields === undefined) throw new Problem('it must be a { to = ..., keys = [...], cardinality = ... } object', e.span);
      seen.add(e.name);
      const r = readOne(e.name, e.span, e.fields);
      const missing = unknownKeys(r, outputs);
      for (const key of missing)
        at.out.push(
          diag(
            'compile/relationship-key-unknown',
            { block: at.block, relationship: r.name, key, outputs: outputs.join(', ') },
            { file: at.file, span: e.span },
          ),
        );
      if (missing.length === 0) out.push(r);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      at.out.push(diag('compile/relationship-invalid', { block: at.block, problem: `${e.name}: ${error.text}` }, { file: at.file, span: error.span }));
    }
  }
  return out;
}
