/**
 * The commerce fixture's data written into each warehouse svc runs on, the same rows in each:
 * read from the generated SQLite file and written with the engine's own client. Column types
 * follow the SQLite declarations: INTEGER as a 64-bit integer, TEXT as text (dates stay ISO
 * text everywhere, so range filters compare alike), REAL money as the engine's exact decimal
 * where its ROUND needs one (PostgreSQL) and as a double elsewhere.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import type pg from 'pg';

export interface SourceTable {
  name: string;
  columns: Array<{ name: string; type: 'INTEGER' | 'REAL' | 'TEXT'; nullable: boolean }>;
  rows: unknown[][];
}

const TABLES = ['calendar', 'customers', 'products', 'orders', 'order_items', 'payments'];

/** Every fixture table with its columns and rows, from the SQLite warehouse at `file`. */
export function readCommerce(file: string): SourceTable[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return TABLES.map((name) => {
      const info = db.prepare(`SELECT name, type, "notnull" AS required FROM pragma_table_info(?) ORDER BY cid`).all(name) as Array<{
        name: string;
        type: string;
        required: number;
      }>;
      const columns = info.map((c) => ({ name: c.name, type: c.type.toUpperCase() as 'INTEGER' | 'REAL' | 'TEXT', nullable: c.required === 0 }));
      const rows = db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][];
      return { name, columns, rows };
    });
  } finally {
    db.close();
  }
}

const CLICKHOUSE_TYPES = { INTEGER: 'Int64', REAL: 'Float64', TEXT: 'String' } as const;
const DUCKDB_TYPES = { INTEGER: 'BIGINT', REAL: 'DOUBLE', TEXT: 'VARCHAR' } as const;
const POSTGRES_TYPES = { INTEGER: 'bigint', REAL: 'numeric(14,2)', TEXT: 'text' } as const;

/** Writes the tables into a new DuckDB file `data/warehouse.duckdb` under `root`; returns its project-relative path. */
export async function loadDuckdb(root: string, tables: readonly SourceTable[]): Promise<string> {
  const instance = await DuckDBInstance.create(join(root, 'data', 'warehouse.duckdb'));
  const connection = await instance.connect();
  try {
    for (const t of tables) {
      await connection.run(`CREATE TABLE ${t.name} (${t.columns.map((c) => `${c.name} ${DUCKDB_TYPES[c.type]}`).join(', ')})`);
      const appender = await connection.createAppender(t.name);
      for (const row of t.rows) {
        row.forEach((value, i) => {
          if (value === null) appender.appendNull();
          else if (t.columns[i]?.type === 'INTEGER') appender.appendBigInt(BigInt(value as number));
          else if (t.columns[i]?.type === 'REAL') appender.appendDouble(value as number);
          else appender.appendVarchar(String(value));
        });
        appender.endRow();
      }
      appender.closeSync();
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return 'data/warehouse.duckdb';
}

/** Writes the tables into the database `client` is signed in to, in batches of bound rows. */
export async function loadPostgres(client: pg.Client, tables: readonly SourceTable[]): Promise<void> {
  for (const t of tables) {
    await client.query(`CREATE TABLE ${t.name} (${t.columns.map((c) => `${c.name} ${POSTGRES_TYPES[c.type]}`).join(', ')})`);
    const width = t.columns.length;
    const per = Math.floor(60_000 / width);
    for (let at = 0; at < t.rows.length; at += per) {
      const batch = t.rows.slice(at, at + per);
      const values = batch.map((_, r) => `(${t.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
      await client.query(`INSERT INTO ${t.name} VALUES ${values}`, batch.flat());
    }
  }
  await client.query('ANALYZE');
}

/** Writes the tables into the ClickHouse server at `url` (its `default` database), as JSON rows over HTTP. */
export async function loadClickhouse(url: string, tables: readonly SourceTable[]): Promise<void> {
  const send = async (query: string, body?: string) => {
    const r = await fetch(body === undefined ? url : `${url}?query=${encodeURIComponent(query)}`, { method: 'POST', body: body ?? query });
    if (!r.ok) throw new Error(await r.text());
  };
  for (const t of tables) {
    const columns = t.columns.map((c) => `${c.name} ${c.nullable && c.type === 'TEXT' ? 'Nullable(String)' : CLICKHOUSE_TYPES[c.type]}`);
    await send(`CREATE TABLE ${t.name} (${columns.join(', ')}) ENGINE = MergeTree ORDER BY tuple()`);
    const lines = t.rows.map((row) => JSON.stringify(Object.fromEntries(t.columns.map((c, i) => [c.name, row[i]]))));
    for (let at = 0; at < lines.length; at += 20_000) await send(`INSERT INTO ${t.name} FORMAT JSONEachRow`, lines.slice(at, at + 20_000).join('\n'));
  }
}
