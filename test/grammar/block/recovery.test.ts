import { describe, expect, it } from 'vitest';
import { type BlockFile, parseBlockFile } from '../../../grammar/block/index.js';
import { codesAt, expectWellFormed, keyOf, plain } from './helpers.js';

/** `name[key,key,...]` per declaration: what survived the errors. */
function shape(file: BlockFile): string[] {
  return file.declarations.map((d) => `${d.name}[${d.members.map(keyOf).join(',')}]`);
}

const THREE_MISTAKES = `// three independent mistakes
block "first" {
  domain = "sales"
  status "draft"
  owner = "sales@example.test"
}

block "second" {
  tags = ["a", "b"
  owner = "sales@example.test"
  query = "SELECT 2"
}

block "third" {
  domain = "sales" ]
  owner = "sales@example.test"
}

block "fourth" {
  domain = "sales"
}
`;

describe('error recovery', () => {
  it('reports three independent mistakes, each with a span, and keeps the rest', () => {
    const file = parseBlockFile(THREE_MISTAKES, 'blocks/three.svc');
    expect(codesAt(file.diagnostics)).toEqual(['parse/unexpected-token@4:10-4:17', 'parse/unexpected-token@10:3-10:8', 'parse/unexpected-token@15:20-15:21']);
    expect(file.diagnostics.map((d) => d.data)).toEqual([
      { found: `'"draft"'`, expected: "'='" },
      { found: "'owner'", expected: "']'" },
      { found: "']'", expected: "a member or '}'" },
    ]);
    expect(shape(file)).toEqual(['first[domain,status,owner]', 'second[tags,owner,query]', 'third[domain,owner]', 'fourth[domain]']);
    const second = file.declarations[1]!.members[0]!;
    expect(second.kind === 'field' && plain(second.value)).toEqual(['a', 'b']);
    expect(file.declarations[0]!.leading.map((c) => c.text)).toEqual(['// three independent mistakes']);
  });

  const cases: Array<{ name: string; text: string; codes: string[]; shape: string[]; data?: object }> = [
    {
      name: 'missing value: the field is dropped, the next line parses',
      text: 'block "b" {\n  a =\n  b = 1\n}',
      codes: ['parse/expected-value@3:3-3:4'],
      shape: ['b[b]'],
      data: { after: "'='", found: "'b'" },
    },
    {
      name: 'unquoted value: the rest of the line is skipped',
      text: 'block "b" {\n  a = sales team\n  b = 1\n}',
      codes: ['parse/expected-value@2:7-2:12'],
      shape: ['b[b]'],
    },
    {
      name: 'key without = : or {',
      text: 'block "b" {\n  a b c\n  d = 1\n}',
      codes: ['parse/unexpected-token@2:5-2:6'],
      shape: ['b[d]'],
      data: { found: "'b'", expected: "'=', ':' or '{'" },
    },
    {
      name: 'a run of stray tokens is one diagnostic',
      text: 'block "b" {\n  a = 1 , , 2 ]\n  b = 2\n}',
      codes: ['parse/unexpected-token@2:9-2:16'],
      shape: ['b[a,b]'],
    },
    {
      name: 'stray bracketed group is skipped whole',
      text: 'block "b" {\n  { x = 1 }\n  b = 2\n}',
      codes: ['parse/unexpected-token@2:3-2:12'],
      shape: ['b[b]'],
    },
    {
      name: 'missing closing brace of a block at end of file',
      text: 'block "b" {\n  a = 1\n',
      codes: ['parse/unexpected-token@3:1-3:1'],
      shape: ['b[a]'],
      data: { found: 'end of file', expected: "'}'" },
    },
    {
      name: 'missing opening brace after a quoted name',
      text: 'block "b"\n  a = 1\n}\nblock "c" {}',
      codes: ['parse/unexpected-token@2:3-2:4'],
      shape: ['b[a]', 'c[]'],
    },
    {
      name: 'unquoted declaration name',
      text: 'block b {\n  a = 1\n}',
      codes: ['parse/unexpected-token@1:7-1:8'],
      shape: ['b[a]'],
      data: { found: "'b'", expected: 'a quoted name' },
    },
    {
      name: 'stray top-level tokens',
      text: '} ] "x"\nblock "b" {}',
      codes: ['parse/unexpected-token@1:1-1:8'],
      shape: ['b[]'],
    },
    {
      name: 'top-level field instead of a declaration',
      text: 'owner = "x"\nblock "b" { a = 1 }',
      codes: ['parse/unexpected-token@1:7-1:8'],
      shape: ['b[a]'],
    },
    {
      name: 'doubled and leading commas in an array',
      text: 'block "b" { a = [, 1,, 2] }',
      codes: ['parse/unexpected-token@1:18-1:19', 'parse/unexpected-token@1:22-1:23'],
      shape: ['b[a]'],
    },
    {
      name: 'unclosed inline object inside an array',
      text: 'block "b" {\n  a = [{ q = "x" ]\n  b = 1\n}',
      codes: ['parse/unexpected-token@2:18-2:19'],
      shape: ['b[a,b]'],
      data: { found: "']'", expected: "'}'" },
    },
    {
      name: 'junk inside an inline object',
      text: 'block "b" { a = { "q" = 1, r = 2 } }',
      codes: ['parse/unexpected-token@1:19-1:27'],
      shape: ['b[a]'],
    },
    {
      name: 'assertion without operator',
      text: 'block "b" {\n  tests {\n    assert x 5\n    assert y > 0\n  }\n}',
      codes: ['parse/unexpected-token@3:14-3:15'],
      shape: ['b[tests]'],
    },
    {
      name: 'between without and',
      text: 'block "b" {\n  tests {\n    assert x between 1 2\n    assert y is null\n  }\n}',
      codes: ['parse/unexpected-token@3:24-3:25'],
      shape: ['b[tests]'],
      data: { found: "'2'", expected: "'and'" },
    },
    {
      name: 'is without null',
      text: 'block "b" {\n  t {\n    assert x is not 1\n  }\n}',
      codes: ['parse/unexpected-token@3:21-3:22'],
      shape: ['b[t]'],
    },
    {
      name: 'param without type',
      text: 'block "b" {\n  params {\n    a: = 1\n    b: date\n  }\n}',
      codes: ['parse/unexpected-token@3:8-3:9'],
      shape: ['b[params]'],
      data: { found: "'='", expected: 'a type name' },
    },
  ];

  it.each(cases)('$name', ({ text, codes, shape: expected, data }) => {
    const file = parseBlockFile(text);
    expect(codesAt(file.diagnostics)).toEqual(codes);
    expect(shape(file)).toEqual(expected);
    if (data !== undefined) expect(file.diagnostics[0]!.data).toEqual(data);
    expectWellFormed(text, file);
  });

  it('keeps only the statements that parsed inside a section', () => {
    const file = parseBlockFile('block "b" {\n  tests {\n    assert x 5\n    assert y > 0\n  }\n  params {\n    a: = 1\n    b: date\n  }\n}');
    const [tests, params] = file.declarations[0]!.members;
    expect(tests!.kind === 'section' && tests!.members.map(keyOf)).toEqual(['assert y']);
    expect(params!.kind === 'section' && params!.members.map(keyOf)).toEqual(['b']);
  });
});
