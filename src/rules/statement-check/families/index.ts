/**
 * Driver -> its family table: shared families, then the engine's own (T-SQL and Trino
 * descendants stack on their parent).
 */
import type { Driver } from '../../../../grammar/sql/index.js';
import { ATHENA_FAMILIES } from './athena.js';
import { BIGQUERY_FAMILIES } from './bigquery.js';
import { CLICKHOUSE_FAMILIES } from './clickhouse.js';
import { DATABRICKS_FAMILIES } from './databricks.js';
import { DUCKDB_FAMILIES } from './duckdb.js';
import { FABRIC_FAMILIES } from './fabric.js';
import { MSSQL_FAMILIES } from './mssql.js';
import { MYSQL_FAMILIES } from './mysql.js';
import { POSTGRESQL_FAMILIES } from './postgresql.js';
import { REDSHIFT_FAMILIES } from './redshift.js';
import { SHARED } from './shared.js';
import { SNOWFLAKE_FAMILIES } from './snowflake.js';
import { SQLITE_FAMILIES } from './sqlite.js';
import { TRINO_FAMILIES } from './trino.js';
import { type EngineFamilies, mergeFamilies } from './types.js';

function stack(...deltas: Partial<EngineFamilies>[]): EngineFamilies {
  return deltas.reduce<EngineFamilies>((acc, delta) => mergeFamilies(acc, delta), SHARED);
}

export const FAMILIES: Readonly<Record<Driver, EngineFamilies>> = {
  athena: stack(TRINO_FAMILIES, ATHENA_FAMILIES),
  bigquery: stack(BIGQUERY_FAMILIES),
  clickhouse: stack(CLICKHOUSE_FAMILIES),
  databricks: stack(DATABRICKS_FAMILIES),
  duckdb: stack(DUCKDB_FAMILIES),
  fabric: stack(MSSQL_FAMILIES, FABRIC_FAMILIES),
  file: stack(DUCKDB_FAMILIES),
  mssql: stack(MSSQL_FAMILIES),
  mysql: stack(MYSQL_FAMILIES),
  postgresql: stack(POSTGRESQL_FAMILIES),
  redshift: stack(POSTGRESQL_FAMILIES, REDSHIFT_FAMILIES),
  snowflake: stack(SNOWFLAKE_FAMILIES),
  sqlite: stack(SQLITE_FAMILIES),
  trino: stack(TRINO_FAMILIES),
};

export type { EngineFamilies } from './types.js';
