/**
 * svc's ClickHouse reading against a real ClickHouse server's (Debian's clickhouse-server,
 * 18.16): the server reads each text as one request and refuses more than one statement, so
 * where it runs a text svc must see exactly one statement, and where it reports several svc
 * must too; every string and quoted name svc found must have the server's value. Newer
 * ClickHouse reads more (heredocs); where this server cannot parse a text nothing is compared,
 * and those forms are held to Lexer.cpp's rules in test/rules/statement-check/engine-readings.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClickHouseServer, startClickHouse } from './clickhouse-server.js';
import { svcReading } from './compare.js';

const CURATED: readonly string[] = [
  "SELECT 'it''s' AS v",
  "SELECT 'a\\'b' AS v",
  "SELECT 'a;b' AS v; SELECT 2",
  'SELECT 1 // a note\n, 2',
  'SELECT 1 -- x; SELECT 2\n, 3',
  'SELECT 1 # x; SELECT 2\n, 3',
  'SELECT `a;b` FROM (SELECT 1 AS `a;b`)',
  'SELECT "a\\"b" FROM (SELECT 1 AS "a\\"b")',
  "SELECT 'x\\\\' AS v; SELECT 2",
  'SELECT 1 /* ; */ AS v',
];

const body = fc
  .array(fc.constantFrom('a', ';', '\\', "\\'", "'", "''", '"', '`', '#', '--', '//', '*/', '/*', ' ', 'é', '$'), { maxLength: 6 })
  .map((p) => p.join(''));
const item = fc.oneof(
  body.map((b) => `'${b}'`),
  body.map((b) => `"${b}"`),
  body.map((b) => `\`${b}\``),
  body.map((b) => `/*${b}*/ 1`),
  body.map((b) => `1 --${b}\n`),
  body.map((b) => `1 //${b}\n`),
  body.map((b) => `1 # ${b}\n`),
  fc.constantFrom('1', '(1)', '1 + 1'),
);
const statement = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => `SELECT ${items.join(', ')}`);
const text = fc.array(statement, { minLength: 1, maxLength: 2 }).map((s) => s.join('; '));

let server: ClickHouseServer;
beforeAll(async () => {
  server = await startClickHouse();
}, 900_000);
afterAll(() => server.stop(), 60_000);

const severalStatements = (error: string): boolean => /Multi-statements are not allowed/i.test(error);

async function compare(statements: readonly string[]): Promise<{ agreed: number; disagreed: string[] }> {
  const out = { agreed: 0, disagreed: [] as string[] };
  for (const sql of statements) {
    const mine = svcReading(sql, 'clickhouse');
    if (mine === 'refused') continue;
    const engine = await server.query(sql);
    if (!engine.ok && !severalStatements(engine.error)) continue;
    let same = engine.ok ? mine.statements === 1 : mine.statements > 1;
    if (engine.ok) {
      for (const t of mine.strings) {
        const v = await server.query(`SELECT ${t.text} AS v`);
        if (v.ok && v.first?.[0] !== t.value) same = false;
      }
      for (const t of mine.names) {
        const v = await server.query(`SELECT 1 AS ${t.text}`);
        if (v.ok && v.names[0] !== t.value) same = false;
      }
    }
    if (same) out.agreed++;
    else out.disagreed.push(JSON.stringify({ sql, svc: mine.statements, engine: engine.ok ? 1 : 'several' }));
  }
  return out;
}

describe('ClickHouse: svc and the server read statements alike', () => {
  it('on the curated corpus', async () => {
    const r = await compare(CURATED);
    expect(r.disagreed).toEqual([]);
    expect(r.agreed).toBeGreaterThanOrEqual(7);
  });

  it('on 600 generated statements', async () => {
    const r = await compare(fc.sample(text, { numRuns: 600, seed: 20261124 }));
    expect(r.disagreed.slice(0, 10)).toEqual([]);
    expect(r.agreed).toBeGreaterThan(100);
  }, 300_000);
});
