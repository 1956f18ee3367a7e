/**
 * Default deny (issue 25): a read may name only the functions, table functions and system
 * relations its engine's allow list holds (src/rules/statement-check/allow/), or the project's
 * additions (`statementCheck.allow`). Table-driven per dialect: what is refused with the name,
 * what grammar is not a call, what the project may add, and that nothing else widens the list.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Refused = readonly [driver: string, sql: string, reason: string, name: string];
type Allowed = readonly [driver: string, sql: string];

const check = (driver: string, sql: string, allow?: object) => hostedStatementRefusal(sql, driver, [], { readOnly: true, ...(allow ? { allow } : {}) });

/** Functions, table functions and system relations no allow list holds: refused, with the name. */
const REFUSED: readonly Refused[] = [
  // State-changing functions the deny lists never named (issue 25).
  ['duckdb', 'SELECT * FROM enable_logging()', 'table-function-not-allowed', 'enable_logging'],
  ['duckdb', 'SELECT * FROM enable_profiling()', 'table-function-not-allowed', 'enable_profiling'],
  ['duckdb', 'SELECT * FROM checkpoint()', 'table-function-not-allowed', 'checkpoint'],
  ['duckdb', 'SELECT * FROM truncate_duckdb_logs()', 'table-function-not-allowed', 'truncate_duckdb_logs'],
  ['file', 'SELECT * FROM enable_logging()', 'table-function-not-allowed', 'enable_logging'],
  ['duckdb', 'SELECT * FROM duckdb_logs', 'relation-not-allowed', 'duckdb_logs'],
  ['duckdb', 'SELECT * FROM main.duckdb_settings', 'system-catalog', ''],
  ['duckdb', 'SELECT * FROM main.duckdb_memory()', 'system-catalog', ''],
  ['duckdb', 'SELECT * FROM duckdb_log_contexts()', 'table-function-not-allowed', 'duckdb_log_contexts'],
  ['duckdb', "SELECT 'x'.enable_logging()", 'function-not-allowed', 'enable_logging'],
  ['postgresql', 'SELECT pg_wal_replay_pause()', 'function-not-allowed', 'pg_wal_replay_pause'],
  ['postgresql', "SELECT postgres_fdw_disconnect('srv')", 'function-not-allowed', 'postgres_fdw_disconnect'],
  ['postgresql', "SELECT * FROM xpath_table('id', 'x', 't', '/a', 'true') AS t(id int)", 'table-function-not-allowed', 'xpath_table'],
  ['postgresql', "SELECT * FROM connectby('t', 'id', 'parent', '1', 0) AS t(id text)", 'table-function-not-allowed', 'connectby'],
  ['postgresql', 'SELECT * FROM pg_lock_status()', 'table-function-not-allowed', 'pg_lock_status'],
  ['postgresql', 'SELECT * FROM pg_prepared_statement()', 'table-function-not-allowed', 'pg_prepared_statement'],
  ['postgresql', 'SELECT * FROM pg_cursors', 'relation-not-allowed', 'pg_cursors'],
  ['postgresql', 'SELECT * FROM pg_catalog.pg_cursors', 'relation-not-allowed', 'pg_catalog.pg_cursors'],
  ['postgresql', 'SELECT pg_sleep(1)', 'function-not-allowed', 'pg_sleep'],
  ['postgresql', 'SELECT "pg_sleep"(1)', 'function-not-allowed', 'pg_sleep'],
  ['postgresql', 'SELECT U&"pg\\005fsleep"(1)', 'function-not-allowed', 'pg_sleep'],
  ['postgresql', 'SELECT pg_catalog.pg_sleep(1)', 'function-not-allowed', 'pg_catalog.pg_sleep'],
  ['postgresql', 'SELECT count(*) FROM t, LATERAL (SELECT pg_sleep_until(now())) s', 'function-not-allowed', 'pg_sleep_until'],
  // A quoted name in another case is not the built-in: PostgreSQL resolves "LOWER" to a user function.
  ['postgresql', 'SELECT "LOWER"(name) FROM t', 'function-not-allowed', 'lower'],
  // A schema-qualified call outside the engine's namespaces is a user-defined function.
  ['postgresql', 'SELECT public.lower(name) FROM t', 'function-not-allowed', 'public.lower'],
  ['postgresql', 'SELECT DISTINCT ON (a) pg_sleep(1) FROM t', 'function-not-allowed', 'pg_sleep'],
  ['postgresql', "SELECT cron.schedule('n', '0 3 * * *', 'DELETE FROM t')", 'function-not-allowed', 'cron.schedule'],
  ['redshift', 'SELECT * FROM stl_query', 'system-catalog', ''],
  ['redshift', 'SELECT * FROM svl_statementtext', 'system-catalog', ''],
  ['redshift', 'SELECT relname FROM pg_class', 'relation-not-allowed', 'pg_class'],
  ['trino', 'SELECT node, vmname, vmversion FROM jmx.current."java.lang:type=runtime"', 'relation-not-allowed', 'jmx.current.java.lang:type=runtime'],
  ['sqlite', 'SELECT * FROM dbstat', 'relation-not-allowed', 'dbstat'],
  ['sqlite', 'SELECT data FROM sqlite_dbpage WHERE pgno = 1', 'relation-not-allowed', 'sqlite_dbpage'],
  ['sqlite', 'SELECT * FROM pragma_database_list', 'relation-not-allowed', 'pragma_database_list'],
  ['sqlite', 'SELECT * FROM pragma_compile_options', 'relation-not-allowed', 'pragma_compile_options'],
  ['sqlite', 'SELECT sql FROM sqlite_stmt', 'relation-not-allowed', 'sqlite_stmt'],
  ['sqlite', "SELECT * FROM tables_used('DELETE FROM t')", 'table-function-not-allowed', 'tables_used'],
  ['sqlite', 'WITH d AS (SELECT * FROM dbstat) SELECT count(*) FROM d', 'relation-not-allowed', 'dbstat'],
  // A relation named by a string: SQLite reads the string as the name, Snowflake as a stage.
  ['sqlite', "SELECT * FROM 'pragma_database_list'", 'relation-not-allowed', 'pragma_database_list'],
  ['sqlite', "SELECT * FROM orders JOIN 'dbstat' ON 1", 'relation-not-allowed', 'dbstat'],
  ['sqlite', "SELECT * FROM orders, 'dbstat'", 'relation-not-allowed', 'dbstat'],
  ['sqlite', "SELECT * FROM 'main'.'sqlite_dbpage'", 'relation-not-allowed', 'sqlite_dbpage'],
  ['sqlite', "SELECT * FROM 'tables_used'('DELETE FROM t')", 'table-function-not-allowed', 'tables_used'],
  ['snowflake', "SELECT * FROM '@mystage'", 'stage', '@mystage'],
  ['snowflake', "SELECT $1 FROM (SELECT * FROM '@ext/loc' (FILE_FORMAT => 'csv'))", 'stage', '@ext/loc'],
  ['snowflake', "SELECT * FROM orders, 's3://bucket/x.csv'", 'stage', 's3://bucket/x.csv'],
  ['clickhouse', 'SELECT sleep(3)', 'function-not-allowed', 'sleep'],
  ['clickhouse', 'SELECT showCertificate()', 'function-not-allowed', 'showcertificate'],
  ['clickhouse', "SELECT generateSerialID('orders')", 'function-not-allowed', 'generateserialid'],
  ['clickhouse', "SELECT catboostEvaluate('/m.bin', a) FROM t", 'function-not-allowed', 'catboostevaluate'],
  ['clickhouse', 'SELECT * FROM system.processes', 'system-catalog', ''],
  ['clickhouse', 'SELECT * FROM system.databases', 'relation-not-allowed', 'system.databases'],
  ['mysql', 'SELECT SLEEP(10)', 'function-not-allowed', 'sleep'],
  ['mysql', 'SeLeCt SlEeP(3)', 'function-not-allowed', 'sleep'],
  ['mysql', "SELECT SOURCE_POS_WAIT('binlog.000002', 4, 600)", 'function-not-allowed', 'source_pos_wait'],
  ['mysql', 'SELECT shop.my_func(1)', 'function-not-allowed', 'shop.my_func'],
  ['mssql', 'SELECT * FROM sys.master_files', 'relation-not-allowed', 'sys.master_files'],
  ['mssql', 'SELECT * FROM sys.fn_dblog(NULL, NULL)', 'table-function-not-allowed', 'sys.fn_dblog'],
  ['mssql', 'SELECT * FROM fn_dblog(NULL, NULL)', 'table-function-not-allowed', 'fn_dblog'],
  ['mssql', 'SELECT * FROM sysobjects', 'relation-not-allowed', 'sysobjects'],
  ['mssql', 'SELECT * FROM master.dbo.sysprocesses', 'system-catalog', ''],
  ['mssql', 'SELECT * FROM LINKED_PROD.shop.dbo.users', 'external-query', 'linked_prod.shop.dbo.users'],
  ['athena', 'SELECT * FROM "lambda:dynamo".default.sessions WHERE user_id = 1', 'external-query', 'lambda:dynamo.default.sessions'],
  ['athena', 'SELECT s.id FROM orders o JOIN "lambda:mysql_conn".shop.users s ON s.id = o.user_id', 'external-query', 'lambda:mysql_conn.shop.users'],
  ['mssql', 'SELECT dbo.fn_total(id) FROM t', 'function-not-allowed', 'dbo.fn_total'],
  ['fabric', 'SELECT * FROM queryinsights.exec_requests_history', 'system-catalog', ''],
  ['fabric', 'SELECT * FROM sys.master_files', 'relation-not-allowed', 'sys.master_files'],
  ['snowflake', 'SELECT CURRENT_IP_ADDRESS()', 'function-not-allowed', 'current_ip_address'],
  ['snowflake', "SELECT snowflake.cortex.complete('m', 'p')", 'function-not-allowed', 'snowflake.cortex.complete'],
  ['snowflake', 'SELECT * FROM snowflake.account_usage.login_history', 'system-catalog', ''],
  ['bigquery', 'SELECT * FROM `region-us`.INFORMATION_SCHEMA.JOBS', 'system-catalog', ''],
  ['bigquery', 'SELECT * FROM `region-us`.INFORMATION_SCHEMA.STREAMING_TIMELINE', 'relation-not-allowed', 'information_schema.streaming_timeline'],
  ['bigquery', 'SELECT * FROM `region-us.INFORMATION_SCHEMA.SESSIONS_BY_USER`', 'system-catalog', ''],
  ['bigquery', 'SELECT * FROM `proj.region-us.INFORMATION_SCHEMA.CAPACITY_COMMITMENTS`', 'relation-not-allowed', 'information_schema.capacity_commitments'],
  ['bigquery', 'SELECT * FROM ML.PREDICT(MODEL m, TABLE t)', 'table-function-not-allowed', 'ml.predict'],
  ['bigquery', 'SELECT mydataset.my_udf(1)', 'function-not-allowed', 'mydataset.my_udf'],
  ['databricks', 'SELECT * FROM system.access.audit', 'system-catalog', ''],
  ['databricks', 'SELECT * FROM main.information_schema.table_privileges', 'system-catalog', ''],
  ['databricks', 'SELECT * FROM main.information_schema.volumes', 'relation-not-allowed', 'information_schema.volumes'],
  ['databricks', "SELECT ai_query('endpoint', 'x')", 'external-query', ''],
  ['databricks', "SELECT vector_search(index => 'i', query => 'q')", 'function-not-allowed', 'vector_search'],
  ['trino', 'SELECT * FROM system.runtime.queries', 'system-catalog', ''],
  [
    'trino',
    "SELECT * FROM TABLE(elasticsearch.system.raw_query(schema => 'default', index => 'logs', query => '{}'))",
    'function-not-allowed',
    'elasticsearch.system.raw_query',
  ],
  ['trino', 'SELECT * FROM "orders$files"', 'relation-not-allowed', 'orders$files'],
  ['athena', 'SELECT * FROM system.runtime.nodes', 'system-catalog', ''],
];

