/**
 * The one query path (DESIGN.md section 7, spec 03 "Query path and safeguards"). Order per
 * statement: the statement check, then the connector (parameters bound positionally, never
 * spliced), under a real deadline and a row cap; one statement event for every outcome.
 *
 * Invariants: a refused statement never reaches a connector; a statement event never carries
 * SQL, parameters, rows or who asked; one connector per connection name, opened on first use
 * and reused until `close()`.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveConnection, type SvcConfig } from '../compiler/project/config.js';
import { audit } from '../hooks/audit.js';
import type { Asker } from '../hooks/context/request-context.js';
import { visibleColumns } from '../hooks/visible-columns.js';
import { hostedStatementRefusal, type StatementAllowance, type StatementCheckOptions } from '../rules/statement-check/index.js';
import { accessKey } from './access-key.js';
import { ConnectorRegistry } from './connector-registry.js';
import type { ConnectorFactory, RelationLookup } from './connectors/connector.js';
import { CONNECTORS } from './connectors/registry.js';
import { type PersonCredentials, personCredentials } from './credentials.js';
import { type ReadCatalogOptions, readCatalog, readColumns } from './read-catalog.js';
import { RelationCatalog } from './relation-catalog.js';
import { cacheKey, ResultCache, type ResultCacheOptions } from './result-cache.js';
import { admitMetadata, applyRowPolicy, enforceGroupRows, type PolicedStatement } from './row-policy.js';
import {
  type CatalogRequest,
  type Executor,
  type ResolvedRelations,
  StatementError,
  type StatementEvent,
  type StatementRequest,
  type StatementResult,
  type WarehouseCatalog,
} from './types.js';
import { type ExpandedStatement, expandViews, viewRefused } from './view-expansion.js';
import { warehouseFailure } from './warehouse-failure.js';

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
  /** Default byte budget per result (4 MiB) and per cell (1 MiB); see ConnectorStatement. */
  maxResultBytes?: number;
  maxCellBytes?: number;
  /** Connector factories by driver, added to (or replacing) the built-in ones (connectors/registry.ts). */
  connectors?: Readonly<Record<string, ConnectorFactory>>;
  /**
   * Opt-in cache of `origin: 'block'` results, invalidated when the database file changes
   * (see result-cache.ts for why that is safe). `true` uses the default bounds.
   */
  resultCache?: boolean | ResultCacheOptions;
}

/** Drivers whose database is a file in the project, which the result cache watches. */
const FILE_DRIVERS = new Set(['duckdb', 'sqlite']);

/** A result a person reads or a model is shown: a few MB is already far more than either uses. */
const DEFAULT_RESULT_BYTES = 4 * 1024 * 1024;
const DEFAULT_CELL_BYTES = 1024 * 1024;

