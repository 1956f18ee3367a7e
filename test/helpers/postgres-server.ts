/**
 * A throwaway PostgreSQL server for tests (differential tests and the PostgreSQL connector): Debian's postgresql-15 (installed when
 * missing), a cluster initialised in a temp folder, listening on a free loopback port, stopped
 * and removed after. As root it runs as the `postgres` user the package creates (initdb will
 * not run as root).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';
import { ensureCommand } from './provision.js';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  client: pg.Client;
  /** The loopback port it listens on (user `postgres`, trust sign-in). */
  port: number;
  stop(): Promise<void>;
}

function asPostgres(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args];
}

async function connect(port: number, deadline: number, password: string | undefined): Promise<pg.Client> {
  for (;;) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', ...(password !== undefined ? { password } : {}) });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/**
 * Starts the server. With `password`, sign-in over TCP needs a password (scram-sha-256) and
 * `postgres` has that one; without it every sign-in is trusted.
 */
export async function startPostgres(options: { password?: string } = {}): Promise<PostgresServer> {
  if (!existsSync(join(BIN, 'initdb'))) ensureCommand(`${BIN}/initdb`, 'postgresql-15', 'postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const auth = ['--auth=trust'];
  if (options.password !== undefined) {
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${options.password}\n`, { mode: 0o644 });
    auth.splice(0, 1, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
  }
  const [cmd, ...args] = asPostgres(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', ...auth, '-E', 'UTF8', '--locale=C.UTF-8']);
  execFileSync(cmd as string, args, { stdio: 'ignore' });
  const port = await freePort();
  const [pcmd, ...pargs] = asPostgres(`${BIN}/postgres`, ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off']);
  const server: ChildProcess = spawn(pcmd as string, pargs, { stdio: 'ignore' });
  const client = await connect(port, Date.now() + 30_000, options.password);
  return {
    client,
    port,
    async stop() {
      await client.end().catch(() => undefined);
      const exited = server.exitCode !== null ? Promise.resolve() : new Promise((done) => server.once('exit', done));
      // The postmaster's own pid (runuser may stand between): SIGINT is its fast shutdown.
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
