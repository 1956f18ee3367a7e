/**
 * Settings of a connection to a warehouse server (PostgreSQL, ClickHouse): where it is, who
 * signs in, and the password. A password is never written in svc.config.json (that file is in
 * git); it comes, first found wins, from the person's own settings a host's `credentials` hook
 * laid over the connection, from the environment variable the connection names in
 * `passwordEnv`, or from the local credential vault `.svc/local/private/credentials.json`
 * (`{ "<connection>": { "password": "..." } }`, mode 0600, never committed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectorTarget } from './connector.js';
import { StatementError } from './connector.js';

/** Where the local credential vault lives, relative to the project root. */
export const CREDENTIAL_VAULT = join('.svc', 'local', 'private', 'credentials.json');

export interface NetworkSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  /** Empty when none was found: the server then decides (trust or peer sign-in). */
  password: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The vault's password for `name`, or undefined when there is no vault or no entry. */
export function vaultPassword(root: string, name: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(root, CREDENTIAL_VAULT), 'utf8'));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || !Object.hasOwn(parsed, name)) return undefined;
  const entry = (parsed as Record<string, unknown>)[name];
  return entry !== null && typeof entry === 'object' ? text((entry as Record<string, unknown>)['password']) : undefined;
}

/** The password of a connection: laid-over settings, then `passwordEnv`, then the vault. */
function passwordOf(target: ConnectorTarget, env: NodeJS.ProcessEnv): string {
  const { connection } = target;
  const given = text(connection['password']);
  if (given !== undefined) return given;
  const variable = text(connection['passwordEnv']);
  if (variable !== undefined) {
    const value = text(env[variable]);
    if (value !== undefined) return value;
  }
  return vaultPassword(target.root, target.name) ?? '';
}

function portOf(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const port = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StatementError('CONNECTION_UNAVAILABLE', `Connection "${name}" has a port that is not a number from 1 to 65535.`);
  }
  return port;
}

/**
 * The server settings of `target`; throws CONNECTION_UNAVAILABLE naming the setting that is
 * missing. `env` is read once, when the connector opens, never per statement.
 */
export function networkSettings(
  target: ConnectorTarget,
  defaults: { port: number; user: string; database: string },
  env: NodeJS.ProcessEnv = process.env,
): NetworkSettings {
  const { connection, name } = target;
  const host = text(connection['host']);
  if (host === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `Connection "${name}" names no server; set "host" in svc.config.json.`);
  return {
    host,
    port: portOf(connection['port'], defaults.port, name),
    database: text(connection['database']) ?? defaults.database,
    user: text(connection['user']) ?? defaults.user,
    password: passwordOf(target, env),
  };
}
