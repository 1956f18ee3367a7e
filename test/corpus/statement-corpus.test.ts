/**
 * The conformance corpus through the statement check (read-only, as people, models and blocks
 * run): every refusal refused (0 false allows) and every read allowed; the pass rate is
 * printed. Property tests then mutate the corpus where a verdict must not move: keyword case,
 * whitespace and comments between tokens; and a second statement after a read always refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexStatement, UnreadableStatement } from '../../grammar/sql/index.js';
import { hostedStatementRefusal } from '../../src/rules/statement-check/index.js';
import { type CorpusCase, statementCorpus } from './statement-corpus.js';

const CORPUS = statementCorpus();
const refused = (c: Pick<CorpusCase, 'driver' | 'sql'>): boolean => hostedStatementRefusal(c.sql, c.driver, [], { readOnly: true }) !== null;

describe('the statement corpus', () => {
  it('is large, covers every engine, and is at least a third reads', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(1_500);
    expect(new Set(CORPUS.map((c) => c.driver)).size).toBe(14);
    expect(CORPUS.filter((c) => c.verdict === 'allow').length).toBeGreaterThanOrEqual(CORPUS.length / 3);
    for (const c of CORPUS) expect(c.why.length, c.why).toBeGreaterThanOrEqual(10);
  });

  it('passes with no false allow', () => {
    const falseAllows = CORPUS.filter((c) => c.verdict === 'refuse' && !refused(c));
    const overRefusals = CORPUS.filter((c) => c.verdict === 'allow' && refused(c));
    const passed = CORPUS.length - falseAllows.length - overRefusals.length;
    process.stdout.write(
      `statement corpus: ${CORPUS.length} cases (${CORPUS.filter((c) => c.verdict === 'allow').length} reads), pass rate ${((100 * passed) / CORPUS.length).toFixed(1)}%, false allows ${falseAllows.length}, over-refusals ${overRefusals.length}\n`,
    );
    expect(falseAllows.map((c) => `${c.driver}: ${c.sql}`)).toEqual([]);
    expect(overRefusals.map((c) => `${c.driver}: ${c.sql}`)).toEqual([]);
  });
});

/** The statement with `gap(k)` put between tokens k and k+1 and words re-cased by `fold`. */
function mutate(c: CorpusCase, gap: (k: number) => string, fold: (word: string, k: number) => string): string | undefined {
  let tokens;
  try {
    tokens = lexStatement(c.sql, c.driver);
  } catch (error) {
    if (error instanceof UnreadableStatement) return undefined;
    throw error;
  }
  let out = '';
  let at = 0;
  tokens.forEach((t, k) => {
    out += c.sql.slice(at, t.start);
    out += t.kind === 'word' ? fold(c.sql.slice(t.start, t.end), k) : c.sql.slice(t.start, t.end);
    at = t.end;
    if (k < tokens.length - 1) out += gap(k);
  });
  return out + c.sql.slice(at);
}

const GAPS = [' ', '  ', '\n', '\t', ' /* note */ ', '/**/'];

describe('the corpus under mutation', () => {
  it('keeps every verdict across keyword case, whitespace and comments between tokens', () => {
    const arb = fc.tuple(
      fc.constantFrom(...CORPUS),
      fc.array(fc.nat(GAPS.length - 1), { minLength: 64, maxLength: 64 }),
      fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
    );
    fc.assert(
      fc.property(arb, ([c, gaps, upper]) => {
        const sql = mutate(
          c,
          (k) => (k < 64 && (gaps[k] ?? 0) > 0 ? (GAPS[gaps[k] as number] as string) : ''),
          (w, k) => (upper[k % 64] ? w.toUpperCase() : w.toLowerCase()),
        );
        if (sql === undefined) return;
        expect(refused({ driver: c.driver, sql }), `${c.driver}: ${sql}`).toBe(c.verdict === 'refuse');
      }),
      { numRuns: 1_500 },
    );
  });

  it('refuses any read followed by a second statement, with or without a separator', () => {
    // A read ending in a line comment would swallow what follows: those are left out.
    const reads = CORPUS.filter((c) => c.verdict === 'allow' && !/--|\/\/|#/.test(c.sql));
    fc.assert(
      fc.property(
        fc.constantFrom(...reads),
        fc.constantFrom('; DELETE FROM orders', ';\nDROP TABLE orders', ' ; SELECT 2', ';UPDATE orders SET total = 0'),
        (c, tail) => {
          expect(refused({ driver: c.driver, sql: `${c.sql}${tail}` })).toBe(true);
        },
      ),
      { numRuns: 800 },
    );
  });
});
