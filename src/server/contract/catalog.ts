/**
 * The warehouse catalog (spec 03): a connection's tables and their columns
 * (`GET /api/schema`) and one table's columns (`GET /api/describe-table`), names and declared
 * types only, never rows.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const CONNECTION_NAME = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$' } as const;
const COLUMNS = {
  type: 'array',
  items: { type: 'object', required: ['name', 'type'], additionalProperties: false, properties: { name: { type: 'string' }, type: { type: 'string' } } },
} as const;

export const SCHEMA_QUERY = { type: 'object', additionalProperties: false, properties: { connection: CONNECTION_NAME } } as const;

export const CATALOG = {
  type: 'object',
  required: ['connection', 'tables', 'truncated'],
  additionalProperties: false,
  properties: {
    connection: { type: 'string' },
    tables: {
      type: 'array',
      items: { type: 'object', required: ['name', 'columns'], additionalProperties: false, properties: { name: { type: 'string' }, columns: COLUMNS } },
    },
    /** True when more tables exist than were listed. */
    truncated: { type: 'boolean' },
  },
} as const;
export type Catalog = FromSchema<typeof CATALOG>;

/** 403 ROW_POLICY_REFUSED or CREDENTIALS_REQUIRED, 502 WAREHOUSE_ERROR, 503 CONNECTION_UNAVAILABLE, 504 STATEMENT_TIMEOUT. */
const CATALOG_FAILURES = [400, 403, 502, 503, 504] as const;

export const SCHEMA_ROUTE = { querystring: SCHEMA_QUERY, response: { 200: CATALOG, ...errorResponses(...CATALOG_FAILURES) } } as const;

export const DESCRIBE_TABLE_QUERY = {
  type: 'object',
  required: ['table'],
  additionalProperties: false,
  properties: { table: { type: 'string', minLength: 1, maxLength: 512 }, connection: CONNECTION_NAME },
} as const;

export const TABLE_COLUMNS = {
  type: 'object',
  required: ['connection', 'table', 'columns'],
  additionalProperties: false,
  properties: { connection: { type: 'string' }, table: { type: 'string' }, columns: COLUMNS },
} as const;
export type TableColumns = FromSchema<typeof TABLE_COLUMNS>;

/** Besides the catalog's failures: 400 RELATION_NAME_REFUSED, 404 TABLE_NOT_FOUND. */
export const DESCRIBE_TABLE_ROUTE = {
  querystring: DESCRIBE_TABLE_QUERY,
  response: { 200: TABLE_COLUMNS, ...errorResponses(...CATALOG_FAILURES, 404) },
} as const;