/** Reads the lists and the grammar allow: keyword forms, types, alias column lists, CTE column lists. */
const ALLOWED: readonly Allowed[] = [
  [
    'postgresql',
    "SELECT CAST(total AS numeric(10, 2)), EXTRACT(YEAR FROM d), COALESCE(a, b), NULLIF(a, 0), SUBSTRING(s FROM 2 FOR 3), TRIM(BOTH ' ' FROM s), POSITION('a' IN s) FROM t",
  ],
  ['postgresql', 'SELECT total::numeric(10, 2), GREATEST(a, b), LEAST(a, b) FROM t'],
  ['postgresql', 'SELECT * FROM generate_series(1, 3) g(x)'],
  ['postgresql', 'SELECT * FROM generate_series(1, 3) AS g(x)'],
  ['postgresql', 'SELECT * FROM (SELECT 1, 2) AS s(a, b)'],
  ['postgresql', 'SELECT * FROM (VALUES (1, 2)) v(a, b)'],
  ['postgresql', 'WITH c(a, b) AS (SELECT 1, 2) SELECT a FROM c'],
  ['postgresql', 'SELECT pg_catalog.lower(name) FROM t'],
  ['postgresql', 'SELECT "lower"(name) FROM t'],
  ['postgresql', 'SELECT * FROM pg_catalog.pg_class'],
  ['postgresql', 'SELECT * FROM information_schema.columns'],
  ['postgresql', 'SELECT * FROM unnest(ARRAY[1, 2]) WITH ORDINALITY u(x, n)'],
  ['postgresql', "SELECT XMLELEMENT(NAME foo, 'x')"],
  ['postgresql', 'SELECT * FROM foo TABLESAMPLE BERNOULLI (10) REPEATABLE (100)'],
  ['postgresql', 'SELECT * FROM t WHERE a = ANY (ARRAY[1, 2]) AND EXISTS (SELECT 1) AND b IN (1, 2)'],
  ['postgresql', 'SELECT count(*) FILTER (WHERE a > 1), percentile_cont(0.5) WITHIN GROUP (ORDER BY a), row_number() OVER (PARTITION BY b) FROM t'],
  ['redshift', "SELECT LISTAGG(state, ',') WITHIN GROUP (ORDER BY state) FROM orders"],
  ['duckdb', 'SELECT * FROM range(10) t(i)'],
  ['duckdb', 'SELECT upper(name), name.lower() FROM t'],
  ['duckdb', "SELECT * FROM duckdb_tables() WHERE schema_name = 'main'"],
  ['duckdb', 'SELECT * FROM duckdb_columns'],
  ['duckdb', 'SELECT * FROM information_schema.tables'],
  ['duckdb', 'SELECT * FROM main.sqlite_master'],
  ['duckdb', 'PIVOT orders ON region USING sum(amount)'],
  ['duckdb', 'WITH RECURSIVE t(k, v) USING KEY (k) AS (SELECT 1, 10 UNION ALL SELECT k, v + 1 FROM t WHERE v < 12) SELECT k, v FROM t'],
  ['duckdb', 'SELECT count(*) FROM t USING SAMPLE reservoir(10) REPEATABLE (42)'],
  ['duckdb', 'SELECT * FROM t TABLESAMPLE 10 ROWS (reservoir)'],
  ['sqlite', 'SELECT * FROM sqlite_master'],
  ['sqlite', 'SELECT * FROM main.sqlite_schema'],
  ['sqlite', "SELECT value FROM json_each('[1, 2]')"],
  ['sqlite', "SELECT strftime('%Y', d), substr(s, 1, 2), printf('%d', n) FROM t"],
  ['clickhouse', "SELECT countIf(status = 'paid'), sumIf(total, status = 'paid'), quantile(0.9)(total), uniqMergeState(s) FROM orders"],
  ['clickhouse', 'SELECT CAST(x AS Nullable(String)), toDecimal64(x, 2) FROM t'],
  ['clickhouse', 'SELECT * FROM numbers(10)'],
  ['clickhouse', 'SELECT * FROM system.tables'],
  ['mysql', "SELECT * FROM JSON_TABLE('[1]', '$[*]' COLUMNS (a INT PATH '$')) AS t"],
  ['mysql', "SELECT MATCH (title) AGAINST ('x') FROM t"],
  // The sys schema's functions that only format or split their arguments.
  ['mysql', 'SELECT sys.format_bytes(1048576), sys.format_time(2000), `sys`.`quote_identifier`(name) FROM t'],
  ['mysql', "SELECT sys.extract_table_from_file_name('/var/lib/mysql/shop/orders.ibd')"],
  ['mysql', 'SELECT * FROM t USE INDEX (idx) WHERE a = 1'],
  ['mssql', "SELECT CONVERT(VARCHAR(10), d, 120), TRY_CONVERT(DECIMAL(10, 2), x), IIF(a > 1, 'y', 'n') FROM t"],
  ['mssql', 'SELECT TOP (5) name FROM t'],
  ['mssql', 'SELECT * FROM t WITH (NOLOCK)'],
  ['mssql', "SELECT x.value('(/a)[1]', 'int') FROM t"],
  ['mssql', 'SELECT $PARTITION.pf_date(created_at) FROM t'],
  ['mssql', 'SELECT * FROM sys.tables'],
  ['mssql', 'SELECT a FROM t1 INNER MERGE JOIN t2 ON t1.id = t2.id'],
  ['snowflake', 'SELECT f.value FROM orders, LATERAL FLATTEN(input => items) f'],
  ['snowflake', "SELECT * FROM TABLE(FLATTEN(input => PARSE_JSON('[1]')))"],
  ['snowflake', 'SELECT * FROM t SAMPLE BLOCK (3) SEED (82)'],
  ['snowflake', 'SELECT t1.c1 FROM t1, t2 WHERE t1.c1 = t2.c2 (+)'],
  ['bigquery', 'SELECT SAFE.SUBSTR(s, 0, 2), NET.HOST(url), EXTRACT(WEEK(MONDAY) FROM d) FROM t'],
  ['bigquery', 'SELECT * FROM UNNEST([1, 2]) AS x'],
  ['bigquery', 'SELECT * FROM `proj.dataset.INFORMATION_SCHEMA.COLUMNS`'],
  ['trino', 'SELECT table_schem, table_name FROM system.jdbc.tables'],
  ['trino', 'SELECT * FROM t CROSS JOIN UNNEST(arr) WITH ORDINALITY u(e, n)'],
  ['trino', 'SELECT * FROM TABLE(exclude_columns(input => TABLE(t), columns => DESCRIPTOR(a)))'],
  ['databricks', 'SELECT explode(arr) FROM t'],
];

