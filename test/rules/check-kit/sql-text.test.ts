import { describe, expect, it } from 'vitest';
import { stripSqlNoise } from '../../../src/rules/check-kit/sql-text.js';

describe('stripSqlNoise', () => {
  it.each([
    ['line comment', 'SELECT a -- SELECT *\nFROM t', `SELECT a ${' '.repeat(11)}\nFROM t`],
    ['astral characters keep positions', "'😀' -- *", `'  ' ${' '.repeat(4)}`],
    ['block comment', 'SELECT /* * */ a', 'SELECT         a'],
    ['literal', "WHERE x = 'SELECT *'", "WHERE x = '        '"],
    ['escaped quote in literal', "'it''s' || b", "'     ' || b"],
    ['quoted identifier kept', 'SELECT "a--b" FROM t', 'SELECT "a--b" FROM t'],
    ['unterminated comment', 'SELECT a /* open', 'SELECT a        '],
    ['newlines inside comments are kept', '/* a\nb */x', '    \n    x'],
  ])('%s', (_n, input, expected) => {
    const out = stripSqlNoise(input);
    expect(out).toBe(expected);
    expect(out.length).toBe(input.length);
  });

  it('keeps literals when asked', () => {
    expect(stripSqlNoise("x = 'a' -- c", true)).toBe("x = 'a'     ");
  });
});
