/**
 * The direct reading (direct-parse.ts) builds what the grammar (parser.ts) builds: on every text
 * it accepts, the same declarations (every node, span and decoded value) and the same
 * diagnostics; and it accepts no text the grammar reports a parse error in. Texts are block files
 * drawn from the grammar's own shapes (fields, params, assertions, sections, arrays and objects
 * with every separator), then damaged by dropping or inserting a piece, so both sides of the line
 * the direct reading draws are visited; the fixture projects are read both ways as well.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDirect } from '../../../grammar/block/direct-parse.js';
import { BlockParser } from '../../../grammar/block/index.js';
import { lexBlockText } from '../../../grammar/block/lexer.js';
import { Reporter } from '../../../grammar/block/reporter.js';

const grammar = new BlockParser(false);

function viaGrammar(text: string) {
  const reporter = new Reporter(text, 'f.svc');
  const { tokens } = lexBlockText(text, reporter);
  const declarations = grammar.parseTokens(tokens, reporter);
  return { declarations, diagnostics: reporter.diagnostics() };
}

/** The direct reading, or undefined where it leaves the file to the grammar. */
function viaDirect(text: string) {
  const reporter = new Reporter(text, 'f.svc');
  const { tokens } = lexBlockText(text, reporter);
  if (!reporter.isEmpty()) return undefined;
  const declarations = parseDirect(tokens, reporter);
  return declarations === undefined ? undefined : { declarations, diagnostics: reporter.diagnostics() };
}

const KEY = fc.constantFrom('domain', 'query', 'x', 'assert', 'in', 'null', 'true', 'not', 'is', 'between', 'and', '_k1');
const SCALAR = fc.constantFrom(
  '"a"',
  '"a\\nb"',
  '"bad \\q escape"',
  '""',
  '"""\n  SELECT 1\n    FROM t\n  """',
  '""""""',
  '0',
  '-1.5e3',
  '42',
  'true',
  'false',
  'null',
);
const GAP = fc.constantFrom(' ', '\n', '  ', ' // note\n', ' /* c */ ', '\r\n');
const SEP = fc.constantFrom(', ', ' ', ',', '\n', ' , ');

const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, SCALAR, tie('array'), tie('object')),
  array: fc.tuple(fc.array(fc.tuple(tie('value'), SEP), { maxLength: 4 }), fc.boolean()).map(([items, trailing]) => list('[', ']', items, trailing)),
  object: fc.tuple(fc.array(fc.tuple(KEY, tie('value'), SEP), { maxLength: 3 }), fc.boolean()).map(([entries, trailing]) =>
    list(
      '{',
      '}',
      entries.map(([k, v, s]) => [`${k} = ${v}`, s] as [string, string]),
      trailing,
    ),
  ),
}));

function list(open: string, close: string, items: [string, string][], trailing: boolean): string {
  const body = items.map(([item, sep], i) => (i === items.length - 1 ? item + (trailing ? ',' : '') : item + sep)).join('');
  return `${open}${body}${close}`;
}

const ASSERTION = fc.oneof(
  fc.tuple(KEY, fc.constantFrom('>', '>=', '<', '<=', '==', '!='), value).map(([s, op, v]) => `assert ${s} ${op} ${v}`),
  fc.tuple(KEY, fc.constantFrom('in', 'not in'), value).map(([s, op, v]) => `assert ${s} ${op} ${v}`),
  fc.tuple(KEY, value, value).map(([s, a, b]) => `assert ${s} between ${a} and ${b}`),
  fc.tuple(KEY, fc.constantFrom('is null', 'is not null')).map(([s, op]) => `assert ${s} ${op}`),
);
const LEAF = fc.oneof(
  fc.tuple(KEY, value).map(([k, v]) => `${k} = ${v}`),
  fc.tuple(KEY, KEY).map(([k, t]) => `${k}: ${t}`),
  fc.tuple(KEY, KEY, value).map(([k, t, v]) => `${k}: ${t} = ${v}`),
  ASSERTION,
);
const MEMBER = fc.oneof(
  { weight: 4, arbitrary: LEAF },
  {
    weight: 1,
    arbitrary: fc.tuple(KEY, fc.array(fc.tuple(LEAF, GAP), { maxLength: 3 })).map(([k, ms]) => `${k} {${ms.map(([m, g]) => ` ${m}${g}`).join('')}}`),
  },
);
const FILE = fc
  .array(
    fc.tuple(
      fc.constantFrom('block', 'app', 'true'),
      fc.constantFrom('"n"', '"a\\tb"', '"""t"""', '"bad\\x"'),
      fc.array(fc.tuple(MEMBER, GAP), { maxLength: 5 }),
    ),
    { maxLength: 3 },
  )
  .map((decls) => decls.map(([kw, name, ms]) => `${kw} ${name} {\n${ms.map(([m, g]) => `  ${m}${g}`).join('')}}\n`).join(''));

const DAMAGE = ['', '{', '}', '[', ']', ',', ',,', '=', ':', 'x', '"', '"""', '/*', '>', 'not', '@', '1', 'assert'];

/** A file, sometimes with one piece cut out or put in. */
const TEXT = fc.tuple(FILE, fc.nat(), fc.nat(), fc.constantFrom(...DAMAGE), fc.constantFrom('keep', 'cut', 'insert')).map(([text, at, length, piece, how]) => {
  if (how === 'keep' || text.length === 0) return text;
  const i = at % text.length;
  return how === 'cut' ? text.slice(0, i) + text.slice(i + 1 + (length % 3)) : text.slice(0, i) + piece + text.slice(i);
});

describe('the direct reading of block files', () => {
  it('reads every text it accepts as the grammar does, and accepts none the grammar reports a parse error in', () => {
    let accepted = 0;
    let left = 0;
    fc.assert(
      fc.property(TEXT, (text) => {
        const direct = viaDirect(text);
        const reference = viaGrammar(text);
        if (direct === undefined) left++;
        else {
          accepted++;
          expect(direct).toEqual(reference);
          expect(reference.diagnostics.filter((d) => d.code !== 'parse/invalid-escape')).toEqual([]);
        }
      }),
      { numRuns: 3_000 },
    );
    // Both sides of the line are visited, not one.
    expect(accepted).toBeGreaterThan(500);
    expect(left).toBeGreaterThan(500);
  });

  it('reads the fixture projects as the grammar does, and accepts nearly all of them', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.svc')) files.push(p);
      }
    };
    walk(join(import.meta.dirname, '../../../fixtures'));
    let accepted = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const direct = viaDirect(text);
      if (direct === undefined) continue;
      accepted++;
      expect(direct, f).toEqual(viaGrammar(text));
    }
    expect(files.length).toBeGreaterThan(10);
    expect(accepted).toBeGreaterThan(files.length * 0.9);
  });
});
