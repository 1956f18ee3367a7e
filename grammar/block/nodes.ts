/**
 * AST node construction from tokens. Comments are attached later (attach-comments.ts), so
 * every node starts with empty comment lists.
 */
import type { IToken } from 'chevrotain';
import type { Span } from '../diagnostics.js';
import { spanFromTokens } from '../span.js';
import type {
  ArrayValue,
  Assertion,
  AssertOp,
  BooleanValue,
  Declaration,
  Field,
  Member,
  NullValue,
  NumberValue,
  ObjectValue,
  ParamDecl,
  Section,
  StringValue,
  Value,
} from './ast.js';
import type { Reporter } from './reporter.js';
import { decodeJsonEscapes, dedentTriple } from './strings.js';
import { TripleString, UnterminatedString, UnterminatedTriple } from './tokens.js';

/** Span from the start of `a` to the end of `b`. */
export function joinSpans(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

export function stringNode(token: IToken, reporter: Reporter): StringValue {
  const raw = token.image;
  const type = token.tokenType;
  const triple = type === TripleString || type === UnterminatedTriple;
  let value: string;
  if (triple) {
    value = dedentTriple(raw.slice(3, type === TripleString ? -3 : undefined));
  } else {
    const body = raw.slice(1, type === UnterminatedString ? undefined : -1);
    value = decodeJsonEscapes(body, (index, length) => {
      const start = token.startOffset + 1 + index;
      const escape = body.slice(index, index + length);
      reporter.add('parse/invalid-escape', { escape }, reporter.rangeSpan(start, start + length));
    });
  }
  return { kind: 'string', value, raw, triple, span: spanFromTokens(token), leading: [], trailing: [] };
}

export function numberNode(token: IToken): NumberValue {
  return { kind: 'number', value: Number(token.image), raw: token.image, span: spanFromTokens(token), leading: [], trailing: [] };
}

export function booleanNode(token: IToken): BooleanValue {
  return { kind: 'boolean', value: token.image === 'true', span: spanFromTokens(token), leading: [], trailing: [] };
}

export function nullNode(token: IToken): NullValue {
  return { kind: 'null', span: spanFromTokens(token), leading: [], trailing: [] };
}

export function arrayNode(open: IToken, last: IToken, items: Value[]): ArrayValue {
  return { kind: 'array', items, dangling: [], span: spanFromTokens(open, last), leading: [], trailing: [] };
}

export function objectNode(open: IToken, last: IToken, entries: Field[]): ObjectValue {
  return { kind: 'object', entries, dangling: [], span: spanFromTokens(open, last), leading: [], trailing: [] };
}

export function fieldNode(key: IToken, value: Value): Field {
  const keySpan = spanFromTokens(key);
  return { kind: 'field', key: key.image, keySpan, value, span: joinSpans(keySpan, value.span), leading: [], trailing: [] };
}

export function paramNode(name: IToken, type: IToken, value: Value | undefined): ParamDecl {
  const nameSpan = spanFromTokens(name);
  const end = value === undefined ? spanFromTokens(type) : value.span;
  const param: ParamDecl = {
    kind: 'param',
    name: name.image,
    nameSpan,
    type: type.image,
    span: joinSpans(nameSpan, end),
    leading: [],
    trailing: [],
  };
  if (value !== undefined) param.default = value;
  return param;
}

export interface AssertParts {
  keyword: IToken;
  subject: IToken;
  op: AssertOp;
  /** Last token of the assertion (the `null` of `is null`, else the end of the last value). */
  last: IToken;
  value?: Value;
  value2?: Value;
}

export function assertNode(parts: AssertParts): Assertion {
  const node: Assertion = {
    kind: 'assert',
    subject: parts.subject.image,
    subjectSpan: spanFromTokens(parts.subject),
    op: parts.op,
    span: spanFromTokens(parts.keyword, parts.last),
    leading: [],
    trailing: [],
  };
  if (parts.value !== undefined) node.value = parts.value;
  if (parts.value2 !== undefined) node.value2 = parts.value2;
  return node;
}

export function sectionNode(name: IToken, last: IToken, members: Member[]): Section {
  return {
    kind: 'section',
    name: name.image,
    nameSpan: spanFromTokens(name),
    members,
    dangling: [],
    span: spanFromTokens(name, last),
    leading: [],
    trailing: [],
  };
}

/** An unquoted declaration name (already reported) read as if it were quoted. */
export function keyAsNameNode(token: IToken): StringValue {
  const span = spanFromTokens(token);
  return { kind: 'string', value: token.image, raw: JSON.stringify(token.image), triple: false, span, leading: [], trailing: [] };
}

export function declarationNode(keyword: IToken, name: StringValue, last: IToken, members: Member[]): Declaration {
  return {
    kind: 'declaration',
    keyword: keyword.image,
    name: name.value,
    nameSpan: name.span,
    members,
    dangling: [],
    span: spanFromTokens(keyword, last),
    leading: [],
    trailing: [],
  };
}
