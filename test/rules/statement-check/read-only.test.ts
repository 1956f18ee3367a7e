/**
 * Read-only statements (spec 03, query path item 9): both kinds, per engine where it matters.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Case = readonly [driver: string, sql: string, reason: string];

const REFUSED: readonly Case[] = [
  ['postgresql', 'SELECT 1; SELECT 2', 'several-statements'],
  ['postgresql', '', 'not-a-read'],
  ['postgresql', ' -- only a comment', 'not-a-read'],
  ['postgresql', 'DELETE FROM t', 'write'],
  ['postgresql', 'INSERT INTO t VALUES (1)', 'write'],
  ['postgresql', 'UPDATE t SET a = 1', 'write'],
  ['postgresql', 'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE', 'write'],
  ['postgresql', 'WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', 'write'],
  ['postgresql', 'WITH x AS (SELECT 1) DELETE FROM t', 'write'],
  ['postgresql', 'WITH x AS (SELECT 1), y AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x', 'write'],
  ['postgresql', 'SELECT * FROM (UPDATE t SET a = 1 RETURNING *) s', 'write'],
  ['postgresql', 'EXPLAIN ANALYZE DELETE FROM t', 'write'],
  ['postgresql', 'EXPLAIN (ANALYZE, FORMAT JSON) INSERT INTO t VALUES (1)', 'write'],
  // Run to be measured: the report counts rows each step read and left out, beyond the answer.
  ['postgresql', 'EXPLAIN ANALYZE SELECT * FROM t', 'explain-analyze'],
  ['postgresql', 'EXPLAIN ANALYSE SELECT count(*) FROM t', 'explain-analyze'],
  ['postgresql', 'EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM t', 'explain-analyze'],
  ['postgresql', 'EXPLAIN (FORMAT JSON, ANALYZE true) SELECT * FROM t', 'explain-analyze'],
  ['postgresql', 'EXPLAIN VERBOSE ANALYZE SELECT * FROM t', 'explain-analyze'],
  ['duckdb', 'EXPLAIN ANALYZE SELECT * FROM orders', 'explain-analyze'],
  ['mysql', 'DESC ANALYZE SELECT * FROM orders', 'explain-analyze'],
  ['mysql', 'EXPLAIN ANALYZE SELECT * FROM orders', 'explain-analyze'],
  ['trino', 'EXPLAIN ANALYZE VERBOSE SELECT * FROM orders', 'explain-analyze'],
  ['postgresql', 'CREATE TABLE x AS SELECT 1', 'write'],
  ['postgresql', 'DROP TABLE t', 'write'],
  ['postgresql', 'TRUNCATE t', 'write'],
  ['postgresql', 'GRANT SELECT ON t TO u', 'write'],
  ['postgresql', 'BEGIN', 'write'],
  ['postgresql', 'VACUUM t', 'write'],
  ['postgresql', 'REFRESH MATERIALIZED VIEW v', 'write'],
  ['postgresql', 'SELECT a INTO new_table FROM t', 'select-into'],
  ['postgresql', 'SELECT * FROM t FOR UPDATE', 'row-lock'],
  ['postgresql', 'SELECT * FROM t FOR NO KEY UPDATE SKIP LOCKED', 'row-lock'],
  ['postgresql', 'SELECT * FROM t FOR SHARE', 'row-lock'],
  ['mysql', 'SELECT * FROM t LOCK IN SHARE MODE', 'row-lock'],
  ['mssql', 'SELECT * FROM t WITH (UPDLOCK)', 'row-lock'],
  ['postgresql', "SELECT nextval('seq')", 'effect-function'],
  ['postgresql', "SELECT setval('seq', 1)", 'effect-function'],
  ['postgresql', 'SELECT pg_advisory_lock(1)', 'effect-function'],
  ['duckdb', "SELECT nextval('seq')", 'effect-function'],
  ['snowflake', 'SELECT my_seq.NEXTVAL', 'effect-function'],
  ['mssql', 'SELECT NEXT VALUE FOR dbo.seq', 'effect-function'],
  ['mysql', "SELECT GET_LOCK('x', 1)", 'effect-function'],
  ['mysql', 'SELECT @x := 1', 'write'],
  // T-SQL: an item of a select list that assigns a variable of the batch.
  ['mssql', 'SELECT @x = name FROM customers', 'write'],
  ['mssql', 'SELECT id, @total += amount FROM orders', 'write'],
  ['mssql', 'SELECT TOP 1 @x = name FROM t ORDER BY id', 'write'],
  ['mssql', 'SELECT TOP (1) @x=name FROM t', 'write'],
  ['mssql', 'SELECT DISTINCT @x = name FROM t', 'write'],
  ['fabric', 'SELECT @x = COUNT(*) FROM t', 'write'],
  ['postgresql', 'SHOW work_mem', 'system-catalog'],
  ['mysql', 'SHOW PROCESSLIST', 'system-catalog'],
  ['mysql', 'SHOW GLOBAL VARIABLES', 'system-catalog'],
  ['mysql', 'SHOW GRANTS FOR u', 'system-catalog'],
  ['mysql', 'SHOW OPEN TABLES FROM mysql', 'system-catalog'],
  ['snowflake', 'SHOW USERS', 'system-catalog'],
  ['snowflake', 'SHOW PARAMETERS', 'system-catalog'],
  ['snowflake', 'DESCRIBE USER jsmith', 'system-catalog'],
  ['trino', 'SHOW SESSION', 'system-catalog'],
  ['databricks', 'SHOW GRANTS ON t', 'system-catalog'],
  ['postgresql', 'SELECT * FROM pg_stat_activity', 'system-catalog'],
  ['postgresql', 'SELECT * FROM "pg_catalog"."pg_stat_activity"', 'system-catalog'],
  ['postgresql', 'select * from PG_CATALOG.PG_SETTINGS', 'system-catalog'],
  ['postgresql', 'SELECT query FROM pg_stat_statements', 'system-catalog'],
  // Monitoring extensions' views of every session's statements and waits.
  ['postgresql', 'SELECT * FROM citus_stat_statements', 'system-catalog'],
  ['postgresql', 'SELECT * FROM pg_catalog.citus_dist_stat_activity', 'system-catalog'],
  // The server's other system databases: every session's temporary objects, logins, the template.
  ['mssql', "SELECT * FROM tempdb.sys.columns WHERE object_id = OBJECT_ID('tempdb..#t')", 'system-catalog'],
  ['mssql', 'SELECT name FROM master.sys.databases', 'system-catalog'],
  ['fabric', 'SELECT * FROM tempdb.dbo.scratch', 'system-catalog'],
  ['postgresql', "SELECT current_setting('data_directory')", 'system-catalog'],
  ['postgresql', 'SELECT rolpassword FROM pg_authid', 'system-catalog'],
  ['postgresql', 'SELECT * FROM U&"pg_st\\0061t_activity"', 'system-catalog'],
  ['postgresql', 'SELECT * FROM information_schema.table_privileges', 'system-catalog'],
  ['postgresql', 'SELECT (SELECT count(*) FROM pg_locks) AS n', 'system-catalog'],
  ['redshift', 'SELECT * FROM stl_query', 'system-catalog'],
  ['redshift', 'SELECT * FROM pg_catalog.svl_qlog', 'system-catalog'],
  ['mysql', 'SELECT * FROM information_schema.processlist', 'system-catalog'],
  ['mysql', 'SELECT * FROM `performance_schema`.`events_statements_history`', 'system-catalog'],
  ['mysql', 'SELECT user, authentication_string FROM mysql.user', 'system-catalog'],
  ['mysql', 'SELECT @@version', 'system-catalog'],
  ['mysql', 'SELECT * FROM sys.session', 'system-catalog'],
  ['snowflake', 'SELECT * FROM snowflake.account_usage.query_history', 'system-catalog'],
  ['snowflake', 'SELECT * FROM TABLE(information_schema.query_history())', 'system-catalog'],
  ['snowflake', 'SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))', 'system-catalog'],
  ['bigquery', 'SELECT * FROM `region-us`.INFORMATION_SCHEMA.JOBS_BY_PROJECT', 'system-catalog'],
  ['bigquery', 'SELECT * FROM `proj.region-us.INFORMATION_SCHEMA.JOBS`', 'system-catalog'],
  ['bigquery', 'SELECT @@current_job_id', 'system-catalog'],
  ['databricks', 'SELECT * FROM system.query.history', 'system-catalog'],
  ['databricks', 'SELECT * FROM system.access.audit', 'system-catalog'],
  ['clickhouse', 'SELECT query FROM system.query_log', 'system-catalog'],
  ['clickhouse', 'SELECT * FROM system.processes', 'system-catalog'],
  ['clickhouse', "SELECT getSetting('max_threads')", 'system-catalog'],
  ['mssql', 'SELECT * FROM sys.dm_exec_sessions', 'system-catalog'],
  ['mssql', 'SELECT * FROM [sys].[dm_exec_requests]', 'system-catalog'],
  ['mssql', 'SELECT * FROM master..sysprocesses', 'system-catalog'],
  ['mssql', 'SELECT @@SERVERNAME', 'system-catalog'],
  ['fabric', 'SELECT * FROM queryinsights.exec_requests_history', 'system-catalog'],
  ['trino', 'SELECT * FROM system.runtime.queries', 'system-catalog'],
  ['duckdb', 'SELECT * FROM duckdb_settings()', 'system-catalog'],
  ['mssql', 'SELECT 1 SELECT 2', 'several-statements'],
  ['mssql', 'SELECT (1) SELECT name FROM t', 'several-statements'],
  ['mssql', 'SELECT 1 WITH x AS (SELECT 2) SELECT * FROM x', 'several-statements'],
  ['mssql', 'SELECT 1 DROP TABLE t', 'write'],
  ['mssql', 'SELECT * FROM t UPDATE t SET a = 1', 'write'],
  ['mssql', 'DECLARE @x INT', 'write'],
];

const PASSES: ReadonlyArray<readonly [driver: string, sql: string]> = [
  ['postgresql', 'SELECT 1;'],
  ['postgresql', '(SELECT 1) UNION (SELECT 2)'],
  ['postgresql', 'VALUES (1), (2)'],
  ['postgresql', 'TABLE orders'],
  ['postgresql', 'EXPLAIN SELECT * FROM t'],
  ['postgresql', 'EXPLAIN (ANALYZE false, BUFFERS) SELECT * FROM t'],
  ['postgresql', 'EXPLAIN (ANALYZE off) SELECT * FROM t'],
  ['postgresql', 'EXPLAIN SELECT analyze, analyse FROM t'],
  ['postgresql', 'WITH a AS (SELECT 1), b (x) AS MATERIALIZED (SELECT 2) SELECT * FROM a, b'],
  ['postgresql', "SELECT replace(a, 'x', 'y'), upper(replace(b, '1', '2')) FROM t"],
  ['postgresql', 'SELECT user_id, update_time, delete_flag, created_into FROM t'],
  ['postgresql', "SELECT 'for update', 'into' FROM t"],
  ['postgresql', 'SELECT * FROM users u JOIN sessions s ON s.uid = u.id'],
  ['postgresql', 'SELECT * FROM information_schema.tables WHERE table_schema = $1'],
  ['postgresql', 'SELECT * FROM t WHERE a IS DISTINCT FROM b'],
  ['postgresql', 'SELECT count(*) OVER w FROM t WINDOW w AS (PARTITION BY a)'],
  ['duckdb', 'DESCRIBE orders'],
  ['duckdb', 'SUMMARIZE SELECT * FROM orders'],
  ['duckdb', 'PIVOT orders ON region USING sum(amount)'],
  ['duckdb', 'SHOW TABLES'],
  ['duckdb', 'FROM orders'],
  ['mysql', 'SHOW TABLES'],
  ['mysql', 'SHOW FULL COLUMNS FROM t'],
  ['mysql', 'DESCRIBE t'],
  ['mysql', 'SELECT @param FROM t'],
  ['snowflake', 'SHOW TERSE TABLES IN SCHEMA s'],
  ['snowflake', 'DESCRIBE TABLE orders'],
  ['clickhouse', 'SELECT * FROM system.numbers LIMIT 3'],
  ['mssql', 'WITH x AS (SELECT 1 AS a) SELECT * FROM x'],
  ['mssql', 'WITH x AS (SELECT 1 AS a), y AS (SELECT 2 AS b) SELECT * FROM x, y WITH (NOLOCK)'],
  ['mssql', 'SELECT * FROM (SELECT a FROM t) s WHERE s.a IN (SELECT b FROM u)'],
  ['mssql', 'SELECT * FROM t ORDER BY id OFFSET 5 ROWS FETCH NEXT 5 ROWS ONLY'],
  ['mssql', 'SELECT a FROM t UNION ALL SELECT b FROM u'],
  ['mssql', 'SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u)'],
  // A comparison with a parameter, and an alias given with `=`: no assignment.
  ['mssql', 'SELECT name FROM customers WHERE @x = 1 AND id = @id'],
  ['mssql', 'SELECT CASE WHEN @x = 1 THEN a END AS b, IIF(@y = 2, a, b) AS c FROM t'],
  ['mssql', 'SELECT label = name, total = @x FROM t'],
  ['redshift', 'SELECT * FROM svv_tables'],
  ['trino', 'SHOW TABLES FROM hive.web'],
  ['databricks', 'SHOW TABLES IN default'],
];

describe('hostedStatementRefusal: read only', () => {
  it.each(REFUSED)('%s refuses %s', (driver, sql, reason) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason).toBe(reason);
  });

  it.each(PASSES)('%s lets through %s', (driver, sql) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })).toBeNull();
  });

  it('lets writes and catalog reads through without readOnly', () => {
    expect(hostedStatementRefusal('DELETE FROM t', 'postgresql')).toBeNull();
    expect(hostedStatementRefusal('UPDATE t SET a = 1', 'mssql')).toBeNull();
    expect(hostedStatementRefusal('SELECT 1; SELECT 2', 'postgresql')).toBeNull();
    expect(hostedStatementRefusal('SELECT * FROM pg_stat_activity', 'postgresql')).toBeNull();
  });
});
