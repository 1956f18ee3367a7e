/**
 * Reading a connection's catalog (table and column names) through its connector's fixed
 * catalog statements, for the schema Tier 2 hands a model. Names only, never rows. Each
 * connector call reports one statement event (origin `platform`) like any other statement, and
 * a failure is a StatementError with a stable code.
 */
import { performance } from 'node:perf_hooks';
import type { Connector } from '../connectors/connector.js';
import { StatementError, type StatementEvent, type WarehouseCatalog } from './types.js';

export interface ReadCatalogOptions {
  maxTables: number;
  deadlineMs: number;
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

/** Up to `maxTables` tables with their columns, in the connector's order. */
export async function readCatalog(connector: Connector, options: ReadCatalogOptions): Promise<WarehouseCatalog> {
  const { listTables, listColumns } = connector;
  if (listTables === undefined || listColumns === undefined) {
    throw new StatementError('CONNECTION_UNAVAILABLE', `The ${connector.driver} connector offers no catalog.`);
  }
  const names = await timed(options, () => listTables.call(connector, options.deadlineMs));
  const kept = names.slice(0, options.maxTables);
  const tables: WarehouseCatalog['tables'] = [];
  for (const name of kept) {
    const columns = await timed(options, () => listColumns.call(connector, name, options.deadlineMs));
    tables.push({ name, columns });
  }
  return { tables, truncated: names.length > kept.length };
}
