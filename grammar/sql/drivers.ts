/**
 * The engines svc reads statements for. `file` is DuckDB reading over files; `fabric` is the
 * Fabric warehouse's T-SQL. Anything else is refused, never read as a near neighbour.
 */
export const DRIVERS = [
  'athena',
  'bigquery',
  'clickhouse',
  'databricks',
  'duckdb',
  'fabric',
  'file',
  'mssql',
  'mysql',
  'postgresql',
  'redshift',
  'snowflake',
  'sqlite',
  'trino',
] as const;

export type Driver = (typeof DRIVERS)[number];

const DRIVER_SET: ReadonlySet<string> = new Set(DRIVERS);

/** True when `name` is a driver svc can read (exact, lower case). */
export function isDriver(name: string): name is Driver {
  return DRIVER_SET.has(name);
}