describe('default deny: names no allow list holds are refused, with the name', () => {
  for (const [driver, sql, reason, name] of REFUSED) {
    it(`${driver}: ${sql}`, () => {
      const r = check(driver, sql);
      expect(r?.reason).toBe(reason);
      if (name !== '') {
        expect(r?.name).toBe(name);
        expect(r?.message).toContain(name);
      }
    });
  }

  it('names the reasons and the way a project allows a name', () => {
    expect(check('duckdb', 'SELECT my_macro(1)')?.reason).toBe('function-not-allowed');
    expect(check('duckdb', 'SELECT * FROM my_table_macro(1)')?.reason).toBe('table-function-not-allowed');
    expect(check('postgresql', 'SELECT * FROM pg_stat_statements_info')?.reason).toBe('system-catalog');
    expect(check('postgresql', 'SELECT * FROM pg_shmem_allocations')?.reason).toBe('relation-not-allowed');
  });
});

describe('default deny: grammar, aliases and the lists pass', () => {
  for (const [driver, sql] of ALLOWED) it(`${driver}: ${sql}`, () => expect(check(driver, sql)).toBeNull());
});

describe('statementCheck.allow: the project adds its own names, and nothing else widens the list', () => {
  it('allows a user-defined function the project names, bare or schema-qualified', () => {
    expect(check('postgresql', 'SELECT fiscal_week(d) FROM t')?.reason).toBe('function-not-allowed');
    expect(check('postgresql', 'SELECT fiscal_week(d) FROM t', { functions: ['fiscal_week'] })).toBeNull();
    expect(check('postgresql', 'SELECT analytics.fiscal_week(d) FROM t', { functions: ['analytics.fiscal_week'] })).toBeNull();
    expect(check('postgresql', 'SELECT other.fiscal_week(d) FROM t', { functions: ['analytics.fiscal_week'] })?.reason).toBe('function-not-allowed');
    expect(check('mssql', 'SELECT dbo.fn_total(id) FROM t', { functions: ['dbo.fn_total'] })).toBeNull();
  });

  it('allows a table function and a system relation the project names', () => {
    expect(check('duckdb', 'SELECT * FROM my_table_macro(1)', { tableFunctions: ['my_table_macro'] })).toBeNull();
    expect(check('sqlite', 'SELECT * FROM dbstat', { relations: ['dbstat'] })).toBeNull();
    expect(check('postgresql', 'SELECT * FROM pg_catalog.pg_shmem_allocations', { relations: ['pg_catalog.pg_shmem_allocations'] })).toBeNull();
  });

  it('never lets an addition past the family and read-only layers', () => {
    expect(check('postgresql', "SELECT pg_read_file('/etc/passwd')", { functions: ['pg_read_file'] })?.reason).toBe('file-reader');
    expect(check('postgresql', 'SELECT * FROM pg_stat_activity', { relations: ['pg_stat_activity'] })?.reason).toBe('system-catalog');
    expect(check('postgresql', 'SELECT my_f(1); DELETE FROM t', { functions: ['my_f'] })?.reason).toBe('several-statements');
  });

  it('refuses an allowance that is not lists of names', () => {
    for (const allow of [[], 'x', { functions: 'x' }, { functions: [1] }, { functions: [''] }, { other: [] }, null])
      expect(hostedStatementRefusal('SELECT 1', 'postgresql', [], { readOnly: true, allow: allow as never })?.reason).toBe('invalid-option');
  });

  it('leaves statements that need not only read to the family layer', () => {
    expect(hostedStatementRefusal('SELECT my_udf(1)', 'postgresql', [], { readOnly: false })).toBeNull();
  });
});

