/**
 * Databricks (Spark SQL): file and stream readers, path tables, secrets, model calls,
 * variable substitution and Unity Catalog's system schemas.
 */
import type { EngineFamilies } from './types.js';

export const DATABRICKS_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    put: 'file',
    get: 'file',
    remove: 'file',
    list: 'file',
    add: 'extension',
    'create external location': 'external-query',
    'create connection': 'external-query',
    'create foreign': 'external-query',
    declare: 'session',
  },
  functions: {
    read_files: 'file-reader',
    'read_state*': 'file-reader',
    cloud_files: 'file-reader',
    read_kafka: 'external-query',
    read_kinesis: 'external-query',
    read_pubsub: 'external-query',
    read_pulsar: 'external-query',
    read_eventhub: 'external-query',
    'ai_*': 'external-query',
    http_request: 'external-query',
    secret: 'environment-reader',
    try_secret: 'environment-reader',
    list_secrets: 'environment-reader',
    // reflect and java_method call any static Java method of the cluster's JVM.
    reflect: 'environment-reader',
    java_method: 'environment-reader',
    try_reflect: 'environment-reader',
  },
  // ${name} is replaced by a configuration value before the statement is parsed, strings
  // included (spark.sql.variable.substitute); svc's own parameters are bound before this check.
  rawText: { '${': 'setting' },
  // SELECT TRANSFORM(cols) USING 'script' pipes rows through a program on the cluster
  // (https://docs.databricks.com/aws/en/sql/language-manual/sql-ref-syntax-qry-select-transform).
  usingRunsScript: true,
  tablePositions: { pathTableFormats: ['parquet', 'delta', 'csv', 'json', 'orc', 'avro', 'text', 'binaryfile', 'jdbc', 'file', 'cloudfiles'] },
  systemCatalog: ['system.*.*', 'system.information_schema.*'],
  // DESCRIBE HISTORY lists who ran each operation on a Delta table (userName, userId, notebook,
  // job, cluster) and its parameters: the record of users and their work.
  describeRefused: ['history'],
  // FROM-first queries and pipe syntax (`FROM t |> WHERE ... |> SELECT ...`) read.
  readHeads: ['from'],
  show: [
    'tables',
    'views',
    'columns',
    'schemas',
    'databases',
    'catalogs',
    'create table',
    'table extended',
    'partitions',
    'tblproperties',
    'functions',
    // SHOW {USER | SYSTEM | ALL} FUNCTIONS: the same list of function names, narrowed by who made them.
    'user functions',
    'system functions',
    'all functions',
    'volumes',
    // TERSE (Snowflake's word for fewer columns) is not Databricks syntax: the engine refuses the
    // statement and runs nothing; before the kinds SHOW may list it asks for no more than they do.
    'terse catalogs',
    'terse schemas',
    'terse databases',
    'terse tables',
    'terse views',
  ],
  effectFunctions: [],
};
