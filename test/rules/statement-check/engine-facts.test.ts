/**
 * The families of issue-tracked bypasses and over-refusals, one row per case with the engine
 * fact it rests on. `ro` is the reason for a statement that must only read (people, models,
 * blocks), `any` for a hosted statement that may write (the family check alone); null passes.
 * The family check runs first, so a family reason also answers a read-only statement.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Row = readonly [driver: string, sql: string, ro: string | null, any: string | null, why: string];

const ROWS: readonly Row[] = [
  // Several statements in a T-SQL batch need no separator.
  ['mssql', 'SELECT 1 BEGIN TRAN', 'session', 'session', 'BEGIN TRAN starts a statement after a SELECT without ;'],
  ['mssql', 'SELECT 1 BEGIN TRANSACTION UPDATE t SET a = 1', 'session', 'session', 'a transaction and an UPDATE after a SELECT'],
  ['mssql', 'SELECT 1 CHECKPOINT', 'session', 'session', 'CHECKPOINT is a statement of its own'],
  ['mssql', 'SELECT 1 WHILE 1 = 1 SELECT 2', 'write', null, 'a WHILE loop after a SELECT'],
  ['mssql', 'SELECT 1 IF 1 = 1 DELETE FROM t', 'write', null, 'IF starts a statement'],
  ['mssql', 'sp_who', 'call', 'call', 'a batch may call a procedure by its bare name first'],
  ['mssql', "sp_configure 'show advanced options', 1", 'call', 'call', 'sp_configure without EXEC'],
  ['mssql', '[dbo].[usp_purge] 1', 'call', 'call', 'a quoted procedure name called first'],
  ['mssql', 'SELECT a FROM t', null, null, 'an ordinary read'],
  ['mssql', 'CREATE ASSEMBLY a FROM 0x00', 'load', 'load', 'an assembly loads code into the server'],
  // Scripting blocks.
  ['bigquery', "IF TRUE THEN EXECUTE IMMEDIATE 'DROP TABLE t'; END IF", 'query-as-text', 'query-as-text', 'EXECUTE IMMEDIATE inside IF ... THEN'],
  [
    'bigquery',
    "FOR r IN (SELECT 1 AS x) DO EXPORT DATA OPTIONS(uri='gs://b/*') AS SELECT 1; END FOR",
    'query-as-text',
    'query-as-text',
    'a FOR loop runs EXPORT DATA',
  ],
  ['bigquery', "BEGIN LOAD DATA INTO t FROM FILES(uris=['gs://b/x']); END", 'query-as-text', 'query-as-text', 'a BEGIN block'],
  ['bigquery', 'SELECT CASE WHEN a THEN b ELSE c END FROM t', null, null, 'THEN and ELSE of a CASE begin nothing'],
  ['bigquery', 'SELECT CASE WHEN a THEN load ELSE export END FROM t', null, null, 'columns named like statements inside a CASE'],
  ['snowflake', 'BEGIN DROP TABLE t; END', 'query-as-text', 'query-as-text', 'an anonymous block'],
  ['snowflake', 'DECLARE c INT; BEGIN RETURN 1; END', 'query-as-text', 'query-as-text', 'DECLARE ... BEGIN block'],
  ['snowflake', 'EXECUTE IMMEDIATE $$ BEGIN DROP TABLE t; END $$', 'query-as-text', 'query-as-text', 'a block given as text'],
  ['snowflake', 'SHOW WAREHOUSES', null, null, 'SHOW WAREHOUSES lists compute, not sessions or users'],
  ['snowflake', 'SHOW USERS', 'system-catalog', null, 'users stay refused'],
  // Writes hidden in a read.
  [
    'postgresql',
    'WITH a AS (WITH b AS (SELECT 1) DELETE FROM t RETURNING *) SELECT * FROM a',
    'write',
    null,
    'a data-modifying CTE whose body starts with its own WITH',
  ],
  ['postgresql', 'WITH a AS (WITH b AS (SELECT 1) SELECT * FROM b) SELECT * FROM a', null, null, 'a nested WITH that reads'],
  ['postgresql', 'SELECT * FROM (WITH b AS (SELECT 1) UPDATE t SET a = 1 RETURNING a) s', 'write', null, 'a nested WITH in a subquery'],
  // Effect functions and text-as-query.
  ['postgresql', 'SELECT lo_creat(-1)', 'effect-function', null, 'lo_creat makes a large object'],
  ['postgresql', "SELECT lowrite(lo_open(1, 131072), 'x')", 'effect-function', null, 'large-object descriptors and writes'],
  ['postgresql', "SELECT pg_create_logical_replication_slot('s', 'pgoutput')", 'session', 'session', 'a replication slot is created by a function'],
  ['postgresql', "SELECT pg_drop_replication_slot('s')", 'session', 'session', 'and dropped by one'],
  ['postgresql', 'SELECT pg_import_system_collations(2200)', 'effect-function', null, 'collation import writes the catalog'],
  ['postgresql', 'SELECT pg_log_backend_memory_contexts(pg_backend_pid())', 'effect-function', null, 'memory-context logging writes the server log'],
  ['postgresql', "SELECT * FROM ts_stat('SELECT body FROM docs')", 'query-as-text', 'query-as-text', 'ts_stat runs a query given as text'],
  ['postgresql', "SELECT ts_rewrite('a & b'::tsquery, 'SELECT t, s FROM aliases')", 'query-as-text', 'query-as-text', 'ts_rewrite runs its second argument'],
  ['postgresql', 'SELECT * FROM pg_control_system()', 'environment-reader', 'environment-reader', 'the control file'],
  ['postgresql', 'SELECT pg_current_logfile()', 'environment-reader', 'environment-reader', 'the server log path'],
  ['postgresql', 'SELECT * FROM pg_config', 'system-catalog', null, 'the pg_config view shows build and install paths'],
  // Files in table positions after a join condition.
  ['duckdb', "SELECT * FROM t JOIN u USING (id), '/etc/passwd'", 'file-reader', 'file-reader', 'a comma after USING (...) begins the next relation'],
  ['duckdb', "SELECT * FROM t JOIN u ON t.a = u.a, '/etc/passwd'", 'file-reader', 'file-reader', 'and after ON ...'],
  ['duckdb', 'SELECT * FROM t JOIN u USING (a, b) WHERE x IN (1, 2)', null, null, 'commas inside a condition or a WHERE'],
  ['duckdb', 'SELECT * FROM t USING SAMPLE 10%', null, null, 'USING SAMPLE is no join'],
  // System records.
  ['mssql', 'SELECT * FROM sys.query_store_query_text', 'system-catalog', null, 'Query Store holds query texts'],
  ['mssql', 'SELECT * FROM sys.syscacheobjects', 'system-catalog', null, 'the plan cache'],
  ['mssql', 'SELECT * FROM sys.linked_logins', 'system-catalog', null, 'linked-server logins'],
  ['mssql', 'SELECT * FROM sysusers', 'system-catalog', null, 'users'],
  ['bigquery', 'SELECT * FROM ds.INFORMATION_SCHEMA.TABLE_OPTIONS', null, null, "a table's own options are catalog"],
  ['bigquery', 'SELECT * FROM `region-us`.INFORMATION_SCHEMA.PROJECT_OPTIONS', 'system-catalog', null, 'project options stay refused'],
  // Over-refusals a careful guard must not make.
  ['mysql', 'EXPLAIN FORMAT=JSON SELECT * FROM t', null, null, 'EXPLAIN FORMAT=JSON'],
  ['mysql', 'EXPLAIN FORMAT = TREE SELECT * FROM t', null, null, 'EXPLAIN FORMAT = TREE'],
  ['mysql', 'EXPLAIN FORMAT=JSON DELETE FROM t', 'write', null, 'an option pair never hides a write'],
  ['clickhouse', 'EXPLAIN indexes = 1 SELECT * FROM t', null, null, 'ClickHouse EXPLAIN settings'],
  ['clickhouse', 'EXPLAIN PIPELINE graph = 1, compact = 0 SELECT 1', null, null, 'a comma-separated list of EXPLAIN settings'],
  ['clickhouse', 'EXPLAIN PIPELINE graph = 1, compact = 0 DELETE FROM t WHERE 1', 'write', null, 'a setting list never hides a write'],
  ['snowflake', 'EXPLAIN USING TEXT SELECT * FROM t', null, null, 'Snowflake EXPLAIN USING TEXT'],
  ['clickhouse', 'WITH 1 + 1 AS x SELECT x', null, null, 'ClickHouse WITH <expression> AS <name>'],
  ['clickhouse', 'WITH (SELECT max(a) FROM t) AS m, 2 AS k SELECT m * k', null, null, 'a scalar subquery as a WITH expression'],
  ['clickhouse', 'WITH 1 AS x DELETE FROM t WHERE a = x', 'write', null, 'an expression WITH never hides the write after it'],
  [
    'postgresql',
    'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SEARCH DEPTH FIRST BY n SET ord SELECT * FROM t ORDER BY ord',
    null,
    null,
    'SEARCH ... SET after a recursive CTE',
  ],
  [
    'postgresql',
    'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) CYCLE n SET is_cycle USING path SELECT * FROM t',
    null,
    null,
    'CYCLE ... SET ... USING',
  ],
  ['postgresql', 'WITH RECURSIVE t(n) AS (SELECT 1) SEARCH DEPTH FIRST BY n SET ord DELETE FROM t', 'write', null, 'and never hides a write after it'],
  ['mysql', 'SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t', null, null, 'an optimizer hint is a comment'],
  ['postgresql', "SELECT 'a\\nb' AS v FROM t", null, null, 'a string decoding differently under standard_conforming_strings but ending in the same place'],
  ['mysql', "SELECT 'C:\\temp' AS v FROM t", null, null, 'the same under NO_BACKSLASH_ESCAPES'],
  ['mysql', "SELECT 'a\\' AS v; DROP TABLE t -- '", 'unreadable', 'unreadable', 'a string ending in different places stays refused'],
  ['mysql', 'SELECT "a\\nb" FROM t', 'unreadable', 'unreadable', 'a double-quoted text may be a name under ANSI_QUOTES: its value must agree'],
  ['duckdb', "SELECT * FROM read_csv('/data/ok/a\\b.csv')", 'file-reader', 'file-reader', 'a path with a backslash is never plain'],
  ['mysql', 'SELECT /*+ BKA(t) NO_ICP(t) */ a FROM t', null, null, 'join and index hints'],
  ['mysql', "SELECT /*+ SET_VAR(sql_mode='NO_BACKSLASH_ESCAPES') */ 'a\\' AS v", 'unreadable', 'unreadable', 'SET_VAR changes how the rest reads'],
];