type Verdict = readonly [driver: string, sql: string, reason: string | null];

/** Chaining read as the engine reads it (issue 25, item 3): every way of running a second statement refuses. */
const CHAINING: readonly Verdict[] = [
  ['snowflake', 'SELECT 1 ->> DELETE FROM orders', 'several-statements'],
  ['snowflake', 'SELECT * FROM orders ->> SELECT COUNT(*) FROM $1', 'several-statements'],
  ['snowflake', 'SELECT 1 ->> PUT file:///tmp/x @stage', 'stage'],
  ['duckdb', "SELECT '{\"a\": 1}'::JSON ->> 'a' AS v", null],
  ['bigquery', "CASE WHEN true THEN EXPORT DATA OPTIONS(uri='gs://b/*') AS SELECT 1; END CASE", 'export-import'],
  ['bigquery', 'CASE WHEN (SELECT 1) = 1 THEN DELETE FROM t WHERE true; ELSE SELECT 1; END CASE', 'several-statements'],
  ['bigquery', "SELECT CASE WHEN a > 1 THEN 'x' ELSE 'y' END AS b FROM t", null],
  ['bigquery', "IF true THEN EXECUTE IMMEDIATE 'DELETE FROM t'; END IF", 'query-as-text'],
  ['snowflake', "EXECUTE IMMEDIATE 'DELETE FROM t'", 'query-as-text'],
  ['mssql', 'SELECT 1 SELECT 2', 'several-statements'],
  ['mssql', 'SELECT * FROM t DELETE FROM t', 'write'],
  ['mssql', "SELECT * FROM t EXEC('DROP TABLE t')", 'call'],
  ['mysql', 'DESC ANALYZE DELETE FROM orders', 'write'],
  // A catalog row's access list is the grants on it.
  ['postgresql', 'SELECT relname, relacl FROM pg_catalog.pg_class', 'system-catalog'],
  ['postgresql', 'SELECT c.relname, c.relacl::text FROM pg_class c', 'system-catalog'],
  ['redshift', 'SELECT nspname, nspacl FROM pg_namespace', 'system-catalog'],
  ['postgresql', 'SELECT relname, relkind FROM pg_catalog.pg_class', null],
  ['postgresql', "SELECT 'relacl' AS word FROM pg_class", null],
  // The rest of the sys schema reads the server's settings, threads and history.
  ['mysql', "SELECT sys.sys_get_config('statement_truncate_len', 64)", 'system-catalog'],
  ['mysql', "SELECT sys.format_path('/var/lib/mysql/x')", 'system-catalog'],
  ['mysql', 'SELECT sys.ps_thread_id(NULL)', 'system-catalog'],
  ['mysql', 'SELECT * FROM sys.format_bytes', 'relation-not-allowed'],
  ['mysql', 'DESCRIBE FORMAT=JSON UPDATE t SET a = 1', 'write'],
  ['mysql', 'DESC DELETE FROM orders', 'write'],
  ['mysql', 'DESCRIBE orders', null],
  ['mysql', 'DESC SELECT * FROM orders', null],
  ['databricks', 'DESCRIBE EXTENDED orders', null],
  ['mssql', 'SELECT * FROM t WITH (SERIALIZABLE)', 'row-lock'],
  ['mssql', 'SELECT * FROM t WITH (REPEATABLEREAD)', 'row-lock'],
  ['mssql', 'SELECT * FROM t WITH (NOLOCK, UPDLOCK)', 'row-lock'],
  ['fabric', 'SELECT * FROM t WITH (XLOCK)', 'row-lock'],
  ['mssql', 'SELECT * FROM t WITH (NOLOCK, INDEX(ix))', null],
  ['postgresql', 'SELECT * FROM t FOR UPDATE', 'row-lock'],
  ['mysql', 'SELECT * FROM t FOR SHARE', 'row-lock'],
  ['snowflake', 'SELECT * FROM t FOR UPDATE', 'row-lock'],
  ['databricks', 'DESCRIBE HISTORY delta.`/mnt/x`', 'path-table'],
  ['databricks', 'DESCRIBE HISTORY sales.orders', 'system-catalog'],
  ['databricks', 'DESCRIBE DETAIL delta.`/mnt/x`', 'path-table'],
  ['databricks', 'VACUUM delta.`/mnt/x`', 'path-table'],
  ['databricks', 'CREATE TABLE c SHALLOW CLONE delta.`/mnt/x`', 'path-table'],
  ['sqlite', 'SELECT * FROM dbstat', 'relation-not-allowed'],
  ['sqlite', 'SELECT data FROM sqlite_dbpage', 'relation-not-allowed'],
  ['sqlite', 'SELECT * FROM pragma_database_list', 'relation-not-allowed'],
  ['mysql', 'SELECT NEXT VALUE FOR order_seq', 'effect-function'],
  ['trino', 'WITH FUNCTION f() RETURNS int RETURN 1 SELECT f(); DELETE FROM t', 'several-statements'],
];

