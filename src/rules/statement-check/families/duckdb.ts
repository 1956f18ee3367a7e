/**
 * DuckDB (and the `file` driver). The embedded engine is opened with external access off; this
 * table is the statement check's half of that restriction, and all of it on older engines
 * that cannot enforce allowed directories themselves.
 */
import type { EngineFamilies } from './types.js';

export const DUCKDB_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    // Secrets hold credentials for remote files.
    'create secret': 'file',
    'drop secret': 'file',
    'update extensions': 'extension',
  },
  functions: {
    'read_*': 'file-reader',
    'parquet_*': 'file-reader',
    sniff_csv: 'file-reader',
    glob: 'file-reader',
    'iceberg_*': 'file-reader',
    delta_scan: 'file-reader',
    'st_read*': 'file-reader',
    sqlite_scan: 'file-reader',
    sqlite_attach: 'attach',
    csv_scan: 'file-reader',
    json_scan: 'file-reader',
    getenv: 'environment-reader',
    query_table: 'query-as-text',
    json_execute_serialized_sql: 'query-as-text',
    'postgres_*': 'external-query',
    'mysql_*': 'external-query',
    'odbc_*': 'external-query',
    'http_*': 'external-query',
    load_aws_credentials: 'file',
    which_secret: 'file',
    'pragma_*': 'pragma',
    setseed: 'session',
  },
  fileReaders: ['read_*', 'parquet_*', 'sniff_csv', 'glob', 'csv_scan', 'json_scan'],
  tablePositions: { pathsAreFiles: true },
  // FROM-first (`FROM t SELECT a`, or just `FROM t`) is DuckDB's SELECT.
  // PIVOT_WIDER and PIVOT_LONGER are PIVOT and UNPIVOT's other names.
  readHeads: ['from', 'unpivot', 'pivot_wider', 'pivot_longer'],
  systemCatalog: [
    'duckdb_settings',
    'duckdb_secrets',
    'duckdb_variables',
    'duckdb_extensions',
    'duckdb_databases',
    'duckdb_temporary_files',
    'duckdb_memory',
    'current_setting',
    'getvariable',
    'pg_settings',
  ],
  // SHOW TABLES, SHOW ALL TABLES and SHOW <table> describe the catalog.
  show: ['*'],
  effectFunctions: ['currval'],
};
