// A block's query as code (query-code.ts): comments and string contents blanked with every offset
// kept, placeholders kept where they stand, and a query the lexer cannot read taken as written.
import { describe, expect, it } from 'vitest';
import { queryCode } from '../../src/ask/query-code.js';
import type { CompiledBlock } from '../../src/compiler/types.js';

const block = (query: string, dialect = 'sqlite'): CompiledBlock => ({ id: 'd.b', query, dialect, params: [] }) as unknown as CompiledBlock;

describe('queryCode', () => {
  it.each<[string, string, string, string]>([
    ['a line comment', 'sqlite', 'SELECT a -- resolved_on\nFROM t', `SELECT a${' '.repeat(15)}\nFROM t`],
    ['a block comment', 'postgresql', 'SELECT /* opened_at */ a FROM t', 'SELECT                 a FROM t'],
    ['a string', 'sqlite', "SELECT a FROM t WHERE s = 'closed_on'", "SELECT a FROM t WHERE s = '         '"],
    ['a placeholder in a string', 'sqlite', "SELECT a FROM t WHERE s LIKE '${x}%'", "SELECT a FROM t WHERE s LIKE '${x} '"],
    ['a placeholder as code', 'sqlite', 'SELECT a FROM t WHERE d >= ${ since }', 'SELECT a FROM t WHERE d >= ${ since }'],
    ['a quoted name stays', 'sqlite', 'SELECT "closed_on" FROM t', 'SELECT "closed_on" FROM t'],
    ['an unclosed string is read as written', 'sqlite', "SELECT 'a FROM t -- x", "SELECT 'a FROM t -- x"],
  ])('%s', (_name, dialect, query, code) => {
    const read = queryCode(block(query, dialect));
    expect(read).toBe(code);
    expect(read.length).toBe(query.length);
  });
});
