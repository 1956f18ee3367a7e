/**
 * The empty warehouse `svc init --warehouse sqlite|duckdb` writes: a database file with no
 * table, at the path the new connection names, so the first `svc doctor` or
 * `svc compile --validate` finds it and the person only has to load their data into it.
 */
import { rmSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';

/** Writes an empty database of `driver` at `path` (which must not exist yet). */
export async function writeEmptyWarehouse(path: string, driver: 'sqlite' | 'duckdb'): Promise<void> {
  try {
    if (driver === 'sqlite') {
      const db = new Database(path);
      // The header page is written only once something is set: a zero-byte file is no database to a person looking at it.
      db.pragma('user_version = 1');
      db.close();
      return;
    }
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    await connection.run('CHECKPOINT');
    connection.closeSync();
    instance.closeSync();
  } catch (error) {
    rmSync(path, { force: true });
    rmSync(`${path}.wal`, { force: true });
    throw error;
  }
}
