/**
 * The embedded DuckDB connector (@duckdb/node-api) for a `.duckdb` file next to the project.
 *
 * The engine restriction (spec 03 "Query path and safeguards" 7) is applied on every open, with
 * or without a host: the file opened read-only; extensions neither installed nor loaded on
 * their own; `allowed_directories` set to the connection's `allowedDirectories`; external
 * access then switched off, which leaves only those folders readable; and the configuration
 * locked, so no statement can undo any of it; logging off and kept off (`keepQuiet`). The
 * statement check refuses the same reads first; the engine is the second wall for anything it
 * were to miss. (Measured: the engine
 * lets COPY ... TO write inside an allowed folder, so there the statement check, which admits
 * reads only, is the one wall against writes.)
 *
 * A deadline interrupts the engine (the statement stops inside DuckDB, not merely abandoned).
 */
import { realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve, sep } from 'node:path';
import { BIGINT, BOOLEAN, DOUBLE, type DuckDBConnection, DuckDBInstance, type DuckDBType, SQLNULL, VARCHAR } from '@duckdb/node-api';
import type {
  CatalogColumn,
  Connector,
  ConnectorFactory,
  ConnectorResult,
  ConnectorStatement,
  ConnectorTarget,
  RelationFacts,
  RelationLookup,
  SqlValue,
} from './connector.js';
import { cancelledError, onCancel, StatementError } from './connector.js';
import { duckdbCell } from './duckdb-values.js';
import { Lanes } from './lanes.js';
import { RowBudget } from './row-budget.js';

export interface DuckdbConnectorOptions {
  /** Connections kept open for this database (default: CPUs, at most 4). */
  connections?: number;
}

const LIST_TABLES = 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name';
/** A view (not one of DuckDB's own) by catalog, schema and name, which DuckDB compares without case, with the text it was created by. */
const VIEW_OF = 'SELECT sql FROM duckdb_views() WHERE NOT internal AND lower(database_name) = ? AND lower(schema_name) = ? AND lower(view_name) = ? LIMIT 1';
/** A table's columns in order by catalog, schema and name, compared without case as DuckDB compares them. */
const COLUMNS_OF =
  'SELECT column_name AS name FROM duckdb_columns() WHERE lower(database_name) = ? AND lower(schema_name) = ? AND lower(table_name) = ? ORDER BY column_index';
const LIST_COLUMNS =
  'SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position';
const CATALOG = { maxRows: 10_000, maxBytes: 16 * 1024 * 1024, maxCellBytes: 16 * 1024 * 1024 };

/** A DuckDB list literal of folder paths, each quoted the engine's way. */
function folderList(folders: readonly string[]): string {
  return `[${folders.map((f) => `'${f.replaceAll("'", "''")}'`).join(', ')}]`;
}

/** The connection's allowed folders as real absolute paths ending in a separator; missing ones dropped. */
function allowedFolders(root: string, folders: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const folder of folders) {
    if (typeof folder !== 'string' || folder === '') continue;
    try {
      const real = realpathSync(resolve(root, folder));
      out.push(real.endsWith(sep) ? real : real + sep);
    } catch {
      // A folder that does not exist holds nothing to read.
    }
  }
  return out;
}

async function restrict(connection: DuckDBConnection, folders: readonly string[]): Promise<void> {
  await connection.run(`SET allowed_directories = ${folderList(folders)}`);
  await connection.run('SET enable_external_access = false');
  await connection.run('SET enable_logging = false');
  await connection.run('SET lock_configuration = true');
}

/** Whether the engine logs or profiles: one row, read with the connection's own settings. */
const LOGGING_STATE = "SELECT current_setting('enable_logging')::VARCHAR AS logging, current_setting('enable_profiling')::VARCHAR AS profiling";

/**
 * The engine's half of issue 25's logging repro: `enable_logging()`, `enable_profiling()` and
 * their PRAGMAs switch the instance's query log (which records every connection's SQL, readable
 * from `duckdb_logs`) and the connection's profiler on even with `lock_configuration = true`
 * (measured on DuckDB 1.5.6). The statement check refuses them; should it miss one, the
 * connector finds the engine logging or profiling before and after every statement and switches
 * both off again, emptying the log, before the connection serves anyone. So one person's SQL
 * never waits in the log for another to read.
 */
