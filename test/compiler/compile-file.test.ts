/**
 * compileSourceText on one block file: the findings about the file itself (no block in it, a
 * certified block left in _drafts, a companion that does not read, a query no reader can read),
 * each with its code, file and place.
 */
import { describe, expect, it } from 'vitest';
import { compileSourceText } from '../../src/compiler/project/compile-file.js';
import { blockSource } from '../helpers/project.js';

const CONTRACTS = { loaded: false, path: '', keys: new Set<string>() };

function compile(text: string, opts: { inDrafts?: boolean; companion?: string } = {}) {
  const path = opts.inDrafts ? 'domains/sales/blocks/_drafts/b.svc' : 'domains/sales/blocks/b.svc';
  const env = { driverOf: () => 'sqlite', contracts: CONTRACTS, readCompanion: () => opts.companion };
  return compileSourceText({ path, layout: 'domains', inDrafts: opts.inDrafts ?? false, folderDomain: 'sales' }, text, env);
}

const found = (r: ReturnType<typeof compile>) => r.diagnostics.map((d) => [d.code, d.severity, d.file, d.span?.start.line]);

describe('compileSourceText', () => {
  it('warns about a file that declares no block', () => {
    expect(found(compile('// nothing here yet\n'))).toEqual([['compile/no-blocks-in-file', 'warning', 'domains/sales/blocks/b.svc', undefined]]);
  });

  it('warns about a certified block still in a drafts folder, at its name', () => {
    const r = compile(blockSource('b', { status: '"certified"' }), { inDrafts: true });
    expect(found(r)).toContainEqual(['compile/certified-in-drafts', 'warning', 'domains/sales/blocks/_drafts/b.svc', 1]);
    expect(r.diagnostics.find((d) => d.code === 'compile/certified-in-drafts')?.data).toEqual({ block: 'sales.b' });
  });

  it.each([
    ['YAML that does not parse', 'reviewStatus: [draft\n', /./],
    ['YAML that is not a mapping', '- one\n- two\n', /^expected a mapping of fields$/],
  ])('reports a companion of %s', (_, companion, problem) => {
    const r = compile(blockSource('b'), { companion });
    const d = r.diagnostics.find((x) => x.code === 'compile/companion-invalid');
    expect(d).toMatchObject({ severity: 'error', file: 'semantic-layer/blocks/sales/b.yaml' });
    expect(String(d?.data?.['problem'])).toMatch(problem);
  });

  it('warns, with the reader’s reason, about a query neither the lexer nor the parser can read', () => {
    // A look-alike character: engines read it differently, so the lexer refuses, and so does the parser.
    const r = compile(blockSource('b', { query: '"SELECT a FROM t WHERE b = \u2018x\u2019"' }));
    const d = r.diagnostics.find((x) => x.code === 'compile/sql-unreadable');
    expect(d).toMatchObject({ severity: 'warning', file: 'domains/sales/blocks/b.svc', data: { block: 'sales.b', reason: 'confusable-character' } });
    expect(r.blocks[0]?.tables).toEqual([]);
  });
});
