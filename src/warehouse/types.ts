/**
 * The one query path's contract. Every statement svc runs (a block, a model's SQL, a person's
 * SQL, an agent tool's SQL) goes through an Executor, which applies the statement check, binds
 * parameters (never splices), enforces a deadline and a row cap, and reports a statement event
 * that never carries SQL, parameters, rows or who asked. Connectors are reached only from here;
 * test/warehouse/one-query-path.test.ts fails when another module calls a connector directly.
 */
import type { Asker } from '../hooks/context/request-context.js';
import type { RelationName } from '../hooks/relation-names.js';
import { StatementError } from './connectors/connector.js';

export { StatementError, type StatementErrorCode } from './connectors/connector.js';

/** Who wrote the statement; person, model and tool statements must only read. */
export type StatementOrigin = 'block' | 'person' | 'model' | 'tool' | 'platform';

export interface StatementRequest {
  /** Who asks and for what (undefined outside any request): the row policy, credentials and cache key read it. */
  asker: Asker;
  sql: string;
  /** Positional values for `?` placeholders, in order. */
  params: ReadonlyArray<string | number | boolean | null>;
  /** Connection name from svc.config.json (`default` when omitted). */
  connection?: string;
  origin: StatementOrigin;
  /** What the rows are for, as the row policy is told: `data` (default) or `metadata` (schema-refresh.ts). */
  purpose?: 'data' | 'metadata';
  /** Milliseconds before the statement is stopped (default from the executor). */
  deadlineMs?: number;
  /** Rows kept; the result says when more were available (default from the executor). */
  maxRows?: number;
  /** Most bytes the result may hold, in all and in one cell (defaults from the executor). */
  maxResultBytes?: number;
  maxCellBytes?: number;
}

export interface StatementResult {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  /** True when the row cap cut the result. */
  truncated: boolean;
  durationMs: number;
}

/** Observer event for each statement: never SQL, parameters, rows or the person. */
export interface StatementEvent {
  engine: string;
  connection: string;
  origin: StatementOrigin;
  /** A statement for data, or a catalog lookup for names (schema). */
  read?: 'data' | 'schema';
  outcome: 'ok' | 'error' | 'refused' | 'timeout';
  durationMs: number;
  rowCount?: number;
  /** True when a block statement was answered from the result cache (no warehouse run). */
  cached?: boolean;
}

/** Table and column names of a connection (never rows), for writing Tier-2 SQL. */
export interface WarehouseCatalog {
  tables: Array<{ name: string; columns: Array<{ name: string; type: string }> }>;
  /** True when more tables exist than were listed. */
  truncated: boolean;
}

export interface CatalogRequest {
  /** Who asks (undefined outside any request): the host's row policy and credentials decide for them. */
  asker: Asker;
  connection?: string;
  /** Most tables listed (default 200). */
  maxTables?: number;
  deadlineMs?: number;
}

/** What a statement reads, named from the engine's catalog (see Executor.resolveRelations). */
export interface ResolvedRelations {
  /** The tables read, catalog-qualified, in the order written once views are replaced. */
  relations: RelationName[];
  /** The views the statement read through, catalog-qualified. */
  views: string[];
}

export interface Executor {
  execute(request: StatementRequest): Promise<StatementResult>;
  /**
   * The connection's catalog through the connector's fixed catalog statements (origin
   * `platform`, one statement event each). Optional for executors other than createExecutor's;
   * throws CONNECTION_UNAVAILABLE when the connector offers no catalog.
   */
  catalog?(request: CatalogRequest): Promise<WarehouseCatalog>;
  /** One table's columns, the name bound as a parameter (empty when there is no such table). Optional like `catalog`. */
  describeTable?(table: string, request: CatalogRequest): Promise<WarehouseCatalog['tables'][number]['columns']>;
  /**
   * Has the engine prepare the statement without running it, after the statement check:
   * null when it reads, else the failure (the engine's words for WAREHOUSE_ERROR). Undefined
   * when the connector cannot prepare without running. Optional for other executors.
   */
  validate?(request: StatementRequest): Promise<StatementError | null | undefined>;
  /**
   * The relations a statement reads as the engine's catalog names them, the one resolver every
   * hook is told names by: each view replaced by the tables it reads (`views` names the views
   * met). Throws what reading the catalog throws. Optional for executors other than createExecutor's.
   */
  resolveRelations?(sql: string, request: CatalogRequest): Promise<ResolvedRelations>;
  /** Driver of a named connection, for dialect-aware reading. */
  driverOf(connection?: string): string;
  close(): Promise<void>;
}

/**
 * A warehouse failure on a hosted request (spec 03 "Query path" 6): the engine's own words went
 * to the server log under `reference`; the message is only the diagnosis, cut before any excerpt
 * of the statement and without literals the row policy's rewrite added; `tables` are the ones
 * the statement (as asked, not as rewritten) reads.
 */
export class WarehouseStatementError extends StatementError {
  constructor(
    diagnosis: string,
    /** Eight letters: where the administrator finds the engine's words in the log. */
    readonly reference: string,
    readonly tables: string[],
  ) {
    super('WAREHOUSE_ERROR', diagnosis);
    this.name = 'WarehouseStatementError';
  }
}