async function keepQuiet(connection: DuckDBConnection): Promise<void> {
  const state = (await connection.runAndReadAll(LOGGING_STATE)).getRowObjects()[0];
  const logging = state?.['logging'];
  const profiling = state?.['profiling'];
  if (logging !== 'false' && logging !== '0') {
    await connection.run('CALL disable_logging()');
    await connection.run('CALL truncate_duckdb_logs()');
  }
  if (profiling !== null && profiling !== undefined) await connection.run('CALL disable_profiling()');
}

function typeOf(value: SqlValue): DuckDBType {
  if (value === null) return SQLNULL;
  if (typeof value === 'boolean') return BOOLEAN;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BIGINT : DOUBLE;
  return VARCHAR;
}

function failure(error: unknown, timedOut: boolean): StatementError {
  if (error instanceof StatementError) return error;
  if (timedOut) return new StatementError('STATEMENT_TIMEOUT', 'The statement ran past its deadline and was stopped.');
  return new StatementError('WAREHOUSE_ERROR', error instanceof Error ? error.message : String(error));
}

/** Reads a statement's rows chunk by chunk into `budget`, stopping one row past the cap. */
async function readRows(
  connection: DuckDBConnection,
  statement: Pick<ConnectorStatement, 'sql' | 'params' | 'maxRows' | 'maxBytes' | 'maxCellBytes'>,
): Promise<ConnectorResult> {
  const values = [...statement.params];
  const result = await connection.stream(statement.sql, values, values.map(typeOf));
  const columns = result.columnNames();
  const budget = new RowBudget(statement);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    for (const cells of chunk.getRows()) {
      const row: Record<string, unknown> = {};
      columns.forEach((name, i) => {
        row[name] = duckdbCell(cells[i]);
      });
      if (!budget.add(row)) return budget.result(columns);
    }
  }
  return budget.result(columns);
}

