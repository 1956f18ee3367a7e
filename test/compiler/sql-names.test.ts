/**
 * Table and column names checked offline against a schema snapshot, for every dialect the
 * snapshot holds (SQLite, DuckDB, PostgreSQL, ClickHouse): each mistake lands at its line and
 * column inside the query with the closest name, each dialect's quoting and case rules decide
 * what matches, a misspelt clause keyword is a syntax error at its place, and the names a query
 * gives itself (CTEs, aliases, subquery columns, parameters) are never reported.
 */
import { describe, expect, it } from 'vitest';
import { snapshotNames } from '../../src/compiler/analyze/sql-names.js';
import { compileSourceText } from '../../src/compiler/project/compile-file.js';
import type { SchemaSnapshot } from '../../src/compiler/project/schema-snapshot.js';

type Driver = 'sqlite' | 'duckdb' | 'postgresql' | 'clickhouse';
const DRIVERS: Driver[] = ['sqlite', 'duckdb', 'postgresql', 'clickhouse'];

function snapshot(driver: Driver): SchemaSnapshot {
  const col = (name: string, type = 'TEXT') => ({ name, type });
  return {
    format: 1,
    connections: {
      default: {
        driver,
        target: 'test',
        takenAt: '2026-01-01T00:00:00.000Z',
        truncated: false,
        tables: [
          { name: 'sales', columns: [col('id', 'INTEGER'), col('region'), col('product'), col('amount', 'REAL'), col('sold_on')] },
          { name: 'customers', columns: [col('id', 'INTEGER'), col('name'), col('state')] },
          { name: 'Mixed', columns: [col('Total', 'INTEGER')] },
        ],
      },
    },
  };
}

function block(query: string): string {
  return `block "b" {\n  domain = "hr"\n  status = "draft"\n  description = "d"\n  owner = "o@x.test"\n  params {\n    n: integer = 1\n  }\n  query = """\n    ${query.replaceAll('\n', '\n    ')}\n  """\n}\n`;
}

type Found = [string, number, number, string];

/** The sql/ findings of a block whose query is `query` on `driver`: code, line, column, hint. */
function found(driver: Driver, query: string): Found[] {
  const names = snapshotNames(snapshot(driver));
  const env = {
    driverOf: () => driver,
    contracts: { loaded: false, path: '', keys: new Set<string>() },
    readCompanion: () => undefined,
    certifiers: { signed: false as const },
    ...(names ? { names } : {}),
  };
  return compileSourceText({ path: 'domains/hr/blocks/b.svc', layout: 'domain', folderDomain: 'hr', inDrafts: false }, block(query), env)
    .diagnostics.filter((d) => d.code.startsWith('sql/'))
    .map((d) => [d.code, d.span?.start.line ?? 0, d.span?.start.column ?? 0, d.hint ?? '']);
}

// The query starts on line 10, column 5 of the block file.
describe.each(DRIVERS)('names on %s', (driver) => {
  it.each<[string, string, Found[]]>([
    ['a misspelt keyword', 'SELECT region\nFORM sales', [['sql/misspelt-keyword', 11, 5, 'Write FROM instead of FORM.']]],
    ['a misspelt WHERE', 'SELECT region FROM sales WEHRE amount > 1', [['sql/misspelt-keyword', 10, 30, 'Write WHERE instead of WEHRE.']]],
    ['a misspelt GROUP BY', 'SELECT region, sum(amount) FROM sales\nGRUOP BY region', [['sql/misspelt-keyword', 11, 5, 'Write GROUP instead of GRUOP.']]],
    ['an unknown table, once for its statement', 'SELECT region, produkt\nFROM sale', [['sql/unknown-table', 11, 10, 'Did you mean sales?']]],
    ['an unknown column', 'SELECT region,\n       produkt\nFROM sales', [['sql/unknown-column', 11, 12, 'Did you mean product?']]],
    [
      'a qualified unknown column',
      'SELECT s.region, c.nme\nFROM sales s JOIN customers c ON c.id = s.id',
      [['sql/unknown-column', 10, 24, 'Did you mean name?']],
    ],
    [
      'a column in WHERE after a parameter',
      "SELECT region FROM sales\nWHERE amount > ${n} AND regoin = 'x'",
      [['sql/unknown-column', 11, 29, 'Did you mean region?']],
    ],
    [
      'CTE names, aliases and subquery columns',
      'WITH t AS (SELECT region AS r, sum(amount) total FROM sales GROUP BY 1)\nSELECT t.r, total, x.k FROM t, (SELECT id AS k FROM customers) x ORDER BY total',
      [],
    ],
    ['a CTE column list', 'WITH t (a, b) AS (SELECT region, amount FROM sales)\nSELECT a, b FROM t', []],
    [
      'functions, casts, keywords and a window',
      "SELECT CAST(amount AS INTEGER), count(DISTINCT id), sum(amount) OVER (PARTITION BY region ORDER BY sold_on) AS running\nFROM sales\nWHERE sold_on >= '2026-01-01' AND region IS NOT NULL\nORDER BY running DESC NULLS LAST\nLIMIT ${n}",
      [],
    ],
    ['a parameter never taken for a column', 'SELECT region FROM sales WHERE id = ${n}', []],
    ['a table function says nothing of columns', "SELECT whatever FROM sales, json_each('[1]')", []],
    [
      'correlated subqueries and the outer alias',
      'SELECT s.region FROM sales s WHERE s.amount > (SELECT avg(amount) FROM sales t WHERE t.region = s.region)',
      [],
    ],
    ['set operations', 'SELECT region FROM sales UNION ALL SELECT state FROM customers ORDER BY 1', []],
  ])('%s', (_name, query, expected) => {
    expect(found(driver, query)).toEqual(expected);
  });
});

describe('each dialect compares names its own way', () => {
  it.each<[Driver, string, Found[]]>([
    ['sqlite', 'SELECT REGION, "Amount" FROM SALES', []],
    ['sqlite', 'SELECT total FROM mixed', []],
    ['duckdb', 'SELECT "REGION" FROM "Sales"', []],
    ['postgresql', 'SELECT REGION FROM SALES', []],
    ['postgresql', 'SELECT "REGION" FROM sales', [['sql/unknown-column', 10, 12, 'Did you mean region?']]],
    ['postgresql', 'SELECT total FROM mixed', [['sql/unknown-table', 10, 23, 'Did you mean Mixed?']]],
    ['postgresql', 'SELECT "Total" FROM "Mixed"', []],
    ['clickhouse', 'SELECT Total FROM Mixed', []],
    ['clickhouse', 'SELECT `Total` FROM `Mixed`', []],
    ['clickhouse', 'SELECT total FROM Mixed', [['sql/unknown-column', 10, 12, 'Did you mean Total?']]],
    ['clickhouse', 'SELECT region FROM SALES', [['sql/unknown-table', 10, 24, 'Did you mean sales?']]],
    // Columns every table has without the catalog listing them.
    ['sqlite', 'SELECT rowid, s.rowid FROM sales s', []],
    ['duckdb', 'SELECT rowid FROM sales', []],
    ['postgresql', 'SELECT ctid, xmin FROM sales', []],
    ['clickhouse', 'SELECT _part, _table FROM sales', []],
  ])('%s: %s', (driver, query, expected) => {
    expect(found(driver, query)).toEqual(expected);
  });
});
