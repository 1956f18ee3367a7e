/**
 * One code table per layer (scripts/code-tables.mjs lists them, lowest first), and for every
 * table: sorted; every code declared once across all tables (a code a higher table re-uses by
 * reference, `reuse(entry)`, counts once, and only a table above its declaration may re-use
 * it); emitted somewhere in src/ or grammar/ outside the table files; and asserted by at least
 * one test as a string literal. Also: diagnostic codes and policy rule ids never overlap, every
 * diagnostic-shaped literal of the source is registered, no UPPER_SNAKE code is emitted from
 * outside the tables, and every HTTP answer's literal status is its code's status. Fixtures at
 * the end show each check failing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinPolicy, POLICY_NAMES } from '../../src/rules/built-in-policies.js';
import { reuse } from '../../src/rules/code-table.js';
import { REPO } from '../helpers/project.js';
import { codesOutsideTables, declaredTwice, type LoadedTable, notAsserted, notEmitted, statusMismatches, unsorted, withoutComments } from './code-check.js';

const { loadCodeTables } = (await import('../../scripts/code-tables.mjs' as string)) as {
  loadCodeTables: (load: (file: string) => Promise<Record<string, unknown>>) => Promise<LoadedTable[]>;
};

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p, keep) : keep(p) ? [p] : [];
  });
}

const texts = (paths: readonly string[]): Map<string, string> => new Map(paths.map((p) => [relative(REPO, p).replace(/\\/g, '/'), readFileSync(p, 'utf8')]));
const isSource = (p: string): boolean => /\.tsx?$/.test(p);

const TABLES = await loadCodeTables((file) => import(join(REPO, file)));
const SOURCES = texts([...files(join(REPO, 'src'), isSource), ...files(join(REPO, 'grammar'), isSource)]);
// Tests, and the expected findings of the fixture projects the tests compare against.
const THIS_CHECK = new Set(['test/meta/codes.test.ts', 'test/meta/code-check.ts']);
const TESTS = new Map(
  [...texts([...files(join(REPO, 'test'), isSource), ...files(join(REPO, 'fixtures'), (p) => /expected[^/]*\.json$/.test(p))])].filter(
    ([file]) => !THIS_CHECK.has(file),
  ),
);
const table = (id: string): Readonly<Record<string, object>> => TABLES.find((t) => t.id === id)!.table;

describe('the code tables', () => {
  it('are one per layer, each holding codes', () => {
    expect(TABLES.map((t) => t.id)).toEqual(['diagnostics', 'statement', 'ask', 'hooks', 'traces', 'runtime', 'server']);
    for (const t of TABLES) expect(Object.keys(t.table).length, t.id).toBeGreaterThan(4);
  });

  it('are sorted by code', () => {
    expect(unsorted(TABLES)).toEqual([]);
  });

  it('declare every code once; a code shared by layers is re-used by reference from below', () => {
    expect(declaredTwice(TABLES)).toEqual([]);
    expect(table('server')['ROW_POLICY_REFUSED']).toMatchObject({ status: 403, reuses: table('statement')['ROW_POLICY_REFUSED'] });
    expect(table('ask')['ROW_POLICY_REFUSED']).toMatchObject({ reuses: table('statement')['ROW_POLICY_REFUSED'] });
  });

  it('give every code a meaning and a hint (a diagnostic: its message template)', () => {
    for (const { id, table: t } of TABLES) {
      for (const [code, entry] of Object.entries(t)) {
        const e = entry as { meaning?: string; message?: string; hint?: string };
        expect(e.meaning ?? e.message, `${id}: ${code}`).toMatch(/\S/);
        if (id !== 'diagnostics') expect(e.hint, `${id}: ${code}`).toMatch(/\S/);
      }
    }
  });

  it('hold codes every one of which is emitted in src/ or grammar/ outside the tables', () => {
    expect(notEmitted(TABLES, SOURCES)).toEqual([]);
  });

  it('hold codes every one of which a test asserts as a string literal', () => {
    expect(notAsserted(TABLES, TESTS)).toEqual([]);
  });

  it('leave no UPPER_SNAKE code emitted outside them', () => {
    // EEXIST is Node's own code, which the atomic write's error imitates; STREAM_ENDED is the web
    // app's own (status 0: the answer stream ended before the answer), never a server answer.
    expect(codesOutsideTables(TABLES, SOURCES, new Set(['EEXIST', 'STREAM_ENDED']))).toEqual([]);
  });

  it('give every HTTP answer the status its code has in the HTTP table', () => {
    expect(statusMismatches(table('server'), SOURCES)).toEqual([]);
  });
});

describe('diagnostic codes', () => {
  const codes = new Set(Object.keys(table('diagnostics')));
  const rules = new Set(POLICY_NAMES.flatMap((name) => builtinPolicy(name).rules.map((r) => r.id)));

  it('are `area/kebab-name`', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('never overlap the ids of policy rules, which carry their own messages', () => {
    expect(rules.size).toBeGreaterThan(20);
    expect([...rules].filter((id) => codes.has(id))).toEqual([]);
  });

  it('cover every diagnostic-shaped literal of the source (in a registered area)', () => {
    const areas = new Set([...codes, ...rules].map((c) => c.split('/')[0]));
    const literal = /['"`]([a-z]+)\/([a-z0-9]+(?:-[a-z0-9]+)*)['"`]/g;
    const stray = [...SOURCES].flatMap(([file, text]) =>
      [...withoutComments(text).matchAll(literal)].flatMap((m) => {
        const code = `${m[1]}/${m[2]}`;
        return areas.has(m[1]!) && !codes.has(code) && !rules.has(code) ? [`${file}: ${code}`] : [];
      }),
    );
    expect(stray).toEqual([]);
  });
});

describe('the checks themselves (fixtures)', () => {
  const meaning = { meaning: 'Something.', hint: 'Do something.' };
  const lower = { A_SHARED: { ...meaning }, B_TWICE: { ...meaning } };
  const upper = { A_SHARED: reuse(lower.A_SHARED, { status: 400 }), C_UNUSED: { ...meaning }, B_TWICE: { ...meaning } };
  const tables: LoadedTable[] = [
    { id: 'lower', file: 'src/lower.ts', table: lower },
    { id: 'upper', file: 'src/upper.ts', table: upper },
  ];
  const sources = new Map([
    ['src/lower.ts', "export const T = { A_SHARED: 'A_SHARED' };"],
    ['src/use.ts', "throw new ApiError(404, 'A_SHARED', 'x'); // 'C_UNUSED' in a comment is no use\nsend(reply, 500, 'B_TWICE', 'y');"],
    ['src/inline.ts', "class OopsError extends Error { readonly code = 'D_INLINE'; }"],
  ]);
  const tests = new Map([['test/use.test.ts', "expect(body.error.code).toBe('A_SHARED');"]]);

  it('names a code declared in two tables, and a re-use of an entry that is not the declaration', () => {
    const stray = { ...upper, A_SHARED: reuse({ ...meaning }, { status: 400 }) };
    expect(declaredTwice(tables)).toEqual(['B_TWICE is declared in lower and upper']);
    expect(declaredTwice([tables[0]!, { ...tables[1]!, table: stray }])).toEqual([
      'A_SHARED in upper re-uses another entry than its declaration in lower',
      'B_TWICE is declared in lower and upper',
    ]);
  });

  it('names a re-use from a table that is not below', () => {
    expect(declaredTwice([tables[1]!, tables[0]!])).toEqual([
      'A_SHARED in upper re-uses lower, which is not below it',
      'B_TWICE is declared in upper and lower',
    ]);
  });

  it('names an unsorted table, an unused code and an unasserted one', () => {
    expect(unsorted(tables)).toEqual(['upper: C_UNUSED before B_TWICE']);
    expect(notEmitted(tables, sources)).toEqual(['upper: C_UNUSED']);
    expect(notAsserted(tables, tests)).toEqual(['lower: B_TWICE', 'upper: C_UNUSED']);
  });

  it('names an inline code class and a status that differs from the table', () => {
    expect(codesOutsideTables(tables, sources)).toEqual(['src/inline.ts: D_INLINE']);
    expect(statusMismatches(upper, sources)).toEqual(['src/use.ts: A_SHARED 404 (table: 400)', 'src/use.ts: B_TWICE 500 (table: undefined)']);
  });
});
