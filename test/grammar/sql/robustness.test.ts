/**
 * Reading never throws anything but UnreadableStatement, never hangs and stays linear
 * (issue 3, item 6). Random and mutated statements for every driver (fast-check, bounded so
 * the suite takes seconds), then large inputs timed at two sizes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRIVERS, lexStatement, readTables, sqlFingerprint, UnreadableStatement } from '../../../grammar/sql/index.js';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

const SEEDS = [
  "SELECT a, b FROM s.t WHERE x = 'it''s' AND y = ? -- note\n",
  'WITH r AS (SELECT * FROM e) SELECT count(*) FROM r JOIN u ON u.id = r.id',
  'SELECT E\'\\n\', $$x$$, $t$y$t$, U&"d\\0061t" FROM "T" /* c */',
  'SELECT `a`, "b", [c], @p, @@v, :n, $1 FROM t # h\n',
  "COPY t TO '/x'; SELECT * FROM read_csv('/data/x.csv')",
  "SELECT r'\\d', '''a''', \"\"\"b\"\"\" FROM `p.d.t`",
];
const FRAGMENTS = [
  'SELECT',
  ' ',
  'FROM',
  't',
  ',',
  '(',
  ')',
  ';',
  "'",
  '"',
  '`',
  '[',
  ']',
  '--',
  '#',
  '/*',
  '*/',
  '//',
  '\\',
  '$',
  '$$',
  '$a$',
  'E',
  'U&',
  'r',
  '@',
  '@@',
  ':',
  '?',
  '.',
  '\n',
  '\r',
  '\u2028',
  '\u00a0',
  '\uff23',
  'x',
  '1',
  'copy',
  'read_csv',
  '/*!',
  '/*+',
  'with',
  'as',
  'join',
  'into',
  '\u0085',
  '\t',
  '\ud835\udc02',
  '\u0130',
  "''",
  '""',
];

const driver = fc.constantFrom(...DRIVERS);
const fragmentText = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));
const mutated = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...FRAGMENTS)), { maxLength: 6 }))
  .map(([seed, edits]) =>
    edits.reduce((sql, [at, cut, insert]) => {
      const i = at % (sql.length + 1);
      return sql.slice(0, i) + insert + sql.slice(i + cut);
    }, seed),
  );
const statement = fc.oneof(fragmentText, mutated, fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }));

/** Runs `fn`; passes when it returns or throws UnreadableStatement. */
function onlyUnreadable(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (error) {
    if (error instanceof UnreadableStatement) return error;
    throw error;
  }
}

describe('reading random and mutated statements', () => {
  it('throws nothing but UnreadableStatement, and tokens cover the text in order', () => {
    fc.assert(
      fc.property(statement, driver, (sql, d) => {
        const tokens = onlyUnreadable(() => lexStatement(sql, d));
        if (tokens instanceof UnreadableStatement) return;
        let last = 0;
        for (const t of tokens as ReturnType<typeof lexStatement>) {
          expect(t.start).toBeGreaterThanOrEqual(last);
          expect(t.end).toBeGreaterThan(t.start);
          expect(sql.slice(t.start, t.end)).toBe(t.text);
          last = t.end;
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('readTables and sqlFingerprint throw only UnreadableStatement; the check never throws', () => {
    fc.assert(
      fc.property(statement, driver, fc.boolean(), (sql, d, readOnly) => {
        onlyUnreadable(() => readTables(sql, d));
        onlyUnreadable(() => sqlFingerprint(sql, d));
        const refusal = hostedStatementRefusal(sql, d, ['/data'], { readOnly });
        expect(refusal === null || refusal.code === 'ROW_POLICY_REFUSED').toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});

/** Statements whose size grows with n; the largest are the sizes. [name, make, size, drivers] */
const LARGE: ReadonlyArray<readonly [string, (n: number) => string, number, (readonly string[])?]> = [
  ['a 1 MB statement', (n) => 'SELECT ' + 'col_a, '.repeat(n) + '1 FROM t', 150_000],
  ['10,000 nested parentheses', (n) => 'SELECT ' + '('.repeat(n) + '1' + ')'.repeat(n), 10_000],
  ['100,000 string literals', (n) => 'SELECT ' + new Array<string>(n).fill("'x'").join(', '), 100_000],
  ['nested calls with commas', (n) => 'SELECT ' + 'f(x, '.repeat(n) + '1' + ')'.repeat(n), 20_000],
  ['an unterminated string', (n) => "SELECT '" + 'a'.repeat(n), 1_000_000],
  ['open comments', (n) => '/*'.repeat(n), 500_000],
  ['lone quotes', (n) => "'".repeat(n), 1_000_000],
  ['dollar words', (n) => 'SELECT ' + '$a '.repeat(n), 200_000],
  ['line comments', (n) => '-- x\n'.repeat(n) + 'SELECT 1', 200_000],
  ['backslashes read under every setting', (n) => "SELECT '" + '\\\\'.repeat(n) + "'", 300_000, ['mysql', 'postgresql']],
  ['T-SQL statement words anywhere', (n) => 'SELECT ' + 'a AS [b], '.repeat(n) + '1 FROM t', 50_000, ['mssql']],
];

/**
 * This process's CPU milliseconds for fn: unlike wall time it does not grow when other work
 * shares the machine, which is what makes a ratio of two runs a test of growth, not of load.
 */
function timed(fn: () => void): number {
  const started = process.cpuUsage();
  fn();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

describe('large statements read in linear time', () => {
  for (const [name, make, size, drivers] of LARGE) {
    it(name, () => {
      for (const d of drivers ?? ['postgresql']) {
        const run = (n: number): number =>
          timed(() => {
            const sql = make(n);
            onlyUnreadable(() => lexStatement(sql, d));
            hostedStatementRefusal(sql, d, [], { readOnly: true });
          });
        run(size / 8); // warm-up
        // Eight times the input: linear is about 8x, quadratic 64x. Best of three attempts, each
        // the best of a few runs with a floor, since collections and timer noise dominate small
        // timings (large token arrays also make collections grow faster than the input).
        let ratio = Infinity;
        let large = Infinity;
        for (let attempt = 0; attempt < 3 && ratio >= 40; attempt++) {
          const small = Math.max(Math.min(run(size / 8), run(size / 8), run(size / 8)), 20);
          large = Math.min(run(size), run(size));
          ratio = Math.min(ratio, large / small);
        }
        expect(ratio, `${d}: ${large.toFixed(0)} ms for the full size`).toBeLessThan(40);
        expect(large).toBeLessThan(10_000);
      }
    });
  }
});
