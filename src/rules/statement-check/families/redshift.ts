/**
 * Redshift: PostgreSQL's families plus UNLOAD, external schemas and the STL/STV/SVL/SYS views
 * that record queries, sessions and users.
 */
import type { EngineFamilies } from './types.js';

export const REDSHIFT_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    unload: 'copy',
    'create external': 'external-query',
    'create library': 'extension',
    'create model': 'external-query',
  },
  functions: {},
  systemCatalog: ['stl_*', 'stv_*', 'svl_*', 'svcs_*', 'sys_*', 'svv_*', 'pg_user_info'],
  // svv_ views that only list tables and columns are plain catalog.
  systemCatalogExcept: ['svv_tables', 'svv_columns', 'svv_all_tables', 'svv_all_columns', 'svv_external_tables', 'svv_external_columns', 'svv_table_info'],
  show: ['tables', 'columns', 'schemas', 'databases', 'table', 'view', 'external table'],
  effectFunctions: [],
};
