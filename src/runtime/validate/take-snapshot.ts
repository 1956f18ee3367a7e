/**
 * Taking the schema snapshot (`.svc/schema-snapshot.json`): every connection's tables, columns
 * and types read through the one query path's catalog lookups (names and types, never rows),
 * stamped with the time and where the connection points. A connection that cannot be read is
 * named with the engine's reason and keeps its previous entry.
 */
import { isAbsolute, resolve } from 'node:path';
import type { ConnectionConfig, SvcConfig } from '../../compiler/project/config.js';
import { type SchemaSnapshot, type SnapshotConnection, writeSchemaSnapshot } from '../../compiler/project/schema-snapshot.js';
import type { Executor } from '../../warehouse/types.js';

/** Most tables a snapshot reads per connection: past it the snapshot is marked truncated. */
const MAX_TABLES = 5_000;
const FILE_DRIVERS = new Set(['sqlite', 'duckdb']);

export interface SnapshotResult {
  snapshot: SchemaSnapshot;
  /** Connections read now. */
  read: string[];
  /** Connections that could not be read, with the reason. */
  failed: Record<string, string>;
}

/** Where a connection points, as a person can check it: a resolved file path or host:port/database (never a password). */
export function connectionTarget(root: string, connection: ConnectionConfig): string {
  const text = (key: string): string | undefined =>
    typeof connection[key] === 'string' || typeof connection[key] === 'number' ? String(connection[key]) : undefined;
  if (FILE_DRIVERS.has(connection.driver)) {
    const path = connection.path;
    if (path === undefined || path === ':memory:') return path ?? '(no path)';
    return isAbsolute(path) ? path : resolve(root, path);
  }
  const host = text('host') ?? '(no host)';
  const port = text('port');
  const database = text('database');
  return `${host}${port !== undefined ? `:${port}` : ''}${database !== undefined ? `/${database}` : ''}`;
}

/** One connection's catalog as a snapshot entry; throws the executor's StatementError when it cannot be read. */
export async function readConnection(root: string, name: string, connection: ConnectionConfig, executor: Executor, now: Date): Promise<SnapshotConnection> {
  if (executor.catalog === undefined) throw new Error('this runtime cannot list tables');
  const catalog = await executor.catalog({ asker: undefined, connection: name, maxTables: MAX_TABLES, deadlineMs: 30_000 });
  return {
    driver: connection.driver,
    target: connectionTarget(root, connection),
    takenAt: now.toISOString(),
    truncated: catalog.truncated,
    tables: catalog.tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: c.type })) })),
  };
}

/** Reads every connection of the config and records the ones read in the snapshot file. */
export async function takeSchemaSnapshot(root: string, config: SvcConfig, executor: Executor, now = new Date()): Promise<SnapshotResult> {
  const read: Record<string, SnapshotConnection> = {};
  const failed: Record<string, string> = {};
  for (const [name, connection] of Object.entries(config.connections ?? {})) {
    try {
      read[name] = await readConnection(root, name, connection, executor, now);
    } catch (error) {
      failed[name] = error instanceof Error ? error.message : String(error);
    }
  }
  const snapshot = writeSchemaSnapshot(root, read);
  return { snapshot, read: Object.keys(read), failed };
}
