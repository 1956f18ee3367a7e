/**
 * Who the connection is, per engine built from a vendor reference: the functions a read may call
 * to learn the account, role, database, schema and engine release of the connection it runs on.
 *
 * Why they are allowed: on a hosted connection every person's statement runs as the one account
 * the connection is configured with, so these return the same values to everyone, read no rows
 * and nothing of another person's work, and change nothing. (The engines whose lists are
 * generated from their catalogs allow the same family: see `LEFT_OUT` in postgresql.ts,
 * clickhouse.ts and mariadb.ts, where it is no longer left out.)
 *
 * Still left out, in each engine's own file: what reveals other sessions or what controls them
 * (session, connection and transaction ids, the last query's id), the address of the host svc
 * runs on (Snowflake CURRENT_IP_ADDRESS, MySQL USER() and SESSION_USER(), which carry the client
 * host), grants and membership tests over any role (IS_MEMBER, CURRENT_AVAILABLE_ROLES), and the
 * T-SQL functions that with an argument name any principal (SUSER_SNAME(sid), USER_NAME(id)).
 */

/**
 * Snowflake, https://docs.snowflake.com/en/sql-reference/functions-context (session and
 * session-object functions): the account, organization, region, client driver, user, role and
 * its type, secondary roles, warehouse, database, schema and search path, the release, and the
 * text of the statement itself.
 */
export const SNOWFLAKE_IDENTITY = [
  'current_account',
  'current_account_name',
  'current_client',
  'current_database',
  'current_organization_name',
  'current_organization_user',
  'current_region',
  'current_role',
  'current_role_type',
  'current_schema',
  'current_schemas',
  'current_secondary_roles',
  'current_statement',
  'current_user',
  'current_version',
  'current_warehouse',
];

/**
 * Databricks, https://docs.databricks.com/aws/en/sql/language-manual/sql-ref-functions-builtin
 * (misc functions: current_user, user, session_user, current_catalog, current_database,
 * current_schema, current_version, version).
 */
export const DATABRICKS_IDENTITY = [
  'current_catalog',
  'current_database',
  'current_schema',
  'current_user',
  'current_version',
  'session_user',
  'user',
  'version',
];

/** Redshift, https://docs.aws.amazon.com/redshift/latest/dg/r_System_information_functions.html. */
export const REDSHIFT_IDENTITY = ['current_user', 'session_user', 'user', 'version'];

/** Trino and Athena, https://trino.io/docs/current/functions/session.html and system.html. */
export const TRINO_IDENTITY = ['current_user', 'version'];

/**
 * SQL Server and Fabric, https://learn.microsoft.com/sql/t-sql/functions/security-functions-transact-sql:
 * the niladic forms only (CURRENT_USER, SESSION_USER, SYSTEM_USER, USER, ORIGINAL_LOGIN()); the
 * ones taking a principal's id or sid stay out.
 */
export const MSSQL_IDENTITY = ['current_user', 'original_login', 'session_user', 'system_user', 'user'];

/**
 * SQL Server and Fabric functions allowed only when called without an argument
 * (security-functions-transact-sql, metadata-functions-transact-sql): SUSER_SNAME(), SUSER_NAME()
 * and USER_NAME() name the connection's own login and user, DB_NAME() its database. With an
 * argument they name any login, user or database of the server by its id or sid, so
 * `SUSER_SNAME(0x01)` and `DB_NAME(3)` stay refused.
 */
export const MSSQL_IDENTITY_NILADIC = ['db_name', 'suser_name', 'suser_sname', 'user_name'];

/**
 * MySQL, https://dev.mysql.com/doc/refman/8.4/en/information-functions.html: CURRENT_USER() and
 * CURRENT_ROLE() name the account as granted (`svc@%`), VERSION() the release; USER(),
 * SESSION_USER() and SYSTEM_USER() stay out (they carry the host svc connects from).
 */
export const MYSQL_IDENTITY = ['current_role', 'current_user', 'version'];

/** BigQuery, https://cloud.google.com/bigquery/docs/reference/standard-sql/security_functions: SESSION_USER(). */
export const BIGQUERY_IDENTITY = ['session_user'];

/**
 * BigQuery system variables naming where the connection runs
 * (https://cloud.google.com/bigquery/docs/reference/system-variables): the project the query
 * runs in and the connection's default dataset and its project. The others stay refused: job
 * and session ids (`@@current_job_id`, `@@last_job_id`, `@@session_id`), a script's state
 * (`@@row_count`, `@@error`, `@@script.*`), settings (`@@time_zone`, `@@query_label`).
 */
export const BIGQUERY_IDENTITY_VARIABLES = ['@@dataset_id', '@@dataset_project_id', '@@project_id'];
