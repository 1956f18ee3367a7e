/**
 * The built-in connectors, one per driver, sorted by driver name. The executor is their only
 * caller; test/meta/connectors.test.ts checks that every file here that opens a connector is
 * registered and has its own test.
 */
import { clickhouseConnectorFactory } from './clickhouse.js';
import type { ConnectorFactory } from './connector.js';
import { duckdbConnectorFactory } from './duckdb.js';
import { postgresqlConnectorFactory } from './postgresql.js';
import { sqliteConnectorFactory } from './sqlite.js';

export const CONNECTORS: Readonly<Record<string, ConnectorFactory>> = Object.freeze({
  clickhouse: clickhouseConnectorFactory,
  duckdb: duckdbConnectorFactory,
  postgresql: postgresqlConnectorFactory,
  sqlite: sqliteConnectorFactory,
});
