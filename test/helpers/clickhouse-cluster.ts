/**
 * Throwaway ClickHouse servers for tests and the bench: Debian's clickhouse-server (installed
 * as root when missing), each with its config and data in a temp folder and its HTTP and native
 * ports on free loopback ports, stopped and removed after. Started as a group, every server
 * knows the cluster `svc_shards` of one shard per server, so a `Distributed` table on the first
 * spreads reads over all of them. 18.16's config root is `<yandex>`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { ensureCommand } from './provision.js';

export interface ClickHouseNode {
  httpPort: number;
  tcpPort: number;
  url: string;
}

export interface ClickHouseCluster {
  nodes: ClickHouseNode[];
  /** Runs one statement on node `at` (default the first) over HTTP; throws the server's words. */
  query(sql: string, at?: number): Promise<string>;
  stop(): Promise<void>;
}

/** The cluster every server is told of: one shard per server. */
export const CLUSTER = 'svc_shards';

function config(dir: string, node: ClickHouseNode, all: readonly ClickHouseNode[]): string {
  const shards = all.map((n) => `<shard><replica><host>127.0.0.1</host><port>${n.tcpPort}</port></replica></shard>`).join('');
  return `<yandex>
  <logger><level>warning</level><console>1</console></logger>
  <http_port>${node.httpPort}</http_port>
  <tcp_port>${node.tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>1073741824</mark_cache_size>
  <remote_servers><${CLUSTER}>${shards}</${CLUSTER}></remote_servers>
</yandex>`;
}

/** Users: `default` without a password (the tests' own setup) and `reader` with one. */
function users(readerPassword: string): string {
  const user = (password: string) => `<password>${password}</password><networks><ip>::/0</ip></networks><profile>default</profile><quota>default</quota>`;
  return `<yandex><profiles><default/></profiles><users><default>${user('')}</default><reader>${user(readerPassword)}</reader></users><quotas><default/></quotas></yandex>`;
}

async function waitUntilUp(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${url}ping`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the ClickHouse server did not start');
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Starts `count` servers that know each other as the shards of `svc_shards`. */
export async function startClickHouseCluster(count = 1, readerPassword = 'reader-pw'): Promise<ClickHouseCluster> {
  ensureCommand('clickhouse-server', 'clickhouse-server', 'clickhouse-server');
  const nodes: ClickHouseNode[] = [];
  for (let i = 0; i < count; i += 1) {
    const [httpPort, tcpPort] = [await freePort(), await freePort()];
    nodes.push({ httpPort, tcpPort, url: `http://127.0.0.1:${httpPort}/` });
  }
  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  for (const node of nodes) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-ch-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'config.xml'), config(dir, node, nodes));
    writeFileSync(join(dir, 'users.xml'), users(readerPassword));
    servers.push(spawn('clickhouse-server', [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore' }));
  }
  await Promise.all(nodes.map((n) => waitUntilUp(n.url, Date.now() + 60_000)));
  return {
    nodes,
    async query(sql, at = 0) {
      const r = await fetch((nodes[at] as ClickHouseNode).url, { method: 'POST', body: sql });
      const text = await r.text();
      if (!r.ok) throw new Error(text);
      return text;
    },
    async stop() {
      await Promise.all(
        servers.map((server) => {
          const exited = server.exitCode !== null ? Promise.resolve() : new Promise((done) => server.once('exit', done));
          server.kill('SIGTERM');
          return exited;
        }),
      );
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
