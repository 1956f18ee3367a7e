import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../../grammar/block/index.js';
import { at, attachments } from './helpers.js';

describe('comment attachment', () => {
  const cases: Array<[string, string, string[]]> = [
    ['header comment leads the declaration', '// svc-format: 1\nblock "b" {}', ['b leading // svc-format: 1']],
    ['end-of-line comment trails the field, not its value', 'block "b" {\n  a = 1 // one\n}', ['b.a trailing // one']],
    [
      'comment lines lead the next member',
      'block "b" {\n  a = 1\n  // about b\n  /* more */\n  b = 2\n}',
      ['b.b leading // about b', 'b.b leading /* more */'],
    ],
    ['comment on the opening line leads the first member', 'block "b" { // hi\n  a = 1\n}', ['b.a leading // hi']],
    ['comments before the closing brace dangle', 'block "b" {\n  a = 1\n  // end\n}', ['b dangling // end']],
    ['empty block keeps its comment', 'block "b" {\n  // nothing yet\n}', ['b dangling // nothing yet']],
    ['after the last declaration: file dangling', 'block "b" {}\n// bye', ['file dangling // bye']],
    ['same line after a closing brace trails the declaration', 'block "b" {} // done', ['b trailing // done']],
    ['between key and value leads the value', 'block "b" {\n  a = /* inline */ 1\n}', ['b.a= leading /* inline */']],
    [
      'array items: leading, trailing and dangling',
      'block "b" {\n  a = [\n    // first\n    1, // one\n    2 /* two */,\n    // end\n  ]\n}',
      ['b.a=[0] leading // first', 'b.a=[0] trailing // one', 'b.a=[1] trailing /* two */', 'b.a= dangling // end'],
    ],
    ['inline block comment between members trails the first', 'block "b" { a = 1 /* x */ b = 2 }', ['b.a trailing /* x */']],
    ['inside a section', 'block "b" {\n  tests {\n    assert x > 0 // positive\n  }\n}', ['b.tests.assert:x trailing // positive']],
    ['param without default keeps an inner comment', 'block "b" {\n  p {\n    a: /* t */ date\n  }\n}', ['b.p.a trailing /* t */']],
    ['assertion operand comment', 'block "b" {\n  t {\n    assert x between 1 /* lo */ and 2\n  }\n}', ['b.t.assert:x#1 trailing /* lo */']],
    ['multi-line block comment trails when it starts on the line', 'block "b" {\n  a = 1 /* x\n  y */\n  b = 2\n}', ['b.a trailing /* x\n  y */']],
    ['comments only', '// a\n/* b */\n', ['file dangling // a', 'file dangling /* b */']],
  ];

  it.each(cases)('%s', (_name, text, expected) => {
    const file = parseBlockFile(text);
    expect(file.diagnostics).toEqual([]);
    expect(attachments(file)).toEqual(expected);
  });

  it('comments carry their kind, exact text and span', () => {
    const file = parseBlockFile('block "b" {\n  a = 1 // one\n}\n/* two\n */');
    expect(file.declarations[0]!.members[0]!.trailing.map((c) => [c.kind, c.text, at(c.span)])).toEqual([['line', '// one', '2:9-2:15']]);
    expect(file.dangling.map((c) => [c.kind, c.text, at(c.span)])).toEqual([['block', '/* two\n */', '4:1-5:4']]);
  });

  it('a line comment ends before CR of a CRLF line', () => {
    const file = parseBlockFile('block "b" {\r\n  a = 1 // one\r\n}\r\n');
    expect(file.declarations[0]!.members[0]!.trailing[0]!.text).toBe('// one');
  });
});
