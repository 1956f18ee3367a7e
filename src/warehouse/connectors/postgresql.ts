/**
 * The PostgreSQL connector (`pg`). Each statement runs in its own read-only transaction
 * (`BEGIN TRANSACTION READ ONLY`, a second wall behind the statement check), under
 * `statement_timeout` set to its deadline, and is also cancelled from outside
 * (`pg_cancel_backend`) when the deadline passes, so the server-side query is gone either way.
 * Rows are read through a cursor a batch at a time and stop one row past the cap, so a huge
 * result is never fetched whole. `?` placeholders become `$1`, `$2`, ... (placeholders.ts).
 *
 * One pool per connector, i.e. per full set of settings (the executor's registry keeps at most
 * 64 personal ones and closes the least recently used). Sockets idle for 30 minutes close.
 * The password comes from network-settings.ts (never svc.config.json). TLS: `sslmode`
 * `disable` (default), `require` (encrypted, certificate not checked) or `verify-full`
 * (certificate checked against `sslRootCert`, a file relative to the project, or the system's).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';
import { lexStatement } from '../../../grammar/sql/index.js';
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
import { cancelledError, onCancel, StatementError } from './connector.js';
import { Lanes } from './lanes.js';

/** Whose statement it is and when it is no longer wanted. */
interface Who {
  caller?: string;
  signal?: AbortSignal;
}

import { networkSettings } from './network-settings.js';
import { countPlaceholders, rewritePlaceholders } from './placeholders.js';
import { POSTGRES_TYPES } from './postgresql-values.js';
import { RowBudget } from './row-budget.js';

export interface PostgresqlConnectorOptions {
  /** Server connections this connector may hold at once (default 4). */
  connections?: number;
}

const IDLE_MS = 30 * 60 * 1000;
const BATCH = 200;
const LIST_TABLES = 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ANY (current_schemas(false)) ORDER BY table_name';
const LIST_COLUMNS =
  'SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = ANY (current_schemas(false)) AND table_name = ? ORDER BY ordinal_position';
/**
 * The relation a name resolves to as the engine resolves it (to_regclass reads the name with
 * the connection's own search_path: pg_temp and pg_catalog first, then the path) and a view's
 * query (its columns named as the view names them); the system schemas' views are not opened.
 */
const RELATION_OF = `SELECT current_database() AS catalog, n.nspname AS schema, c.relname AS name,
  CASE WHEN c.relkind IN ('v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') THEN pg_catalog.pg_get_viewdef(c.oid) END AS query
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = pg_catalog.to_regclass(?)`;
/** A table's columns in order, the table named by its quoted qualified name (read as the engine reads it). */
const COLUMNS_OF =
  'SELECT a.attname AS name FROM pg_catalog.pg_attribute a WHERE a.attrelid = pg_catalog.to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum';
const CATALOG = { maxRows: 10_000, maxBytes: 16 * 1024 * 1024, maxCellBytes: 16 * 1024 * 1024 };
/** SQLSTATE classes meaning the server could not be reached or would not let us in. */
const UNAVAILABLE = /^(08|28|3D|57P0[1-3])/;
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE']);

type Statement = Pick<ConnectorStatement, 'sql' | 'params' | 'maxRows' | 'maxBytes' | 'maxCellBytes' | 'deadlineMs'>;

function tlsOf(target: ConnectorTarget): boolean | ConnectionOptions {
  const mode = target.connection['sslmode'] ?? 'disable';
  if (mode === 'disable') return false;
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode !== 'verify-full')
    throw new StatementError('CONNECTION_UNAVAILABLE', `Connection "${target.name}" has an sslmode that is not disable, require or verify-full.`);
  const ca = target.connection['sslRootCert'];
  return typeof ca === 'string' && ca !== '' ? { rejectUnauthorized: true, ca: readFileSync(resolve(target.root, ca), 'utf8') } : { rejectUnauthorized: true };
}

/** The statement without a final `;` (a cursor is declared over exactly one query). */
function cursorBody(sql: string): string {
  try {
    const tokens = lexStatement(sql, 'postgresql');
    const last = tokens[tokens.length - 1];
    return last !== undefined && last.kind === 'punctuation' && last.text === ';' ? sql.slice(0, last.start) : sql;
  } catch {
    return sql;
  }
}

