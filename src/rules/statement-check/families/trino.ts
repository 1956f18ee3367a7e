/**
 * Trino: session properties, prepared statements, connector table functions running text as
 * queries, and system.runtime's record of queries and nodes.
 */
import type { EngineFamilies } from './types.js';

export const TRINO_FAMILIES: Partial<EngineFamilies> = {
  statements: {},
  functions: {},
  systemCatalog: ['system.runtime.*', 'runtime.queries', 'runtime.tasks', 'runtime.transactions', 'system.metadata.*'],
  show: ['tables', 'schemas', 'catalogs', 'columns', 'create table', 'create view', 'create materialized view', 'stats', 'functions'],
  effectFunctions: [],
};
