/**
 * The relationship validation statement on a real SQLite database, one case per shape of join it
 * must count: every key found, orphans, null keys on either side, a repeated key on the "one"
 * side, other key names on each side, composite keys, a block that starts with WITH or ends with
 * a line comment, empty sides. Each gives the counts worked out by hand, and the statement never
 * starts with WITH (a host's row policy may put its own in front).
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { RELATIONSHIP_COLUMNS, relationshipStatement } from '../../../src/runtime/keys/relationship-statement.js';

const db = new Database(':memory:');
db.exec(`CREATE TABLE orders (id INTEGER, customer_id INTEGER, day TEXT);
INSERT INTO orders VALUES (1, 10, 'd1'), (2, 10, 'd1'), (3, 11, 'd2'), (4, 12, 'd2'), (5, NULL, 'd3'), (6, 99, 'd3'), (7, 99, NULL);
CREATE TABLE customers (id INTEGER, day TEXT);
INSERT INTO customers VALUES (10, 'd1'), (11, 'd2'), (12, 'd2'), (12, 'd9'), (NULL, 'd3'), (13, 'd4');`);
afterAll(() => db.close());

// Counts in RELATIONSHIP_COLUMNS order: from rows, nulls, distinct, duplicates; to rows, nulls, distinct, duplicates; orphan keys, orphan rows.
const CASES = [
  {
    name: 'orphans, a null key on each side, a repeated key on the one side',
    from: { sql: 'SELECT id, customer_id FROM orders', keys: ['customer_id'] },
    to: { sql: 'SELECT id FROM customers', keys: ['id'] },
    counts: [7, 1, 4, 2, 6, 1, 4, 1, 1, 2],
  },
  {
    name: 'every key found once',
    from: { sql: 'SELECT customer_id FROM orders WHERE customer_id IN (10, 11)', keys: ['customer_id'] },
    to: { sql: 'SELECT id AS customer_id FROM customers WHERE id IN (10, 11, 13)', keys: ['customer_id'] },
    counts: [3, 0, 2, 1, 3, 0, 3, 0, 0, 0],
  },
  {
    name: 'composite keys, a null in either column',
    from: { sql: 'SELECT customer_id, day FROM orders', keys: ['customer_id', 'day'] },
    to: { sql: 'SELECT id, day FROM customers', keys: ['id', 'day'] },
    counts: [7, 2, 4, 1, 6, 1, 5, 0, 1, 1],
  },
  {
    name: 'a WITH block and a closing line comment',
    from: { sql: 'WITH o AS (SELECT customer_id FROM orders WHERE id < 5) SELECT customer_id FROM o;', keys: ['customer_id'] },
    to: { sql: 'SELECT id FROM customers -- every customer', keys: ['id'] },
    counts: [4, 0, 3, 1, 6, 1, 4, 1, 0, 0],
  },
  {
    name: 'empty sides',
    from: { sql: 'SELECT customer_id FROM orders WHERE id > 100', keys: ['customer_id'] },
    to: { sql: 'SELECT id FROM customers WHERE id > 100', keys: ['id'] },
    counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  },
  {
    name: 'nothing on the one side: every key an orphan',
    from: { sql: 'SELECT customer_id FROM orders', keys: ['customer_id'] },
    to: { sql: 'SELECT id FROM customers WHERE id > 100', keys: ['id'] },
    counts: [7, 1, 4, 2, 0, 0, 0, 0, 4, 6],
  },
];

describe('relationshipStatement', () => {
  it.each(CASES)('$name', ({ from, to, counts }) => {
    const statement = relationshipStatement(from, to);
    expect(statement.trimStart().toUpperCase().startsWith('WITH')).toBe(false);
    const row = db.prepare(statement).get() as Record<string, number>;
    expect(RELATIONSHIP_COLUMNS.map((c) => row[c])).toEqual(counts);
  });

  it('binds the declaring side first: each block statement once, its parameters in order', () => {
    const statement = relationshipStatement(
      { sql: 'SELECT customer_id FROM orders WHERE id <= ?', keys: ['customer_id'] },
      { sql: 'SELECT id FROM customers WHERE id < ?', keys: ['id'] },
    );
    const row = db.prepare(statement).get(4, 12) as Record<string, number>;
    expect(RELATIONSHIP_COLUMNS.map((c) => row[c])).toEqual([4, 0, 3, 1, 2, 0, 2, 0, 1, 1]);
  });
});
