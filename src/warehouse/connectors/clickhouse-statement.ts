/**
 * A statement's text and values in the form a ClickHouse server binds: with query parameters
 * (`{p0:String}`, sent apart from the text) when the server has them, else each `?` replaced by
 * a typed literal (clickhouse-literal.ts), the fallback for servers that predate them.
 */

import { clickhouseLiteral } from './clickhouse-literal.js';
import type { SqlValue } from './connector.js';
import { rewritePlaceholders } from './placeholders.js';

export interface BoundStatement {
  query: string;
  /** Present when the server binds the values itself. */
  params?: Record<string, unknown>;
}

/** The ClickHouse type a value is bound as. */
export function parameterType(value: SqlValue): string {
  if (value === null) return 'Nullable(String)';
  if (typeof value === 'boolean') return 'UInt8';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'Int64' : 'Float64';
  return 'String';
}

/** `sql` bound to `params` the way a server with (or without) query parameters reads them. */
export function bindClickhouse(sql: string, params: readonly SqlValue[], serverParams: boolean): BoundStatement {
  if (!serverParams) return { query: rewritePlaceholders(sql, 'clickhouse', params.length, (i) => clickhouseLiteral(params[i] as SqlValue)) };
  const bound: Record<string, unknown> = {};
  const query = rewritePlaceholders(sql, 'clickhouse', params.length, (i) => {
    const value = params[i] as SqlValue;
    bound[`p${i}`] = typeof value === 'boolean' ? Number(value) : value;
    return `{p${i}:${parameterType(value)}}`;
  });
  return params.length === 0 ? { query } : { query, params: bound };
}
