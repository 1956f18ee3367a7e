/**
 * The ClickHouse connector, over HTTP with the official client (@clickhouse/client), for data
 * past one machine (a `Distributed` table reads every shard). Every query carries `readonly=2`
 * and `allow_ddl=0` (the server refuses writes and DDL whatever the statement check let through), `max_execution_time`
 * for its deadline, a row cap the server applies (`max_result_rows` one past the cap, breaking
 * off rather than failing), and its own `query_id`; at the deadline the request is aborted and
 * the query killed on the server by that id, so nothing keeps running there. `join_use_nulls`
 * gives an outer join's missing side NULLs, as every other engine does (ClickHouse's own
 * default fills them with zeros and empty text, which would change counts and averages).
 *
 * Values are bound as query parameters when the server has them and as literals from
 * clickhouse-literal.ts when it does not (measured on 18.16: "Unknown setting param_x");
 * which one is probed once per connector. Rows are read from the JSON format with its column
 * types (clickhouse-values.ts); measured on 18.16, the streaming formats with types are absent.
 */
import { randomUUID } from 'node:crypto';
import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { clickhouseLiteral } from './clickhouse-literal.js';
import { bindClickhouse } from './clickhouse-statement.js';
import { clickhouseCell } from './clickhouse-values.js';
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
import { Lanes } from './lanes.js';
import { networkSettings } from './network-settings.js';
import { RowBudget } from './row-budget.js';

export interface ClickhouseConnectorOptions {
  /** Queries this connector runs at once (default 4). */
  connections?: number;
}

type Bounds = Pick<ConnectorStatement, 'maxRows' | 'maxBytes' | 'maxCellBytes'>;
interface JsonResult {
  meta?: Array<{ name: string; type: string }>;
  data: Array<Record<string, unknown>>;
}

