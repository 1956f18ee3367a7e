/**
 * The schema snapshot (`.svc/schema-snapshot.json`, local state that git ignores): the tables,
 * columns and types of each connection as `svc compile --validate`, `svc serve` or `svc doctor`
 * last read them, with when and from where. `svc compile` and `svc lint` read it to check the
 * names a query uses offline. A connection that could not be read keeps its last entry, so a
 * warehouse that is down for a moment does not take the offline checks away with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../write-file.js';

export const SCHEMA_SNAPSHOT_FILE = '.svc/schema-snapshot.json';
const FORMAT = 1;

export interface SnapshotColumn {
  name: string;
  type: string;
}

export interface SnapshotConnection {
  driver: string;
  /** Where the connection points: a resolved file path, or host:port/database (never a password). */
  target: string;
  takenAt: string;
  /** True when the connection had more tables than were read: an absent table then proves nothing. */
  truncated: boolean;
  tables: Array<{ name: string; columns: SnapshotColumn[] }>;
}

export interface SchemaSnapshot {
  format: 1;
  connections: Record<string, SnapshotConnection>;
}

function isConnection(value: unknown): value is SnapshotConnection {
  const c = value as SnapshotConnection | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.driver === 'string' &&
    typeof c.takenAt === 'string' &&
    Array.isArray(c.tables) &&
    c.tables.every((t) => typeof t?.name === 'string' && Array.isArray(t.columns) && t.columns.every((col) => typeof col?.name === 'string'))
  );
}

/** Parses a snapshot's text; undefined for anything that is not one this build wrote. */
export function parseSchemaSnapshot(text: string): SchemaSnapshot | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const s = parsed as SchemaSnapshot | null;
  if (typeof s !== 'object' || s === null || s.format !== FORMAT || typeof s.connections !== 'object' || s.connections === null) return undefined;
  const connections: Record<string, SnapshotConnection> = {};
  for (const [name, c] of Object.entries(s.connections)) if (isConnection(c)) connections[name] = { ...c, truncated: c.truncated === true };
  return { format: FORMAT, connections };
}

/** The snapshot's text, or undefined when there is none (a damaged file reads as none). */
export function readSchemaSnapshotText(root: string): string | undefined {
  try {
    return readFileSync(join(root, SCHEMA_SNAPSHOT_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/** The project's snapshot, or undefined when none was taken (or it cannot be read). */
export function loadSchemaSnapshot(root: string): SchemaSnapshot | undefined {
  const text = readSchemaSnapshotText(root);
  return text === undefined ? undefined : parseSchemaSnapshot(text);
}

/**
 * Records the connections read now over the ones in the snapshot (connections not read keep
 * their entry) and writes the file atomically. Returns the snapshot written.
 */
export function writeSchemaSnapshot(root: string, read: Record<string, SnapshotConnection>): SchemaSnapshot {
  const before = loadSchemaSnapshot(root);
  const merged: Record<string, SnapshotConnection> = { ...(before?.connections ?? {}), ...read };
  const connections = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((name) => [name, merged[name] as SnapshotConnection]),
  );
  const snapshot: SchemaSnapshot = { format: FORMAT, connections };
  atomicWrite(join(root, SCHEMA_SNAPSHOT_FILE), `${JSON.stringify(snapshot, null, 1)}\n`);
  return snapshot;
}
