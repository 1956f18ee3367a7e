/**
 * BigQuery: federated queries, external tables, dynamic SQL and INFORMATION_SCHEMA's jobs,
 * sessions and options.
 */
import type { EngineFamilies } from './types.js';

export const BIGQUERY_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    'load data': 'file-reader',
    'create external': 'path-table',
    'create connection': 'external-query',
    'declare': 'session',
  },
  functions: {
    'external_query': 'external-query',
    'external_object_transform': 'file-reader',
  },
  systemCatalog: [
    'information_schema.jobs*',
    'information_schema.sessions*',
    'information_schema.object_privileges',
    'information_schema.*options*',
    'information_schema.reservation*',
    'information_schema.assignment*',
  ],
  show: [],
  effectFunctions: [],
};
