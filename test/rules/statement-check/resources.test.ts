/**
 * Work without end (check-resources.ts): a recursive CTE whose recursive member reads only itself
 * with nothing to stop it, and a generator of more rows than any answer shows, are refused as
 * `unbounded`; the same shapes with a condition, a LIMIT the engine stops at, the engine's own
 * depth bound or a plain count are reads.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Case = readonly [driver: string, sql: string];

const UNBOUNDED: readonly Case[] = [
  ['sqlite', 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t AS r) SELECT count(*) FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n + 1 FROM t) SELECT count(*) FROM t'],
  ['sqlite', "WITH RECURSIVE s(x) AS (SELECT 'a' UNION SELECT x || 'a' FROM s) SELECT max(length(x)) FROM s"],
  ['postgresql', 'SELECT count(*) FROM generate_series(1, 10 * 1000000000)'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE 1 = 1) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE true) SELECT max(n) FROM t'],
  ['duckdb', 'SELECT count(*) FROM range((2 + 3) * 1000000000)'],
  // A condition the member's own step moves away from: it holds every round.
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n > 0) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 100 UNION ALL SELECT t.n - 1 FROM t WHERE t.n < 1000) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n, k) AS (SELECT 1, 0 UNION ALL SELECT n + 1, k FROM t WHERE k = 0 AND 0 < n) SELECT max(n) FROM t'],
  ['postgresql', 'WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT 1 + n AS n FROM t WHERE n >= 1 AND 1 = 1) SELECT max(n) FROM t'],
  // A step that multiplies moves away from zero, one that divides towards it.
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n * 2 FROM t WHERE n > 0) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT 3 * t.n FROM t WHERE t.n >= 0) SELECT count(*) FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT -1 UNION ALL SELECT n * 2 FROM t WHERE n < 0) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n / 2 FROM t WHERE n >= 0) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n / 10 FROM t WHERE n < 5000) SELECT count(*) FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n / 2 FROM t WHERE 0 <= t.n) SELECT count(*) FROM t'],
  ['clickhouse', 'SELECT count() FROM numbers(10, 5000000000)'],
  ['trino', 'SELECT count(*) FROM TABLE(sequence(start => 1, stop => 100000000000))'],
  ['trino', 'WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n * 2 FROM t) SELECT max(n) FROM t'],
  ['mssql', 'WITH r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r) SELECT n FROM r OPTION (MAXRECURSION 0)'],
  ['snowflake', 'SELECT * FROM (SELECT * FROM TABLE(GENERATOR(ROWCOUNT => 1000000000000)))'],
  ['snowflake', 'select seq4() from table(generator(rowcount=>1e10))'],
  ['postgresql', 'SELECT count(*) FROM generate_series(1, 100000000000)'],
  ['duckdb', 'SELECT sum(range) FROM range(10000000000)'],
  ['clickhouse', 'SELECT count() FROM numbers(1000000000000)'],
  ['clickhouse', 'SELECT count() FROM zeros_mt(5000000000)'],
];

const READS: readonly Case[] = [
  ['sqlite', 'WITH RECURSIVE cnt(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM cnt WHERE x < 10) SELECT x FROM cnt'],
  ['sqlite', 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c LIMIT 5'],
  [
    'postgresql',
    'WITH RECURSIVE tree AS (SELECT id FROM categories WHERE parent_id IS NULL UNION ALL SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id) SELECT * FROM tree',
  ],
  ['postgresql', 'WITH RECURSIVE t(n) AS (VALUES (1) UNION SELECT n FROM t, other) SELECT * FROM t'],
  ['mysql', 'WITH RECURSIVE seq (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq'],
  ['mssql', 'WITH r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r) SELECT n FROM r'],
  ['snowflake', "SELECT DATEADD(day, SEQ4(), '2024-01-01'::DATE) FROM TABLE(GENERATOR(ROWCOUNT => 366))"],
  ['postgresql', 'SELECT i FROM generate_series(1, 1000000) AS i'],
  ['duckdb', "SELECT generate_series(DATE '2024-01-01', DATE '2024-02-01', INTERVAL 1 DAY)"],
  ['clickhouse', 'SELECT number FROM numbers(31)'],
  ['clickhouse', 'SELECT number FROM numbers(10, 20)'],
  ['clickhouse', 'SELECT number FROM numbers(18446744073709551610, 10, 3)'],
  ['clickhouse', 'WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM t) SELECT n FROM t LIMIT 5'],
  ['duckdb', 'WITH RECURSIVE t(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM t) SELECT i FROM t WHERE i % 2000 = 0 LIMIT 10'],
  ['postgresql', 'WITH RECURSIVE t AS (SELECT 1 AS x UNION SELECT x FROM t) SELECT * FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT 10 - n FROM t) SELECT * FROM t'],
  ['sqlite', 'WITH c(i) AS (VALUES (9) UNION SELECT ~i FROM c) SELECT max(i) FROM c'],
  ['postgresql', 'WITH RECURSIVE g AS (SELECT 0 AS x UNION ALL SELECT (x + 1) % 10 FROM g) CYCLE x SET is_cycle USING path SELECT * FROM g'],
  ['postgresql', 'WITH RECURSIVE a AS (SELECT 1 AS b UNION ALL SELECT * FROM a) CYCLE b SET c USING p SELECT * FROM a'],
  ['postgresql', 'SELECT count(*) FROM generate_series(1, 10 * 1000)'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 100 AND 1 = 1) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(i) AS (SELECT i FROM range(10) r(i) UNION ALL SELECT i FROM t WHERE false) SELECT count(*) FROM t'],
  ['postgresql', "SELECT generate_series(now() - interval '1 day', now(), interval '1 hour')"],
  // A condition the step reaches, or one this reading does not follow, ends the recursion.
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n > 0 AND n <= 10) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 10 UNION ALL SELECT n - 1 FROM t WHERE n > 0) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n > 0 AND n <> 50) SELECT count(*) FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10 OR n > 20) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n, d) AS (SELECT 1, 1 UNION ALL SELECT n + 1, d FROM t WHERE n < d * 10) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n * 2 FROM t WHERE n < 1000) SELECT count(*) FROM t'],
  ['trino', 'SELECT count(*) FROM TABLE(sequence(start => 1, stop => 1000))'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT 2 * n FROM t WHERE n <= 4096) SELECT count(*) FROM t'],
  ['duckdb', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n // 2 FROM t WHERE n > 0) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n / 2 FROM t WHERE n > 0) SELECT count(*) FROM t'],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1000 UNION ALL SELECT n / 2 FROM t WHERE n > 1) SELECT count(*) FROM t'],
  ['sqlite', 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n * 1 FROM t WHERE n > 0 AND n < 2) SELECT count(*) FROM t'],
];

describe('work without end', () => {
  it.each(UNBOUNDED)('%s refuses %s', (driver, sql) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason).toBe('unbounded');
  });
  it.each(READS)('%s reads %s', (driver, sql) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })).toBeNull();
  });
});