const CATALOG: Bounds = { maxRows: 10_000, maxBytes: 16 * 1024 * 1024, maxCellBytes: 16 * 1024 * 1024 };
/** Server error codes meaning the sign-in failed (unknown user, wrong password, refused). */
const SIGN_IN = new Set(['192', '193', '194', '516']);
/** Server error codes of a query stopped for time or cancelled. */
const STOPPED = new Set(['159', '394']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE']);

function failure(error: unknown, timedOut: boolean): StatementError {
  if (error instanceof StatementError) return error;
  if (timedOut) return new StatementError('STATEMENT_TIMEOUT', 'The statement ran past its deadline and was stopped.');
  const message = error instanceof Error ? error.message : String(error);
  // The client parses a newer server's error form; 18.16 starts its text with "Code: N" instead.
  const code = String((error as { code?: unknown } | null)?.code ?? /^Code: (\d+)/.exec(message)?.[1] ?? '');
  if (STOPPED.has(code)) return new StatementError('STATEMENT_TIMEOUT', 'The statement ran past its deadline and was stopped.');
  if (SIGN_IN.has(code) || NETWORK.has(code)) return new StatementError('CONNECTION_UNAVAILABLE', `The database could not be reached: ${message}`);
  return new StatementError('WAREHOUSE_ERROR', message);
}

function rowsOf(body: JsonResult, bounds: Bounds): ConnectorResult {
  const budget = new RowBudget(bounds);
  const meta = body.meta ?? [];
  const columns = meta.map((m) => m.name);
  for (const raw of body.data) {
    const row: Record<string, unknown> = {};
    for (const { name, type } of meta) row[name] = clickhouseCell(raw[name], type);
    if (!budget.add(row)) break;
  }
  return budget.result(columns);
}

class ClickhouseConnector implements Connector {
  readonly driver = 'clickhouse';
  private readonly lanes: Lanes<number>;
  private serverParams: Promise<boolean> | undefined;
  private closed = false;

  constructor(
    private readonly client: ClickHouseClient,
    size: number,
  ) {
    this.lanes = new Lanes(Array.from({ length: size }, (_, i) => i));
  }

  /** Whether the server binds query parameters; asked once (a failure to reach it is asked again). */
  private hasServerParams(): Promise<boolean> {
    this.serverParams ??= this.client
      .query({ query: 'SELECT {svc_probe:UInt8} AS x', format: 'JSON', query_params: { svc_probe: 1 } })
      .then((rs) => rs.json().then(() => true))
      .catch((error: unknown) => {
        // Only "unknown setting param_..." (115) or an unreadable placeholder (62) means no parameters.
        if (/^Code: (115|62)\b/.test(error instanceof Error ? error.message : '') || ['115', '62'].includes(String((error as { code?: unknown }).code)))
          return false;
        this.serverParams = undefined;
        throw failure(error, false);
      });
    return this.serverParams;
  }

  /** Kills query `id` on the server; a failure is ignored (max_execution_time ends it anyway). */
  private async kill(id: string): Promise<void> {
    await this.client.command({ query: `KILL QUERY WHERE query_id = ${clickhouseLiteral(id)} ASYNC` }).catch(() => undefined);
  }

  private async run(
    sql: string,
    params: readonly SqlValue[],
    bounds: Bounds,
    deadlineMs: number,
    model: boolean,
    who: Pick<ConnectorStatement, 'caller' | 'signal'> = {},
  ): Promise<ConnectorResult> {
    if (this.closed) throw new StatementError('CONNECTION_UNAVAILABLE', 'The connection is closed.');
    const deadline = new AbortController();
    const queryId = `svc-${randomUUID()}`;
    let started = false;
    const stop = (reason: StatementError) => {
      if (deadline.signal.aborted) return;
      deadline.abort(reason);
      if (started) void this.kill(queryId);
    };
    const timer = setTimeout(() => stop(new StatementError('STATEMENT_TIMEOUT', 'The statement waited past its deadline and was not run.')), deadlineMs);
    const unlisten = onCancel(who.signal, () => stop(cancelledError()));
    let slot: number | undefined;
    try {
      slot = await this.lanes.acquire(model, deadline.signal, who.caller);
      const bound = bindClickhouse(sql, params, await this.hasServerParams());
      started = true;
      const rs = await this.client.query({
        query: bound.query,
        format: 'JSON',
        query_id: queryId,
        abort_signal: deadline.signal,
        ...(bound.params !== undefined ? { query_params: bound.params } : {}),
        clickhouse_settings: {
          readonly: '2',
          // readonly=2 still lets a query create temporary tables and views; DDL off refuses them.
          allow_ddl: 0,
          max_execution_time: Math.max(1, Math.ceil(deadlineMs / 1000)),
          max_result_rows: String(bounds.maxRows + 1),
          result_overflow_mode: 'break',
          join_use_nulls: 1,
        },
      });
      return rowsOf((await rs.json()) as JsonResult, bounds);
    } catch (error) {
      if (deadline.signal.reason instanceof StatementError && deadline.signal.reason.code === 'STATEMENT_CANCELLED') throw deadline.signal.reason;
      throw failure(error, deadline.signal.aborted);
    } finally {
      clearTimeout(timer);
      unlisten();
      if (slot !== undefined) this.lanes.release(slot, model, who.caller);
    }
  }

  runStatement(statement: ConnectorStatement): Promise<ConnectorResult> {
    return this.run(statement.sql, statement.params, statement, statement.deadlineMs, statement.origin === 'model' || statement.origin === 'tool', statement);
  }

  async listTables(deadlineMs: number): Promise<string[]> {
    const result = await this.run('SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name', [], CATALOG, deadlineMs, false);
    return result.rows.map((r) => String(r['name']));
  }

  async listColumns(table: string, deadlineMs: number): Promise<CatalogColumn[]> {
    const result = await this.run(
      'SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = ?',
      [table],
      CATALOG,
      deadlineMs,
      false,
    );
    return result.rows.map((r) => ({ name: String(r['name']), type: typeof r['type'] === 'string' ? r['type'] : '' }));
  }

  async describeRelation(lookup: RelationLookup, deadlineMs: number, who: Pick<ConnectorStatement, 'caller' | 'signal'> = {}): Promise<RelationFacts> {
    const parts = [...lookup.qualified];
    if (parts.length !== 2) return { parts };
    const sql = 'SELECT engine, create_table_query FROM system.tables WHERE database = ? AND name = ?';
    const row = (await this.run(sql, parts, CATALOG, deadlineMs, false, who)).rows[0];
    if (row === undefined || (row['engine'] !== 'View' && row['engine'] !== 'MaterializedView')) return { parts };
    // A materialized view's rows were kept when they were written: its query is not what a read returns.
    return { parts, view: String(row['create_table_query']), ...(row['engine'] === 'MaterializedView' ? { stored: true as const } : {}) };
  }

  async relationColumns(parts: readonly string[], deadlineMs: number, who: Pick<ConnectorStatement, 'caller' | 'signal'> = {}): Promise<string[]> {
    if (parts.length !== 2) return [];
    const result = await this.run('SELECT name FROM system.columns WHERE database = ? AND table = ?', [...parts], CATALOG, deadlineMs, false, who);
    return result.rows.map((r) => String(r['name']));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.lanes.close();
    await this.client.close();
  }
}

/** Opens the ClickHouse connector of one connection (nothing is sent until the first statement). */
export function openClickhouseConnector(target: ConnectorTarget, options: ClickhouseConnectorOptions = {}): Connector {
  const settings = networkSettings(target, { port: 8123, user: 'default', database: 'default' });
  const protocol = target.connection['protocol'] === 'https' ? 'https' : 'http';
  const client = createClient({
    url: `${protocol}://${settings.host}:${settings.port}`,
    username: settings.user,
    password: settings.password,
    database: settings.database,
    application: 'svc',
    request_timeout: 24 * 60 * 60 * 1000, // the deadline aborts a request, not the client's own clock
    log: { level: ClickHouseLogLevel.OFF },
  });
  return new ClickhouseConnector(client, Math.max(1, options.connections ?? 4));
}

/** The factory form the executor registers under driver `clickhouse`. */
export const clickhouseConnectorFactory: ConnectorFactory = (target) => openClickhouseConnector(target);
