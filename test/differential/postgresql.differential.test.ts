/**
 * svc's PostgreSQL reading against a real PostgreSQL 15 server's parser: the server runs each
 * text whole (simple query protocol, so it splits the statements itself) and evaluates every
 * string and quoted name svc found; both must agree on the number of statements and on every
 * value, unless svc refuses to decide. standard_conforming_strings is tried both ways, since
 * svc cannot see it and must read alike under either (or refuse).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { svcReading } from './compare.js';
import { postgresFamilyText } from './generate.js';

const CURATED: readonly string[] = [
  "SELECT 'it''s' AS v; SELECT 2",
  "SELECT E'a\\'b' AS v; SELECT 2",
  'SELECT $$ ; DROP TABLE t $$ AS v',
  'SELECT $a$ $$ ; $a$ AS v; SELECT 2',
  'SELECT "a;b" FROM (SELECT 1 AS "a;b") s',
  "SELECT U&'d\\0061t\\+000061' AS v",
  'SELECT 1 -- ; SELECT 2\n; SELECT 3',
  "SELECT 'a' \n 'b' AS v",
  "SELECT 'a\\' AS v; SELECT 2 --'",
  'SELECT 1;;SELECT 2',
];

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 900_000);
afterAll(() => server.stop(), 60_000);

async function run(sql: string): Promise<{ count: number; first: Record<string, unknown> | undefined; name: string | undefined } | undefined> {
  try {
    const r = (await server.client.query(sql)) as unknown;
    const results = (Array.isArray(r) ? r : [r]) as Array<{ rows: Record<string, unknown>[]; fields: { name: string }[]; command: string | null }>;
    const head = results[0];
    return { count: results.length, first: head?.rows[0], name: head?.fields[0]?.name };
  } catch {
    return undefined;
  }
}

async function compare(statements: readonly string[], conforming: 'on' | 'off'): Promise<{ agreed: number; disagreed: string[] }> {
  await server.client.query(`SET standard_conforming_strings = ${conforming}`);
  const out = { agreed: 0, disagreed: [] as string[] };
  for (const sql of statements) {
    const mine = svcReading(sql, 'postgresql');
    if (mine === 'refused') continue;
    const engine = await run(sql);
    if (engine === undefined) continue;
    let same = engine.count === mine.statements;
    for (const t of mine.strings) {
      const v = await run(`SELECT ${t.text} AS v`);
      if (v !== undefined && v.first?.['v'] !== t.value) same = false;
    }
    for (const t of mine.names) {
      const v = await run(`SELECT 1 AS ${t.text}`);
      if (v !== undefined && v.name !== t.value) same = false;
    }
    if (same) out.agreed++;
    else out.disagreed.push(JSON.stringify({ sql, conforming, svc: mine.statements, engine: engine.count }));
  }
  return out;
}

describe('PostgreSQL: svc and the server read statements alike', () => {
  it.each(['on', 'off'] as const)('on the curated corpus, standard_conforming_strings %s', async (conforming) => {
    const r = await compare(CURATED, conforming);
    expect(r.disagreed).toEqual([]);
    expect(r.agreed).toBeGreaterThanOrEqual(6);
  });

  it.each(['on', 'off'] as const)(
    'on 800 generated statements, standard_conforming_strings %s',
    async (conforming) => {
      const r = await compare(fc.sample(postgresFamilyText, { numRuns: 800, seed: 20261124 }), conforming);
      expect(r.disagreed.slice(0, 10)).toEqual([]);
      expect(r.agreed).toBeGreaterThan(100);
    },
    120_000,
  );
});
