import { describe, expect, it } from 'vitest';
import { type Assertion, type Member, type ParamDecl, parseBlockFile, type Section } from '../../../grammar/block/index.js';
import { at, keyOf, plain } from './helpers.js';

function membersOf(body: string): Member[] {
  const file = parseBlockFile(`block "t" {\n${body}\n}\n`);
  expect(file.diagnostics).toEqual([]);
  return file.declarations[0]!.members;
}

describe('declarations', () => {
  it('reads keyword, name and spans', () => {
    const file = parseBlockFile('block "weekly_revenue" {\n  a = 1\n}\n\nblock "b" {}\n');
    expect(file.diagnostics).toEqual([]);
    expect(file.declarations.map((d) => [d.keyword, d.name, at(d.span), at(d.nameSpan)])).toEqual([
      ['block', 'weekly_revenue', '1:1-3:2', '1:7-1:23'],
      ['block', 'b', '5:1-5:13', '5:7-5:10'],
    ]);
  });

  it('keeps any declaration keyword', () => {
    const file = parseBlockFile('metric "m" { a = 1 }');
    expect(file.declarations.map((d) => d.keyword)).toEqual(['metric']);
  });

  it('decodes an escaped name', () => {
    expect(parseBlockFile('block "a\\u0062" {}').declarations[0]!.name).toBe('ab');
  });
});

describe('members', () => {
  it('fields with key and value spans', () => {
    const m = membersOf('  domain = "finance"')[0]!;
    expect(m.kind).toBe('field');
    if (m.kind !== 'field') return;
    expect([m.key, at(m.keySpan), at(m.span), plain(m.value)]).toEqual(['domain', '2:3-2:9', '2:3-2:21', 'finance']);
  });

  it('params with and without default', () => {
    const members = membersOf('  params {\n    since: date = "2024-01-01"\n    region: string\n  }');
    const params = (members[0] as Section).members as ParamDecl[];
    expect(params.map((p) => [p.kind, p.name, p.type, plain(p.default), at(p.span), at(p.nameSpan)])).toEqual([
      ['param', 'since', 'date', '2024-01-01', '3:5-3:31', '3:5-3:10'],
      ['param', 'region', 'string', undefined, '4:5-4:19', '4:5-4:11'],
    ]);
    expect(params[1]).not.toHaveProperty('default');
  });

  const assertions: Array<[string, string, string, unknown, unknown]> = [
    ['assert row_count > 0', 'row_count', '>', 0, undefined],
    ['assert a < 1', 'a', '<', 1, undefined],
    ['assert a >= -1.5', 'a', '>=', -1.5, undefined],
    ['assert a <= 1e3', 'a', '<=', 1000, undefined],
    ['assert a == "x"', 'a', '==', 'x', undefined],
    ['assert a != null', 'a', '!=', null, undefined],
    ['assert state in ["a", "b"]', 'state', 'in', ['a', 'b'], undefined],
    ['assert state not in ["c"]', 'state', 'not in', ['c'], undefined],
    ['assert amount between 0 and 100', 'amount', 'between', 0, 100],
    ['assert id is null', 'id', 'is null', undefined, undefined],
    ['assert id is not null', 'id', 'is not null', undefined, undefined],
    ['assert in in [1]', 'in', 'in', [1], undefined],
  ];
  it.each(assertions)('%s', (text, subject, op, value, value2) => {
    const [m] = membersOf(`  tests {\n    ${text}\n  }`);
    const a = (m as Section).members[0] as Assertion;
    expect([a.kind, a.subject, a.op, plain(a.value), plain(a.value2)]).toEqual(['assert', subject, op, value, value2]);
    expect(at(a.span)).toBe(`3:5-3:${5 + text.length}`);
    expect(at(a.subjectSpan)).toBe(`3:12-3:${12 + subject.length}`);
  });

  it('several members on one line', () => {
    const [m] = membersOf('  visualization { chart = "line"  x = "week_start"  y = "revenue" }');
    const section = m as Section;
    expect([section.name, at(section.nameSpan), at(section.span)]).toEqual(['visualization', '2:3-2:16', '2:3-2:68']);
    expect(section.members.map((f) => [keyOf(f), f.kind === 'field' && plain(f.value)])).toEqual([
      ['chart', 'line'],
      ['x', 'week_start'],
      ['y', 'revenue'],
    ]);
  });

  it('any section name, nested sections and keyword-like keys', () => {
    const members = membersOf('  _proposed { asked_times = 3 }\n  filterBindings { region { column = "state" } }\n  assert = 1\n  null = 2\n  in { }');
    expect(members.map((m) => [m.kind, keyOf(m)])).toEqual([
      ['section', '_proposed'],
      ['section', 'filterBindings'],
      ['field', 'assert'],
      ['field', 'null'],
      ['section', 'in'],
    ]);
    const nested = (members[1] as Section).members[0] as Section;
    expect([nested.kind, nested.name, keyOf(nested.members[0]!)]).toEqual(['section', 'region', 'column']);
  });

  it('the design example parses completely', () => {
    const members = membersOf(DESIGN_BODY);
    expect(members.map(keyOf)).toEqual(['domain', 'status', 'tags', 'examples', 'params', 'query', 'visualization', 'tests']);
  });
});

const DESIGN_BODY = `  domain = "finance"
  status = "certified"               // draft | review | certified
  tags = ["revenue", "kpi"]
  examples = [{ question = "What was revenue last week?" }]
  params {
    since: date = "2024-01-01"
    top_n: number = 10               // a limit parameter takes a question's top-N
    region: string                   // no default: required
  }
  query = """
    SELECT 1 FROM orders WHERE ordered_at >= \${since} LIMIT \${top_n}
  """
  visualization { chart = "line"  x = "week_start"  y = "revenue" }
  tests {
    assert row_count > 0
    assert revenue >= 0              // every row
  }`;
