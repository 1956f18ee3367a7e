/**
 * parseBlockFile never throws: a bug inside the reader (here, a lexer made to fail on one text)
 * comes back as `parse/internal-error` at the start of the file, and the next file parses as
 * usual with a parser built again.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseBlockFile } from '../../../grammar/block/parse.js';

const BROKEN = 'block "boom" { }\n';

vi.mock('../../../grammar/block/lexer.js', async (original) => {
  const actual = await original<typeof import('../../../grammar/block/lexer.js')>();
  return {
    ...actual,
    lexBlockText: (text: string, ...rest: unknown[]) => {
      if (text === BROKEN) throw new Error('the lexer broke');
      return (actual.lexBlockText as (...args: unknown[]) => unknown)(text, ...rest);
    },
  };
});

describe('a failure inside the parser', () => {
  it('is the diagnostic parse/internal-error, never a throw', () => {
    const parsed = parseBlockFile(BROKEN, 'domains/x/blocks/boom.svc');
    expect(parsed.declarations).toEqual([]);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ code: 'parse/internal-error', severity: 'error', file: 'domains/x/blocks/boom.svc', data: { problem: 'the lexer broke' } }),
    ]);
    expect(parsed.diagnostics[0]?.span?.start).toEqual({ offset: 0, line: 1, column: 1 });
  });

  it('leaves the next file to parse as usual', () => {
    const parsed = parseBlockFile('block "ok" {\n  domain = "x"\n}\n');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.declarations).toHaveLength(1);
  });
});
