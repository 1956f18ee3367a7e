/**
 * svc's MySQL reading against a real MariaDB server's: the server splits each text itself
 * (multi-statements) and evaluates every string and quoted name svc found; both must agree on
 * the number of statements and every value, unless svc refuses to decide. The server is run
 * with its default sql_mode and with ANSI_QUOTES and NO_BACKSLASH_ESCAPES, the two settings svc
 * cannot see and must read alike under (or refuse).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svcReading } from './compare.js';
import { type MariaServer, startMariaDb } from './mariadb-server.js';

const CURATED: readonly string[] = [
  "SELECT 'it''s' AS v; SELECT 2",
  "SELECT 'a\\'b' AS v; SELECT 2",
  "SELECT 'a\\\\' AS v; SELECT 2",
  'SELECT `a;b` FROM (SELECT 1 AS `a;b`) s',
  'SELECT 1 # ; SELECT 2\n; SELECT 3',
  'SELECT 1 -- ; SELECT 2\n; SELECT 3',
  'SELECT 1 --1 AS v',
  "SELECT 'x\\%y' AS v",
  'SELECT "a;b" AS v; SELECT 2',
  'SELECT 1 /* ; */ AS v; SELECT 2',
];

const body = fc
  .array(fc.constantFrom('a', ';', '\\', "'", "''", '"', '""', '`', '#', '--', '-- ', '*/', '/*', ' ', 'é', 'n', '%', '_'), { maxLength: 6 })
  .map((p) => p.join(''));
const item = fc.oneof(
  body.map((b) => `'${b}'`),
  body.map((b) => `"${b}"`),
  body.map((b) => `\`${b}\``),
  body.map((b) => `/*${b}*/ 1`),
  body.map((b) => `1 #${b}\n`),
  body.map((b) => `1 -- ${b}\n`),
  body.map((b) => `1 --${b}\n`),
  fc.constantFrom('1', 'x', '(1)', '1-1'),
);
const statement = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => `SELECT ${items.join(', ')}`);
const text = fc.array(statement, { minLength: 1, maxLength: 3 }).map((s) => s.join('; '));

let server: MariaServer;
beforeAll(async () => {
  server = await startMariaDb();
}, 900_000);
afterAll(() => server.stop(), 60_000);

function compare(statements: readonly string[], mode: string): { agreed: number; disagreed: string[] } {
  const out = { agreed: 0, disagreed: [] as string[] };
  for (const sql of statements) {
    const mine = svcReading(sql, 'mysql');
    if (mine === 'refused') continue;
    const engine = server.run(sql);
    if (engine === undefined) continue;
    let same = engine.resultSets.length === mine.statements;
    for (const t of mine.strings) {
      const v = server.run(`SELECT ${t.text} AS v`);
      if (v !== undefined && v.resultSets[0]?.[0]?.['v'] !== t.value) same = false;
    }
    // MariaDB drops leading spaces from a column alias (with a warning), so such a name's probe says nothing.
    for (const t of mine.names.filter((n) => n.value === n.value.trimStart())) {
      const v = server.run(`SELECT 1 AS ${t.text}`);
      if (v !== undefined && v.columns[0] !== t.value) same = false;
    }
    if (same) out.agreed++;
    else out.disagreed.push(JSON.stringify({ sql, mode, svc: mine.statements, engine: engine.resultSets.length }));
  }
  return out;
}

describe('MySQL: svc and MariaDB read statements alike', () => {
  it.each(['', 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES'])(
    'sql_mode %j',
    (mode) => {
      expect(server.run(`SET GLOBAL sql_mode = '${mode}'`)).toBeDefined();
      const curated = compare(CURATED, mode);
      expect(curated.disagreed).toEqual([]);
      expect(curated.agreed).toBeGreaterThanOrEqual(5);
      const generated = compare(fc.sample(text, { numRuns: 300, seed: 20261124 }), mode);
      expect(generated.disagreed.slice(0, 10)).toEqual([]);
      expect(generated.agreed).toBeGreaterThan(40);
    },
    300_000,
  );
});
