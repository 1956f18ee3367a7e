/**
 * svc's DuckDB reading against DuckDB's own parser (@duckdb/node-api, the engine's statement
 * extraction and its own evaluation of literals): on a curated corpus and generated statements
 * built from DuckDB's quoting forms (E'' and U&'' strings, dollar quotes with and without tags,
 * nested block comments, backslashes, parameters), both must see the same number of statements
 * and the same value in every string and quoted name, unless svc refuses to decide.
 */
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svcReading } from './compare.js';
import { postgresFamilyText } from './generate.js';

const CURATED: readonly string[] = [
  "SELECT 'it''s' AS v; SELECT 2",
  "SELECT E'a\\'b' AS v; SELECT 2",
  'SELECT $$ ; DROP TABLE t $$ AS v',
  'SELECT $a$ $$ ; $a$ AS v; SELECT 2',
  'SELECT 1 /* a /* b */ c */ AS v; SELECT 2',
  'SELECT "a;b" AS v FROM (SELECT 1 AS "a;b")',
  "SELECT U&'d\\0061t\\+000061' AS v",
  'SELECT 1 -- ; SELECT 2\n; SELECT 3',
  "SELECT 'a\\' AS v; SELECT 2 --'",
  "SELECT 'a' 'b'",
];

let db: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  conn = await db.connect();
});
afterAll(() => {
  conn.closeSync();
  db.closeSync();
});

/** DuckDB's count of statements, or undefined when it cannot parse the text (nothing runs). */
async function engineCount(sql: string): Promise<number | undefined> {
  try {
    return (await conn.extractStatements(sql)).count;
  } catch {
    return undefined;
  }
}

async function engineValue(probe: string): Promise<unknown> {
  try {
    return (await conn.runAndReadAll(probe)).getRows()[0]?.[0];
  } catch {
    return undefined;
  }
}

async function engineName(probe: string): Promise<string | undefined> {
  try {
    return (await conn.runAndReadAll(`SELECT 1 AS ${probe}`)).columnNames()[0];
  } catch {
    return undefined;
  }
}

async function compare(statements: readonly string[]): Promise<{ agreed: number; disagreed: string[] }> {
  const out = { agreed: 0, disagreed: [] as string[] };
  for (const sql of statements) {
    const mine = svcReading(sql, 'duckdb');
    if (mine === 'refused') continue;
    const count = await engineCount(sql);
    if (count === undefined) continue;
    let same = count === mine.statements;
    for (const t of mine.strings) {
      const v = await engineValue(`SELECT ${t.text}`);
      if (v !== undefined && v !== t.value) same = false;
    }
    for (const t of mine.names) {
      const n = await engineName(t.text);
      if (n !== undefined && n !== t.value) same = false;
    }
    if (same) out.agreed++;
    else out.disagreed.push(JSON.stringify({ sql, svc: mine.statements, engine: count }));
  }
  return out;
}

describe('DuckDB: svc and the engine read statements alike', () => {
  it('on the curated corpus', async () => {
    const r = await compare(CURATED);
    expect(r.disagreed).toEqual([]);
    expect(r.agreed).toBeGreaterThanOrEqual(7);
  });

  it('on 1,500 generated statements', async () => {
    const r = await compare(fc.sample(postgresFamilyText, { numRuns: 1_500, seed: 20261124 }));
    expect(r.disagreed.slice(0, 10)).toEqual([]);
    expect(r.agreed).toBeGreaterThan(300);
  });
});
