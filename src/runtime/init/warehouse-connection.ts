/**
 * The connection `svc init --warehouse <driver>` writes: where a new project's blocks run.
 * Server warehouses name the variable their password is read from (a password is never
 * written in svc.config.json); the values are a local server's defaults, to be edited.
 */

/** The warehouses `svc init --warehouse` scaffolds, sorted. */
export const INIT_WAREHOUSES = ['clickhouse', 'duckdb', 'postgresql', 'sqlite'] as const;
export type InitWarehouse = (typeof INIT_WAREHOUSES)[number];

/** The `default` connection for `warehouse` in project `project`. */
export function warehouseConnection(warehouse: InitWarehouse, project: string): Record<string, unknown> {
  switch (warehouse) {
    case 'sqlite':
      return { driver: 'sqlite', path: 'data/warehouse.db' };
    case 'duckdb':
      return { driver: 'duckdb', path: 'data/warehouse.duckdb', allowedDirectories: [] };
    case 'postgresql':
      return {
        driver: 'postgresql',
        host: 'localhost',
        port: 5432,
        database: project,
        user: project,
        passwordEnv: 'SVC_POSTGRES_PASSWORD',
        sslmode: 'disable',
      };
    case 'clickhouse':
      return {
        driver: 'clickhouse',
        protocol: 'http',
        host: 'localhost',
        port: 8123,
        database: 'default',
        user: 'default',
        passwordEnv: 'SVC_CLICKHOUSE_PASSWORD',
      };
  }
}

/** What to do before the first compile, for the next-steps text. */
export function warehouseStep(warehouse: InitWarehouse): string {
  const connection = warehouseConnection(warehouse, '<project>');
  if (typeof connection['passwordEnv'] === 'string') {
    return `edit the default connection in svc.config.json (host, database, user) and export ${connection['passwordEnv']}, or keep the password in .svc/local/private/credentials.json`;
  }
  const path = String(connection['path']);
  // The file exists (init wrote it empty); what is left is the data.
  return warehouse === 'duckdb'
    ? `load your data into the empty DuckDB database ${path}: duckdb ${path} "CREATE TABLE orders AS FROM 'orders.csv'"`
    : `load your data into the empty SQLite database ${path}: sqlite3 ${path} ".import --csv orders.csv orders"`;
}
