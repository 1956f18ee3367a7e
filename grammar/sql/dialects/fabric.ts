/**
 * Fabric warehouses speak T-SQL; the lexical language is SQL Server's, so there is no delta.
 */
import { dialect } from './base-dialect.js';
import { MSSQL } from './mssql.js';

export const FABRIC = dialect('fabric', {}, MSSQL.settings, MSSQL.reading);
