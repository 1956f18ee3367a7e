/**
 * Athena: Trino's families plus UNLOAD to S3 and Hive DDL over storage paths.
 */
import type { EngineFamilies } from './types.js';

export const ATHENA_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    unload: 'copy',
    'create external': 'path-table',
    msck: 'path-table',
  },
  show: ['tables', 'databases', 'schemas', 'columns', 'create table', 'create view', 'partitions', 'tblproperties', 'views', 'functions'],
};
