/**
 * The proof statement on a real SQLite database, one case per shape of block SQL it must wrap:
 * a trailing semicolon, a closing line comment, a block that starts with WITH, composite keys
 * with nulls in either column, an empty result. Each gives the counts worked out by hand, and the
 * statement itself never starts with WITH (a host's row policy may put its own in front).
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PROOF_COLUMNS, proofStatement } from '../../../src/runtime/keys/proof-statement.js';

const db = new Database(':memory:');
db.exec(`CREATE TABLE t (a INTEGER, b TEXT);
INSERT INTO t VALUES (1, 'x'), (1, 'y'), (2, 'x'), (2, 'x'), (3, NULL), (NULL, 'z'), (4, 'w');`);
afterAll(() => db.close());

const CASES = [
  { name: 'one key, duplicates and a null', sql: 'SELECT a FROM t', keys: ['a'], counts: [7, 4, 1, 2] },
  { name: 'a trailing semicolon', sql: 'SELECT a FROM t;  ', keys: ['a'], counts: [7, 4, 1, 2] },
  { name: 'a closing line comment', sql: 'SELECT a FROM t -- every row', keys: ['a'], counts: [7, 4, 1, 2] },
  { name: 'a block starting with WITH', sql: 'WITH s AS (SELECT a, b FROM t WHERE a IS NOT NULL) SELECT a, b FROM s', keys: ['a', 'b'], counts: [6, 4, 1, 1] },
  { name: 'composite keys, a null in either column', sql: 'SELECT a, b FROM t', keys: ['a', 'b'], counts: [7, 4, 2, 1] },
  { name: 'unique keys', sql: 'SELECT DISTINCT a, b FROM t WHERE a IS NOT NULL AND b IS NOT NULL', keys: ['a', 'b'], counts: [4, 4, 0, 0] },
  { name: 'an empty result', sql: 'SELECT a FROM t WHERE a > 100', keys: ['a'], counts: [0, 0, 0, 0] },
];

describe('proofStatement', () => {
  it.each(CASES)('$name', ({ sql, keys, counts }) => {
    const statement = proofStatement(sql, keys);
    expect(statement.trimStart().toUpperCase().startsWith('WITH')).toBe(false);
    const row = db.prepare(statement).get() as Record<string, number>;
    expect(PROOF_COLUMNS.map((c) => row[c])).toEqual(counts);
  });
});
