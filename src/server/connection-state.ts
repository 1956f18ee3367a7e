/**
 * What `/api/health` says of each connection without running anything: an embedded database
 * file (SQLite, DuckDB) must exist (DATABASE_MISSING otherwise); a server warehouse is
 * `checked: false` here, since only signing in would tell and health never signs in. No path is returned (the configured path is the project's business).
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SvcConfig } from '../compiler/project/config.js';
import type { HealthCode } from './codes.js';

export type ConnectionState = { driver: string; ok: true; checked: boolean } | { driver: string; ok: false; code: HealthCode };

function fileExists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Drivers whose database is a file in the project. */
const EMBEDDED = new Set(['duckdb', 'sqlite']);

/** Each configured connection's state (the implicit default when none is configured). */
export function connectionStates(root: string, config: SvcConfig | undefined): Record<string, ConnectionState> {
  const out: Record<string, ConnectionState> = {};
  for (const [name, c] of Object.entries(config?.connections ?? {})) {
    const driver = typeof c?.driver === 'string' ? c.driver : 'unknown';
    if (!EMBEDDED.has(driver)) {
      out[name] = { driver, ok: true, checked: false };
      continue;
    }
    if (typeof c.path !== 'string' || c.path === '') out[name] = { driver, ok: false, code: 'CONNECTION_INVALID' };
    else out[name] = fileExists(resolve(root, c.path)) ? { driver, ok: true, checked: true } : { driver, ok: false, code: 'DATABASE_MISSING' };
  }
  return out;
}
