import { describe, expect, it } from 'vitest';
import { formatText } from '../../../src/compiler/format/index.js';

/** Formats text that must parse cleanly; also checks the result is a fixed point. */
function fmt(text: string): string {
  const result = formatText(text);
  expect(result.diagnostics).toEqual([]);
  const output = result.output!;
  expect(formatText(output).output).toBe(output);
  return output;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('canonical layout', () => {
  const cases: Array<[string, string, string]> = [
    ['empty file', '', ''],
    ['only comments', '  // a\n\n\n/* b */  ', lines('// a', '/* b */')],
    ['empty block', 'block   "x"{   }', lines('block "x" {}')],
    ['members one per line, 2-space indent', 'block "x" { a = 1 b = "s"   c=true }', lines('block "x" {', '  a = 1', '  b = "s"', '  c = true', '}')],
    ['declarations apart by one blank line', 'block "a" {}\n\n\n\nblock "b" {}', lines('block "a" {}', '', 'block "b" {}')],
    [
      'raw literal text is kept',
      'block "x" { a = 1.50  b = "caf\\u00e9" c = -2E3 }',
      lines('block "x" {', '  a = 1.50', '  b = "caf\\u00e9"', '  c = -2E3', '}'),
    ],
    ['short arrays on one line, commas normalised', 'block "x" {\n a = [\n 1\n 2,\n ]\n}', lines('block "x" {', '  a = [1, 2]', '}')],
    [
      'long arrays one item per line',
      `block "x" { a = ["${'a'.repeat(35)}", "${'b'.repeat(35)}", "c"] }`,
      lines('block "x" {', '  a = [', `    "${'a'.repeat(35)}",`, `    "${'b'.repeat(35)}",`, '    "c"', '  ]', '}'),
    ],
    [
      'arrays with comments one item per line',
      'block "x" { a = [1, // one\n 2] }',
      lines('block "x" {', '  a = [', `${'    1,'.padEnd(37)}// one`, '    2', '  ]', '}'),
    ],
    ['inline objects', 'block "x" { e = [{question="q"  sql = "s"}] o = {} }', lines('block "x" {', '  e = [{ question = "q", sql = "s" }]', '  o = {}', '}')],
    [
      'short plain section on one line',
      'block "x" {\n  visualization {\n chart = "line"\n x = "w" }\n}',
      lines('block "x" {', '  visualization { chart = "line"  x = "w" }', '}'),
    ],
    [
      'sections of statements expanded',
      'block "x" { params { a: date = "d"  b: string } tests { assert x > 0 assert y is not null } }',
      lines('block "x" {', '  params {', '    a: date = "d"', '    b: string', '  }', '  tests {', '    assert x > 0', '    assert y is not null', '  }', '}'),
    ],
    [
      'all assertion forms',
      'block "x" { t { assert a in [1,2] assert b not in ["x"] assert c between 1 and 2 assert d is null assert e != "z" } }',
      lines(
        'block "x" {',
        '  t {',
        '    assert a in [1, 2]',
        '    assert b not in ["x"]',
        '    assert c between 1 and 2',
        '    assert d is null',
        '    assert e != "z"',
        '  }',
        '}',
      ),
    ],
    [
      'trailing comments aligned at column 38',
      'block "x" {\n  status = "draft" // why\n  a_very_long_key_name_here = "and a long value" // c\n}',
      lines('block "x" {', '  status = "draft"                   // why', '  a_very_long_key_name_here = "and a long value" // c', '}'),
    ],
    [
      'triple strings re-indented',
      'block "x" {\n        query = """\n   SELECT 1\n     FROM t\n             """\n}',
      lines('block "x" {', '  query = """', '    SELECT 1', '      FROM t', '  """', '}'),
    ],
    ['one-line triple string', 'block "x" { q = """   SELECT 1   """ }', lines('block "x" {', '  q = """ SELECT 1 """', '}')],
    ['comments inside values stay inside', 'block "x" { a = /* why */ 1 }', lines('block "x" {', '  a = /* why */ 1', '}')],
    ['line comment before a value keeps the value on the next line', 'block "x" {\n  a = // why\n  1\n}', lines('block "x" {', '  a = // why', '    1', '}')],
    ['CRLF input gives LF output', 'block "x" {\r\n  a = 1\r\n}\r\n', lines('block "x" {', '  a = 1', '}')],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(fmt(input)).toBe(expected);
  });
});

describe('formatText', () => {
  it('refuses text with parse errors and returns them', () => {
    const result = formatText('block "x" {\n  a "x"\n}', 'blocks/x.svc');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['parse/unexpected-token', 'blocks/x.svc']]);
  });

  it('keeps unknown fields and sections', () => {
    expect(fmt('block "x" { colour = "red" widget { size = 3 } }')).toBe(lines('block "x" {', '  colour = "red"', '  widget { size = 3 }', '}'));
  });
});

describe('snapshots', () => {
  it('the design example', () => {
    expect(fmt(DESIGN)).toMatchSnapshot();
  });

  it('a messy file with comments everywhere', () => {
    expect(fmt(MESSY)).toMatchSnapshot();
  });
});

const DESIGN = `// svc-format: 1
block "weekly_revenue" {
  domain = "finance"
  status = "certified"               // draft | review | certified | pending_recertification | deprecated | retired
  description = "Net revenue per ISO week from completed orders."
  owner = "finance-analytics@acme.test"
  tags = ["revenue", "kpi"]
  examples = [{ question = "What was revenue last week?" }]
  params {
    since: date = "2024-01-01"
    top_n: number = 10               // a limit parameter takes a question's top-N
    region: string                   // no default: required
  }
  query = """
    SELECT date(ordered_at, 'weekday 1', '-7 days') AS week_start, SUM(amount) AS revenue
    FROM orders WHERE status = 'completed' AND ordered_at >= \${since}
    GROUP BY 1 ORDER BY 1 DESC LIMIT \${top_n}
  """
  visualization { chart = "line"  x = "week_start"  y = "revenue" }
  tests {
    assert row_count > 0
    assert revenue >= 0              // every row
  }
}

block "orders_by_state" {
  domain = "sales"
  _proposed {
    asked_at = "2026-11-21T10:00:00Z"
    asked_times = 3
    contract_id = "sales.Order.orders_by_state"
  }
  query = """ SELECT state, COUNT(*) AS orders FROM orders GROUP BY state """
}
`;

const MESSY = `/* file header */ block "m" { // opening
a=1/*one*/ b = [ // list
"x" , /* between */ "y" // after y
// before end
] tests{assert v between /* lo */ 0 and 10 // range
} params { p : date /* type */ }
      q = """
          indented
              more
      """ // after query
  empty { /* nothing */ }
} // closing
// the end
`;
