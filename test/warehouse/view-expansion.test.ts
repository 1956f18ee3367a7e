/**
 * How a view's catalog text is read (src/warehouse/view-expansion.ts): the query each engine
 * keeps for a view, with the column names a view renames its result to, from the text the
 * engine's own catalog returns (SQLite's and DuckDB's CREATE statements, PostgreSQL's bare query,
 * ClickHouse's CREATE with typed columns); a text svc cannot read with certainty is refused.
 */
import { describe, expect, it } from 'vitest';
import { UnreadableStatement } from '../../grammar/sql/index.js';
import { StatementError } from '../../src/warehouse/types.js';
import { viewQuery } from '../../src/warehouse/view-expansion.js';

describe('viewQuery', () => {
  it.each([
    ['sqlite', 'CREATE VIEW v AS SELECT state FROM orders', { query: 'SELECT state FROM orders' }],
    ['sqlite', 'CREATE VIEW IF NOT EXISTS "v"(a, "B") AS SELECT id, state FROM orders', { query: 'SELECT id, state FROM orders', columns: ['a', 'B'] }],
    ['sqlite', 'CREATE VIEW v AS (SELECT 1 AS x)', { query: '(SELECT 1 AS x)' }],
    ['duckdb', 'CREATE VIEW s2.v (a, b) AS SELECT id, state FROM orders;', { query: 'SELECT id, state FROM orders', columns: ['a', 'b'] }],
    ['duckdb', 'CREATE VIEW v AS WITH t AS (SELECT 1 AS x) SELECT x FROM t;', { query: 'WITH t AS (SELECT 1 AS x) SELECT x FROM t' }],
    ['postgresql', ' SELECT orders.state\n   FROM orders;', { query: 'SELECT orders.state\n   FROM orders' }],
    ['clickhouse', 'CREATE VIEW default.v (`state` String) AS SELECT state FROM default.orders', { query: 'SELECT state FROM default.orders' }],
  ])('%s: %s', (driver, text, expected) => {
    expect(viewQuery(text, driver)).toEqual(expected);
  });

  it.each([
    ['sqlite', 'CREATE VIEW v AS SELECT /* a /* b */ 1', UnreadableStatement],
    ['sqlite', 'CREATE VIEW v', StatementError],
    ['postgresql', ';', StatementError],
  ])('%s: refuses %j (the executor refuses either as view-unreadable)', (driver, text, kind) => {
    expect(() => viewQuery(text, driver)).toThrow(kind);
    if (kind === StatementError)
      expect(() => viewQuery(text, driver)).toThrow(expect.objectContaining({ code: 'ROW_POLICY_REFUSED', reason: 'view-unreadable' }));
  });
});
