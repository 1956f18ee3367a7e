import { describe, expect, it } from 'vitest';
import { readTables, UnreadableStatement } from '../../../grammar/sql/index.js';

const CASES: ReadonlyArray<readonly [string, string, string[]]> = [
  ['postgresql', 'SELECT * FROM orders', ['orders']],
  ['postgresql', 'SELECT * FROM Sales.Orders o JOIN crm.customers c ON c.id = o.cid', ['crm.customers', 'sales.orders']],
  ['postgresql', 'SELECT * FROM a, b AS bb, c cc WHERE a.x IN (1, 2)', ['a', 'b', 'c']],
  ['postgresql', 'SELECT * FROM a LEFT OUTER JOIN b USING (id) CROSS JOIN c', ['a', 'b', 'c']],
  ['postgresql', 'WITH r AS (SELECT * FROM events), s (a) AS (SELECT a FROM r) SELECT * FROM r JOIN s ON true', ['events']],
  ['postgresql', 'WITH RECURSIVE t AS MATERIALIZED (SELECT 1) SELECT * FROM t, u', ['u']],
  ['postgresql', "SELECT EXTRACT(YEAR FROM d), TRIM(BOTH 'x' FROM s) FROM t WHERE a IS DISTINCT FROM b", ['t']],
  ['postgresql', 'SELECT * FROM (SELECT * FROM inner_t) sub, LATERAL (SELECT * FROM other WHERE other.k = sub.k) l', ['inner_t', 'other']],
  ['postgresql', 'SELECT * FROM generate_series(1, 3) g, ONLY parent', ['parent']],
  ['postgresql', 'SELECT * FROM "Quoted"."Name" WHERE x IN (SELECT y FROM z)', ['quoted.name', 'z']],
  ['postgresql', 'SELECT * FROM a ORDER BY x, y', ['a']],
  ['postgresql', 'SELECT * FROM (a JOIN b ON a.id = b.id), c', ['a', 'b', 'c']],
  ['postgresql', 'DELETE FROM t USING u WHERE t.id = u.id', ['t', 'u']],
  ['postgresql', 'SELECT 1; SELECT * FROM second_stmt', ['second_stmt']],
  ['postgresql', 'SELECT * FROM t WHERE a = ? AND b = $1', ['t']],
  ['mysql', 'SELECT * FROM `db`.`tbl` t1, other LIMIT 1, 2', ['db.tbl', 'other']],
  ['bigquery', 'SELECT * FROM `proj.ds.tbl`, UNNEST(arr) AS x', ['proj.ds.tbl']],
  ['mssql', 'SELECT * FROM [dbo].[Orders] WITH (NOLOCK) JOIN #tmp t ON 1 = 1 CROSS APPLY f(t.x)', ['#tmp', 'dbo.orders']],
  ['clickhouse', 'SELECT * FROM t FINAL ARRAY JOIN arr AS a', ['t']],
  ['duckdb', "SELECT * FROM 'data.csv', read_parquet('x.parquet'), real_table", ['real_table']],
  ['duckdb', 'FROM t SELECT a', ['t']],
  ['duckdb', 'SELECT * FROM t USING SAMPLE 10%', ['t']],
  ['duckdb', 'SUMMARIZE SELECT * FROM orders', ['orders']],
  ['duckdb', 'DESCRIBE orders', ['orders']],
  ['postgresql', 'TABLE orders', ['orders']],
  ['postgresql', 'TABLE orders UNION ALL TABLE salaries', ['orders', 'salaries']],
  ['postgresql', 'SELECT state FROM orders EXCEPT DISTINCT TABLE salaries', ['orders', 'salaries']],
  ['duckdb', 'WITH c AS (SELECT 1) TABLE salaries', ['salaries']],
  ['postgresql', 'CREATE TABLE t (a int)', []],
  ['snowflake', 'MERGE INTO tgt USING src ON tgt.id = src.id WHEN MATCHED THEN UPDATE SET a = 1', ['src']],
  ['sqlite', 'SELECT * FROM t1 NATURAL JOIN t2', ['t1', 't2']],
  // SQLite reads a string where a name must stand as that name.
  ['sqlite', "SELECT * FROM 'salaries' s, 'main'.'x' WHERE s.'pay' > 'a.b'", ['main.x', 'salaries']],
  ['sqlite', "SELECT * FROM orders JOIN 'pragma_table_info'('orders') p ON 1 WHERE x IN ('a', 'b')", ['orders']],
  ['trino', 'SELECT * FROM hive.web.page_views TABLESAMPLE BERNOULLI (10), x', ['hive.web.page_views', 'x']],
];

describe('readTables', () => {
  it.each(CASES)('%s: %s', (driver, sql, tables) => {
    expect(readTables(sql, driver)).toEqual(tables);
  });

  it('throws UnreadableStatement for what cannot be read', () => {
    expect(() => readTables("SELECT * FROM t WHERE a = 'open", 'postgresql')).toThrow(UnreadableStatement);
  });
});
