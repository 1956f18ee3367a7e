/**
 * Throwaway servers for the allow-list generators, started the way the tests start theirs
 * (test/helpers/postgres-server.ts, clickhouse-cluster.ts, test/differential/mariadb-server.ts):
 * Debian's packages, installed with apt-get when missing and run as root, a data folder in a
 * temp folder, a free loopback port (or a socket), stopped and removed after. Nothing is left
 * running: every start returns a `stop()`, and the generators call it in a `finally`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** Makes sure `command` runs here, installing Debian package `pkg` (and stopping `service`). */
export function ensureCommand(command, pkg, service) {
  if (has(command) || existsSync(command)) return;
  if (process.getuid?.() !== 0) throw new Error(`${command} is missing; install it with: sudo apt-get install -y ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { stdio: 'ignore', env, timeout: 900_000 });
  try {
    apt(['install', '-y', '--no-install-recommends', pkg]);
  } catch {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', pkg]);
  }
  if (service !== undefined) spawnSync('service', [service, 'stop'], { stdio: 'ignore', timeout: 60_000 });
  if (!has(command) && !existsSync(command)) throw new Error(`${command} is still missing after apt-get install ${pkg}`);
}

/** A loopback port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Resolves when `child` has exited (at once when it already has). */
function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));
}

function asPostgres(command, args) {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args];
}

/** A temp folder owned by the `postgres` user when running as root (initdb refuses root). */
function postgresDir() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-allow-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  return dir;
}

async function connectPostgres(port, deadline) {
  for (;;) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await pause(100);
    }
  }
}

/** PostgreSQL 15: `{ client, stop }`, a trusted `postgres` sign-in on a fresh cluster. */
export async function startPostgres() {
  if (!existsSync(join(PG_BIN, 'initdb'))) ensureCommand(`${PG_BIN}/initdb`, 'postgresql-15', 'postgresql');
  const dir = postgresDir();
  const data = join(dir, 'data');
  const [cmd, ...args] = asPostgres(`${PG_BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  execFileSync(cmd, args, { stdio: 'ignore' });
  const port = await freePort();
  const [pcmd, ...pargs] = asPostgres(`${PG_BIN}/postgres`, ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off']);
  const server = spawn(pcmd, pargs, { stdio: 'ignore' });
  const client = await connectPostgres(port, Date.now() + 30_000);
  const stop = async () => {
    await client.end().catch(() => undefined);
    const done = exited(server);
    // The postmaster's own pid (runuser may stand between): SIGINT is its fast shutdown.
    process.kill(Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
    await done;
    rmSync(dir, { recursive: true, force: true });
  };
  return { client, stop };
}

function clickHouseConfig(dir, httpPort, tcpPort) {
  return `<yandex>
  <logger><level>warning</level><console>1</console></logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>1073741824</mark_cache_size>
</yandex>`;
}

const CLICKHOUSE_USERS =
  '<yandex><profiles><default/></profiles><users><default><password></password><networks><ip>::/0</ip></networks>' +
  '<profile>default</profile><quota>default</quota></default></users><quotas><default/></quotas></yandex>';

async function waitForHttp(url, deadline) {
  for (;;) {
    try {
      if ((await fetch(`${url}ping`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the ClickHouse server did not start');
    await pause(200);
  }
}

/** ClickHouse (Debian's 18.16): `{ query(sql) -> rows as objects, stop }` over HTTP. */
export async function startClickHouse() {
  ensureCommand('clickhouse-server', 'clickhouse-server', 'clickhouse-server');
  const [httpPort, tcpPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'svc-allow-ch-'));
  writeFileSync(join(dir, 'config.xml'), clickHouseConfig(dir, httpPort, tcpPort));
  writeFileSync(join(dir, 'users.xml'), CLICKHOUSE_USERS);
  const server = spawn('clickhouse-server', [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${httpPort}/`;
  await waitForHttp(url, Date.now() + 60_000);
  const query = async (sql) => {
    const r = await fetch(`${url}?default_format=JSONEachRow`, { method: 'POST', body: sql });
    const text = await r.text();
    if (!r.ok) throw new Error(text);
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  };
  const stop = async () => {
    const done = exited(server);
    server.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  };
  return { query, stop };
}

async function waitForFile(path, deadline) {
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error('the MariaDB server did not start');
    await pause(100);
  }
}

/** Rows of tab-separated `mariadb --batch` output (first line the column names). */
function parseBatch(text) {
  const [head, ...lines] = text.split('\n').filter((line) => line !== '');
  const names = (head ?? '').split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [names[i], cell === 'NULL' ? null : cell])));
}

/** MariaDB (Debian's mariadb-server): `{ query(sql) -> rows as objects, stop }` over its socket. */
export async function startMariaDb() {
  ensureCommand('mariadbd', 'mariadb-server', 'mariadb');
  ensureCommand('mariadb', 'mariadb-client');
  const dir = mkdtempSync(join(tmpdir(), 'svc-allow-maria-'));
  const [data, socket, pid] = [join(dir, 'data'), join(dir, 'sock'), join(dir, 'pid')];
  const init = ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'];
  execFileSync('mariadb-install-db', init, { stdio: 'ignore' });
  const flags = [`--socket=${socket}`, '--skip-networking', '--user=root', `--log-error=${join(dir, 'err.log')}`, `--pid-file=${pid}`];
  const server = spawn('mariadbd', ['--no-defaults', `--datadir=${data}`, ...flags, '--skip-grant-tables'], { stdio: 'ignore' });
  await waitForFile(socket, Date.now() + 60_000);
  const query = async (sql) => {
    const r = spawnSync('mariadb', ['--no-defaults', '-S', socket, '-u', 'root', '--batch', '--raw', '-e', sql], { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(r.stderr);
    return parseBatch(r.stdout);
  };
  const stop = async () => {
    const done = exited(server);
    process.kill(existsSync(pid) ? Number(readFileSync(pid, 'utf8').trim()) : server.pid, 'SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  };
  return { query, stop };
}
