/**
 * Schema refresh for an embedding host (spec 03 "Query path and safeguards" 12): `syncSchema`
 * answers table and column names only, through the connector's fixed catalog statements;
 * `metadataQuery` runs one read-only SELECT, WITH, SHOW or DESCRIBE as metadata on the
 * runtime's own connection (the project's settings, not a person's), through the one query
 * path: the statement check, the row policy asked with purpose `metadata`, deadline and row cap.
 */
import { lexStatement } from '../../grammar/sql/index.js';
import type { Asker } from '../hooks/context/request-context.js';
import { type Executor, StatementError, type StatementResult } from './types.js';

/** Table names and their column names: never types, rows or values. */
export interface SyncedSchema {
  tables: Array<{ name: string; columns: string[] }>;
  truncated: boolean;
}

const METADATA_HEADS = new Set(['select', 'with', 'show', 'describe', 'desc']);

/** The names of every table of `connection` and their columns. */
export async function syncSchema(executor: Executor, asker: Asker, connection?: string): Promise<SyncedSchema> {
  if (executor.catalog === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', 'This runtime cannot list its tables.');
  const catalog = await executor.catalog({ asker, ...(connection !== undefined ? { connection } : {}) });
  return { tables: catalog.tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })), truncated: catalog.truncated };
}

/** Whether the statement begins with a metadata read, as the connection's engine reads it. */
function isMetadataRead(sql: string, driver: string): boolean {
  try {
    const first = lexStatement(sql, driver)[0];
    return first !== undefined && first.kind === 'word' && METADATA_HEADS.has(first.value);
  } catch {
    return false;
  }
}

/** Runs one metadata read; anything else is refused with ROW_POLICY_REFUSED and nothing runs. */
export async function metadataQuery(executor: Executor, asker: Asker, sql: string, connection?: string): Promise<StatementResult> {
  if (typeof sql !== 'string' || !isMetadataRead(sql, executor.driverOf(connection))) {
    throw new StatementError('ROW_POLICY_REFUSED', 'A metadata query is one SELECT, WITH, SHOW or DESCRIBE statement.', 'not-metadata');
  }
  return executor.execute({ asker, sql, params: [], origin: 'person', purpose: 'metadata', ...(connection !== undefined ? { connection } : {}) });
}
