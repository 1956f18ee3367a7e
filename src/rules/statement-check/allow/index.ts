/**
 * Driver -> what a read may name on it: the engine's allow list (generated from its catalog, or
 * built from its vendor's reference) joined with the SQL grammar every dialect shares
 * (`grammar.ts`). The `mysql` driver reads MariaDB's generated list and MySQL's reference list
 * (one server may be either); `file` is DuckDB's.
 */
import type { Driver } from '../../../../grammar/sql/index.js';
import { ATHENA_ALLOW } from './athena.js';
import { BIGQUERY_ALLOW } from './bigquery.js';
import { sortedUnique } from './build.js';
import { CLICKHOUSE_ALLOW } from './clickhouse.js';
import { DATABRICKS_ALLOW } from './databricks.js';
import { DUCKDB_ALLOW } from './duckdb.js';
import { FABRIC_ALLOW } from './fabric.js';
import { GRAMMAR_FUNCTIONS, GRAMMAR_TABLE_FUNCTIONS } from './grammar.js';
import { MARIADB_ALLOW } from './mariadb.js';
import { MSSQL_ALLOW } from './mssql.js';
import { MYSQL_ALLOW } from './mysql.js';
import { POSTGRESQL_ALLOW } from './postgresql.js';
import { REDSHIFT_ALLOW } from './redshift.js';
import { SNOWFLAKE_ALLOW } from './snowflake.js';
import { SQLITE_ALLOW } from './sqlite.js';
import { TRINO_ALLOW } from './trino.js';
import type { AllowList } from './types.js';

const union = (...lists: AllowList[]): AllowList => ({
  functions: sortedUnique(...lists.map((l) => l.functions)),
  tableFunctions: sortedUnique(...lists.map((l) => l.tableFunctions)),
  relations: sortedUnique(...lists.map((l) => l.relations)),
});

/** The engine's own list for each driver, before grammar. */
export const ENGINE_ALLOW: Readonly<Record<Driver, AllowList>> = {
  athena: ATHENA_ALLOW,
  bigquery: BIGQUERY_ALLOW,
  clickhouse: CLICKHOUSE_ALLOW,
  databricks: DATABRICKS_ALLOW,
  duckdb: DUCKDB_ALLOW,
  fabric: FABRIC_ALLOW,
  file: DUCKDB_ALLOW,
  mssql: MSSQL_ALLOW,
  mysql: union(MARIADB_ALLOW, MYSQL_ALLOW),
  postgresql: POSTGRESQL_ALLOW,
  redshift: REDSHIFT_ALLOW,
  snowflake: SNOWFLAKE_ALLOW,
  sqlite: SQLITE_ALLOW,
  trino: TRINO_ALLOW,
};

const GRAMMAR: AllowList = { functions: Object.keys(GRAMMAR_FUNCTIONS), tableFunctions: Object.keys(GRAMMAR_TABLE_FUNCTIONS), relations: [] };

/** What a read may name on `driver`: its engine list and the shared grammar. */
export function allowListOf(driver: Driver): AllowList {
  return union(ENGINE_ALLOW[driver], GRAMMAR);
}

export { SYSTEM_RELATIONS, type SystemRelationRules, systemRelationKey } from './system-relations.js';
export type { AllowList } from './types.js';
