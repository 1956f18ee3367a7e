/**
 * AST of the .svc block language. The parser keeps every comment and the exact raw text of
 * every literal so the formatter can write a file back without losing a field, a value or a
 * comment. Semantics (which fields a block knows, which member kinds a section allows) belong
 * to the compiler; the grammar accepts the general shape.
 *
 * Shape of a file:
 *   file     := declaration*
 *   decl     := IDENT STRING '{' member* '}'          (today only `block "<name>" { ... }`)
 *   member   := field | param | assert | section
 *   field    := KEY '=' value
 *   param    := KEY ':' TYPE ('=' value)?            (inside params { ... })
 *   assert   := 'assert' operand op operand ...       (inside tests { ... })
 *   section  := KEY '{' member* '}'                   (params, tests, _proposed, visualization, ...)
 *   value    := STRING | TRIPLE_STRING | NUMBER | 'true' | 'false' | 'null' | array | object
 *   array    := '[' (value (','? value)* ','?)? ']'
 *   object   := '{' (field (','? field)* ','?)? '}'    (inline object; fields may be split by , or newlines)
 * Members may share a line (`visualization { chart = "line"  x = "week_start" }`).
 */
import type { Diagnostic, Span } from '../diagnostics.js';

export interface Comment {
  kind: 'line' | 'block';
  /** Full text including the `//` or `/* *\/` markers. */
  text: string;
  span: Span;
}

/**
 * Comments around a node. `leading` are comments on lines before the node (and after the
 * previous sibling); `trailing` is a comment that starts on the same line the node ends on.
 */
export interface Attached {
  leading: Comment[];
  trailing: Comment[];
}

interface NodeBase extends Attached {
  span: Span;
}

export interface StringValue extends NodeBase {
  kind: 'string';
  /** Decoded value: JSON escapes applied; for triple strings, common indentation removed. */
  value: string;
  /** Exact source text including quotes. */
  raw: string;
  triple: boolean;
}

export interface NumberValue extends NodeBase {
  kind: 'number';
  value: number;
  raw: string;
}

export interface BooleanValue extends NodeBase {
  kind: 'boolean';
  value: boolean;
}

export interface NullValue extends NodeBase {
  kind: 'null';
}

export interface ArrayValue extends NodeBase {
  kind: 'array';
  items: Value[];
  /** Comments after the last item, before `]`. */
  dangling: Comment[];
}

export interface ObjectValue extends NodeBase {
  kind: 'object';
  entries: Field[];
  /** Comments after the last entry, before `}`. */
  dangling: Comment[];
}

export type Value = StringValue | NumberValue | BooleanValue | NullValue | ArrayValue | ObjectValue;

export interface Field extends NodeBase {
  kind: 'field';
  key: string;
  keySpan: Span;
  value: Value;
}

/** `since: date = "2024-01-01"` or `region: string` inside `params { }`. */
export interface ParamDecl extends NodeBase {
  kind: 'param';
  name: string;
  nameSpan: Span;
  /** The declared type word as written (string, number, integer, boolean, date, ...). */
  type: string;
  default?: Value;
}

export type AssertOp = '>' | '<' | '>=' | '<=' | '==' | '!=' | 'in' | 'not in' | 'between' | 'is null' | 'is not null';

/**
 * `assert row_count > 0`, `assert revenue >= 0`, `assert state in ["a","b"]`,
 * `assert amount between 0 and 100`, `assert id is not null`.
 * `subject` is a column name, or `row_count` for the table-level count.
 */
export interface Assertion extends NodeBase {
  kind: 'assert';
  subject: string;
  subjectSpan: Span;
  op: AssertOp;
  /** Right operand: for `in` an array value; absent for `is [not] null`. */
  value?: Value;
  /** Upper bound for `between`. */
  value2?: Value;
}

export interface Section extends NodeBase {
  kind: 'section';
  name: string;
  nameSpan: Span;
  members: Member[];
  /** Comments after the last member, before `}`. */
  dangling: Comment[];
}

export type Member = Field | ParamDecl | Assertion | Section;

export interface Declaration extends NodeBase {
  kind: 'declaration';
  /** The declaration keyword, `block` today. */
  keyword: string;
  name: string;
  nameSpan: Span;
  members: Member[];
  dangling: Comment[];
}

export interface BlockFile {
  declarations: Declaration[];
  /** Comments after the last declaration. */
  dangling: Comment[];
  /** Every diagnostic the lexer and parser produced (parse/*). Never thrown. */
  diagnostics: Diagnostic[];
}
