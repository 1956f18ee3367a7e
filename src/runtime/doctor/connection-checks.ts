/**
 * The doctor's connection checks: for each connection, where it points (the resolved file, or
 * host:port/database), whether a password was found for a server (and where, never what), and
 * whether the warehouse answers a catalog lookup. What answers is recorded in the schema
 * snapshot as it is read, so a doctor run also refreshes the offline name check.
 */
import type { ConnectionConfig, SvcConfig } from '../../compiler/project/config.js';
import { type SnapshotConnection, writeSchemaSnapshot } from '../../compiler/project/schema-snapshot.js';
import { vaultPassword } from '../../warehouse/connectors/network-settings.js';
import type { Executor } from '../../warehouse/types.js';
import { connectionTarget, readConnection } from '../validate/take-snapshot.js';
import type { DoctorCheck } from './doctor.js';

const SERVER_DRIVERS = new Set(['postgresql', 'clickhouse']);

/** Where a server connection's password comes from, or why none was found. */
function credentialsCheck(root: string, name: string, connection: ConnectionConfig, env: NodeJS.ProcessEnv): DoctorCheck {
  const variable = typeof connection['passwordEnv'] === 'string' ? connection['passwordEnv'] : undefined;
  if (variable !== undefined && (env[variable] ?? '') !== '') return { check: 'credentials', name, status: 'ok', detail: `password from $${variable}` };
  if (vaultPassword(root, name) !== undefined) return { check: 'credentials', name, status: 'ok', detail: 'password from .svc/local/private/credentials.json' };
  const user = typeof connection['user'] === 'string' ? connection['user'] : 'the default user';
  const where = variable !== undefined ? `$${variable} is not set and ` : '';
  return { check: 'credentials', name, status: 'warn', detail: `${where}no password is kept for ${name}: the server must trust ${user} without one` };
}

/** One connection: its credentials (servers), then whether it answers; the snapshot entry when it does. */
async function oneConnection(root: string, name: string, connection: ConnectionConfig, executor: Executor, env: NodeJS.ProcessEnv, now: Date) {
  const checks: DoctorCheck[] = [];
  if (SERVER_DRIVERS.has(connection.driver)) checks.push(credentialsCheck(root, name, connection, env));
  const target = connectionTarget(root, connection);
  try {
    const entry = await readConnection(root, name, connection, executor, now);
    const detail = `${connection.driver} at ${target} answers (${entry.tables.length} table${entry.tables.length === 1 ? '' : 's'})`;
    checks.push({ check: 'connection', name, status: 'ok', detail });
    return { checks, entry };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    checks.push({ check: 'connection', name, status: 'fail', detail: `${connection.driver} at ${target} cannot be reached: ${reason}` });
    return { checks, entry: undefined };
  }
}

/** Every connection of the config checked; the ones that answer recorded in the schema snapshot. */
export async function connectionChecks(root: string, config: SvcConfig, executor: Executor, env: NodeJS.ProcessEnv, now: Date): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const read: Record<string, SnapshotConnection> = {};
  const connections = Object.entries(config.connections ?? {});
  if (connections.length === 0) return [{ check: 'connection', status: 'warn', detail: 'svc.config.json names no connection: blocks have nowhere to run' }];
  for (const [name, connection] of connections) {
    const one = await oneConnection(root, name, connection, executor, env, now);
    checks.push(...one.checks);
    if (one.entry !== undefined) read[name] = one.entry;
  }
  if (Object.keys(read).length > 0) writeSchemaSnapshot(root, read);
  return checks;
}