function failure(error: unknown, timedOut: boolean): StatementError {
  if (error instanceof StatementError) return error;
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  if (timedOut || code === '57014') return new StatementError('STATEMENT_TIMEOUT', 'The statement ran past its deadline and was stopped.');
  if (UNAVAILABLE.test(code) || NETWORK.has(code)) return new StatementError('CONNECTION_UNAVAILABLE', `The database could not be reached: ${message}`);
  return new StatementError('WAREHOUSE_ERROR', message);
}

/** Declares a cursor over the statement and fetches a batch at a time into a budget. */
async function readRows(client: pg.PoolClient, statement: Statement): Promise<ConnectorResult> {
  const text = rewritePlaceholders(cursorBody(statement.sql), 'postgresql', statement.params.length, (i) => `$${i + 1}`);
  await client.query('BEGIN TRANSACTION READ ONLY');
  await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(statement.deadlineMs))}`);
  await client.query(`DECLARE svc_rows NO SCROLL CURSOR FOR ${text}`, [...statement.params]);
  const budget = new RowBudget(statement);
  let columns: string[] = [];
  for (;;) {
    const batch = await client.query(`FETCH ${Math.min(BATCH, statement.maxRows + 1)} FROM svc_rows`);
    columns = batch.fields.map((f) => f.name);
    if (batch.rows.length === 0 || !batch.rows.every((row) => budget.add(row as Record<string, unknown>))) break;
    if (batch.rows.length < Math.min(BATCH, statement.maxRows + 1)) break;
  }
  await client.query('ROLLBACK');
  return budget.result(columns);
}

class PostgresConnector implements Connector {
  readonly driver = 'postgresql';
  private readonly pool: pg.Pool;
  private readonly lanes: Lanes<number>;
  private closed = false;

  constructor(
    private readonly config: pg.PoolConfig,
    size: number,
  ) {
    this.pool = new pg.Pool({
      ...config,
      max: size,
      idleTimeoutMillis: IDLE_MS,
      allowExitOnIdle: true,
      Client: ClosingClient as unknown as pg.PoolConfig['Client'],
    });
    // A broken idle socket is dropped by the pool; it must not crash the process.
    this.pool.on('error', () => undefined);
    this.lanes = new Lanes(Array.from({ length: size }, (_, i) => i));
  }

  /** Asks the server, on a connection of its own, to cancel what `pid` is running. */
  private async cancel(pid: number | undefined): Promise<void> {
    if (pid === undefined) return;
    const client = new pg.Client({ ...this.config, statement_timeout: 5_000 });
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // statement_timeout stops it on the server anyway.
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async withClient<T>(deadlineMs: number, model: boolean, work: (client: pg.PoolClient) => Promise<T>, who: Who = {}): Promise<T> {
    if (this.closed) throw new StatementError('CONNECTION_UNAVAILABLE', 'The connection is closed.');
    const deadline = new AbortController();
    let client: pg.PoolClient | undefined;
    const stop = (reason: StatementError) => {
      if (deadline.signal.aborted) return;
      deadline.abort(reason);
      void this.cancel((client as { processID?: number } | undefined)?.processID);
    };
    const timer = setTimeout(() => stop(new StatementError('STATEMENT_TIMEOUT', 'The statement waited past its deadline and was not run.')), deadlineMs);
    const unlisten = onCancel(who.signal, () => stop(cancelledError()));
    let slot: number | undefined;
    let broken: unknown;
    try {
      slot = await this.lanes.acquire(model, deadline.signal, who.caller);
      client = await this.pool.connect().catch((error: unknown) => {
        // Nothing ran: whatever stopped the sign-in (TLS refused, a bad password, no server) leaves the connection unavailable.
        throw new StatementError('CONNECTION_UNAVAILABLE', `The database could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (deadline.signal.aborted) throw deadline.signal.reason;
      return await work(client);
    } catch (error) {
      broken = error;
      if (deadline.signal.reason instanceof StatementError && deadline.signal.reason.code === 'STATEMENT_CANCELLED') throw deadline.signal.reason;
      throw failure(error, deadline.signal.aborted);
    } finally {
      clearTimeout(timer);
      unlisten();
      // A failed statement's connection is closed, not reused mid-transaction.
      client?.release(broken === undefined ? undefined : true);
      if (slot !== undefined) this.lanes.release(slot, model, who.caller);
    }
  }

  runStatement(statement: ConnectorStatement): Promise<ConnectorResult> {
    const model = statement.origin === 'model' || statement.origin === 'tool';
    const who = {
      ...(statement.caller !== undefined ? { caller: statement.caller } : {}),
      ...(statement.signal !== undefined ? { signal: statement.signal } : {}),
    };
    return this.withClient(statement.deadlineMs, model, (client) => readRows(client, statement), who);
  }

  prepareStatement(sql: string, deadlineMs: number): Promise<void> {
    return this.withClient(deadlineMs, false, async (client) => {
      // PREPARE parses and plans (tables, columns, parameter types) and runs nothing.
      const body = cursorBody(sql);
      const text = rewritePlaceholders(body, 'postgresql', countPlaceholders(body, 'postgresql'), (i) => `$${i + 1}`);
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(deadlineMs))}`);
      await client.query(`PREPARE svc_check AS ${text}`);
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE svc_check');
    });
  }

  async listTables(deadlineMs: number): Promise<string[]> {
    const result = await this.withClient(deadlineMs, false, (c) => readRows(c, { sql: LIST_TABLES, params: [], deadlineMs, ...CATALOG }));
    return result.rows.map((r) => String(r['name']));
  }

  async listColumns(table: string, deadlineMs: number): Promise<CatalogColumn[]> {
    const result = await this.withClient(deadlineMs, false, (c) => readRows(c, { sql: LIST_COLUMNS, params: [table], deadlineMs, ...CATALOG }));
    return result.rows.map((r) => ({ name: String(r['name']), type: typeof r['type'] === 'string' ? r['type'] : '' }));
  }

  async describeRelation(lookup: RelationLookup, deadlineMs: number, who: Who = {}): Promise<RelationFacts> {
    const name = lookup.parts.map((p) => `"${p.replaceAll('"', '""')}"`).join('.');
    const result = await this.withClient(deadlineMs, false, (c) => readRows(c, { sql: RELATION_OF, params: [name], deadlineMs, ...CATALOG }), who);
    const row = result.rows[0];
    if (row === undefined) return { parts: [...lookup.qualified] };
    const parts = [String(row['catalog']), String(row['schema']), String(row['name'])];
    return typeof row['query'] === 'string' ? { parts, view: row['query'] } : { parts };
  }

  async relationColumns(parts: readonly string[], deadlineMs: number, who: Who = {}): Promise<string[]> {
    const name = parts.map((p) => `"${p.replaceAll('"', '""')}"`).join('.');
    const result = await this.withClient(deadlineMs, false, (c) => readRows(c, { sql: COLUMNS_OF, params: [name], deadlineMs, ...CATALOG }), who);
    return result.rows.map((r) => String(r['name']));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.lanes.close();
    await this.pool.end().catch(() => undefined);
  }
}