/** Reads the issue lists as over-refused (item 4): each must pass, each with a refused neighbour above or below. */
const READS: readonly Verdict[] = [
  ['sqlite', "SELECT 'a.b', json_extract(doc, '$.a.b') FROM orders AS 'o'", null],
  ['sqlite', 'SELECT "o"."total" FROM "orders" AS "o"', null],
  ['snowflake', "SELECT 'x' AS a, '@not_a_stage' AS b FROM t", null],
  ['snowflake', "SHOW TABLES IN SCHEMA db1.s1 STARTS WITH 'a' LIMIT 10 FROM 'b'", null],
  ['sqlite', "SELECT 't'.*, t.'x' FROM 't' JOIN 'u' ON 'u'.id = t.id", null],
  ['sqlite', "SELECT name FROM 'pragma_table_info'('orders')", null],
  ['sqlite', "SELECT name FROM 'pragma_compile_options'()", 'pragma'],
  ['bigquery', 'FROM mydataset.orders |> WHERE total > 100 |> AGGREGATE COUNT(*) AS n GROUP BY region |> ORDER BY n DESC', null],
  ['bigquery', "FROM mydataset.orders |> PIVOT (SUM(total) FOR quarter IN ('Q1', 'Q2'))", null],
  ['bigquery', 'FROM mydataset.orders |> TABLESAMPLE SYSTEM (1 PERCENT) |> SELECT id, total', null],
  ['bigquery', 'FROM mydataset.orders |> CALL mydataset.top_customers(10)', 'function-not-allowed'],
  ['databricks', 'FROM main.sales.orders |> SET status = upper(status) |> DROP internal_note |> EXTEND total * 1.2 AS gross', null],
  ['databricks', 'FROM main.sales.orders |> WHERE total > 1 |> SELECT id', null],
  ['duckdb', 'PIVOT_WIDER orders ON region USING sum(amount)', null],
  ['duckdb', 'PIVOT_LONGER monthly_sales ON jan, feb INTO NAME month VALUE sales', null],
  ['duckdb', 'UNPIVOT monthly_sales ON jan, feb, mar INTO NAME month VALUE sales', null],
  ['duckdb', 'SELECT a INTO NAME x VALUE y FROM t', 'select-into'],
  ['duckdb', "PIVOT_WIDER read_csv('/etc/x.csv') ON a USING sum(b)", 'file-reader'],
  ['mssql', 'SELECT TOP 5 WITH TIES customer_id, total FROM dbo.orders ORDER BY total DESC', null],
  ['mssql', 'SELECT TOP (5) WITH TIES customer_id FROM dbo.orders ORDER BY total DESC', null],
  ['mssql', 'SELECT region, SUM(total) FROM dbo.orders GROUP BY region WITH ROLLUP', null],
  ['mssql', 'SELECT region, SUM(total) FROM dbo.orders GROUP BY region WITH CUBE', null],
  ['mssql', "WITH XMLNAMESPACES ('urn:shop' AS s) SELECT id AS 's:id' FROM dbo.orders FOR XML PATH('s:order'), ROOT('s:orders')", null],
  ['mssql', "WITH XMLNAMESPACES ('urn:shop' AS s), c AS (SELECT 1 AS a) SELECT a FROM c", null],
  ['mssql', "WITH XMLNAMESPACES ('urn:shop' AS s) DELETE FROM t", 'write'],
  ['fabric', 'SELECT TOP 5 WITH TIES id FROM t ORDER BY id', null],
  ['trino', 'WITH FUNCTION double_it(x bigint) RETURNS bigint RETURN x * 2 SELECT double_it(total) FROM orders', null],
  ['trino', 'WITH FUNCTION clamp(x double) RETURNS double BEGIN IF x < 0 THEN RETURN 0; END IF; RETURN x; END SELECT clamp(total) FROM orders', null],
  ['trino', 'WITH FUNCTION c() RETURNS int BEGIN DECLARE n int DEFAULT 1; SET n = n + 1; RETURN CASE WHEN n > 1 THEN n ELSE 0 END; END SELECT c()', null],
  ['athena', 'WITH FUNCTION f(x integer) RETURNS integer RETURN x + 1 SELECT f(1)', null],
  ['trino', "WITH FUNCTION f() RETURNS INTEGER LANGUAGE SQL COMMENT 'hi' WITH (weight = 42) RETURN 1 SELECT f()", null],
  ['trino', 'WITH FUNCTION f() RETURNS INTEGER WITH (x = (SELECT 1)) RETURN 1 SELECT f()', 'inline-function'],
  ['trino', 'WITH function AS (SELECT 1 AS x) SELECT x FROM function', null],
  ['snowflake', 'DESCRIBE FUNCTION multiply(NUMBER, NUMBER)', null],
  ['databricks', 'WITH cte (SELECT 1) SELECT * FROM cte', null],
  ['databricks', 'WITH cte (DELETE FROM t) SELECT 1', 'not-a-read'],
  ['bigquery', 'FROM x |> AGGREGATE SUM(x1), MAX(x2)', null],
  ['bigquery', 'SELECT (x).UPPER() AS y', null],
  ['bigquery', 'SELECT ds.upper(x)', 'function-not-allowed'],
  ['trino', 'WITH FUNCTION f() RETURNS int RETURN (SELECT count(*) FROM t) SELECT f()', 'inline-function'],
  ['trino', "WITH FUNCTION f() RETURNS int BEGIN SET SESSION query_max_run_time = '1s'; RETURN 1; END SELECT f()", 'inline-function'],
  ['trino', 'WITH FUNCTION f() RETURNS int RETURN 1 DELETE FROM t', 'inline-function'],
  ['trino', 'WITH FUNCTION f() RETURNS double RETURN pg_sleep(1) SELECT f()', 'function-not-allowed'],
  ['clickhouse', "SELECT name, settings FROM app_config WHERE settings != ''", null],
  ['clickhouse', 'SELECT count() FROM t SETTINGS max_threads = 1', 'setting'],
  ['postgresql', 'SELECT 1 /* outer /* inner */ still inside; SELECT pg_sleep(10) */ AS one', null],
  ['postgresql', 'SELECT 1 /* a /* b */ , pg_sleep(1)', 'unreadable'],
  ['duckdb', 'SELECT 1 /* a /* b */ c */ AS one', null],
  ['mssql', 'SELECT 1 /* comment level 1 /* comment level 2 */ */ AS one', null],
  ['redshift', 'SELECT 1 /* a /* b */ */', 'unreadable'],
  ['mysql', 'SELECT 1 /* a /* b */ */', 'unreadable'],
  ['postgresql', "SELECT U&'d!0061t!+000061' UESCAPE '!' AS v", null],
  ['postgresql', 'SELECT U&"pg!005fsleep" UESCAPE \'!\'(1)', 'function-not-allowed'],
  ['postgresql', "SELECT U&'d!0061t' /* c */ UESCAPE '!' AS v", 'unreadable'],
];

