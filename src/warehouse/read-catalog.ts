/**
 * Reading a connection's catalog (table and column names) through its connector's fixed
 * catalog statements, for the schema Tier 2 hands a model. Names only, never rows. Each
 * connector call reports one statement event (origin `platform`) like any other statement, and
 * a failure is a StatementError with a stable code.
 */
import { performance } from 'node:perf_hooks';
import type { Connector } from './connectors/connector.js';
import { StatementError, type StatementEvent, type WarehouseCatalog } from './types.js';

export interface ReadCatalogOptions {
  maxTables: number;
  deadlineMs: number;
  /** Asked before each lookup (the host's row policy, purpose metadata); throws to refuse it. */
  admit?: (lookup: 'tables' | 'columns', params: string[]) => Promise<void>;
  emit: (outcome: StatementEvent['outcome'], durationMs: number, rowCount?: number) => void;
}

function asStatementError(error: unknown): StatementError {
  if (error instanceof StatementError) return error;
  return new StatementError('WAREHOUSE_ERROR', error instanceof Error ? error.message : String(error));
}

async function timed<T extends unknown[]>(options: ReadCatalogOptions, read: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const out = await read();
    options.emit('ok', performance.now() - started, out.length);
    return out;
  } catch (error) {
    const failure = asStatementError(error);
    options.emit(failure.code === 'STATEMENT_TIMEOUT' ? 'timeout' : 'error', performance.now() - started);
    throw failure;
  }
}

/** One table's columns (empty when the table does not exist); the name is bound, never spliced. */
export async function readColumns(connector: Connector, table: string, options: ReadCatalogOptions): Promise<WarehouseCatalog['tables'][number]['columns']> {
  const { listColumns } = connector;
  if (listColumns === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `The ${connector.driver} connector offers no catalog.`);
  await options.admit?.('columns', [table]);
  return timed(options, () => listColumns.call(connector, table, options.deadlineMs));
}

/** Up to `maxTables` tables with their columns, in the connector's order. */
export async function readCatalog(connector: Connector, options: ReadCatalogOptions): Promise<WarehouseCatalog> {
  const { listTables, listColumns } = connector;
  if (listTables === undefined || listColumns === undefined) {
    throw new StatementError('CONNECTION_UNAVAILABLE', `The ${connector.driver} connector offers no catalog.`);
  }
  await options.admit?.('tables', []);
  const names = await timed(options, () => listTables.call(connector, options.deadlineMs));
  const kept = names.slice(0, options.maxTables);
  const tables: WarehouseCatalog['tables'] = [];
  for (const name of kept) {
    await options.admit?.('columns', [name]);
    const columns = await timed(options, () => listColumns.call(connector, name, options.deadlineMs));
    tables.push({ name, columns });
  }
  return { tables, truncated: names.length > kept.length };
}
