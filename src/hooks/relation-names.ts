/**
 * The relations a statement reads, named as the engine resolves them (spec 02 `rowPolicy`,
 * `columnsVisible`, `sourceAccess`): each table position of the statement, read with the
 * engine's own lexer, gives `written` (its text as spelled) and `name`, the relation it resolves
 * to, qualified to the catalog: quotes removed, case folded where the engine folds it (quoted
 * names keep their case where the engine keeps it), and the schema and catalog the connection
 * resolves an unqualified name to filled in. A one-part name that a CTE in scope defines is the
 * CTE, not a relation; a CTE of a closed subquery shadows nothing outside it. A view is named as
 * the view here; the row policy never hears of it (src/warehouse/view-expansion.ts replaces it by
 * what it reads, and names every relation from the engine's catalog first). A host compares
 * `name`, so `orders`, `main.orders`, `"ORDERS"` and `Main.Orders` are one relation to it.
 */
import { basename, extname } from 'node:path';
import { lexStatement, readRelations, type SqlToken } from '../../grammar/sql/index.js';
import type { ConnectionConfig } from '../compiler/project/config.js';

/** One relation of a statement: its resolved, catalog-qualified name and its spelling there. */
export interface RelationName {
  name: string;
  written: string;
}

/** A relation of a statement with where its spelling stands there (`sql.slice(start, end) === written`), so a host can rewrite it. */
export interface StatementRelation extends RelationName {
  start: number;
  end: number;
}

interface Naming {
  /** The levels above a table, outermost first, each with the default the connection gives. */
  defaults: (connection: ConnectionConfig | undefined) => string[];
  /** True when the engine keeps the case of a quoted name. */
  quotedCase: boolean;
}

const setting = (connection: ConnectionConfig | undefined, key: string, fallback: string): string => {
  const value = connection?.[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
};

/** DuckDB names an attached file's catalog by the file's stem. */
const fileCatalog = (connection: ConnectionConfig | undefined): string => {
  const path = connection?.path;
  if (typeof path !== 'string' || path === '' || path === ':memory:') return 'memory';
  return basename(path, extname(path)).toLowerCase();
};

/** How each engine resolves an unqualified name; an engine not listed keeps the name as qualified as written. */
const NAMING: Readonly<Record<string, Naming>> = {
  clickhouse: { defaults: (c) => [setting(c, 'database', 'default')], quotedCase: true },
  duckdb: { defaults: (c) => [fileCatalog(c), 'main'], quotedCase: false },
  file: { defaults: (c) => [fileCatalog(c), 'main'], quotedCase: false },
  mysql: { defaults: (c) => [setting(c, 'database', '')], quotedCase: false },
  postgresql: { defaults: (c) => [setting(c, 'database', 'postgres'), setting(c, 'schema', 'public')], quotedCase: true },
  redshift: { defaults: (c) => [setting(c, 'database', 'dev'), setting(c, 'schema', 'public')], quotedCase: false },
  sqlite: { defaults: () => ['main'], quotedCase: false },
};

/** A name part as the engine reads it: a word is already folded; a quoted name keeps its case where the engine does. */
function partOf(token: SqlToken, quotedCase: boolean): string {
  if (token.kind === 'word') return token.value;
  return quotedCase ? token.value : token.value.toLowerCase();
}

/** The parts of a name from `first` to `last` (names separated by dots). */
function partsOf(tokens: readonly SqlToken[], first: number, last: number, quotedCase: boolean): string[] {
  const parts: string[] = [];
  for (let i = first; i <= last; i += 2) parts.push(partOf(tokens[i] as SqlToken, quotedCase));
  return parts;
}

/** `parts` filled with the levels the engine fills: a two-part name in DuckDB may name a catalog. */
function qualify(parts: string[], defaults: readonly string[], driver: string): string[] {
  const missing = defaults.length + 1 - parts.length;
  if (missing <= 0) return parts;
  if ((driver === 'duckdb' || driver === 'file') && parts.length === 2 && parts[0] === defaults[0])
    return [parts[0] as string, defaults[1] ?? 'main', parts[1] as string];
  // PostgreSQL reads its own catalog first: an unqualified pg_ name is a system relation.
  if (driver === 'postgresql' && parts.length === 1 && (parts[0] ?? '').startsWith('pg_')) return [defaults[0] as string, 'pg_catalog', parts[0] as string];
  return [...defaults.slice(0, missing), ...parts].filter((p) => p !== '');
}

/** A relation of a statement as read: its parts as the engine reads them and as qualified by the connection's defaults. */
export interface RelationParts {
  /** The parts as written, quotes removed and case folded as the engine folds them. */
  parts: string[];
  /** `parts` with the levels the connection fills in, outermost first. */
  qualified: string[];
  written: string;
  start: number;
  end: number;
}

/** The levels above a table that a connection of `driver` fills in for an unqualified name, outermost first. */
export function namingDefaults(driver: string, connection?: ConnectionConfig): string[] {
  return NAMING[driver]?.defaults(connection) ?? [];
}

/**
 * The relations `sql` reads, in the order they are written, each qualified with `defaults` (the
 * connection's, or a view's own catalog and schema for the names its query reads). Throws what
 * the lexer throws for a statement it cannot read.
 */
export function relationParts(sql: string, driver: string, defaults: readonly string[]): RelationParts[] {
  const quotedCase = NAMING[driver]?.quotedCase ?? false;
  const tokens = lexStatement(sql, driver);
  const out: RelationParts[] = [];
  for (const ref of readRelations(tokens).refs) {
    if (ref.kind !== 'name' || ref.shadowed === true) continue;
    const start = (tokens[ref.first] as SqlToken).start;
    const end = (tokens[ref.last] as SqlToken).end;
    const parts = partsOf(tokens, ref.first, ref.last, quotedCase);
    out.push({ parts, qualified: qualify(parts, defaults, driver), written: sql.slice(start, end), start, end });
  }
  return out;
}

/**
 * The relations `sql` reads on a connection of `driver`, in the order they are written. Throws
 * what the lexer throws for a statement it cannot read (the statement check has refused it first).
 */
export function relationNames(sql: string, driver: string, connection?: ConnectionConfig): StatementRelation[] {
  return relationParts(sql, driver, namingDefaults(driver, connection)).map(({ qualified, written, start, end }) => ({
    name: qualified.join('.'),
    written,
    start,
    end,
  }));
}

/** Like relationNames, or none when the statement cannot be read (never throws). */
export function relationNamesOrNone(sql: string, driver: string, connection?: ConnectionConfig): StatementRelation[] {
  try {
    return relationNames(sql, driver, connection);
  } catch {
    return [];
  }
}

/** One relation named on its own (a schema route's table), resolved as in a statement; as written, lower-cased, when it cannot be read. */
export function relationOf(written: string, driver: string, connection?: ConnectionConfig): RelationName {
  const read = relationNamesOrNone(`SELECT 1 FROM ${written}`, driver, connection);
  const only = read.length === 1 ? read[0] : undefined;
  return only !== undefined && only.written === written ? { name: only.name, written } : { name: written.toLowerCase(), written };
}
