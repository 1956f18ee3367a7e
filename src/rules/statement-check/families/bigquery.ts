/**
 * BigQuery: federated queries, external tables, dynamic SQL and INFORMATION_SCHEMA's jobs,
 * sessions and options.
 */
import { BIGQUERY_IDENTITY_VARIABLES } from '../allow/connection-identity.js';
import type { EngineFamilies } from './types.js';

export const BIGQUERY_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    'load data': 'file-reader',
    'create external': 'path-table',
    'create connection': 'external-query',
    declare: 'session',
    // Scripting statements run the statements inside them (EXECUTE IMMEDIATE among them).
    if: 'query-as-text',
    for: 'query-as-text',
    while: 'query-as-text',
    loop: 'query-as-text',
    repeat: 'query-as-text',
    begin: 'query-as-text',
  },
  identityVariables: BIGQUERY_IDENTITY_VARIABLES,
  functions: {
    external_query: 'external-query',
    external_object_transform: 'file-reader',
  },
  systemCatalog: [
    'information_schema.jobs*',
    'information_schema.sessions*',
    'information_schema.object_privileges',
    'information_schema.*options*',
    'information_schema.reservation*',
    'information_schema.assignment*',
  ],
  // TABLE_OPTIONS, COLUMN_OPTIONS (field paths) and SCHEMATA_OPTIONS hold a table's or dataset's
  // own description, labels and expiry: catalog, not the project's settings.
  systemCatalogExcept: ['information_schema.table_options', 'information_schema.schemata_options', 'information_schema.column_options'],
  // BigQuery scripting: IF ... THEN, LOOP, WHILE ... DO, FOR ... DO, BEGIN ... END, REPEAT.
  scriptHeads: ['then', 'else', 'do', 'begin', 'loop', 'repeat'],
  // FROM-first queries and pipe syntax (`FROM t |> WHERE ... |> SELECT ...`) read.
  readHeads: ['from'],
  show: [],
  effectFunctions: [],
};
