/**
 * The embedded SQLite connector (better-sqlite3). The database file is opened read-only and
 * must already exist; its path is relative to the project root. Statements run in a small pool
 * of child processes (see statement-pool.ts for why) so a deadline can stop the engine.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type {
  CatalogColumn,
  Connector,
  ConnectorFactory,
  ConnectorResult,
  ConnectorStatement,
  ConnectorTarget,
  RelationFacts,
  RelationLookup,
} from './connector.js';
import { StatementError } from './connector.js';
import { SQLITE_CHILD_SOURCE } from './sqlite-child-source.js';
import { type PoolReply, StatementPool } from './statement-pool.js';
import { encodeParams, reviveRows } from './wire-values.js';

export interface SqliteConnectorOptions {
  /** Most statement processes for this connection (default: CPUs, at most 4). */
  processes?: number;
}

/** Absolute path of the driver, so a child started anywhere loads the copy svc depends on. */
const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function resultOf(reply: PoolReply): ConnectorResult {
  if (reply.kind === 'ok') {
    const rows = reply['rows'] as ConnectorResult['rows'];
    return { columns: reply['columns'] as string[], rows: reply['special'] === true ? reviveRows(rows) : rows, truncated: reply['truncated'] === true };
  }
  if (reply.kind === 'too-large') {
    const what = reply['what'] === 'cell' ? 'One value of the result' : 'The result';
    throw new StatementError(
      'RESULT_TOO_LARGE',
      `${what} is larger than this connection returns, so the statement was stopped; ask for fewer rows or columns, or an aggregate.`,
    );
  }
  const message = typeof reply['message'] === 'string' ? reply['message'] : 'The database answered with an error.';
  if (reply.kind === 'unavailable') throw new StatementError('CONNECTION_UNAVAILABLE', `The database could not be opened: ${message}`);
  throw new StatementError('WAREHOUSE_ERROR', message);
}

/**
 * The catalog statements, fixed text: user tables and views (SQLite's own `sqlite_*` tables
 * left out), and one table's columns with the name bound as a parameter. They run here and not
 * through the statement check because the check refuses every pragma, `pragma_table_info`
 * included; nothing a caller writes can reach them.
 */
const LIST_TABLES = "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name";
const LIST_COLUMNS = 'SELECT name, type FROM pragma_table_info(?) ORDER BY cid';
const CATALOG_ROWS = 10_000;
/** A view of the main database by name (SQLite compares names without case), with the text it was created by. */
const VIEW_OF = "SELECT name, sql FROM main.sqlite_schema WHERE type = 'view' AND name = ? COLLATE NOCASE";
const CATALOG_BYTES = 16 * 1024 * 1024;
/** A main-database table's columns in order (SQLite compares the name without case). */
const COLUMNS_OF = "SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid";

type Who = Pick<ConnectorStatement, 'caller' | 'signal'>;

/** What the executor asks of the main database's catalog for a hosted statement, in the caller's share of the pool. */
function catalogLookups(pool: StatementPool): Pick<Connector, 'describeRelation' | 'relationColumns'> {
  const read = async (sql: string, name: string, maxRows: number, deadlineMs: number, who: Who) =>
    resultOf(
      await pool.submit({ sql, params: [name], special: false, maxRows, maxBytes: CATALOG_BYTES, maxCellBytes: CATALOG_BYTES }, deadlineMs, {
        lane: 'other',
        ...who,
      }),
    ).rows;
  return {
    async describeRelation(lookup: RelationLookup, deadlineMs: number, who: Who = {}): Promise<RelationFacts> {
      const [schema, name] = lookup.qualified;
      // Only the main database is opened (a statement may not attach another, nor make temporary objects).
      if (lookup.qualified.length !== 2 || schema !== 'main' || name === undefined) return { parts: [...lookup.qualified] };
      const view = (await read(VIEW_OF, name, 1, deadlineMs, who))[0];
      return view === undefined ? { parts: [...lookup.qualified] } : { parts: ['main', name], view: String(view['sql']) };
    },
    async relationColumns(parts: readonly string[], deadlineMs: number, who: Who = {}): Promise<string[]> {
      const [schema, name] = parts;
      if (parts.length !== 2 || schema !== 'main' || name === undefined) return [];
      return (await read(COLUMNS_OF, name, CATALOG_ROWS, deadlineMs, who)).map((r) => String(r['name']));
    },
  };
}

/** Opens the SQLite connector of one connection; throws CONNECTION_UNAVAILABLE when the file is missing. */
export function openSqliteConnector(target: ConnectorTarget, options: SqliteConnectorOptions = {}): Connector {
  const path = target.connection.path;
  if (typeof path !== 'string' || path === '') {
    throw new StatementError('CONNECTION_UNAVAILABLE', `Connection "${target.name}" names no database file; set "path" in svc.config.json.`);
  }
  const file = resolve(target.root, path);
  if (!isFile(file)) {
    // The configured (project-relative) path is named, never the server's absolute one.
    throw new StatementError('CONNECTION_UNAVAILABLE', `The database of connection "${target.name}" was not found at ${path} (relative to the project).`);
  }
  const size = options.processes ?? Math.min(4, Math.max(1, availableParallelism()));
  const pool = new StatementPool({ source: SQLITE_CHILD_SOURCE, env: { SVC_SQLITE_DRIVER: DRIVER, SVC_SQLITE_PATH: file }, size });
  const run = async (sql: string, params: unknown[], maxRows: number, deadlineMs: number): Promise<ConnectorResult> =>
    resultOf(await pool.submit({ sql, params, special: false, maxRows, maxBytes: CATALOG_BYTES, maxCellBytes: CATALOG_BYTES }, deadlineMs));
  return {
    driver: 'sqlite',
    async runStatement(statement: ConnectorStatement): Promise<ConnectorResult> {
      const { params, special } = encodeParams(statement.params);
      const message = { sql: statement.sql, params, special, maxRows: statement.maxRows, maxBytes: statement.maxBytes, maxCellBytes: statement.maxCellBytes };
      const lane = statement.origin === 'model' || statement.origin === 'tool' ? 'model' : 'other';
      const who = {
        ...(statement.caller !== undefined ? { caller: statement.caller } : {}),
        ...(statement.signal !== undefined ? { signal: statement.signal } : {}),
      };
      return resultOf(await pool.submit(message, statement.deadlineMs, { lane, ...who }));
    },
    async prepareStatement(sql: string, deadlineMs: number): Promise<void> {
      resultOf(await pool.submit({ sql, params: [], special: false, prepareOnly: true, maxRows: 0, maxBytes: 0, maxCellBytes: 0 }, deadlineMs));
    },
    async listTables(deadlineMs: number): Promise<string[]> {
      const result = await run(LIST_TABLES, [], CATALOG_ROWS, deadlineMs);
      return result.rows.map((r) => String(r['name']));
    },
    async listColumns(table: string, deadlineMs: number): Promise<CatalogColumn[]> {
      const result = await run(LIST_COLUMNS, [table], CATALOG_ROWS, deadlineMs);
      return result.rows.map((r) => ({ name: String(r['name']), type: typeof r['type'] === 'string' ? r['type'] : '' }));
    },
    ...catalogLookups(pool),
    close: () => pool.close(),
  };
}

/** The factory form the executor registers under driver `sqlite`. */
export const sqliteConnectorFactory: ConnectorFactory = (target) => openSqliteConnector(target);
