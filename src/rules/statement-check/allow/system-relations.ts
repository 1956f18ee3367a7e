/**
 * Which relations a statement names are the engine's own (its catalog, its record of sessions,
 * its internals) rather than the project's tables, and the name the allow list knows them by.
 * A system relation must be on the dialect's `relations` list (or the project's additions); any
 * other relation is the project's and is never refused by name.
 *
 * The rules follow how each engine resolves a name: a schema the engine owns (`pg_catalog`,
 * `information_schema`, `system`, `sys`, ...) anywhere in the qualifier, and the unqualified names
 * the engine finds before the project's tables (`pg_*` through PostgreSQL's implicit pg_catalog,
 * SQLite's `sqlite_*` and eponymous virtual tables, DuckDB's `duckdb_*` views, T-SQL's
 * compatibility views). A project table that happens to share such a name is refused until the
 * project allows it: a refusal, never a hole.
 */
import type { Driver } from '../../../../grammar/sql/index.js';

export interface SystemRelationRules {
  /** Schemas (any qualifier part) that are the engine's own. */
  readonly schemas: readonly string[];
  /** First qualifier parts (catalogs, databases) that are the engine's own. */
  readonly catalogs?: readonly string[];
  /** Unqualified (or any-schema) names with these prefixes are the engine's own. */
  readonly prefixes: readonly string[];
  /** Exact names that are the engine's own wherever they stand. */
  readonly names?: readonly string[];
  /** A name holding `$` is a hidden metadata table (Trino's `"orders$files"`). */
  readonly dollarNames?: boolean;
  /** Qualified names with this many parts or more reach another server (T-SQL linked servers). */
  readonly otherServerParts?: number;
  /** A catalog part with this prefix reaches another data source through a connector (Athena's `"lambda:fn".db.t`). */
  readonly otherServerCatalogPrefixes?: readonly string[];
}

const ANSI = ['information_schema'];

/** SQLite's eponymous virtual tables compiled into the engine svc embeds (pragma_module_list). */
const SQLITE_MODULES = [
  'dbstat',
  'sqlite_dbpage',
  'sqlite_dbdata',
  'sqlite_dbptr',
  'sqlite_stmt',
  'bytecode',
  'tables_used',
  'fts3tokenize',
  'fts4aux',
  'fts5vocab',
  'completion',
  'carray',
  'generate_series',
  'json_each',
  'json_tree',
  'zipfile',
  'fsdir',
];

/** T-SQL's system compatibility views (https://learn.microsoft.com/sql/relational-databases/system-compatibility-views/system-compatibility-views-transact-sql). */
const TSQL_COMPATIBILITY = [
  'sysaltfiles',
  'syscacheobjects',
  'syscharsets',
  'syscolumns',
  'syscomments',
  'sysconfigures',
  'sysconstraints',
  'syscurconfigs',
  'sysdatabases',
  'sysdepends',
  'sysdevices',
  'sysfilegroups',
  'sysfiles',
  'sysforeignkeys',
  'sysfulltextcatalogs',
  'sysindexes',
  'sysindexkeys',
  'syslanguages',
  'syslockinfo',
  'syslogins',
  'sysmembers',
  'sysmessages',
  'sysobjects',
  'sysoledbusers',
  'sysopentapes',
  'sysperfinfo',
  'syspermissions',
  'sysprocesses',
  'sysprotects',
  'sysreferences',
  'sysremotelogins',
  'sysservers',
  'systypes',
  'sysusers',
  'spt_values',
];

const POSTGRES: SystemRelationRules = { schemas: [...ANSI, 'pg_catalog', 'pg_toast'], prefixes: ['pg_'] };
const DUCKDB: SystemRelationRules = { schemas: [...ANSI, 'pg_catalog'], prefixes: ['duckdb_', 'pragma_', 'sqlite_', 'pg_'] };
// Trino's jmx catalog (the JMX connector) reads the servers' own JVMs: runtime, memory, threads, nodes.
const TRINO: SystemRelationRules = { schemas: ANSI, catalogs: ['system', 'jmx'], prefixes: [], dollarNames: true };
const TSQL: SystemRelationRules = { schemas: [...ANSI, 'sys'], prefixes: ['dm_'], names: TSQL_COMPATIBILITY, otherServerParts: 4 };

