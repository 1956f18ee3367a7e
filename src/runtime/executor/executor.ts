/**
 * The one query path (DESIGN.md section 7, spec 03 "Query path and safeguards"). Order per
 * statement: the statement check, then the connector (parameters bound positionally, never
 * spliced), under a real deadline and a row cap; one statement event for every outcome.
 *
 * Invariants: a refused statement never reaches a connector; a statement event never carries
 * SQL, parameters, rows or who asked; one connector per connection name, opened on first use
 * and reused until `close()`.
 */
import { performance } from 'node:perf_hooks';
import { resolveConnection, type SvcConfig } from '../../compiler/project/config.js';
import { hostedStatementRefusal } from '../../rules/statement-check/index.js';
import type { ConnectorFactory } from '../connectors/connector.js';
import { sqliteConnectorFactory } from '../connectors/sqlite.js';
import { ConnectorRegistry } from './connector-registry.js';
import { StatementError, type Executor, type StatementEvent, type StatementRequest, type StatementResult } from './types.js';

export interface ExecutorOptions {
  /** Project root; connection paths are relative to it. */
  root: string;
  config: SvcConfig | undefined;
  /** Observer of statement events; a throwing observer never fails a statement. */
  onStatement?: (event: StatementEvent) => void;
  /** Default deadline per statement (30 s). */
  deadlineMs?: number;
  /** Default row cap per statement (10,000). */
  maxRows?: number;
  /** Connector factories by driver, added to (or replacing) the built-in `sqlite`. */
  connectors?: Readonly<Record<string, ConnectorFactory>>;
}

function nonNegative(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a non-negative finite number`);
  return value;
}

function asStatementError(error: unknown): StatementError {
  if (error instanceof StatementError) return error;
  return new StatementError('WAREHOUSE_ERROR', error instanceof Error ? error.message : String(error));
}

class OneQueryPath implements Executor {
  private readonly registry: ConnectorRegistry;
  private readonly deadlineMs: number;
  private readonly maxRows: number;
  private closed = false;

  constructor(private readonly options: ExecutorOptions) {
    this.deadlineMs = nonNegative(options.deadlineMs, 30_000, 'deadlineMs');
    this.maxRows = nonNegative(options.maxRows, 10_000, 'maxRows');
    this.registry = new ConnectorRegistry(options.root, options.config, { sqlite: sqliteConnectorFactory, ...options.connectors });
  }

  async execute(request: StatementRequest): Promise<StatementResult> {
    const started = performance.now();
    const { name, driver } = resolveConnection(this.options.config, request.connection);
    const report = (outcome: StatementEvent['outcome'], rowCount?: number): number => {
      const durationMs = performance.now() - started;
      this.emit({ engine: driver, connection: name, origin: request.origin, outcome, durationMs, ...(rowCount !== undefined ? { rowCount } : {}) });
      return durationMs;
    };
    if (this.closed) {
      report('error');
      throw new StatementError('CONNECTION_UNAVAILABLE', 'The executor is closed.');
    }
    const folders = this.options.config?.connections?.[name]?.allowedDirectories ?? [];
    const refusal = hostedStatementRefusal(request.sql, driver, folders, { readOnly: request.origin !== 'platform' });
    if (refusal !== null) {
      report('refused');
      throw new StatementError('ROW_POLICY_REFUSED', refusal.message, refusal.reason);
    }
    const deadlineMs = nonNegative(request.deadlineMs, this.deadlineMs, 'deadlineMs');
    const maxRows = nonNegative(request.maxRows, this.maxRows, 'maxRows');
    try {
      const result = await this.registry.get(name).runStatement({ sql: request.sql, params: request.params, maxRows, deadlineMs });
      const durationMs = report('ok', result.rows.length);
      return { columns: result.columns, rows: result.rows, truncated: result.truncated, durationMs };
    } catch (error) {
      const failure = asStatementError(error);
      report(failure.code === 'STATEMENT_TIMEOUT' ? 'timeout' : 'error');
      throw failure;
    }
  }

  driverOf(connection?: string): string {
    return resolveConnection(this.options.config, connection).driver;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.registry.closeAll();
  }

  private emit(event: StatementEvent): void {
    try {
      this.options.onStatement?.(event);
    } catch {
      // Observing a statement must never change its outcome.
    }
  }
}

/** Creates the executor every statement of a runtime goes through. */
export function createExecutor(options: ExecutorOptions): Executor {
  const path = new OneQueryPath(options);
  // A plain object of bound functions: callers may destructure or spread it safely.
  return { execute: (request) => path.execute(request), driverOf: (connection) => path.driverOf(connection), close: () => path.close() };
}
