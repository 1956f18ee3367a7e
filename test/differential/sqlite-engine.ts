/**
 * The stock SQLite library as a reader, for differential tests: one python3 process calling
 * the system libsqlite3 through ctypes (sqlite-engine.py says what it reports), fed in batches.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureCommand } from '../helpers/provision.js';

export interface SqliteRequest {
  sql: string;
  values?: string[];
  names?: string[];
}

export interface SqliteReading {
  /** UTF-16 offsets just after each statement the engine prepared, in order. */
  tails: number[];
  /** The engine's message when a statement failed to prepare; null when all did. */
  error: string | null;
  values: Array<string | null>;
  names: Array<string | null>;
}

export interface SqliteEngine {
  read(batch: SqliteRequest[]): Promise<SqliteReading[]>;
  close(): void;
}

export function startSqliteEngine(): SqliteEngine {
  const python = ensureCommand('python3', 'python3');
  ensureCommand('sqlite3', 'sqlite3'); // pulls in Debian's libsqlite3 build beside its shell
  const child: ChildProcessWithoutNullStreams = spawn(python, [join(import.meta.dirname, 'sqlite-engine.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    async read(batch) {
      child.stdin.write(`${JSON.stringify(batch)}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`the SQLite reader stopped: ${stderr}`);
      return JSON.parse(value as string) as SqliteReading[];
    },
    close: () => child.kill(),
  };
}