describe('engine facts', () => {
  it.each(ROWS)('%s: %s -> read-only %s, hosted %s (%s)', (driver, sql, ro, any) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason ?? null).toBe(ro);
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: false })?.reason ?? null).toBe(any);
  });
});

const MORE: readonly Row[] = [
  // Platform DDL that loads code or reaches other systems.
  [
    'clickhouse',
    "CREATE TABLE q (a String) ENGINE = Kafka('k:9092', 'topic', 'g', 'JSONEachRow')",
    'external-query',
    'external-query',
    'a Kafka engine table reads a broker',
  ],
  ['clickhouse', "CREATE TABLE u (a String) ENGINE = URL('http://h/x.csv', CSV)", 'external-query', 'external-query', 'a URL engine table'],
  ['clickhouse', "CREATE TABLE m (a Int32) ENGINE=MySQL('h:3306', 'db', 't', 'u', 'p')", 'external-query', 'external-query', 'a MySQL engine table'],
  ['clickhouse', 'CREATE TABLE ok (a Int32) ENGINE = MergeTree ORDER BY a', 'write', null, 'a local engine is an ordinary table'],
  ['clickhouse', "SELECT * FROM oss('https://b/x.csv')", 'external-query', 'external-query', 'object storage by table function'],
  ['clickhouse', "SELECT getServerSetting('listen_host')", 'system-catalog', null, 'a server setting'],
  ['mysql', "CREATE TABLE f (a INT) ENGINE=FEDERATED CONNECTION='mysql://u@h/db/t'", 'external-query', 'external-query', 'a FEDERATED table is another server'],
  ['postgresql', "CREATE FUNCTION f() RETURNS int AS 'libc.so.6', 'getpid' LANGUAGE C", 'load', 'load', 'a function in C loads a library'],
  ['postgresql', 'CREATE FUNCTION f() RETURNS int AS $$ import os $$ LANGUAGE plpython3u', 'load', 'load', 'an untrusted language runs code'],
  ['postgresql', 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql', 'write', null, 'a SQL function'],
  // Environment readers.
  ['databricks', "SELECT reflect('java.lang.System', 'getenv', 'HOME')", 'environment-reader', 'environment-reader', 'reflect calls JVM methods'],
  ['databricks', "SELECT java_method('java.lang.Runtime', 'getRuntime')", 'environment-reader', 'environment-reader', 'java_method too'],
  ['snowflake', "SELECT GETVARIABLE('X')", 'system-catalog', null, 'GETVARIABLE reads a session variable'],
  ['mysql', 'SELECT @@\uff56\uff45\uff52\uff53\uff49\uff4f\uff4e', 'system-catalog', null, 'a server variable named in full-width letters is still one'],
  ['mysql', 'SELECT @@`version`', 'system-catalog', null, 'a server variable with a quoted name'],
  ['mysql', 'SELECT @@ version', 'system-catalog', null, 'a server variable after a space'],
  ['mssql', 'SELECT @@\uff56ersion', 'system-catalog', null, 'T-SQL @@ functions in compatibility forms'],
  ['postgresql', "SELECT to_tsvector('a b') @@ to_tsquery('a')", null, null, 'PostgreSQL @@ is a text-search operator'],
  ['mysql', 'SELECT @param FROM t', null, null, 'a user variable svc never lets anything set reads nothing'],
  ['mysql', 'SELECT @x := 1', 'write', null, 'assigning one is a write'],
];

describe('engine facts: platform DDL and environment', () => {
  it.each(MORE)('%s: %s -> read-only %s, hosted %s (%s)', (driver, sql, ro, any) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason ?? null).toBe(ro);
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: false })?.reason ?? null).toBe(any);
  });
});
