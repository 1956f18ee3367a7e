/**
 * The connector interface: how the executor reaches one warehouse connection. Only the executor
 * calls `runStatement` (test/warehouse/one-query-path.test.ts enforces it); a connector trusts
 * that the statement check already passed and that its parameters are already positional.
 */
import type { ConnectionConfig } from '../../compiler/project/config.js';
import type { StatementErrorCode, StatementReason } from '../../rules/statement-check/codes.js';

/**
 * Statements that did not produce a result: a connector throws them, the executor adds its own
 * (row policy, credentials), and every surface maps them the same way. The codes and reasons
 * are the statement table's (src/rules/statement-check/codes.ts).
 */
export type { StatementErrorCode, StatementReason };

export class StatementError extends Error {
  constructor(
    readonly code: StatementErrorCode,
    message: string,
    /** Why it was refused: the statement check's, the row policy's or the catalog reader's reason (ROW_POLICY_REFUSED only). */
    readonly reason?: StatementReason,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

/** A value a connector can bind to a `?` placeholder. */
export type SqlValue = string | number | boolean | null;

export interface ConnectorStatement {
  sql: string;
  params: readonly SqlValue[];
  /** Rows kept; one more row than this marks the result truncated. */
  maxRows: number;
  /** Milliseconds before the statement is stopped for real (not merely abandoned). */
  deadlineMs: number;
  /**
   * Most bytes the rows may hold in all, and in one cell (text as UTF-8, a binary value as its
   * bytes, a number as 8). Counted while rows are read: the first row over either bound stops
   * the statement with RESULT_TOO_LARGE, so an oversized result is never materialised.
   */
  maxBytes: number;
  maxCellBytes: number;
  /**
   * Who wrote the statement and for whom (the principal's id): a connector with a pool admits
   * model- and tool-written statements to only part of it, and one caller to only part of it.
   */
  origin?: 'block' | 'person' | 'model' | 'tool' | 'platform';
  caller?: string;
  /** When it fires, the statement is stopped in the engine (or never started) with STATEMENT_CANCELLED. */
  signal?: AbortSignal;
}

/** The error a statement stopped by its request's signal fails with. */
export function cancelledError(): StatementError {
  return new StatementError('STATEMENT_CANCELLED', 'The statement was stopped because the work was cancelled or its client went away.');
}

/**
 * Calls `stop` once when `signal` fires (at once when it has already); returns the function that
 * stops listening. The connectors stop a statement for a cancelled request as for its deadline.
 */
export function onCancel(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (signal === undefined) return () => undefined;
  if (signal.aborted) {
    stop();
    return () => undefined;
  }
  signal.addEventListener('abort', stop, { once: true });
  return () => signal.removeEventListener('abort', stop);
}

export interface ConnectorResult {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  truncated: boolean;
}

/**
 * One open connection. Failures are thrown as `StatementError` with `STATEMENT_TIMEOUT`,
 * `WAREHOUSE_ERROR` (the engine's own words) or `CONNECTION_UNAVAILABLE`.
 */
/** A column of the warehouse catalog: its name and declared type (empty when none). */
export interface CatalogColumn {
  name: string;
  type: string;
}

/** A relation a statement names: its parts as read (folded as the engine folds) and as svc qualifies them. */
export interface RelationLookup {
  parts: readonly string[];
  qualified: readonly string[];
}

/**
 * What the engine's catalog says of a relation: the name it resolves to, fully qualified (the
 * name as svc qualified it when the engine knows no such relation), and for a view the text the
 * catalog keeps for it (its CREATE statement, or its query alone where the engine keeps that).
 * `stored` marks a view whose rows are kept apart from what it reads (a ClickHouse materialized
 * view): its definition is not what a read of it returns.
 */
export interface RelationFacts {
  parts: string[];
  view?: string;
  stored?: true;
}

export interface Connector {
  readonly driver: string;
  runStatement(statement: ConnectorStatement): Promise<ConnectorResult>;
  /**
   * Catalog reads (table and column names, for Tier 2's schema). Each connector runs its own
   * fixed statements here, binding a table name as a parameter and never splicing it; the
   * executor calls these with origin `platform`. Optional: a connector without them has no
   * catalog to offer.
   */
  listTables?(deadlineMs: number): Promise<string[]>;
  /**
   * Has the engine prepare `sql` without running it (syntax, tables and columns resolved);
   * throws WAREHOUSE_ERROR with the engine's words when it cannot. Optional.
   */
  prepareStatement?(sql: string, deadlineMs: number): Promise<void>;
  listColumns?(table: string, deadlineMs: number): Promise<CatalogColumn[]>;
  /**
   * The relation a name resolves to on this connection and, when it is a view, its definition,
   * from the engine's own catalog (the name bound as a parameter, never spliced). Optional: with
   * a host, a connector without it runs no statement (a view could not be told from a table).
   * `who` admits the lookup as the statement it is for: in that caller's share of the pool.
   */
  describeRelation?(lookup: RelationLookup, deadlineMs: number, who?: Pick<ConnectorStatement, 'caller' | 'signal'>): Promise<RelationFacts>;
  /**
   * The column names of the table `parts` names (catalog-qualified, as describeRelation gives
   * them), from the engine's catalog with the name bound as a parameter; empty when there is no
   * such table. Optional: with a host that hides columns, a view over a table whose columns
   * cannot be read is refused.
   */
  relationColumns?(parts: readonly string[], deadlineMs: number, who?: Pick<ConnectorStatement, 'caller' | 'signal'>): Promise<string[]>;
  /** Ends every process or handle the connector holds; later statements are refused. */
  close(): Promise<void>;
}

/** Where a connector is opened: the connection's name and settings and the project root. */
export interface ConnectorTarget {
  name: string;
  connection: ConnectionConfig;
  root: string;
}

/** Opens a connector for one connection; throws `CONNECTION_UNAVAILABLE` when it cannot. */
export type ConnectorFactory = (target: ConnectorTarget) => Connector;