export const SYSTEM_RELATIONS: Readonly<Record<Driver, SystemRelationRules>> = {
  // Athena federated queries name a Lambda connector as the catalog: `"lambda:dynamo".default.sessions`.
  athena: { ...TRINO, otherServerCatalogPrefixes: ['lambda:'] },
  bigquery: { schemas: ANSI, prefixes: [] },
  clickhouse: { schemas: [...ANSI, 'system'], prefixes: [] },
  databricks: { schemas: ANSI, catalogs: ['system'], prefixes: [] },
  duckdb: DUCKDB,
  fabric: { ...TSQL, schemas: [...TSQL.schemas, 'queryinsights'] },
  file: DUCKDB,
  mssql: TSQL,
  mysql: { schemas: [...ANSI, 'performance_schema', 'mysql', 'sys'], prefixes: [] },
  postgresql: POSTGRES,
  redshift: { ...POSTGRES, prefixes: ['pg_', 'stl_', 'stv_', 'svl_', 'svv_', 'sys_', 'svcs_', 'stcs_'] },
  snowflake: { schemas: [...ANSI, 'account_usage', 'organization_usage', 'reader_account_usage', 'data_sharing_usage'], catalogs: ['snowflake'], prefixes: [] },
  sqlite: { schemas: [], prefixes: ['sqlite_', 'pragma_'], names: SQLITE_MODULES },
  trino: TRINO,
};

/**
 * Whether a name part could make a relation the engine's own: a cheap test over the words of a
 * statement, so that the relation reader runs only when a statement may name a system relation.
 */
export function mayBeSystemPart(rules: SystemRelationRules, part: string): boolean {
  // A quoted name holding dots (BigQuery's `project.dataset.table`): each of its parts.
  if (part.includes('.')) return part.split('.').some((p) => p !== '' && mayBeSystemPart(rules, p));
  if (rules.dollarNames === true && part.includes('$')) return true;
  if (rules.otherServerCatalogPrefixes?.some((p) => part.startsWith(p)) === true) return true;
  if (rules.schemas.includes(part) || rules.catalogs?.includes(part) === true || rules.names?.includes(part) === true) return true;
  for (const p of rules.prefixes) if (part.startsWith(p)) return true;
  return false;
}

/** Name parts with quoted parts holding dots split (BigQuery's `region-us.INFORMATION_SCHEMA.JOBS`). */
function splitParts(parts: readonly string[]): readonly string[] {
  for (const p of parts) if (p.includes('.')) return parts.flatMap((q) => (q.includes('.') ? q.split('.') : [q]));
  return parts;
}

/**
 * The allow-list key of a system relation (`information_schema.columns`, `pg_class`,
 * `system.tables`), or null for a relation of the project. `parts` are the lower-cased parts of
 * the name as written. A name reaching another server answers `other-server`.
 */
export function systemRelationKey(rules: SystemRelationRules, rawParts: readonly string[]): string | null {
  const parts = splitParts(rawParts);
  const name = parts[parts.length - 1] ?? '';
  if (rules.otherServerParts !== undefined && parts.length >= rules.otherServerParts) return 'other-server';
  if (parts.length > 1 && rules.otherServerCatalogPrefixes?.some((p) => parts[0]?.startsWith(p)) === true) return 'other-server';
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    if (rules.schemas.includes(part)) return `${part}.${parts[i + 1]}`;
  }
  if (parts.length > 1 && rules.catalogs?.includes(parts[0] as string) === true) return parts.join('.');
  if (rules.dollarNames === true && name.includes('$')) return name;
  if (rules.names?.includes(name) === true) return name;
  for (const p of rules.prefixes) if (name.startsWith(p)) return name;
  return null;
}
