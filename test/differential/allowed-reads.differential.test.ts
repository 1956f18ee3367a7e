/**
 * Differential (issue 25): every statement the check lets through from the corpora (the
 * conformance corpus and the blind corpus's tuning half, whatever their labels say) runs on the
 * real engine, opened as svc opens it, and the engine's state is the same before and after: a
 * hash over its settings, its log, its variables, prepared statements, sequences, attached and
 * temporary files, the database file and the files of the project folder. A statement that
 * fails on the engine (a table the fixture lacks) must leave the state unchanged too.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../src/rules/statement-check/index.js';
import { BLIND_TUNING } from '../corpus/blind/tuning.js';
import { statementCorpus } from '../corpus/statement-corpus.js';

const TABLES = [
  'CREATE TABLE orders (id INTEGER, customer_id INTEGER, total DOUBLE, state VARCHAR, status VARCHAR, region VARCHAR, created_at TIMESTAMP, shipped_at TIMESTAMP, items VARCHAR)',
  'CREATE TABLE customers (id INTEGER, name VARCHAR, region VARCHAR, email VARCHAR, state VARCHAR)',
  'CREATE TABLE payments (id INTEGER, order_id INTEGER, amount DOUBLE)',
  'CREATE TABLE archived_orders (id INTEGER, state VARCHAR, total DOUBLE)',
  'CREATE TABLE sales (region VARCHAR, month VARCHAR, amount DOUBLE)',
];
const ROWS = [
  "INSERT INTO orders VALUES (1, 1, 120.5, 'CA', 'paid', 'West', '2024-01-02 03:04:05', NULL, '[1,2]'), (2, 2, 30, 'NY', 'open', 'East', '2024-02-03 00:00:00', '2024-02-04 00:00:00', '[]')",
  "INSERT INTO customers VALUES (1, 'Ada', 'West', 'ada@example.test', 'CA'), (2, 'Bob', 'East', 'bob@example.test', 'NY')",
  'INSERT INTO payments VALUES (1, 1, 120.5)',
];

function statementsFor(drivers: readonly string[]): string[] {
  const all = [...statementCorpus(), ...BLIND_TUNING].filter((c) => drivers.includes(c.driver));
  const allowed = all.filter((c) => hostedStatementRefusal(c.sql, c.driver, [], { readOnly: true }) === null).map((c) => c.sql);
  return [...new Set(allowed)];
}

function filesHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      h.update(p);
      if (e.isDirectory()) walk(p);
      else h.update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

let root = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'svc-state-'));
  mkdirSync(join(root, 'data'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('DuckDB: the statements the check allows leave the engine as they found it', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  const file = () => join(root, 'data', 'shop.duckdb');

  beforeAll(async () => {
    const setup = await DuckDBInstance.create(file());
    const c = await setup.connect();
    for (const sql of [...TABLES, ...ROWS, 'CREATE SEQUENCE order_seq']) await c.run(sql);
    c.closeSync();
    setup.closeSync();
    // As the connector opens it (src/warehouse/connectors/duckdb.ts), without its logging guard:
    // this measures the check, not the guard.
    instance = await DuckDBInstance.create(file(), {
      access_mode: 'READ_ONLY',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      allow_community_extensions: 'false',
    });
    connection = await instance.connect();
    await connection.run('SET allowed_directories = []');
    await connection.run('SET enable_external_access = false');
    await connection.run('SET enable_logging = false');
    await connection.run('SET lock_configuration = true');
  });
  afterAll(() => {
    connection?.closeSync();
    instance?.closeSync();
  });

  const STATE = [
    "SELECT name, value FROM duckdb_settings() WHERE name NOT IN ('memory_limit', 'threads', 'worker_threads') ORDER BY name",
    "SELECT current_setting('enable_logging')::VARCHAR, current_setting('enable_profiling')::VARCHAR",
    'SELECT count(*) FROM duckdb_logs()',
    'SELECT * FROM duckdb_variables() ORDER BY name',
    'SELECT name FROM duckdb_prepared_statements() ORDER BY name',
    'SELECT sequence_name, start_value, min_value FROM duckdb_sequences() ORDER BY sequence_name',
    'SELECT database_name, path FROM duckdb_databases() ORDER BY database_name',
    'SELECT path FROM duckdb_temporary_files() ORDER BY path',
    'SELECT table_name FROM information_schema.tables ORDER BY table_catalog, table_schema, table_name',
  ];

  async function stateHash(): Promise<string> {
    const h = createHash('sha256');
    for (const sql of STATE) h.update(JSON.stringify((await connection.runAndReadAll(sql)).getRows(), (_, v) => (typeof v === 'bigint' ? String(v) : v)));
    h.update(filesHash(root));
    return h.digest('hex');
  }

  it('for every allowed statement of the duckdb and file corpora', async () => {
    const statements = statementsFor(['duckdb', 'file']);
    expect(statements.length).toBeGreaterThan(80);
    const changed: string[] = [];
    let ran = 0;
    for (const sql of statements) {
      const before = await stateHash();
      await connection.runAndReadAll(sql).then(
        () => ran++,
        () => undefined,
      );
      if ((await stateHash()) !== before) changed.push(sql);
    }
    expect(changed).toEqual([]);
    expect(ran).toBeGreaterThan(statements.length / 3);
  });
});

describe('SQLite: the statements the check allows leave the engine as they found it', () => {
  it('for every allowed statement of the sqlite corpora', () => {
    const file = join(root, 'data', 'shop.db');
    const setup = new Database(file);
    for (const sql of [...TABLES, ...ROWS]) setup.exec(sql);
    setup.close();
    // As the connector's child opens it (src/warehouse/connectors/sqlite-child-source.ts).
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.unsafeMode(false);
    db.pragma('query_only = 1');
    db.pragma('trusted_schema = 0');
    const PRAGMAS = [
      'query_only',
      'trusted_schema',
      'foreign_keys',
      'recursive_triggers',
      'cell_size_check',
      'case_sensitive_like',
      'cache_size',
      'busy_timeout',
    ];
    const stateHash = (): string => {
      const h = createHash('sha256');
      for (const p of PRAGMAS) h.update(JSON.stringify(db.pragma(p)));
      h.update(JSON.stringify(db.prepare('SELECT name, file FROM pragma_database_list ORDER BY seq').all()));
      h.update(JSON.stringify(db.prepare('SELECT total_changes() AS n').get()));
      h.update(JSON.stringify(db.prepare('SELECT count(*) AS n FROM temp.sqlite_master').get()));
      h.update(filesHash(root));
      return h.digest('hex');
    };
    // The first read loads the schema and opens the temp database: warm up before measuring.
    db.prepare('SELECT count(*) FROM orders').get();
    stateHash();
    const statements = statementsFor(['sqlite']);
    expect(statements.length).toBeGreaterThan(60);
    const changed: string[] = [];
    let ran = 0;
    for (const sql of statements) {
      const before = stateHash();
      try {
        const stmt = db.prepare(sql);
        if (stmt.reader) stmt.all();
        else stmt.run();
        ran++;
      } catch {
        // Fails on the engine: must change nothing either.
      }
      if (stateHash() !== before) changed.push(sql);
    }
    db.close();
    expect(changed).toEqual([]);
    expect(ran).toBeGreaterThan(statements.length / 3);
  });
});
