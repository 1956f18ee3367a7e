/**
 * Reads the public suites' statements showed the check refusing (docs/statement-corpora.md), each
 * family fixed at how the check reads it, beside the nearby writes and state changes that must
 * stay refused. Table-driven per dialect.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Allowed = readonly [driver: string, sql: string];
type Refused = readonly [driver: string, sql: string, reason: string, name?: string];

const check = (driver: string, sql: string) => hostedStatementRefusal(sql, driver, [], { readOnly: true });

const ALLOWED: readonly Allowed[] = [
  // A setting under which a one-statement text leaves a quote open runs nothing: the reading that reads counts.
  ['mysql', "SELECT 'I\\'m fine'"],
  ['mysql', 'SELECT "I\\"m fine"'],
  ['mysql', "SELECT 'terminating escaped quote\\''"],
  ['redshift', "SELECT 'l\\'auto'"],
  ['postgresql', "SELECT '\\'"],
  // A raw triple-quoted string whose escaped quote cannot begin its end.
  ['bigquery', 'SELECT r"""a\\"b"""'],
  // BigQuery's chained call on a string literal (no dataset is ever a string).
  ['bigquery', 'SELECT "Two birds and one mouse".REPLACE("bird", "dog").REPLACE("mouse", "cat") AS result'],
  // Metadata SHOW forms of tables and functions.
  ['mysql', 'SHOW EXTENDED TABLES'],
  ['mysql', 'SHOW EXTENDED FULL TABLES FROM shop'],
  ['snowflake', 'SHOW EXTERNAL TABLES IN SCHEMA xyz'],
  ['snowflake', "SHOW EXTERNAL TABLES STARTS WITH 'abc' LIMIT 20"],
  ['snowflake', 'SHOW TERSE UNIQUE KEYS IN "TEST"."PUBLIC"."foo"'],
  ['snowflake', 'SHOW TERSE SEQUENCES'],
  ['databricks', "SHOW USER FUNCTIONS FROM default LIKE 't*'"],
  ['databricks', 'SHOW SYSTEM FUNCTIONS concat'],
  ['databricks', 'SHOW ALL FUNCTIONS trim'],
  // A table of a schema named like a refused DESCRIBE target; a Spark CTE without AS.
  ['databricks', 'DESCRIBE history.tbl'],
  ['databricks', 'WITH cte (col1, col2) (SELECT 1, 2) SELECT * FROM cte'],
  ['databricks', 'WITH a AS (SELECT 1), b (x) AS (SELECT 2), c (SELECT 3) SELECT * FROM a, b, c'],
  ['postgresql', 'SELECT * FROM (WITH q (a) AS (SELECT 1) SELECT a FROM q) s'],
  ['databricks', 'SELECT transform(arr, x -> x + 1) FROM t'],
  // T-SQL: a query hint, OPENXML's schema table, an index in FORCESEEK, PREDICT over a project table.
  ['mssql', "SELECT * FROM t OPTION (RECOMPILE, USE HINT ('DISABLE_PARAMETER_SNIFFING'))"],
  ['mssql', "SELECT * FROM OPENXML (@docHandle, '/root/Customer/Order', 1) WITH T1"],
  ['mssql', 'SELECT * FROM dbo.table6 WITH (FORCESEEK (ix_table_id (column1, column2)))'],
  ['mssql', 'SELECT d.*, p.* FROM dbo.t AS d CROSS APPLY PREDICT(MODEL = @model, DATA = d AS data) WITH (prediction float) AS p'],
  ['mssql', 'SELECT * FROM PREDICT(MODEL = @m, DATA = dbo.test_data AS input) WITH (class_label int) AS p'],
  // Who the connection is: the same account, role, database and release for every person.
  ['snowflake', 'SELECT CURRENT_USER(), CURRENT_ROLE(), CURRENT_WAREHOUSE(), CURRENT_DATABASE(), CURRENT_VERSION()'],
  ['databricks', 'SELECT current_user(), current_catalog(), current_version(), version()'],
  ['redshift', 'SELECT current_user, session_user, version()'],
  ['trino', 'SELECT current_user, version()'],
  ['athena', 'SELECT current_user'],
  ['mssql', 'SELECT CURRENT_USER, SYSTEM_USER, ORIGINAL_LOGIN()'],
  ['fabric', 'SELECT CURRENT_USER, SESSION_USER'],
  ['mysql', 'SELECT CURRENT_USER(), CURRENT_ROLE(), VERSION()'],
  ['bigquery', 'SELECT SESSION_USER()'],
  ['postgresql', 'SELECT current_user, session_user, current_role, version()'],
  ['clickhouse', 'SELECT currentUser(), version()'],
];

const REFUSED: readonly Refused[] = [
  // A `;` may end a statement under one setting and run what comes before: every reading counts.
  ['mysql', "SELECT 'a\\'; DELETE FROM t; SELECT '", 'unreadable'],
  ['redshift', "SELECT 'l\\'auto'; DELETE FROM t", 'unreadable'],
  ['postgresql', "SELECT 'a\\' ; COPY t TO '/x' -- '", 'unreadable'],
  ['bigquery', 'SELECT r"""a\\""""', 'unreadable'],
  ['bigquery', 'SELECT "x".EXTERNAL_QUERY("conn", "SELECT 1")', 'external-query'],
  // SHOW and DESCRIBE of the record of users and sessions.
  ['mysql', 'SHOW FULL PROCESSLIST', 'system-catalog'],
  ['snowflake', 'SHOW USERS', 'system-catalog'],
  ['databricks', 'DESCRIBE HISTORY events', 'system-catalog'],
  ['databricks', 'DESCRIBE HISTORY a.b', 'system-catalog'],
  // Spark's script transform runs a program for the rows.
  ['databricks', "SELECT TRANSFORM(zip_code, name) USING 'cat' AS (a, b) FROM person", 'environment-reader'],
  ['databricks', "SELECT TRANSFORM(a) ROW FORMAT DELIMITED USING 'rm -rf /' FROM t", 'environment-reader'],
  ['databricks', 'WITH t (a) (SELECT 1) DELETE FROM x', 'write'],
  // Only a WITH list defines CTE names: a call in a select list taking a query is still a call.
  ['databricks', 'SELECT 1, my_fn(SELECT 1)', 'function-not-allowed', 'my_fn'],
  ['duckdb', 'SELECT 1, evil_macro(1) (SELECT 1)', 'function-not-allowed', 'evil_macro'],
  ['snowflake', 'SELECT a, my_udf(SELECT 1, 2) FROM t', 'function-not-allowed', 'my_udf'],
  // T-SQL: USE outside OPTION, lock hints, a statement after OPENXML's schema, PREDICT's DATA checked.
  ['mssql', 'SELECT * FROM t OPTION (MAXDOP 1) USE master', 'session'],
  ['mssql', 'SELECT * FROM t WITH (SERIALIZABLE)', 'row-lock'],
  ['mssql', "SELECT * FROM OPENXML(1, '/r') WITH T1 DELETE FROM t", 'write'],
  ['mssql', 'SELECT * FROM PREDICT(MODEL = @m, DATA = sys.identity_columns AS d) WITH (s float) AS p', 'relation-not-allowed', 'sys.identity_columns'],
  ['mssql', 'SELECT * FROM PREDICT(MODEL = @m, DATA = srv.db.dbo.t AS d) WITH (s float) AS p', 'external-query'],
  // Chaining and DESC ANALYZE (issue 25, item 3).
  ['snowflake', 'SELECT 1 ->> DELETE FROM orders', 'several-statements'],
  ['mysql', 'DESC ANALYZE DELETE FROM orders', 'write'],
  // Beside who the connection is: other sessions, the host's address, grants of any role, models.
  ['snowflake', 'SELECT CURRENT_IP_ADDRESS()', 'function-not-allowed', 'current_ip_address'],
  ['snowflake', 'SELECT CURRENT_AVAILABLE_ROLES()', 'function-not-allowed', 'current_available_roles'],
  ['snowflake', 'SELECT CURRENT_TRANSACTION()', 'function-not-allowed', 'current_transaction'],
  ['snowflake', 'SELECT model!PREDICT(1)', 'function-not-allowed', 'model!predict'],
  ['databricks', "SELECT is_member('admins')", 'function-not-allowed', 'is_member'],
  ['mysql', 'SELECT USER()', 'function-not-allowed', 'user'],
  ['mysql', 'SELECT CONNECTION_ID()', 'function-not-allowed', 'connection_id'],
  ['mssql', 'SELECT SUSER_SNAME(0x01)', 'function-not-allowed', 'suser_sname'],
  ['redshift', 'SELECT pg_backend_pid()', 'function-not-allowed', 'pg_backend_pid'],
  ['trino', 'SELECT current_groups()', 'function-not-allowed', 'current_groups'],
  ['postgresql', 'SELECT pg_backend_pid()', 'function-not-allowed', 'pg_backend_pid'],
  ['clickhouse', 'SELECT currentRoles()', 'system-catalog'],
];

describe('public-suite reads: read as the engine reads them', () => {
  for (const [driver, sql] of ALLOWED) it(`${driver}: ${sql}`, () => expect(check(driver, sql)).toBeNull());
});

describe('public-suite reads: the nearby writes and state changes stay refused', () => {
  for (const [driver, sql, reason, name] of REFUSED) {
    it(`${driver}: ${sql}`, () => {
      const r = check(driver, sql);
      expect(r?.reason).toBe(reason);
      if (name !== undefined) expect(r?.name).toBe(name);
    });
  }
});