function nonNegative(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a non-negative finite number`);
  return value;
}

/**
 * The principal the statement runs for, when a host names one. A single-user install's local
 * owner is every caller, so sharing the pool between callers would only slow that one person.
 */
function callerOf(asker: Asker): { caller?: string } {
  const principal = asker?.principal;
  return principal === undefined || principal.source === 'local' ? {} : { caller: principal.id };
}

/** Where a statement runs: the resolved connection and the folders its file reads may touch. */
interface Target {
  name: string;
  driver: string;
  folders: readonly string[];
  /** The connection's additions to its engine's allow list (`statementCheck.allow`). */
  allow?: StatementAllowance;
}

/** Reports one outcome of a statement as its event; returns the time taken so far. */
type Report = (outcome: StatementEvent['outcome'], rowCount?: number, cached?: true) => number;

/** The statement's limits: the request's own, else the executor's defaults. */
interface Bounds {
  deadlineMs: number;
  maxRows: number;
  maxBytes: number;
  maxCellBytes: number;
}

function asStatementError(error: unknown): StatementError {
  if (error instanceof StatementError) return error;
  return new StatementError('WAREHOUSE_ERROR', error instanceof Error ? error.message : String(error));
}

/** The statement check's options for a target: read-only, and the connection's allow-list additions. */
function checkOptions(readOnly: boolean, target: Target): StatementCheckOptions {
  return target.allow === undefined ? { readOnly } : { readOnly, allow: target.allow };
}

/** Statement-check decisions an executor keeps for statements run again. */
const CHECKED = 1_000;

class OneQueryPath implements Executor {
  private readonly registry: ConnectorRegistry;
  private readonly deadlineMs: number;
  private readonly maxRows: number;
  private readonly maxResultBytes: number;
  private readonly maxCellBytes: number;
  private readonly cache: ResultCache | undefined;
  private readonly decided = new Map<string, ReturnType<typeof hostedStatementRefusal>>();
  private readonly relations = new RelationCatalog();
  private closed = false;

  constructor(private readonly options: ExecutorOptions) {
    this.deadlineMs = nonNegative(options.deadlineMs, 30_000, 'deadlineMs');
    this.maxRows = nonNegative(options.maxRows, 10_000, 'maxRows');
    this.maxResultBytes = nonNegative(options.maxResultBytes, DEFAULT_RESULT_BYTES, 'maxResultBytes');
    this.maxCellBytes = nonNegative(options.maxCellBytes, DEFAULT_CELL_BYTES, 'maxCellBytes');
    this.registry = new ConnectorRegistry(options.root, options.config, { ...CONNECTORS, ...options.connectors });
    const cache = options.resultCache;
    this.cache = cache === undefined || cache === false ? undefined : new ResultCache(cache === true ? {} : cache);
  }

  /**
   * The cache, when on and the connection can be cached: an embedded database file (watched
   * for changes), or a server whose connection sets `cacheSeconds` (kept that long).
   */
  private cacheFor(name: string): ResultCache | undefined {
    const connection = this.options.config?.connections?.[name];
    if (this.cache === undefined || connection === undefined) return undefined;
    if (FILE_DRIVERS.has(connection.driver)) {
      if (typeof connection.path !== 'string' || connection.path === '') return undefined;
      this.cache.watch(name, resolve(this.options.root, connection.path));
      return this.cache;
    }
    const seconds = connection['cacheSeconds'];
    if (typeof seconds !== 'number' || !(seconds > 0)) return undefined;
    this.cache.keepFor(name, seconds * 1000);
    return this.cache;
  }

  private target(connection: string | undefined): Target {
    const { name, driver } = resolveConnection(this.options.config, connection);
    const c = this.options.config?.connections?.[name];
    const allow = c?.statementCheck?.allow;
    return { name, driver, folders: c?.allowedDirectories ?? [], ...(allow !== undefined ? { allow } : {}) };
  }

  private reporter(target: Target, origin: StatementRequest['origin']): Report {
    const started = performance.now();
    return (outcome, rowCount, cached) => {
      const durationMs = performance.now() - started;
      this.emit({
        engine: target.driver,
        connection: target.name,
        origin,
        read: 'data',
        outcome,
        durationMs,
        ...(rowCount !== undefined ? { rowCount } : {}),
        ...(cached ? { cached } : {}),
      });
      return durationMs;
    };
  }

  /** Phase 1, the statement check: a refused statement never goes further. */
  private check(request: StatementRequest, target: Target, report: Report): void {
    if (this.closed) {
      report('error');
      throw new StatementError('CONNECTION_UNAVAILABLE', 'The executor is closed.');
    }
    const refusal = this.checkedRefusal(request.sql, target, request.origin !== 'platform');
    if (refusal === null) return;
    report('refused');
    throw new StatementError('ROW_POLICY_REFUSED', refusal.message, refusal.reason);
  }

  /**
   * The statement check's decision for one statement on one target. The check is a pure function
   * of the statement, its dialect, the folders it may read and read-only, so a decision is kept
   * (bounded) for statements run again: a certified block asked again is not parsed again.
   */
  private checkedRefusal(sql: string, target: Target, readOnly: boolean): ReturnType<typeof hostedStatementRefusal> {
    const key = `${target.driver}\u0000${readOnly}\u0000${JSON.stringify(target.folders ?? null)}\u0000${JSON.stringify(target.allow ?? null)}\u0000${sql}`;
    if (this.decided.has(key)) return this.decided.get(key) ?? null;
    const refusal = hostedStatementRefusal(sql, target.driver, target.folders, checkOptions(readOnly, target));
    if (this.decided.size >= CHECKED) this.decided.delete(this.decided.keys().next().value as string);
    this.decided.set(key, refusal);
    return refusal;
  }

  /**
   * Phases 2 and 3, the asker's credentials, the statement's views replaced by what they read
   * (checked again), then their row policy (which sees the final connection and statement).
   */
  private async admit(request: StatementRequest, target: Target, report: Report): Promise<{ person: PersonCredentials; policed: PolicedStatement }> {
    try {
      const person = await personCredentials(request.asker, target.name, target.driver);
      const expanded = await this.expand(request, target, person);
      const judged = expanded === undefined ? request : { ...request, sql: expanded.sql };
      const refusal = expanded === undefined || expanded.sql === request.sql ? null : this.checkedRefusal(expanded.sql, target, true);
      if (refusal !== null) throw new StatementError('ROW_POLICY_REFUSED', refusal.message, refusal.reason);
      const connection = this.options.config?.connections?.[target.name];
      const policed = await applyRowPolicy(judged, target.name, target.driver, target.folders, target.allow, connection, expanded?.relations);
      return { person, policed };
    } catch (error) {
      report('refused');
      if (error instanceof StatementError) audit('refusal', { code: error.code }, request.asker);
      throw error;
    }
  }

  /**
   * A hosted statement with its views replaced by what they read, its relations named from the
   * engine's catalog; undefined outside a hosted request (nothing is judged there). A catalog
   * that cannot be read refuses the statement, except that an unreachable warehouse, a deadline
   * or a cancellation is said as such.
   */
  private async expand(request: StatementRequest, target: Target, person: PersonCredentials): Promise<ExpandedStatement | undefined> {
    if (request.asker?.host === undefined || request.origin === 'platform') return undefined;
    try {
      return await this.expandFor(request.sql, target, person, request.asker, true);
    } catch (error) {
      if (error instanceof StatementError && error.code !== 'WAREHOUSE_ERROR') throw error;
      throw viewRefused('The views this statement reads could not be read from the warehouse catalog, so nothing ran.');
    }
  }

  /**
   * `sql` with its views replaced, its names read from the engine's catalog as `person` signs in
   * (caller's share of the pool); with `narrow`, the tables under each view read as the columns
   * the host's `columnsVisible` shows the person.
   */
  private expandFor(sql: string, target: Target, person: PersonCredentials, asker: Asker, narrow = false): Promise<ExpandedStatement> {
    const connector = this.registry.getWith(target.name, person.overlay);
    const c = this.options.config?.connections?.[target.name];
    const file = c !== undefined && FILE_DRIVERS.has(c.driver) && typeof c.path === 'string' && c.path !== '' ? resolve(this.options.root, c.path) : undefined;
    const scope = {
      connection: target.name,
      credentialId: person.credentialId,
      deadlineMs: Math.min(10_000, this.deadlineMs),
      ...(file !== undefined ? { file } : {}),
      ...callerOf(asker),
    };
    const describe = (lookup: RelationLookup) => this.relations.describe(connector, scope, lookup);
    if (!narrow || asker?.host?.hooks.columnsVisible === undefined || asker.principal === undefined) return expandViews(sql, target.driver, c, describe);
    return expandViews(sql, target.driver, c, describe, async (table, view) => {
      const columns = (await this.relations.columns(connector, scope, table)).map((name) => ({ name }));
      const name = table.join('.');
      const shown = await visibleColumns(asker, table.at(-1) ?? name, columns, async () => ({
        relations: [{ name, written: table.at(-1) ?? name }],
        views: [view],
      }));
      const kept = new Set(shown.map((col) => col.name));
      if (kept.size === columns.length) return undefined;
      return { shown: [...kept], hidden: columns.map((col) => col.name).filter((col) => !kept.has(col)) };
    });
  }

  async resolveRelations(sql: string, request: CatalogRequest): Promise<ResolvedRelations> {
    const target = this.target(request.connection);
    if (this.closed) throw new StatementError('CONNECTION_UNAVAILABLE', 'The executor is closed.');
    const person = await personCredentials(request.asker, target.name, target.driver);
    const expanded = await this.expandFor(sql, target, person, request.asker);
    return { relations: expanded.relations.map(({ name, written }) => ({ name, written })), views: expanded.views };
  }

  private bounds(request: StatementRequest): Bounds {
    const maxBytes = nonNegative(request.maxResultBytes, this.maxResultBytes, 'maxResultBytes');
    return {
      deadlineMs: nonNegative(request.deadlineMs, this.deadlineMs, 'deadlineMs'),
      maxRows: nonNegative(request.maxRows, this.maxRows, 'maxRows'),
      maxBytes,
      maxCellBytes: Math.min(maxBytes, nonNegative(request.maxCellBytes, this.maxCellBytes, 'maxCellBytes')),
    };
  }

  /**
   * Phase 4, the result cache: only certified block SQL on the project's own settings (a person's
   * own database is not the file the cache watches), keyed by access: the statement as the policy
   * narrowed it, and who asked with what answer.
   */
  private cacheSlot(request: StatementRequest, target: Target, admitted: { person: PersonCredentials; policed: PolicedStatement }, bounds: Bounds) {
    const cache = request.origin === 'block' && admitted.person.overlay === undefined ? this.cacheFor(target.name) : undefined;
    if (cache === undefined) return undefined;
    const { policed, person } = admitted;
    const statementKey = cacheKey(target.name, policed.sql, policed.params, bounds.maxRows, bounds.maxBytes, bounds.maxCellBytes);
    return { cache, key: `${statementKey}|${policed.fingerprint}|${person.credentialId}|${accessKey(request.asker)}` };
  }

  /** Phase 5, the run on the connector; a failure is reported, and on a hosted request told only as its diagnosis. */
  private async run(
    request: StatementRequest,
    target: Target,
    admitted: { person: PersonCredentials; policed: PolicedStatement },
    bounds: Bounds,
    report: Report,
  ) {
    const { policed, person } = admitted;
    try {
      return await this.registry.getWith(target.name, person.overlay).runStatement({
        sql: policed.sql,
        params: policed.params,
        ...bounds,
        origin: request.origin,
        ...callerOf(request.asker),
        ...(request.asker?.signal !== undefined ? { signal: request.asker.signal } : {}),
      });
    } catch (error) {
      const failure = asStatementError(error);
      report(failure.code === 'STATEMENT_TIMEOUT' ? 'timeout' : 'error');
      // On a hosted request the engine's words go to the log only; deadlines and the rest pass unchanged.
      const host = request.asker?.host;
      if (failure.code === 'WAREHOUSE_ERROR' && host !== undefined) throw warehouseFailure(failure, request, policed, target.driver, host.log);
      throw failure;
    }
  }

  async execute(request: StatementRequest): Promise<StatementResult> {
    const target = this.target(request.connection);
    const report = this.reporter(target, request.origin);
    this.check(request, target, report);
    const admitted = await this.admit(request, target, report);
    const bounds = this.bounds(request);
    const slot = this.cacheSlot(request, target, admitted, bounds);
    const hit = slot?.cache.get(target.name, slot.key);
    if (hit !== undefined) {
      this.enforce(admitted.policed, hit.rows, report);
      const durationMs = report('ok', hit.rows.length, true);
      return { columns: [...hit.columns], rows: [...hit.rows], truncated: hit.truncated, durationMs };
    }
    const generation = slot?.cache.generation(target.name);
    const result = await this.run(request, target, admitted, bounds, report);
    slot?.cache.set(target.name, slot.key, generation, result);
    this.enforce(admitted.policed, result.rows, report);
    const durationMs = report('ok', result.rows.length);
    return { columns: result.columns, rows: result.rows, truncated: result.truncated, durationMs };
  }

  /** The policy's group minimum on a result, cached or fresh; a refusal is reported as such. */
  private enforce(policed: PolicedStatement, rows: ReadonlyArray<Record<string, unknown>>, report: (outcome: StatementEvent['outcome']) => number): void {
    try {
      enforceGroupRows(policed, rows);
    } catch (error) {
      report('refused');
      throw error;
    }
  }

  /** Options of a catalog lookup on `connection`: deadline, events, and the host's row policy. */
  private catalogOptions(request: CatalogRequest): { name: string; options: ReadCatalogOptions } {
    const { name, driver } = resolveConnection(this.options.config, request.connection);
    if (this.closed) throw new StatementError('CONNECTION_UNAVAILABLE', 'The executor is closed.');
    const emit = (outcome: StatementEvent['outcome'], durationMs: number, rowCount?: number) =>
      this.emit({ engine: driver, connection: name, origin: 'platform', read: 'schema', outcome, durationMs, ...(rowCount !== undefined ? { rowCount } : {}) });
    const deadlineMs = nonNegative(request.deadlineMs, this.deadlineMs, 'deadlineMs');
    const admit = async (lookup: 'tables' | 'columns', params: string[]) => {
      try {
        await admitMetadata(request.asker, lookup === 'tables' ? 'catalog: list tables' : 'catalog: list columns of ?', params, name);
      } catch (error) {
        emit('refused', 0);
        throw error;
      }
    };
    return { name, options: { maxTables: request.maxTables ?? 200, deadlineMs, emit, admit } };
  }

  /** The connector a catalog lookup uses: the asker's own settings laid over. */
  private async catalogConnector(asker: Asker, name: string, options: ReadCatalogOptions) {
    try {
      const person = await personCredentials(asker, name, resolveConnection(this.options.config, name).driver);
      return this.registry.getWith(name, person.overlay);
    } catch (error) {
      options.emit('refused', 0);
      throw error;
    }
  }

  async catalog(request: CatalogRequest): Promise<WarehouseCatalog> {
    const { name, options } = this.catalogOptions(request);
    return readCatalog(await this.catalogConnector(request.asker, name, options), options);
  }

  async describeTable(table: string, request: CatalogRequest): Promise<WarehouseCatalog['tables'][number]['columns']> {
    const { name, options } = this.catalogOptions(request);
    return readColumns(await this.catalogConnector(request.asker, name, options), table, options);
  }

  async validate(request: StatementRequest): Promise<StatementError | null | undefined> {
    const target = this.target(request.connection);
    const { name, driver, folders } = target;
    if (this.closed) return new StatementError('CONNECTION_UNAVAILABLE', 'The executor is closed.');
    const refusal = hostedStatementRefusal(request.sql, driver, folders, checkOptions(request.origin !== 'platform', target));
    if (refusal !== null) return new StatementError('ROW_POLICY_REFUSED', refusal.message, refusal.reason);
    try {
      const connector = this.registry.get(name);
      if (connector.prepareStatement === undefined) return undefined;
      await connector.prepareStatement(request.sql, nonNegative(request.deadlineMs, this.deadlineMs, 'deadlineMs'));
      return null;
    } catch (error) {
      return asStatementError(error);
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
  return {
    execute: (request) => path.execute(request),
    catalog: (request) => path.catalog(request),
    describeTable: (table, request) => path.describeTable(table, request),
    validate: (request) => path.validate(request),
    resolveRelations: (sql, request) => path.resolveRelations(sql, request),
    driverOf: (connection) => path.driverOf(connection),
    close: () => path.close(),
  };
}
