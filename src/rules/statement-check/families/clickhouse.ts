/**
 * ClickHouse: table functions reaching files, URLs, object stores and other databases,
 * per-query SETTINGS, SYSTEM statements and the `system` database.
 */
import type { EngineFamilies } from './types.js';

export const CLICKHOUSE_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    'system': 'session',
    'kill': 'session',
    'backup': 'file',
    'restore': 'file',
    'create dictionary': 'external-query',
  },
  functions: {
    'file': 'file-reader',
    'filecluster': 'file-reader',
    'url': 'external-query',
    'urlcluster': 'external-query',
    's3*': 'external-query',
    'hdfs*': 'external-query',
    'azureblobstorage*': 'external-query',
    'gcs': 'external-query',
    'iceberg*': 'external-query',
    'deltalake*': 'external-query',
    'hudi*': 'external-query',
    'mysql': 'external-query',
    'postgresql': 'external-query',
    'mongodb': 'external-query',
    'redis': 'external-query',
    'jdbc': 'external-query',
    'odbc': 'external-query',
    'sqlite': 'external-query',
    'remote': 'external-query',
    'remotesecure': 'external-query',
    'cluster': 'external-query',
    'clusterallreplicas': 'external-query',
    'executable': 'table-function',
    'executablepool': 'table-function',
    'input': 'table-function',
    'merge': 'table-function',
    'dictionary': 'table-function',
    // More object stores and lake formats read by table functions.
    'oss': 'external-query',
    'cosn': 'external-query',
    'hive': 'external-query',
    'paimon*': 'external-query',
    'arrowflight': 'external-query',
    'ytsaurus': 'external-query',
    'mysqlcluster': 'external-query',
  },
  // Table engines that read other systems or run programs.
  externalEngines: [
    'kafka', 'rabbitmq', 'nats', 'mysql', 'materializedmysql', 'postgresql', 'materializedpostgresql', 'mongodb', 'redis', 'sqlite',
    'jdbc', 'odbc', 'url', 's3', 's3queue', 'hdfs', 'azureblobstorage', 'azurequeue', 'file', 'executable', 'executablepool',
    'deltalake', 'hudi', 'iceberg', 'icebergs3', 'icebergazure', 'iceberghdfs', 'icebergLocal', 'hive', 'distributed', 'embeddedrocksdb',
  ],
  phrases: {
    // SETTINGS at the end of a query changes settings for it.
    'settings': 'setting',
    'outfile': 'file',
    'infile': 'file-reader',
  },
  systemCatalog: ['system.*', 'getsetting', 'getsettingordefault', 'getserversetting', 'currentprofiles', 'getmacro', 'currentroles', 'enabledroles', 'defaultroles'],
  systemCatalogExcept: ['system.one', 'system.numbers', 'system.numbers_mt', 'system.zeros', 'system.zeros_mt', 'system.tables', 'system.columns', 'system.databases', 'system.functions', 'system.data_type_families'],
  show: ['tables', 'databases', 'columns', 'full columns', 'extended columns', 'create table', 'create view', 'create database', 'dictionaries', 'index', 'indexes', 'keys'],
  effectFunctions: [],
};
