import { describe, expect, it } from 'vitest';
import { BlockParser, blockLexer, parseBlockFile } from '../../../grammar/block/index.js';
import { at, codesAt, expectWellFormed } from './helpers.js';

describe('grammar definitions', () => {
  it('pass Chevrotain validation (production skips it for speed)', () => {
    expect(() => blockLexer(true)).not.toThrow();
    expect(() => new BlockParser(true)).not.toThrow();
  });
});

describe('lexical diagnostics', () => {
  const cases: Array<{ name: string; text: string; expected: string[]; data?: Record<string, unknown>[] }> = [
    {
      name: 'unterminated string stops at the end of its line',
      text: 'block "x" {\n  a = "abc\n  b = 1\n}',
      expected: ['parse/unterminated-string@2:7-2:11'],
    },
    {
      name: 'unterminated triple string runs to the end of the file',
      text: 'block "x" {\n  q = """\n  SELECT 1\n}',
      expected: ['parse/unterminated-string@2:7-4:2', 'parse/unexpected-token@4:2-4:2'],
    },
    {
      name: 'unterminated block comment',
      text: 'block "x" { a = 1 }\n/* never closed',
      expected: ['parse/unterminated-comment@2:1-2:16'],
    },
    {
      name: 'invalid character',
      text: 'block "x" { a = 1 @ }',
      expected: ['parse/invalid-character@1:19-1:20'],
      data: [{ char: '"@"' }],
    },
    {
      name: 'a run of invalid characters is one diagnostic',
      text: 'block "x" { a = 1 ;;; }',
      expected: ['parse/invalid-character@1:19-1:22'],
      data: [{ char: '";;;"' }],
    },
    {
      name: 'invalid escape points at the escape',
      text: 'block "x" { a = "x\\qy" }',
      expected: ['parse/invalid-escape@1:19-1:21'],
      data: [{ escape: '\\q' }],
    },
    {
      name: 'short \\u escape',
      text: 'block "x" { a = "\\u12" }',
      expected: ['parse/invalid-escape@1:18-1:22'],
      data: [{ escape: '\\u12' }],
    },
    {
      name: 'non-ASCII character outside strings',
      text: 'block "x" { café = 1 }',
      expected: ['parse/invalid-character@1:16-1:17'],
    },
  ];

  it.each(cases)('$name', ({ text, expected, data }) => {
    const file = parseBlockFile(text, 'blocks/x.svc');
    expect(codesAt(file.diagnostics)).toEqual(expected);
    if (data !== undefined) expect(file.diagnostics.map((d) => d.data)).toEqual(data);
    for (const d of file.diagnostics) expect(d.file).toBe('blocks/x.svc');
    expectWellFormed(text, file);
  });

  it('keeps the field of an unterminated string with the text up to the line end', () => {
    const file = parseBlockFile('block "x" {\n  a = "abc\n  b = 1\n}');
    const members = file.declarations[0]!.members;
    expect(members.map((m) => (m.kind === 'field' ? [m.key, m.value.kind === 'string' && m.value.value] : m.kind))).toEqual([
      ['a', 'abc'],
      ['b', false],
    ]);
  });

  it('counts lines by \\n only, so CRLF files get the same lines and columns', () => {
    const lf = 'block "x" {\n  a = @\n}\n';
    const crlf = lf.replace(/\n/g, '\r\n');
    const spans = (t: string) => parseBlockFile(t).diagnostics.map((d) => at(d.span).replace(/-.*/, ''));
    expect(spans(crlf)).toEqual(spans(lf));
    expect(spans(lf)).toEqual(['2:7']);
  });
});
