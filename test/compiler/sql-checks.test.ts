/**
 * A block's query is checked offline as it compiles: it must begin as a read, balance its
 * parentheses, close its strings, and not end on a word that needs more. Each finding lands on
 * the line and column of the block file where the problem is, through the dedent of the
 * `"""` string and any `${param}` before it. Also through `svc lint`, as a child process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compileSourceText } from '../../src/compiler/project/compile-file.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const ENV = { driverOf: () => 'sqlite', contracts: { loaded: false, path: '', keys: new Set<string>() }, readCompanion: () => undefined };

function block(query: string, params = ''): string {
  return `block "b" {\n  domain = "hr"\n  status = "draft"\n  description = "d"\n  owner = "o@x.test"\n${params}  query = ${query}\n}\n`;
}

function found(text: string): Array<[string, number, number, string | undefined]> {
  return compileSourceText({ path: 'domains/hr/blocks/b.svc', layout: 'domains', inDrafts: false }, text, ENV)
    .diagnostics.filter((d) => d.code.startsWith('sql/'))
    .map((d) => [d.code, d.span?.start.line ?? 0, d.span?.start.column ?? 0, (d.data as Record<string, string>)['suggestion']]);
}

describe('offline SQL checks', () => {
  it.each<[string, string, string, Array<[string, number, number, string | undefined]>]>([
    [
      'the broken block of the issue',
      '"""\n    SELEC name FROM departments WHERE\n  """',
      '',
      [
        ['sql/not-a-read', 7, 5, 'SELECT'],
        ['sql/dangling-end', 7, 33, undefined],
      ],
    ],
    ['an unmatched (', '"""\n    SELECT COUNT( FROM t\n  """', '', [['sql/unbalanced-parenthesis', 7, 17, undefined]]],
    ['an unmatched )', '"""\n    SELECT a FROM t)\n  """', '', [['sql/unbalanced-parenthesis', 7, 20, undefined]]],
    ['a string never closed', '"""\n    SELECT a FROM t\n    WHERE b = \'x\n  """', '', [['sql/unterminated', 8, 15, undefined]]],
    ['a write', '"""\n    DELETE FROM t\n  """', '', [['sql/not-a-read', 7, 5, undefined]]],
    ['a trailing comma', '"""\n    SELECT a,\n  """', '', [['sql/dangling-end', 7, 13, undefined]]],
    [
      'a parameter before the problem',
      '"""\n    SELECT a FROM t WHERE b = ${department} AND\n  """',
      '  params { department: string = "x" }\n',
      [['sql/dangling-end', 8, 45, undefined]],
    ],
    ['an inline first line', '"""SELECT a FROM t WHERE"""', '', [['sql/dangling-end', 6, 30, undefined]]],
    ['a good query', '"""\n    SELECT a, COUNT(*) AS n FROM t WHERE b IN (1, 2) GROUP BY a;\n  """', '', []],
    ['a good CTE', '"""\n    WITH x AS (SELECT 1 AS a) SELECT a FROM x\n  """', '', []],
    ['a parenthesised read', '"""\n    (SELECT 1)\n  """', '', []],
  ])('%s', (_, query, params, expected) => {
    expect(found(block(query, params))).toEqual(expected);
  });

  it('fails svc lint with the code at the right line and column', () => {
    const root = makeProject({
      'svc.config.json': JSON.stringify({ project: 'p', connections: { default: { driver: 'sqlite', path: 'w.db' } } }),
      'domains/hr/blocks/b.svc': block('"""\n    SELEC name FROM departments WHERE\n  """'),
    });
    const run = svc(['lint', 'domains/hr/blocks/b.svc'], root);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('domains/hr/blocks/b.svc:7:5 error sql/not-a-read');
    expect(run.stdout + run.stderr).toContain('Did you mean SELECT?');
    expect(run.stdout + run.stderr).toContain('domains/hr/blocks/b.svc:7:33 error sql/dangling-end');
  });
});
