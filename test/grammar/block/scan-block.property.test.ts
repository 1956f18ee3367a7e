/**
 * The .svc scanner reads as the Chevrotain lexer built from tokens.ts (its reference
 * definition): the same tokens with every position, the same comments, the same dropped runs.
 * Texts are drawn from the pieces where lexers differ: quotes, escapes, comment openers and
 * closers, line breaks (\n, \r\n, \r alone), Unicode spaces, keywords inside identifiers,
 * numbers with signs, fractions and exponents, operators, and characters nothing matches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockLexer } from '../../../grammar/block/index.js';
import { scanBlock } from '../../../grammar/block/scan-block.js';

const PIECES = [
  'block',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '"',
  '"""',
  '\\',
  '\\"',
  '/',
  '//',
  '/*',
  '*/',
  '*',
  'true',
  'trueish',
  'in',
  'int',
  'is',
  'not',
  'nothing',
  'and',
  'between',
  'null',
  'false',
  'x',
  '_a1',
  'é',
  '@',
  '#',
  '$',
  '-',
  '-1',
  '12',
  '1.5',
  '1.',
  '.5',
  '1e9',
  '2E-3',
  '3e',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '=',
  '==',
  '!=',
  '!',
  '>',
  '>=',
  '<',
  '<=',
  'description = "a"',
  'query = """\nSELECT 1\n"""',
  '😀',
];

function viaChevrotain(text: string) {
  const r = blockLexer().tokenize(text);
  const strip = (t: Record<string, unknown>) => ({
    image: t['image'],
    startOffset: t['startOffset'],
    endOffset: t['endOffset'],
    startLine: t['startLine'],
    endLine: t['endLine'],
    startColumn: t['startColumn'],
    endColumn: t['endColumn'],
    type: (t['tokenType'] as { name: string }).name,
  });
  return {
    tokens: r.tokens.map((t) => strip(t as never)),
    comments: (r.groups['comments'] ?? []).map((t) => strip(t as never)),
    errors: r.errors.map((e) => ({ offset: e.offset, length: e.length, line: e.line, column: e.column })),
  };
}

function viaScanner(text: string) {
  const r = scanBlock(text);
  const strip = (t: Record<string, unknown>) => ({
    image: t['image'],
    startOffset: t['startOffset'],
    endOffset: t['endOffset'],
    startLine: t['startLine'],
    endLine: t['endLine'],
    startColumn: t['startColumn'],
    endColumn: t['endColumn'],
    type: (t['tokenType'] as { name: string }).name,
  });
  return { tokens: r.tokens.map((t) => strip(t as never)), comments: r.comments.map((t) => strip(t as never)), errors: r.errors };
}

describe('scanBlock', () => {
  it('reads as the Chevrotain lexer of tokens.ts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join('')),
        (text) => {
          expect(viaScanner(text)).toEqual(viaChevrotain(text));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('reads the fixture projects as the Chevrotain lexer does', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.svc')) files.push(p);
      }
    };
    walk(join(import.meta.dirname, '../../../fixtures'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(viaScanner(text), f).toEqual(viaChevrotain(text));
    }
  });
});
