import { describe, expect, it } from 'vitest';
import { type Field, parseBlockFile, type StringValue, type Value } from '../../../grammar/block/index.js';
import { at, plain } from './helpers.js';

/** Parses `block "t" { v = <text> }` and returns the value of v. */
function valueOf(text: string): Value {
  const file = parseBlockFile(`block "t" {\n  v = ${text}\n}\n`);
  expect(file.diagnostics).toEqual([]);
  const field = file.declarations[0]!.members[0] as Field;
  return field.value;
}

describe('scalar values', () => {
  const cases: Array<[string, string, unknown]> = [
    ['"plain"', 'string', 'plain'],
    ['""', 'string', ''],
    ['"tab\\tnl\\nq\\"bs\\\\sl\\/"', 'string', 'tab\tnl\nq"bs\\sl/'],
    ['"\\u00e9\\u20AC"', 'string', 'é€'],
    ['"\\b\\f\\r"', 'string', '\b\f\r'],
    ['"non-ASCII ✓ 日本 😀"', 'string', 'non-ASCII ✓ 日本 😀'],
    ['0', 'number', 0],
    ['42', 'number', 42],
    ['-7', 'number', -7],
    ['3.25', 'number', 3.25],
    ['-0.5', 'number', -0.5],
    ['1e3', 'number', 1000],
    ['2.5E-2', 'number', 0.025],
    ['6e+2', 'number', 600],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['null', 'null', null],
  ];
  it.each(cases)('%s is a %s', (text, kind, expected) => {
    const v = valueOf(text);
    expect(v.kind).toBe(kind);
    expect(plain(v)).toEqual(expected);
    if (v.kind === 'string' || v.kind === 'number') expect(v.raw).toBe(text);
  });
});

describe('triple strings', () => {
  const cases: Array<[string, string, string]> = [
    ['content lines dedented, first and last blank lines dropped', '"""\n    SELECT 1\n      FROM t\n  """', 'SELECT 1\n  FROM t'],
    ['one line, blanks around trimmed', '""" SELECT state FROM orders """', 'SELECT state FROM orders'],
    ['empty', '""""""', ''],
    ['blank inner lines become empty', '"""\n    a\n\n    b\n  """', 'a\n\nb'],
    ['whitespace-only inner line becomes empty', '"""\n    a\n       \n    b\n  """', 'a\n\nb'],
    ['text after the opening quotes does not count for indentation', '"""first\n      second\n    third\n  """', 'first\n  second\nthird'],
    ['CRLF becomes LF', '"""\r\n    a\r\n    b\r\n  """', 'a\nb'],
    ['no escapes in raw strings', '"""\n  a\\nb "quoted"\n"""', 'a\\nb "quoted"'],
    ['closing quotes on the last content line', '"""\n    a\n    b"""', 'a\nb'],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const v = valueOf(text) as StringValue;
    expect(v.triple).toBe(true);
    expect(v.value).toBe(expected);
    expect(v.raw).toBe(text);
  });
});

describe('arrays and inline objects', () => {
  const cases: Array<[string, unknown]> = [
    ['[]', []],
    ['["a", "b"]', ['a', 'b']],
    ['["a", "b",]', ['a', 'b']],
    ['["a" "b"]', ['a', 'b']],
    ['[\n    "a"\n    "b"\n  ]', ['a', 'b']],
    ['[\n    "a",\n    "b",\n  ]', ['a', 'b']],
    ['[1, [2, [3, []]], true, null]', [1, [2, [3, []]], true, null]],
    ['{}', {}],
    ['{ question = "q" }', { question: 'q' }],
    ['{ a = 1, b = 2, }', { a: 1, b: 2 }],
    ['{ a = 1  b = 2 }', { a: 1, b: 2 }],
    ['{\n    a = 1\n    b = [1, 2]\n  }', { a: 1, b: [1, 2] }],
    ['[{ question = "x" }, { question = "y" }]', [{ question: 'x' }, { question: 'y' }]],
    ['{ true = 1, in = 2 }', { true: 1, in: 2 }],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(plain(valueOf(text))).toEqual(expected);
  });

  it('spans cover the brackets', () => {
    const v = valueOf('[1, { a = 2 }]');
    expect(at(v.span)).toBe('2:7-2:21');
    if (v.kind !== 'array') throw new Error('array expected');
    expect(v.items.map((i) => at(i.span))).toEqual(['2:8-2:9', '2:11-2:20']);
  });

  it('spans of multi-line strings end on their last line', () => {
    expect(at(valueOf('"""\n    x\n  """').span)).toBe('2:7-4:6');
  });
});

describe('column declarations', () => {
  it('reads a dimension no sum may cross beside the additivity of a measure, as inline objects of the general shape', () => {
    const file = parseBlockFile('block "t" {\n  columns {\n    day = { nonAdditive = true }\n    qty = { additive = ["site"] }\n  }\n}\n');
    expect(file.diagnostics).toEqual([]);
    const section = file.declarations[0]!.members[0] as unknown as { members: Field[] };
    expect(section.members.map((f) => [f.key, plain(f.value)])).toEqual([
      ['day', { nonAdditive: true }],
      ['qty', { additive: ['site'] }],
    ]);
  });
});
