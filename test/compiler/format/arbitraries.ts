/**
 * fast-check generators of block-file ASTs for the formatter's property tests. Comments are
 * generated where the parser itself would attach them (see attach-comments.ts): anything as
 * leading or dangling comments; as trailing comments only on line-level nodes (members,
 * declarations, array items) and the low bound of `between`, with at most one comment that
 * ends its line (a `//` comment or a multi-line block comment), placed last.
 */
import fc from 'fast-check';
import type { Assertion, AssertOp, BlockFile, Comment, Declaration, Field, Member, ParamDecl, Section, Value } from '../../../grammar/block/ast.js';
import { arrayValue, booleanValue, fieldNode, nullValue, numberValue, objectValue, stringValue, syntheticSpan } from '../../../src/compiler/format/index.js';

const KEYWORDS = ['true', 'false', 'null', 'in', 'not', 'between', 'and', 'is', 'assert'];
export const ident = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/) },
  { weight: 1, arbitrary: fc.constantFrom(...KEYWORDS) },
);

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }));
const lineComment = text.filter((t) => !/[\n\r]/.test(t)).map((t): Comment => ({ kind: 'line', text: `//${t}`, span: syntheticSpan() }));
const inlineBlock = text
  .filter((t) => !/[\n\r]/.test(t) && !t.includes('*/'))
  .map((t): Comment => ({ kind: 'block', text: `/*${t}*/`, span: syntheticSpan() }));
const anyBlock = fc
  .string({ maxLength: 20, unit: fc.constantFrom('a', ' ', '\n', '*', '/', 'é') })
  .filter((t) => !t.includes('*/'))
  .map((t): Comment => ({ kind: 'block', text: `/*${t}*/`, span: syntheticSpan() }));
const anyComment = fc.oneof(lineComment, inlineBlock, anyBlock);

/** Mostly none: comments are the exception in real files. */
const some = (c: fc.Arbitrary<Comment>): fc.Arbitrary<Comment[]> =>
  fc.oneof({ weight: 4, arbitrary: fc.constant<Comment[]>([]) }, { weight: 1, arbitrary: fc.array(c, { minLength: 1, maxLength: 2 }) });
export const leadingComments = some(anyComment);
export const trailingComments = fc
  .tuple(fc.array(inlineBlock, { maxLength: 1 }), fc.option(fc.oneof(lineComment, anyBlock), { nil: undefined }))
  .map(([blocks, last]) => (last === undefined ? blocks : [...blocks, last]))
  .chain((list) => fc.oneof({ weight: 3, arbitrary: fc.constant<Comment[]>([]) }, { weight: 1, arbitrary: fc.constant(list) }));

const tripleText = fc
  .array(fc.string({ maxLength: 10, unit: fc.constantFrom('a', 'b', ' ', '\t', '"', '$', '{', '\\') }), { minLength: 1, maxLength: 4 })
  .map((lines) => lines.join('\n'));

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 10 }).map((s) => stringValue(s)),
  tripleText.map((s) => stringValue(s, { triple: true })),
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => numberValue(n === 0 ? 0 : n)),
  fc.boolean().map(booleanValue),
  fc.constant(null).map(nullValue),
);

function withComments<T extends { leading: Comment[]; trailing: Comment[] }>(node: fc.Arbitrary<T>, trailing = false): fc.Arbitrary<T> {
  // A copy, not a mutation: fast-check may reuse generated values while shrinking.
  return fc.tuple(node, leadingComments, trailing ? trailingComments : fc.constant([])).map(([n, leading, after]) => ({ ...n, leading, trailing: after }));
}

const { value } = fc.letrec<{ value: Value; array: Value; object: Value; entry: Field }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc
    .tuple(fc.array(withComments(tie('value'), true), { maxLength: 4 }), leadingComments)
    .map(([items, dangling]) => Object.assign(arrayValue(items), { dangling })),
  object: fc
    .tuple(fc.array(tie('entry'), { maxLength: 3 }), leadingComments)
    .map(([entries, dangling]) => Object.assign(objectValue(entries as Field[]), { dangling })),
  entry: withComments(
    fc.tuple(ident, withComments(tie('value'))).map(([k, v]) => fieldNode(k, v)),
    true,
  ),
}));

export const valueArb = value;

const field = fc.tuple(ident, withComments(value)).map(([k, v]) => fieldNode(k, v));

const param = fc.tuple(ident, ident, fc.option(withComments(value), { nil: undefined })).map(([name, type, def]): ParamDecl => {
  const p: ParamDecl = { kind: 'param', name, nameSpan: syntheticSpan(), type, span: syntheticSpan(), leading: [], trailing: [] };
  if (def !== undefined) p.default = def;
  return p;
});

const OPS: AssertOp[] = ['>', '<', '>=', '<=', '==', '!=', 'in', 'not in', 'between', 'is null', 'is not null'];
const assertion = fc
  .tuple(ident, fc.constantFrom(...OPS), withComments(value), withComments(value, true), withComments(value))
  .map(([subject, op, v, low, high]): Assertion => {
    const a: Assertion = { kind: 'assert', subject, subjectSpan: syntheticSpan(), op, span: syntheticSpan(), leading: [], trailing: [] };
    if (op === 'between') Object.assign(a, { value: low, value2: high });
    else if (op !== 'is null' && op !== 'is not null') a.value = v;
    return a;
  });

const { member } = fc.letrec<{ member: Member; section: Section }>((tie) => ({
  member: withComments(fc.oneof({ depthSize: 'small', withCrossShrink: true }, field, param, assertion, tie('section')), true),
  section: fc.tuple(ident, fc.array(tie('member'), { maxLength: 4 }), leadingComments).map(
    ([name, members, dangling]): Section => ({
      kind: 'section',
      name,
      nameSpan: syntheticSpan(),
      members,
      dangling,
      span: syntheticSpan(),
      leading: [],
      trailing: [],
    }),
  ),
}));

const declaration = withComments(
  fc.tuple(fc.oneof(fc.constant('block'), ident), fc.string({ unit: 'binary', maxLength: 10 }), fc.array(member, { maxLength: 6 }), leadingComments).map(
    ([keyword, name, members, dangling]): Declaration => ({
      kind: 'declaration',
      keyword,
      name,
      nameSpan: syntheticSpan(),
      members,
      dangling,
      span: syntheticSpan(),
      leading: [],
      trailing: [],
    }),
  ),
  true,
);

export const blockFileArb: fc.Arbitrary<BlockFile> = fc
  .tuple(fc.array(declaration, { maxLength: 3 }), leadingComments)
  .map(([declarations, dangling]) => ({ declarations, dangling, diagnostics: [] }));
