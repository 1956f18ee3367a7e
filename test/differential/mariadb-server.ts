/**
 * A throwaway MariaDB server for differential tests: Debian's mariadb-server (installed when
 * missing), a data folder made in a temp folder, reached over its own socket, stopped and
 * removed after. Each text goes through the `mariadb` client with its delimiter set to a
 * sequence the text never holds, so the client sends it whole and the server splits it
 * (multi-statements on); `--xml` prints one <resultset> per statement that returned rows.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCommand } from '../helpers/provision.js';

export interface MariaResult {
  /** Result sets the server returned, in order; each maps column names to cell text (null for NULL). */
  resultSets: Array<Array<Record<string, string | null>>>;
  /** Column names of the first result set. */
  columns: string[];
}

export interface MariaServer {
  /** The text run whole, or undefined when the server (or the client) reported an error. */
  run(sql: string): MariaResult | undefined;
  stop(): Promise<void>;
}

const DELIMITER = '~~svc~~';

function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#(\d+));/g, (_, name: string, code?: string) =>
    code !== undefined ? String.fromCodePoint(Number(code)) : (({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name] ?? ''),
  );
}

function parseXml(xml: string): MariaResult {
  const resultSets: MariaResult['resultSets'] = [];
  let columns: string[] = [];
  for (const set of xml.split('<resultset').slice(1)) {
    const rows: Array<Record<string, string | null>> = [];
    for (const row of set.split('<row>').slice(1)) {
      const cells: Record<string, string | null> = {};
      for (const m of row.matchAll(/<field name="([^"]*)"(?: xsi:nil="true" \/>|>([\s\S]*?)<\/field>)/g))
        cells[decode(m[1] as string)] = m[2] === undefined ? null : decode(m[2]);
      rows.push(cells);
    }
    if (resultSets.length === 0) columns = Object.keys(rows[0] ?? {});
    resultSets.push(rows);
  }
  return { resultSets, columns };
}

async function waitFor(path: string, deadline: number): Promise<void> {
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error('the MariaDB server did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function startMariaDb(): Promise<MariaServer> {
  ensureCommand('mariadbd', 'mariadb-server', 'mariadb');
  ensureCommand('mariadb', 'mariadb-client');
  const dir = mkdtempSync(join(tmpdir(), 'svc-maria-'));
  const data = join(dir, 'data');
  const socket = join(dir, 'sock');
  execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], {
    stdio: 'ignore',
  });
  const server: ChildProcess = spawn(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      '--skip-networking',
      '--user=root',
      `--log-error=${join(dir, 'err.log')}`,
      `--pid-file=${join(dir, 'pid')}`,
      '--skip-grant-tables',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(socket, Date.now() + 60_000);
  return {
    run(sql) {
      if (sql.includes(DELIMITER)) return undefined;
      const r = spawnSync('mariadb', ['--no-defaults', '-S', socket, '-u', 'root', '--comments', '--xml'], {
        input: `delimiter ${DELIMITER}\n${sql}\n${DELIMITER}\n`,
        encoding: 'utf8',
        timeout: 20_000,
      });
      if (r.status !== 0 || r.stderr.includes('ERROR')) return undefined;
      return parseXml(r.stdout);
    },
    async stop() {
      const exited = server.exitCode !== null ? Promise.resolve() : new Promise((done) => server.once('exit', done));
      const pid = existsSync(join(dir, 'pid')) ? Number(readFileSync(join(dir, 'pid'), 'utf8').trim()) : server.pid;
      if (pid !== undefined) process.kill(pid, 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