describe('chaining, as the engine reads it', () => {
  for (const [driver, sql, reason] of CHAINING) it(`${driver}: ${sql}`, () => expect(check(driver, sql)?.reason ?? null).toBe(reason));
});

describe('reads the earlier check over-refused', () => {
  for (const [driver, sql, reason] of READS) it(`${driver}: ${sql}`, () => expect(check(driver, sql)?.reason ?? null).toBe(reason));

  it('decodes a UESCAPE name to the name the engine calls', () => {
    expect(check('postgresql', 'SELECT U&"pg!005fsleep" UESCAPE \'!\'(1)')?.name).toBe('pg_sleep');
  });
});

describe("the connection's database", () => {
  const inDatabase = (driver: string, sql: string, database: string) => hostedStatementRefusal(sql, driver, [], { readOnly: true, database });
  it.each([
    ['snowflake', 'SELECT * FROM other_db.public.orders', 'ANALYTICS'],
    ['redshift', 'SELECT * FROM dev.public.sales, other_db.public.users WHERE sales.buyerid = users.userid', 'dev'],
    ['fabric', 'SELECT * FROM [SalesWarehouse].[dbo].[Orders]', 'Finance'],
    ['mssql', 'SELECT * FROM hr..employees', 'sales'],
  ])('%s refuses a three-part name of another database: %s', (driver, sql, database) => {
    expect(inDatabase(driver, sql, database)?.reason).toBe('external-query');
  });
  it.each([
    ['snowflake', 'SELECT * FROM analytics.public.orders', 'ANALYTICS'],
    ['redshift', 'SELECT * FROM dev.public.sales', 'dev'],
    ['fabric', 'SELECT * FROM [Finance].[dbo].[Orders]', 'Finance'],
    ['snowflake', 'SELECT * FROM public.orders', 'ANALYTICS'],
  ])('%s reads its own database: %s', (driver, sql, database) => {
    expect(inDatabase(driver, sql, database)).toBeNull();
  });
  const named = (driver: string, sql: string) => hostedStatementRefusal(sql, driver, [], { readOnly: true });
  it.each([
    ['redshift', 'SELECT * FROM dev.public.users u JOIN proddb.public.salaries s ON u.id = s.uid'],
    ['snowflake', 'SELECT a.id FROM ANALYTICS.MARTS.ORDERS a WHERE a.id IN (SELECT id FROM "HR"."PUBLIC"."PAY")'],
    ['mssql', 'SELECT * FROM [Sales].[dbo].[Orders] o JOIN [Payroll].dbo.Staff s ON s.id = o.rep'],
  ])('%s without a named database refuses a statement naming two databases: %s', (driver, sql) => {
    expect(named(driver, sql)?.reason).toBe('external-query');
  });
  it.each([
    ['snowflake', 'SELECT * FROM analytics.marts.orders o JOIN ANALYTICS.MARTS.CUSTOMERS c ON c.id = o.customer_id'],
    ['redshift', 'SELECT * FROM dev.public.sales'],
    ['fabric', 'SELECT * FROM sales_lakehouse.dbo.sales s JOIN dbo.regions r ON r.id = s.region'],
  ])('%s without a named database reads one database: %s', (driver, sql) => {
    expect(named(driver, sql)).toBeNull();
  });
  it('takes no database that is not a name', () => {
    expect(hostedStatementRefusal('SELECT 1', 'snowflake', [], { readOnly: true, database: '' })?.reason).toBe('invalid-option');
  });
});
