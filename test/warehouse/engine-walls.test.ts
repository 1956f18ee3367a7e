/**
 * Second walls in the embedded engines (issue 25, item 4): what the engine itself refuses or
 * undoes should the statement check miss something. Statements go to the connectors directly,
 * past the check, on purpose; the hosted test goes through the executor with two people.
 *
 * - DuckDB: `enable_logging()` switches the instance's query log on even with
 *   `lock_configuration = true` (measured here), so the connector keeps logging and profiling off
 *   around every statement: person B's SQL never reaches person A through `duckdb_logs`.
 * - SQLite: opened read-only, defensive (SQLITE_DBCONFIG_DEFENSIVE), `query_only` and with an
 *   untrusted schema.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks } from '../../src/hooks/hooks.js';
import type { Connector } from '../../src/warehouse/connectors/connector.js';
import { openDuckdbConnector } from '../../src/warehouse/connectors/duckdb.js';
import { sqliteConnectorFactory } from '../../src/warehouse/connectors/sqlite.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { codeOf, runOn } from './connectors/run-helpers.js';

let root = '';
const opened: Connector[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-walls-'));
  mkdirSync(join(root, 'data'));
  const instance = await DuckDBInstance.create(join(root, 'data', 'shop.duckdb'));
  const c = await instance.connect();
  await c.run("CREATE TABLE guests (id INTEGER, email VARCHAR); INSERT INTO guests VALUES (1, 'ada@example.test'), (2, 'bob@example.test')");
  c.closeSync();
  instance.closeSync();
  const db = new Database(join(root, 'data', 'shop.db'));
  db.exec("CREATE TABLE guests (id INTEGER, email TEXT); INSERT INTO guests VALUES (1, 'ada@example.test')");
  db.close();
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  rmSync(root, { recursive: true, force: true });
});

/** Every message the DuckDB log holds, read past the statement check as a person reading it would. */
async function logMessages(connector: Connector): Promise<string[]> {
  const r = await runOn(connector, 'SELECT message FROM duckdb_logs', [], { maxRows: 1000 });
  return r.rows.map((row) => String(row['message']));
}

describe('DuckDB: logging and profiling stay off', () => {
  it('the engine alone does not stop enable_logging() (why the connector must)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const a = await instance.connect();
    await a.run('SET lock_configuration = true');
    await a.run('SELECT * FROM enable_logging()');
    const on = (await a.runAndReadAll("SELECT current_setting('enable_logging')::VARCHAR AS v")).getRowObjects()[0]?.['v'];
    expect(['true', '1']).toContain(on);
    a.closeSync();
    instance.closeSync();
  });

  it('enable_logging() then has no observable effect through the connector: no other statement reaches duckdb_logs', async () => {
    const connector = openDuckdbConnector({ name: 'wh', root, connection: { driver: 'duckdb', path: 'data/shop.duckdb' } }, { connections: 2 });
    opened.push(connector);
    // Person A, had the check missed it:
    expect(await codeOf(runOn(connector, 'SELECT * FROM enable_logging()'))).toBe('ok');
    expect(await codeOf(runOn(connector, 'SELECT * FROM enable_profiling()'))).toBe('ok');
    // Person B, on either lane:
    await Promise.all([
      runOn(connector, "SELECT id FROM guests WHERE email = 'bob@example.test'"),
      runOn(connector, "SELECT id FROM guests WHERE email = 'bob@example.test' AND id > 0"),
    ]);
    // Person A reads the log:
    const messages = await logMessages(connector);
    expect(messages.filter((m) => m.includes('bob@example.test'))).toEqual([]);
    const state = await runOn(
      connector,
      "SELECT current_setting('enable_logging')::VARCHAR AS logging, current_setting('enable_profiling')::VARCHAR AS profiling",
    );
    expect(['false', '0']).toContain(state.rows[0]?.['logging']);
    expect(state.rows[0]?.['profiling']).toBeNull();
  });

  it("hosted, two people: A cannot switch logging on or read the log, and B's SQL never appears to A", async () => {
    const hooks: HostHooks = {};
    const executor = createExecutor({ root, config: { project: 'p', connections: { default: { driver: 'duckdb', path: 'data/shop.duckdb' } } } });
    const as = (id: string, sql: string) =>
      executor.execute({
        asker: {
          principal: { id, kind: 'person', source: 'host' },
          host: { hooks, timeoutMs: 2_000, log: () => undefined },
          requestId: id,
          action: 'agent.ask',
        },
        sql,
        params: [],
        origin: 'model',
      });
    try {
      const refused = async (p: Promise<unknown>) =>
        p.then(
          () => 'ran',
          (e: { reason?: string }) => e.reason,
        );
      expect(await refused(as('ada', 'SELECT * FROM enable_logging()'))).toBe('table-function-not-allowed');
      expect(await refused(as('ada', 'CALL enable_logging()'))).toBe('call');
      expect(await refused(as('ada', 'PRAGMA enable_logging'))).toBe('pragma');
      expect((await as('bob', "SELECT id FROM guests WHERE email = 'bob@example.test'")).rows).toEqual([{ id: 2 }]);
      expect(await refused(as('ada', 'SELECT message FROM duckdb_logs'))).toBe('relation-not-allowed');
      expect(await refused(as('ada', 'SELECT message FROM duckdb_logs()'))).toBe('table-function-not-allowed');
      // And the engine holds nothing to find, should anything get that far.
      const connector = openDuckdbConnector({ name: 'wh', root, connection: { driver: 'duckdb', path: 'data/shop.duckdb' } });
      opened.push(connector);
      expect((await logMessages(connector)).filter((m) => m.includes('bob@example.test'))).toEqual([]);
    } finally {
      await executor.close();
    }
  });
});

describe('SQLite: read-only, defensive, query_only', () => {
  function sqlite(): Connector {
    const c = sqliteConnectorFactory({ name: 'wh', root, connection: { driver: 'sqlite', path: 'data/shop.db' } });
    opened.push(c);
    return c;
  }

  it('opens the file query-only with an untrusted schema', async () => {
    const c = sqlite();
    expect((await runOn(c, 'SELECT * FROM pragma_query_only')).rows).toEqual([{ query_only: 1 }]);
    expect((await runOn(c, 'SELECT * FROM pragma_trusted_schema')).rows).toEqual([{ trusted_schema: 0 }]);
  });

  it('refuses writes, schema writes and attaching another file', async () => {
    const c = sqlite();
    expect(await codeOf(runOn(c, "INSERT INTO guests VALUES (9, 'x')"))).toBe('WAREHOUSE_ERROR');
    expect(await codeOf(runOn(c, 'CREATE TEMP TABLE t (a)'))).toBe('WAREHOUSE_ERROR');
    expect(await codeOf(runOn(c, `ATTACH '${join(root, 'data', 'other.db')}' AS o`))).toBe('WAREHOUSE_ERROR');
    expect((await runOn(c, 'SELECT count(*) AS n FROM guests')).rows).toEqual([{ n: 1 }]);
  });
});
