/**
 * Driver -> dialect. The only place a driver name picks a reading.
 */

import type { Driver } from '../drivers.js';
import { ATHENA } from './athena.js';
import type { Dialect } from './base-dialect.js';
import { BIGQUERY } from './bigquery.js';
import { CLICKHOUSE } from './clickhouse.js';
import { DATABRICKS } from './databricks.js';
import { DUCKDB } from './duckdb.js';
import { FABRIC } from './fabric.js';
import { FILE } from './file.js';
import { MSSQL } from './mssql.js';
import { MYSQL } from './mysql.js';
import { POSTGRESQL } from './postgresql.js';
import { REDSHIFT } from './redshift.js';
import { SNOWFLAKE } from './snowflake.js';
import { SQLITE } from './sqlite.js';
import { TRINO } from './trino.js';

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
