/**
 * A throwaway ClickHouse server for differential tests: Debian's clickhouse-server (installed
 * when missing), a config and data folder in a temp folder, its HTTP interface on a free
 * loopback port, stopped and removed after. A text is sent whole over HTTP; the server reads
 * one statement per request and says so when given more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port.js';
import { ensureCommand } from '../helpers/provision.js';

export interface ClickHouseAnswer {
  ok: boolean;
  /** The server's error text when not ok. */
  error: string;
  /** Column names and the first row's values (JSON output). */
  names: string[];
  first: unknown[] | undefined;
}

export interface ClickHouseServer {
  query(sql: string): Promise<ClickHouseAnswer>;
  stop(): Promise<void>;
}


function config(dir: string, httpPort: number, tcpPort: number): string {
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

const USERS = '<yandex><profiles><default/></profiles><users><default><password></password><networks><ip>::/0</ip></networks><profile>default</profile><quota>default</quota></default></users><quotas><default/></quotas></yandex>';

export async function startClickHouse(): Promise<ClickHouseServer> {
  ensureCommand('clickhouse-server', 'clickhouse-server', 'clickhouse-server');
  const dir = mkdtempSync(join(tmpdir(), 'svc-ch-'));
  const [http, tcp] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'config.xml'), config(dir, http, tcp));
  writeFileSync(join(dir, 'users.xml'), USERS);
  const server: ChildProcess = spawn('clickhouse-server', [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${http}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the ClickHouse server did not start');
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    async query(sql) {
      const r = await fetch(`${url}?default_format=JSONCompact`, { method: 'POST', body: sql });
      const text = await r.text();
      if (!r.ok) return { ok: false, error: text, names: [], first: undefined };
      try {
        const body = JSON.parse(text) as { meta: { name: string }[]; data: unknown[][] };
        return { ok: true, error: '', names: body.meta.map((m) => m.name), first: body.data[0] };
      } catch {
        return { ok: true, error: '', names: [], first: undefined };
      }
    },
    async stop() {
      const exited = server.exitCode !== null ? Promise.resolve() : new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
