/**
 * svc's SQLite reading against the stock SQLite library's own (Debian's libsqlite3, Tcl
 * variables on): on a curated corpus and thousands of generated statements built from the
 * pieces where readers go wrong (quotes of every kind, comments, variables with Tcl suffixes,
 * backslashes, semicolons), the engine and svc must agree on where every statement ends and on
 * the value of every string and quoted name, unless svc refuses to decide (always safe).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { innerEnds, startsWith, svcReading } from './compare.js';
import { type SqliteEngine, startSqliteEngine } from './sqlite-engine.js';

const CURATED: readonly string[] = [
  "SELECT $a(') AS v; DELETE FROM orders --'",
  "SELECT :a(') AS v; DELETE FROM orders --'",
  "SELECT #a(') AS v; DELETE FROM orders --'",
  "SELECT 'it''s' AS v; SELECT 2",
  'SELECT "a;b" FROM t; SELECT [x;y] FROM t; SELECT `p;q` FROM t',
  "SELECT 'a\\' AS v; SELECT 2 --'",
  'SELECT 1 /* ; */ ; SELECT 2',
  'SELECT 1 -- ; SELECT 2\n; SELECT 3',
  "SELECT x'00ff' AS b; SELECT 2",
  'SELECT $a::b FROM t; SELECT 2',
  'SELECT @a, :b, $c, #d, ?1, ? FROM t; SELECT 2',
  'SELECT "it""s" FROM t',
  "SELECT 'a' 'b'",
  'SELECT 1;;; SELECT 2;',
  "SELECT 'é✓ 😀;' AS v; SELECT 2",
];

/** Lone openers and closers beside whole quoted units, so both halves of the space are reached. */
const PIECES = [
  ' ',
  ' ',
  'a',
  'b',
  '1',
  ';',
  ';',
  "'",
  '"',
  '`',
  '[',
  ']',
  '(',
  ')',
  '--',
  '/*',
  '*/',
  '\n',
  '\\',
  '$a(',
  '#b',
  ':c',
  '@d',
  '?',
  '::',
  "''",
  'x',
  ',',
  'AS v',
  'FROM t',
  '+',
  '.',
  '$',
  'é',
  '😀',
  "'a;b'",
  "'it''s'",
  "'\\'",
  '"n;m"',
  '"q""r"',
  '[p;q]',
  '`r;s`',
  '/* ; */',
  '-- ;\n',
  "x'00'",
  ' AS w',
];

let engine: SqliteEngine;
beforeAll(() => {
  engine = startSqliteEngine();
}, 900_000);
afterAll(() => engine.close());

interface Tally {
  agreed: number;
  refused: number;
  disagreed: string[];
}

async function compare(statements: readonly string[]): Promise<Tally> {
  const tally: Tally = { agreed: 0, refused: 0, disagreed: [] };
  const mine = statements.map((sql) => svcReading(sql, 'sqlite'));
  const batch = statements.map((sql, i) => {
    const r = mine[i];
    return r === 'refused' || r === undefined ? { sql } : { sql, values: r.strings.map((t) => t.text), names: r.names.map((t) => t.text) };
  });
  const theirs = await engine.read(batch);
  statements.forEach((sql, i) => {
    const r = mine[i];
    const e = theirs[i];
    if (r === undefined || e === undefined) return;
    if (r === 'refused') return void tally.refused++;
    const semis = innerEnds(sql, e.tails);
    const mineEnds = innerEnds(sql, r.semicolons);
    const boundaries = e.error === null ? JSON.stringify(semis) === JSON.stringify(mineEnds) : startsWith(mineEnds, semis);
    // A value is compared where the engine could read the whole text (else its probe means nothing).
    const values = e.error !== null || r.strings.every((t, k) => e.values[k] === null || e.values[k] === t.value);
    const names = e.error !== null || r.names.every((t, k) => e.names[k] === null || e.names[k] === t.value);
    if (boundaries && values && names) tally.agreed++;
    else tally.disagreed.push(JSON.stringify({ sql, svc: r.semicolons, engine: semis, error: e.error }));
  });
  return tally;
}

describe('SQLite: svc and the engine read statements alike', () => {
  it('on the curated corpus', async () => {
    const tally = await compare(CURATED);
    expect(tally.disagreed).toEqual([]);
    expect(tally.agreed).toBeGreaterThanOrEqual(10);
  });

  it('on 4,000 generated statements', async () => {
    const arb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }).map((parts) => `SELECT ${parts.join('')}`);
    const statements = fc.sample(arb, { numRuns: 4_000, seed: 20261124 });
    const total: Tally = { agreed: 0, refused: 0, disagreed: [] };
    for (let i = 0; i < statements.length; i += 500) {
      const t = await compare(statements.slice(i, i + 500));
      total.agreed += t.agreed;
      total.refused += t.refused;
      total.disagreed.push(...t.disagreed);
    }
    expect(total.disagreed.slice(0, 10)).toEqual([]);
    // Most of the corpus is decided, so agreement is not reached by refusing everything.
    expect(total.agreed).toBeGreaterThan(statements.length / 3);
  });
});
