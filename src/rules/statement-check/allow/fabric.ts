/**
 * Microsoft Fabric warehouse (and SQL analytics endpoint): SQL Server's list, less what Fabric's
 * T-SQL surface does not have, plus the aggregates only Fabric has. Sources: T-SQL surface area
 * (https://learn.microsoft.com/fabric/data-warehouse/tsql-surface-area) and data types
 * (https://learn.microsoft.com/fabric/data-warehouse/data-types).
 *
 * Left out, and why (beyond what SQL Server's list leaves out):
 * - xml methods `query`, `value`, `exist` and the `nodes` table method: Fabric has no xml type
 *   ("xml: No equivalent", data-types).
 * - hierarchyid methods: CLR user-defined types have no equivalent in Fabric (data-types).
 * - `sql_variant_property`: sql_variant is not a Fabric type (data-types lists every supported type).
 * - Catalog views of features Fabric tables lack: `sys.check_constraints`,
 *   `sys.default_constraints`, `sys.computed_columns`, `sys.indexes`, `sys.index_columns`,
 *   `sys.table_types` (Fabric tables take only NOT ENFORCED primary, unique and foreign keys;
 *   tsql-surface-area, tables).
 * - `queryinsights.*`: Fabric's record of requests and sessions (families/fabric.ts).
 * - `openrowset`: reads files in OneLake and storage accounts.
 * Kept although Fabric may lack them (a missing function fails in the engine, it does not widen a
 * read): spatial methods (Fabric casts well-known binary to geography in queries, data-types),
 * full-text, graph, regular-expression and vector functions.
 */

import { sortedUnique } from './build.js';
import { MSSQL_IDENTITY } from './connection-identity.js';
import { MSSQL_FAMILIES } from './mssql.js';
import type { AllowList } from './types.js';

// https://learn.microsoft.com/sql/t-sql/functions/median-transact-sql, quantile-transact-sql,
// approx-median-transact-sql, approx-quantile-transact-sql ("available in Fabric Data Warehouse
// and the SQL analytics endpoint ... isn't supported in SQL Server").
const FABRIC_AGGREGATE = ['approx_median', 'approx_quantile', 'median', 'quantile'];

const DATA_TYPE = MSSQL_FAMILIES.DATA_TYPE.filter((name) => name !== 'sql_variant_property');

const TABLE_FUNCTIONS = MSSQL_FAMILIES.TABLE_FUNCTIONS.filter((name) => name !== 'nodes');

const NOT_IN_FABRIC = new Set([
  'sys.check_constraints',
  'sys.computed_columns',
  'sys.default_constraints',
  'sys.index_columns',
  'sys.indexes',
  'sys.table_types',
]);
const CATALOG_VIEWS = MSSQL_FAMILIES.CATALOG_VIEWS.filter((name) => !NOT_IN_FABRIC.has(name));

export const FABRIC_ALLOW: AllowList = {
  functions: sortedUnique(
    MSSQL_IDENTITY,
    MSSQL_FAMILIES.AGGREGATE,
    FABRIC_AGGREGATE,
    MSSQL_FAMILIES.ANALYTIC,
    MSSQL_FAMILIES.RANKING,
    MSSQL_FAMILIES.BIT_MANIPULATION,
    MSSQL_FAMILIES.COLLATION,
    MSSQL_FAMILIES.CONVERSION,
    MSSQL_FAMILIES.HASHING,
    DATA_TYPE,
    MSSQL_FAMILIES.DATETIME,
    MSSQL_FAMILIES.GRAPH,
    MSSQL_FAMILIES.JSON_FUNCTIONS,
    MSSQL_FAMILIES.LOGICAL,
    MSSQL_FAMILIES.MATH,
    MSSQL_FAMILIES.METADATA,
    MSSQL_FAMILIES.REGEXP,
    MSSQL_FAMILIES.STRING,
    MSSQL_FAMILIES.FUZZY_MATCH,
    MSSQL_FAMILIES.SYSTEM,
    MSSQL_FAMILIES.VECTOR,
    MSSQL_FAMILIES.FULL_TEXT,
    MSSQL_FAMILIES.SPATIAL_METHODS,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(MSSQL_FAMILIES.INFORMATION_SCHEMA, CATALOG_VIEWS),
};
