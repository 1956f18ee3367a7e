/**
 * Per-engine tables of both kinds: statements each engine's families refuse (on every hosted
 * connection, read-only or not) and ordinary statements that must pass.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Refused = readonly [sql: string, reason: string];

const REFUSED: Readonly<Record<string, readonly Refused[]>> = {
  duckdb: [
    ["SELECT * FROM read_csv('/etc/passwd')", 'file-reader'],
    ["SELECT * FROM read_csv_auto('data.csv')", 'file-reader'],
    ["SELECT * FROM 'data/orders.parquet'", 'file-reader'],
    ["DESCRIBE 'data/orders.parquet'", 'file-reader'],
    ["SUMMARIZE 'data/orders.parquet'", 'file-reader'],
    ["SELECT * FROM t, 'data/x.csv'", 'file-reader'],
    ["CREATE TABLE t AS FROM 'data/x.csv'", 'file-reader'],
    ['SELECT * FROM "data.csv"', 'file-reader'],
    ["SELECT * FROM parquet_scan('s3://bucket/x.parquet')", 'file-reader'],
    ["SELECT * FROM glob('/home/*')", 'file-reader'],
    ["SELECT getenv('HOME')", 'environment-reader'],
    ["SELECT * FROM query('SELECT 1')", 'query-as-text'],
    ["SELECT * FROM query_table('orders')", 'query-as-text'],
    ["COPY orders TO '/tmp/out.csv'", 'copy'],
    ["ATTACH 'other.db' AS o", 'attach'],
    ['DETACH o', 'attach'],
    ['INSTALL httpfs', 'install'],
    ['FORCE INSTALL httpfs', 'install'],
    ['LOAD httpfs', 'load'],
    ['PRAGMA enable_profiling', 'pragma'],
    ["SELECT * FROM pragma_table_info('t')", 'pragma'],
    ['SET enable_external_access = true', 'setting'],
    ['RESET memory_limit', 'setting'],
    ["EXPORT DATABASE '/tmp/db'", 'export-import'],
    ["IMPORT DATABASE '/tmp/db'", 'export-import'],
    ['PREPARE p AS SELECT 1', 'prepared-statement'],
    ['EXECUTE p', 'prepared-statement'],
    ['CALL pragma_version()', 'call'],
    ["CREATE SECRET s (TYPE s3, KEY_ID 'x')", 'file'],
    ['CREATE OR REPLACE PERSISTENT SECRET s (TYPE s3)', 'file'],
    ["SELECT * FROM postgres_scan('host=x', 'public', 't')", 'external-query'],
    ['USE other', 'session'],
  ],
  sqlite: [
    ["ATTACH DATABASE '/tmp/x.db' AS x", 'attach'],
    ['PRAGMA table_info(t)', 'pragma'],
    ["SELECT load_extension('/tmp/evil.so')", 'extension'],
    ["SELECT readfile('/etc/passwd')", 'file-reader'],
    ["SELECT writefile('/tmp/x', 'data')", 'file'],
    ["VACUUM INTO '/tmp/copy.db'", 'file'],
    ['CREATE VIRTUAL TABLE t USING csv(filename=x)', 'table-function'],
    ['SELECT * FROM pragma_compile_options()', 'pragma'],
  ],
  postgresql: [
    ["SELECT pg_read_file('/etc/passwd')", 'file-reader'],
    ["SELECT * FROM pg_ls_dir('.')", 'file-reader'],
    ["COPY t FROM PROGRAM 'id'", 'copy'],
    ["SELECT * FROM dblink('host=x', 'SELECT 1') AS t(a int)", 'external-query'],
    ["SELECT query_to_xml('SELECT * FROM pg_authid', true, true, '')", 'query-as-text'],
    ['DO $$ BEGIN PERFORM 1; END $$', 'query-as-text'],
    ["SELECT set_config('search_path', 'x', false)", 'setting'],
    ['SET search_path TO x', 'setting'],
    ["ALTER SYSTEM SET work_mem = '1GB'", 'setting'],
    ["LOAD 'plpython3u'", 'load'],
    ['CREATE EXTENSION IF NOT EXISTS dblink', 'extension'],
    ['PREPARE q AS SELECT 1', 'prepared-statement'],
    ['SELECT pg_terminate_backend(123)', 'session'],
    ['LISTEN channel', 'session'],
    ["SELECT lo_import('/etc/passwd')", 'file-reader'],
  ],
  redshift: [
    ["UNLOAD ('SELECT * FROM t') TO 's3://b/x'", 'copy'],
    ["COPY t FROM 's3://b/x' IAM_ROLE 'r'", 'copy'],
    ['CREATE EXTERNAL SCHEMA s FROM DATA CATALOG', 'external-query'],
    ["SELECT pg_read_file('x')", 'file-reader'],
  ],
  mysql: [
    ["LOAD DATA INFILE '/etc/passwd' INTO TABLE t", 'file-reader'],
    ["SELECT load_file('/etc/passwd')", 'file-reader'],
    ["SELECT * FROM t INTO OUTFILE '/tmp/x'", 'file'],
    ["SELECT a INTO DUMPFILE '/tmp/x' FROM t", 'file'],
    ["INSTALL PLUGIN p SONAME 'x.so'", 'install'],
    ['SET GLOBAL general_log = 1', 'setting'],
    ["PREPARE s FROM 'SELECT 1'", 'prepared-statement'],
    ['CALL proc()', 'call'],
    ['KILL 12', 'session'],
    ["CHANGE MASTER TO MASTER_HOST='x'", 'external-query'],
    ["SELECT sys_exec('id')", 'call'],
  ],
  snowflake: [
    ['SELECT $1 FROM @my_stage/data.csv', 'stage'],
    ['SELECT * FROM @~/x', 'stage'],
    ['PUT file:///tmp/x @stage', 'stage'],
    ['LIST @stage', 'stage'],
    ['COPY INTO t FROM @stage', 'copy'],
    ["CREATE STAGE s URL='s3://x'", 'stage'],
    ["ALTER SESSION SET TIMEZONE = 'UTC'", 'setting'],
    ["SELECT * FROM IDENTIFIER('db.s.t')", 'query-as-text'],
    ["SELECT * FROM TABLE('db.s.t')", 'query-as-text'],
    ['SELECT system$whitelist()', 'session'],
    ["EXECUTE IMMEDIATE 'SELECT 1'", 'query-as-text'],
    ['SELECT $secret_var', 'session'],
    ["SELECT get_presigned_url(@s, 'x')", 'stage'],
  ],
  bigquery: [
    ["SELECT * FROM EXTERNAL_QUERY('conn', 'SELECT 1')", 'external-query'],
    ["EXPORT DATA OPTIONS(uri='gs://b/*') AS SELECT 1", 'export-import'],
    ["LOAD DATA INTO t FROM FILES(uris=['gs://b/x'])", 'file-reader'],
    ["EXECUTE IMMEDIATE 'SELECT 1'", 'query-as-text'],
    ["CREATE EXTERNAL TABLE t OPTIONS (uris=['gs://x'])", 'path-table'],
    ['SET x = 1', 'setting'],
  ],
  databricks: [
    ["SELECT * FROM read_files('s3://b/x')", 'file-reader'],
    ['SELECT * FROM parquet.`/mnt/data/x.parquet`', 'path-table'],
    ['SELECT * FROM delta.`s3://b/table`', 'path-table'],
    ["SELECT secret('scope', 'key')", 'environment-reader'],
    ["SELECT ai_query('endpoint', 'hi')", 'external-query'],
    ["SELECT '${spark.secret}'", 'setting'],
    ['SELECT * FROM t WHERE a = ${x}', 'setting'],
    ["COPY INTO t FROM 's3://x'", 'copy'],
    ['ADD JAR /tmp/x.jar', 'extension'],
    ['SET spark.sql.ansi.enabled = true', 'setting'],
  ],
  clickhouse: [
    ["SELECT * FROM file('/etc/passwd', 'CSV')", 'file-reader'],
    ["SELECT * FROM url('http://x', CSV)", 'external-query'],
    ["SELECT * FROM s3('https://b/x')", 'external-query'],
    ["SELECT * FROM mysql('host', 'db', 't', 'u', 'p')", 'external-query'],
    ["SELECT * FROM remote('host', system.one)", 'external-query'],
    ["SELECT * FROM executable('x.sh', 'CSV', 'a String')", 'table-function'],
    ['SELECT 1 SETTINGS max_threads = 1', 'setting'],
    ["SELECT 1 INTO OUTFILE 'x'", 'file'],
    ['SYSTEM RELOAD CONFIG', 'session'],
    ["SELECT * FROM merge('db', '^t')", 'table-function'],
  ],
  mssql: [
    ["SELECT * FROM OPENROWSET(BULK 'c:\\x.txt', SINGLE_CLOB) AS x", 'file-reader'],
    ["SELECT * FROM OPENQUERY(srv, 'SELECT 1')", 'external-query'],
    ["EXEC xp_cmdshell 'dir'", 'call'],
    ['SELECT 1 EXEC sp_configure', 'call'],
    ["BULK INSERT t FROM 'c:\\x.csv'", 'file-reader'],
    ['SET NOCOUNT ON', 'setting'],
    ['SELECT 1 SET NOCOUNT ON', 'setting'],
    ["BACKUP DATABASE d TO DISK = 'x'", 'file'],
    ['USE master', 'session'],
    ["WAITFOR DELAY '00:00:05'", 'session'],
  ],
  trino: [
    ["SELECT * FROM TABLE(system.query(query => 'SELECT 1'))", 'query-as-text'],
    ["SET SESSION query_max_run_time = '1h'", 'setting'],
    ['RESET SESSION x', 'setting'],
    ["CALL system.sync_partition_metadata('a', 'b', 'FULL')", 'call'],
    ['PREPARE q FROM SELECT 1', 'prepared-statement'],
    ["EXECUTE IMMEDIATE 'SELECT 1'", 'query-as-text'],
    ['USE hive.web', 'session'],
  ],
  athena: [
    ["UNLOAD (SELECT * FROM t) TO 's3://b/x' WITH (format = 'PARQUET')", 'copy'],
    ["CREATE EXTERNAL TABLE t (a int) LOCATION 's3://x/'", 'path-table'],
    ['MSCK REPAIR TABLE t', 'path-table'],
  ],
};
REFUSED['file'] = REFUSED['duckdb'] ?? [];
REFUSED['fabric'] = REFUSED['mssql'] ?? [];

/** Ordinary statements that merely mention family words. */
const ORDINARY: Readonly<Record<string, readonly string[]>> = {
  shared: [
    'SELECT a.id, b.total FROM orders a JOIN totals b ON a.id = b.id',
    'WITH r AS (SELECT * FROM events) SELECT count(*) FROM r',
    'SELECT region, sum(amount) OVER (PARTITION BY region ORDER BY day) AS running FROM payments',
    "SELECT 'copy', 'read_csv(', '; drop table x' FROM t",
    "SELECT * FROM t WHERE note = 'load data infile' -- copy this\n",
    'SELECT load, set_id, reset_at, "import", "read_csv" FROM t',
    'SELECT * FROM t /* call exec pragma */ WHERE x = 1',
    'SELECT count(*) FILTER (WHERE status = 1) FROM t',
    'SELECT * FROM t WHERE a = ? AND b = ?',
  ],
  duckdb: ['SELECT * FROM main.orders', 'FROM orders SELECT id', 'SUMMARIZE orders', "SELECT list_value(1, 2)[1], {'a': 1} AS s"],
  sqlite: ['SELECT * FROM [order items] WHERE "id" = 1', 'SELECT * FROM sqlite_master'],
  postgresql: ["SELECT E'\\n', $$text$$, x::int FROM t", 'SELECT * FROM t WHERE tags @> ARRAY[1] AND a # b = 0'],
  redshift: ['SELECT * FROM svv_tables', "SELECT listagg(a, ',') FROM t"],
  mysql: ['SELECT `load`, `set` FROM t LIMIT 1, 2', 'SELECT * FROM t WHERE a = 1 # comment'],
  snowflake: ['SELECT * FROM TABLE(FLATTEN(input => parse_json(x)))', "SELECT $$a'b$$, :1 FROM t"],
  bigquery: ['SELECT * FROM `proj.ds.t`, UNNEST(arr) AS x', "SELECT r'\\d', @param FROM t"],
  databricks: ['SELECT * FROM catalog.schema.t', 'SELECT * FROM json_table'],
  clickhouse: ['SELECT * FROM system.numbers LIMIT 10', "SELECT format('{} {}', a, b) FROM t FINAL"],
  mssql: ['SELECT TOP 10 * FROM dbo.orders WITH (NOLOCK)', 'SELECT * FROM [dbo].[t] ORDER BY id OFFSET 0 ROWS FETCH NEXT 10 ROWS ONLY'],
  trino: ['SELECT * FROM hive.web.page_views', "SELECT U&'\\0041' FROM t"],
  athena: ['SELECT * FROM logs.requests', 'SELECT `a` FROM t'],
};
ORDINARY['file'] = ORDINARY['duckdb'] ?? [];
ORDINARY['fabric'] = ORDINARY['mssql'] ?? [];

describe('hostedStatementRefusal: engine families', () => {
  for (const [driver, cases] of Object.entries(REFUSED)) {
    describe(driver, () => {
      it.each(cases)('refuses %s', (sql, reason) => {
        for (const readOnly of [false, true]) {
          const refusal = hostedStatementRefusal(sql, driver, [], { readOnly });
          expect(refusal?.reason, `readOnly=${readOnly}`).toBe(reason);
          expect(refusal?.code).toBe('ROW_POLICY_REFUSED');
        }
      });

      const ordinary = [...(ORDINARY['shared'] ?? []), ...(ORDINARY[driver] ?? [])];
      it.each(ordinary)('lets through %s', (sql) => {
        expect(hostedStatementRefusal(sql, driver)).toBeNull();
        expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })).toBeNull();
      });
    });
  }
});