/**
 * A client that closes its socket when its sign-in fails. The pool drops such a client without
 * ending it, and a sign-in svc gave up on (no password to offer) would otherwise keep the
 * socket, and the process, open until the server's authentication timeout.
 */
class ClosingClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const connect = this.connect.bind(this) as (callback: (err: Error | null) => void) => void;
    // The pool connects with a callback; only that form is wrapped.
    (this as unknown as { connect: unknown }).connect = (callback?: (err: Error | null) => void) => {
      if (callback === undefined) return (connect as unknown as () => Promise<void>)();
      connect((err) => {
        if (err) (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        callback(err);
      });
      return undefined;
    };
  }
}

/** Opens the PostgreSQL connector of one connection (no socket until the first statement). */
export function openPostgresqlConnector(target: ConnectorTarget, options: PostgresqlConnectorOptions = {}): Connector {
  const settings = networkSettings(target, { port: 5432, user: 'postgres', database: 'postgres' });
  const config: pg.PoolConfig = {
    ...settings,
    // Asked only when the server wants a password: with none kept, the sign-in fails at once
    // with that reason (left unset, the client would wait out its deadline on a SCRAM exchange).
    ...(settings.password === ''
      ? { password: () => Promise.reject(new Error(`the server asks for a password and none is kept for connection "${target.name}"`)) }
      : {}),
    ssl: tlsOf(target),
    types: POSTGRES_TYPES,
    application_name: 'svc',
    connectionTimeoutMillis: 10_000,
  };
  return new PostgresConnector(config, Math.max(1, options.connections ?? 4));
}

/** The factory form the executor registers under driver `postgresql`. */
export const postgresqlConnectorFactory: ConnectorFactory = (target) => openPostgresqlConnector(target);