class DuckdbConnector implements Connector {
  readonly driver = 'duckdb';
  private lanes: Promise<Lanes<DuckDBConnection>> | undefined;
  private instance: DuckDBInstance | undefined;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly folders: string[],
    private readonly size: number,
  ) {}

  private open(): Promise<Lanes<DuckDBConnection>> {
    this.lanes ??= (async () => {
      const options = {
        access_mode: 'READ_ONLY',
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
        allow_community_extensions: 'false',
      };
      let instance: DuckDBInstance;
      try {
        instance = await DuckDBInstance.create(this.file, options);
      } catch (error) {
        this.lanes = undefined;
        throw new StatementError('CONNECTION_UNAVAILABLE', `The database could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.instance = instance;
      const first = await instance.connect();
      await restrict(first, this.folders);
      const rest = await Promise.all(Array.from({ length: this.size - 1 }, () => instance.connect()));
      return new Lanes([first, ...rest]);
    })();
    return this.lanes;
  }

  /** Runs `work` on a connection within `deadlineMs`; the engine is interrupted at the deadline. */
  private async withConnection<T>(
    deadlineMs: number,
    model: boolean,
    work: (connection: DuckDBConnection) => Promise<T>,
    who: Pick<ConnectorStatement, 'caller' | 'signal'> = {},
  ): Promise<T> {
    if (this.closed) throw new StatementError('CONNECTION_UNAVAILABLE', 'The connection is closed.');
    const lanes = await this.open();
    const deadline = new AbortController();
    let running: DuckDBConnection | undefined;
    const stop = (reason: StatementError) => {
      if (deadline.signal.aborted) return;
      deadline.abort(reason);
      running?.interrupt();
    };
    const timer = setTimeout(() => stop(new StatementError('STATEMENT_TIMEOUT', 'The statement waited past its deadline and was not run.')), deadlineMs);
    const unlisten = onCancel(who.signal, () => stop(cancelledError()));
    try {
      running = await lanes.acquire(model, deadline.signal, who.caller);
      await keepQuiet(running);
      return await work(running);
    } catch (error) {
      if (deadline.signal.reason instanceof StatementError && deadline.signal.reason.code === 'STATEMENT_CANCELLED') throw deadline.signal.reason;
      throw failure(error, deadline.signal.aborted);
    } finally {
      clearTimeout(timer);
      unlisten();
      if (running !== undefined && !this.closed) {
        // The statement may have switched logging on: off again before the lane serves anyone.
        await keepQuiet(running).catch(() => undefined);
        lanes.release(running, model, who.caller);
      }
    }
  }

  runStatement(statement: ConnectorStatement): Promise<ConnectorResult> {
    const model = statement.origin === 'model' || statement.origin === 'tool';
    return this.withConnection(statement.deadlineMs, model, (connection) => readRows(connection, statement), statement);
  }

  prepareStatement(sql: string, deadlineMs: number): Promise<void> {
    return this.withConnection(deadlineMs, false, async (connection) => {
      const prepared = await connection.prepare(sql);
      prepared.destroySync();
    });
  }

  async listTables(deadlineMs: number): Promise<string[]> {
    const result = await this.withConnection(deadlineMs, false, (c) => readRows(c, { sql: LIST_TABLES, params: [], ...CATALOG }));
    return result.rows.map((r) => String(r['name']));
  }

  async listColumns(table: string, deadlineMs: number): Promise<CatalogColumn[]> {
    const result = await this.withConnection(deadlineMs, false, (c) => readRows(c, { sql: LIST_COLUMNS, params: [table], ...CATALOG }));
    return result.rows.map((r) => ({ name: String(r['name']), type: typeof r['type'] === 'string' ? r['type'] : '' }));
  }

  async describeRelation(lookup: RelationLookup, deadlineMs: number, who: Pick<ConnectorStatement, 'caller' | 'signal'> = {}): Promise<RelationFacts> {
    const parts = [...lookup.qualified];
    if (parts.length !== 3) return { parts };
    const result = await this.withConnection(deadlineMs, false, (c) => readRows(c, { sql: VIEW_OF, params: parts, ...CATALOG }), who);
    const view = result.rows[0];
    return view === undefined ? { parts } : { parts, view: String(view['sql']) };
  }

  async relationColumns(parts: readonly string[], deadlineMs: number, who: Pick<ConnectorStatement, 'caller' | 'signal'> = {}): Promise<string[]> {
    if (parts.length !== 3) return [];
    const params = parts.map((p) => p.toLowerCase());
    const result = await this.withConnection(deadlineMs, false, (c) => readRows(c, { sql: COLUMNS_OF, params, ...CATALOG }), who);
    return result.rows.map((r) => String(r['name']));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const lanes = await this.lanes?.catch(() => undefined);
    for (const connection of lanes?.close() ?? []) {
      connection.interrupt();
      connection.closeSync();
    }
    this.instance?.closeSync();
  }
}

/** Opens the DuckDB connector of one connection; throws CONNECTION_UNAVAILABLE when the file is missing. */
export function openDuckdbConnector(target: ConnectorTarget, options: DuckdbConnectorOptions = {}): Connector {
  const path = target.connection.path;
  if (typeof path !== 'string' || path === '') {
    throw new StatementError('CONNECTION_UNAVAILABLE', `Connection "${target.name}" names no database file; set "path" in svc.config.json.`);
  }
  const file = resolve(target.root, path);
  let exists = false;
  try {
    exists = statSync(file).isFile();
  } catch {
    exists = false;
  }
  // The configured (project-relative) path is named, never the server's absolute one.
  if (!exists)
    throw new StatementError('CONNECTION_UNAVAILABLE', `The database of connection "${target.name}" was not found at ${path} (relative to the project).`);
  const size = options.connections ?? Math.min(4, Math.max(1, availableParallelism()));
  return new DuckdbConnector(file, allowedFolders(target.root, target.connection.allowedDirectories ?? []), Math.max(1, size));
}

/** The factory form the executor registers under driver `duckdb`. */
export const duckdbConnectorFactory: ConnectorFactory = (target) => openDuckdbConnector(target);
