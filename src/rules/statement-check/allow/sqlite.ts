/**
 * SQLite's allow list: the functions `pragma_function_list` marks SQLITE_INNOCUOUS (and not
 * SQLITE_DIRECTONLY), json_each/json_tree, and sqlite_schema/sqlite_master; read from the engine
 * svc embeds by `node scripts/allow-lists/sqlite.mjs`.
 */
import type { Added, CatalogFile, LeftOut } from './build.js';
import { allowListFrom } from './build.js';
import catalog from './sqlite.catalog.json' with { type: 'json' };
import type { AllowList } from './types.js';

export const SQLITE_CATALOG: CatalogFile = catalog;

export const SQLITE_LEFT_OUT: LeftOut = {
  // Marked innocuous, yet not a pure read.
  sqlite_log: 'hands its message to the host process error-log callback (sqlite3_log): a read that writes a log line',
  changes: 'the row count of the connection previous write: state left by another statement on a shared connection',
  total_changes: 'rows written by every statement since the connection opened: state of other statements',
  last_insert_rowid: 'the rowid of the connection last INSERT: state left by another statement on a shared connection',
  // Table-valued functions and tables that are not the schema (the schema's own PRAGMA functions are added below).
  'pragma_*': 'eponymous tables of PRAGMA: settings, the attached files and their paths, the build, the connection',
  dbstat: 'reads the database file page by page (SQLITE_ENABLE_DBSTAT_VTAB): storage, not rows',
  sqlite_dbpage: 'reads and writes raw database pages',
  sqlite_dbdata: 'reads raw records from database pages, deleted ones included',
};

const PERCENTILE = 'the percentile extension compiled in (SQLITE_ENABLE_PERCENTILE): an aggregate over its arguments; registered without SQLITE_INNOCUOUS';
const FTS_AUX = 'a full-text auxiliary function: reads only the matched row of the full-text table the read names; registered without flags';

/**
 * A PRAGMA's table function exists only for a PRAGMA that returns rows and has no side effect
 * (sqlite.org/pragma.html, "PRAGMA functions"); these describe the schema's tables, columns,
 * indexes and keys, which sqlite_schema's own DDL already shows.
 */
const PRAGMA_SCHEMA = "a side-effect-free PRAGMA as a table function, describing the schema's own tables as sqlite_schema's DDL does";

export const SQLITE_ADDED: Added = {
  tableFunctions: {
    pragma_foreign_key_list: PRAGMA_SCHEMA,
    pragma_index_info: PRAGMA_SCHEMA,
    pragma_index_list: PRAGMA_SCHEMA,
    pragma_index_xinfo: PRAGMA_SCHEMA,
    pragma_table_info: PRAGMA_SCHEMA,
    pragma_table_list: PRAGMA_SCHEMA,
    pragma_table_xinfo: PRAGMA_SCHEMA,
  },
  // Read as a table with no argument: every table and view of the schema.
  relations: { pragma_table_list: PRAGMA_SCHEMA },
  functions: {
    cast: 'grammar, not a catalog function: CAST(expr AS type) converts a value',
    median: PERCENTILE,
    percentile: PERCENTILE,
    percentile_cont: PERCENTILE,
    percentile_disc: PERCENTILE,
    bm25: FTS_AUX,
    highlight: FTS_AUX,
    snippet: FTS_AUX,
    matchinfo: FTS_AUX,
    offsets: FTS_AUX,
  },
};

export const SQLITE_ALLOW: AllowList = allowListFrom(SQLITE_CATALOG, SQLITE_LEFT_OUT, SQLITE_ADDED);
