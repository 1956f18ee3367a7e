/**
 * Driver -> dialect. The only place a driver name picks a reading.
 */
import type { Dialect } from './base-dialect.js';
import type { Driver } from './drivers.js';
import { ATHENA } from './dialects/athena.js';
import { BIGQUERY } from './dialects/bigquery.js';
import { CLICKHOUSE } from './dialects/clickhouse.js';
import { DATABRICKS } from './dialects/databricks.js';
import { DUCKDB } from './dialects/duckdb.js';
import { FABRIC } from './dialects/fabric.js';
import { FILE } from './dialects/file.js';
import { MSSQL } from './dialects/mssql.js';
import { MYSQL } from './dialects/mysql.js';
import { POSTGRESQL } from './dialects/postgresql.js';
import { REDSHIFT } from './dialects/redshift.js';
import { SNOWFLAKE } from './dialects/snowflake.js';
import { SQLITE } from './dialects/sqlite.js';
import { TRINO } from './dialects/trino.js';

export const DIALECTS: Readonly<Record<Driver, Dialect>> = {
  athena: ATHENA,
  bigquery: BIGQUERY,
  clickhouse: CLICKHOUSE,
  databricks: DATABRICKS,
  duckdb: DUCKDB,
  fabric: FABRIC,
  file: FILE,
  mssql: MSSQL,
  mysql: MYSQL,
  postgresql: POSTGRESQL,
  redshift: REDSHIFT,
  snowflake: SNOWFLAKE,
  sqlite: SQLITE,
  trino: TRINO,
};
