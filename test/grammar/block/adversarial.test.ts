import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_PARSE_DIAGNOSTICS, parseBlockFile } from '../../../grammar/block/index.js';
import { codesAt, expectWellFormed, keyOf } from './helpers.js';

const BLOCK = `// svc-format: 1
block "weekly_revenue" {
  domain = "finance"
  status = "certified"               // draft | review | certified
  tags = ["revenue", "kpi"]
  examples = [{ question = "What was revenue last week?" }]
  params {
    since: date = "2024-01-01"
  }
  query = """
    SELECT 1 FROM orders WHERE ordered_at >= \${since}
  """
  visualization { chart = "line"  x = "week_start" }
  tests {
    assert row_count > 0
  }
}
`;

describe('adversarial inputs never throw or hang', () => {
  it('empty file and whitespace', () => {
    for (const text of ['', ' ', '\n\n', '\r\n', '\t']) {
      expect(parseBlockFile(text)).toEqual({ declarations: [], dangling: [], diagnostics: [] });
    }
  });

  it('only comments', () => {
    const file = parseBlockFile('// a\n/* b */ // c\n');
    expect(file.diagnostics).toEqual([]);
    expect(file.dangling.map((c) => c.text)).toEqual(['// a', '/* b */', '// c']);
  });

  it('non-ASCII in strings and comments, with a byte order mark', () => {
    const text = '\uFEFF// résumé ✓\nblock "日本" {\n  a = "😀 café"\n}';
    const file = parseBlockFile(text);
    expect(file.diagnostics).toEqual([]);
    expect(file.declarations[0]!.name).toBe('日本');
  });

  it('CRLF files give the same AST as LF files', () => {
    const lf = parseBlockFile(BLOCK);
    const crlf = parseBlockFile(BLOCK.replace(/\n/g, '\r\n'));
    expect(crlf.diagnostics).toEqual([]);
    expect(crlf.declarations[0]!.members.map(keyOf)).toEqual(lf.declarations[0]!.members.map(keyOf));
    const query = (f: typeof lf) => f.declarations[0]!.members.find((m) => keyOf(m) === 'query');
    expect(query(crlf)).toMatchObject({ value: { value: 'SELECT 1 FROM orders WHERE ordered_at >= ${since}' } });
    expect(query(crlf)!.span.start.line).toBe(query(lf)!.span.start.line);
  });

  it.each(['[', '{'])('100,000 nested %s: one too-deep diagnostic, no stack overflow', (open) => {
    const text = `block "b" {\n  a = ${open.repeat(100_000)}\n}`;
    const file = parseBlockFile(text);
    const codes = file.diagnostics.map((d) => d.code);
    expect(codes.filter((c) => c === 'parse/too-deep')).toHaveLength(1);
    expect(file.diagnostics.find((d) => d.code === 'parse/too-deep')!.data).toEqual({ limit: MAX_DEPTH });
    expectWellFormed(text, file);
  });

  it('balanced deep nesting: the part within the limit is kept', () => {
    const depth = 200;
    const text = `block "b" {\n  a = ${'['.repeat(depth)}${']'.repeat(depth)}\n  b = 1\n}`;
    const file = parseBlockFile(text);
    expect(codesAt(file.diagnostics)).toEqual([`parse/too-deep@2:${7 + MAX_DEPTH - 1}-2:${7 + MAX_DEPTH}`]);
    expect(file.declarations[0]!.members.map(keyOf)).toEqual(['a', 'b']);
  });

  it('a 5 MB file parses completely, in time proportional to its size', () => {
    const quarter = Math.ceil(1_250_000 / BLOCK.length);
    const copies = quarter * 4;
    const large = BLOCK.repeat(copies);
    const small = BLOCK.repeat(quarter);
    expect(large.length).toBeGreaterThanOrEqual(5_000_000);
    const time = (text: string, declarations: number) => {
      let best = Infinity;
      for (let i = 0; i < 2; i++) {
        const start = performance.now();
        const file = parseBlockFile(text);
        best = Math.min(best, performance.now() - start);
        expect(file.diagnostics).toEqual([]);
        expect(file.declarations).toHaveLength(declarations);
      }
      return best;
    };
    time(BLOCK.repeat(50), 50);
    const tSmall = time(small, quarter);
    const tLarge = time(large, copies);
    // Four times the input: linear is ~4x, quadratic ~16x. A loose bound for a busy machine.
    expect(tLarge / tSmall).toBeLessThan(10);
  });

  it('5 MB of one token kind and one long line', () => {
    for (const text of ['a'.repeat(5_000_000), `block "b" { a = "${'x'.repeat(5_000_000)}" }`, '"'.repeat(1_000_001), '/*'.repeat(1000)]) {
      const file = parseBlockFile(text);
      expectWellFormed(text, file);
    }
  });

  it('random bytes: bounded, well-formed diagnostics', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const text = new TextDecoder().decode(bytes);
        const file = parseBlockFile(text);
        expectWellFormed(text, file);
        expect(file.diagnostics.length).toBeLessThanOrEqual(MAX_PARSE_DIAGNOSTICS + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('random mixes of language tokens: never throws', () => {
    const piece = fc.constantFrom(
      'block',
      '"n"',
      '{',
      '}',
      '[',
      ']',
      ',',
      '=',
      ':',
      'a',
      'assert',
      'between',
      'and',
      'is',
      'not',
      'null',
      'in',
      '>=',
      '1',
      '-2.5e3',
      '"""x"""',
      '"""',
      '"',
      '// c\n',
      '/* c */',
      '/*',
      '\n',
      ' ',
      '@',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), (pieces) => {
        const text = pieces.join(' ');
        expectWellFormed(text, parseBlockFile(text));
      }),
      { numRuns: 500 },
    );
  });

  it('a flood of errors is capped with parse/too-many-errors', () => {
    const text = `block "b" {\n${'  a = ;\n'.repeat(500)}}`;
    const file = parseBlockFile(text);
    expect(file.diagnostics).toHaveLength(MAX_PARSE_DIAGNOSTICS + 1);
    expect(file.diagnostics.filter((d) => d.code === 'parse/too-many-errors')).toHaveLength(1);
  });
});
