/**
 * DuckDB's allow list (and the `file` driver's): the scalar and aggregate functions
 * `duckdb_functions()` flags free of side effects, macros calling only those, the duckdb_* and
 * information_schema views of the database's own objects, and a reviewed few table functions;
 * read from the engine svc embeds by `node scripts/allow-lists/duckdb.mjs`.
 */
import type { Added, CatalogFile, LeftOut } from './build.js';
import { allowListFrom } from './build.js';
import catalog from './duckdb.catalog.json' with { type: 'json' };
import { DUCKDB_SPATIAL } from './duckdb-spatial.js';
import type { AllowList } from './types.js';

export const DUCKDB_CATALOG: CatalogFile = catalog;

const FILES = 'reads files (or URLs) named by its arguments';
const STATE = 'the engine state, not the database: ';

export const DUCKDB_LEFT_OUT: LeftOut = {
  // Flagged free of side effects, yet they read the session or the host.
  current_setting: 'reads any setting by name, the secret, extension and home directories of the host among them',
  getvariable: 'reads a session variable (SET VARIABLE): state another statement left on the connection',
  // Table functions, none of which the catalog flags: what they reach.
  'read_*': FILES,
  'parquet_*': FILES,
  sniff_csv: FILES,
  glob: 'lists files matching a path pattern',
  arrow_scan: 'scans an Arrow stream at a memory address given as a number',
  arrow_scan_dumb: 'scans an Arrow stream at a memory address given as a number',
  query: 'runs a query given as text',
  query_table: 'reads tables named as text',
  json_execute_serialized_sql: 'runs a statement given as serialized JSON',
  histogram_values: 'reads the table named as text (query_table)',
  duckdb_table_sample: 'reads sample rows of the table named as text',
  which_secret: 'names the secret that would sign a request for a path',
  checkpoint: 'writes the write-ahead log into the database file',
  force_checkpoint: 'writes the write-ahead log into the database file',
  'enable_*': 'turns logging, profiling or the parser on for the connection: changes state',
  'disable_*': 'turns logging, profiling or the parser off for the connection: changes state',
  truncate_duckdb_logs: 'deletes the log',
  'pragma_*': 'PRAGMA as a table function: settings, storage and the host platform',
  duckdb_settings: `${STATE}every setting and its value, paths included`,
  duckdb_secrets: `${STATE}stored credentials`,
  duckdb_secret_types: `${STATE}the kinds of credentials it can store`,
  'duckdb_logs*': `${STATE}the log of queries and connections`,
  duckdb_log_contexts: `${STATE}the log of queries and connections`,
  duckdb_extensions: `${STATE}installed extensions and their install paths`,
  duckdb_databases: `${STATE}attached databases and their file paths`,
  duckdb_memory: `${STATE}memory use`,
  duckdb_temporary_files: `${STATE}temporary files and their paths`,
  duckdb_variables: `${STATE}session variables`,
  duckdb_external_file_cache: `${STATE}cached remote files and their paths`,
  duckdb_prepared_statements: `${STATE}the connection prepared statements`,
  duckdb_profiling_settings: `${STATE}profiling settings, profiling_output among them: the path of a file on the host`,
  get_block_size: 'a macro over pragma_database_size(): the databases attached to the instance (by any session) and their storage',
  duckdb_connection_count: `${STATE}other open connections`,
  duckdb_approx_database_count: `${STATE}attached databases`,
  'pg_catalog.pg_settings': `${STATE}every setting`,
  pg_settings: `${STATE}every setting`,
  'pg_catalog.pg_prepared_statements': `${STATE}the connection prepared statements`,
  pg_prepared_statements: `${STATE}the connection prepared statements`,
};

const RANDOM = 'flagged with side effects only because each call differs: it reads and changes nothing';
const GRAMMAR = 'grammar, not a catalog function: ';
const MACRO = 'a macro over string, list and JSON functions without side effects; ';
const ROWS = 'generates rows from its arguments alone';
const OWN = (what: string) => `the database's own ${what}, as the catalog views show them`;
const PG_VIEW = (what: string) => `PostgreSQL-compatible view of the database's own ${what} (over duckdb_* catalog functions)`;

const PG_VIEWS: Record<string, string> = {
  pg_am: PG_VIEW('access methods'),
  pg_attrdef: PG_VIEW('column defaults'),
  pg_attribute: PG_VIEW('columns'),
  pg_class: PG_VIEW('tables, views and indexes'),
  pg_collation: PG_VIEW('collations'),
  pg_constraint: PG_VIEW('constraints'),
  pg_depend: PG_VIEW('dependencies'),
  pg_description: PG_VIEW('comments'),
  pg_enum: PG_VIEW('enum values'),
  pg_index: PG_VIEW('indexes'),
  pg_indexes: PG_VIEW('indexes'),
  pg_namespace: PG_VIEW('schemas'),
  pg_proc: PG_VIEW('functions and macros'),
  pg_sequence: PG_VIEW('sequences'),
  pg_sequences: PG_VIEW('sequences'),
  pg_tables: PG_VIEW('tables'),
  pg_type: PG_VIEW('types'),
  pg_views: PG_VIEW('views'),
};

/** Every name of `names` with the reason `page (current releases): why`, for DuckDB 2.0's functions the 1.5 catalog lacks. */
const newer = (page: string, why: string, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, `${page} (current releases): ${why}`]));

/**
 * Functions of DuckDB 2.0 that the 1.5 engine the catalog is read from does not have, from the 2.0
 * reference (duckdb/duckdb-web, docs/2.0/), one docs page a group: the JSON extension's value
 * functions (bundled and autoloaded; "mutation" changes the JSON value returned, not a table) and
 * the VARIANT functions, each computing on its arguments.
 */
const NEWER_RELEASES: Record<string, string> = {
  ...newer('docs/2.0/data/json/json_functions.md', 'a JSON value computed from its JSON arguments', [
    'json_deep_merge',
    'json_insert',
    'json_merge_patch_diff',
    'json_normalize',
    'json_remove',
    'json_replace',
    'json_set',
    'json_strip_nulls',
  ]),
  ...newer('docs/2.0/sql/functions/variant.md', 'reads or builds a VARIANT value from its arguments', [
    'variant_array_length',
    'variant_comparator',
    'variant_contains',
    'variant_exists',
    'variant_extract_string',
    'variant_keys',
    'variant_type',
  ]),
  ...newer('docs/2.0/sql/functions/variant.md', 'an aggregate building a VARIANT of the rows the read gives', ['variant_group_array', 'variant_group_object']),
};

export const DUCKDB_ADDED: Added = {
  functions: {
    ...NEWER_RELEASES,
    ...DUCKDB_SPATIAL,
    random: RANDOM,
    uuid: RANDOM,
    gen_random_uuid: RANDOM,
    uuidv4: RANDOM,
    uuidv7: RANDOM,
    cast: `${GRAMMAR}CAST(expr AS type)`,
    try_cast: `${GRAMMAR}TRY_CAST(expr AS type)`,
    coalesce: `${GRAMMAR}COALESCE(a, b, ...)`,
    extract: `${GRAMMAR}EXTRACT(part FROM expr) is date_part`,
    grouping: `${GRAMMAR}GROUPING(...) of GROUPING SETS`,
    grouping_id: `${GRAMMAR}GROUPING_ID(...) of GROUPING SETS`,
    columns: `${GRAMMAR}COLUMNS(...) expands to the columns the read already names`,
    if: `${GRAMMAR}IF(cond, a, b) is a CASE`,
    ifnull: `${GRAMMAR}IFNULL(a, b) is COALESCE`,
    unnest: `${GRAMMAR}UNNEST(list) in a select list`,
    json_group_object: `${MACRO}it calls error() only to refuse a NULL key`,
    generate_subscripts: `${MACRO}unnest(generate_series(...)) over its argument`,
    regexp_split_to_table: `${MACRO}unnest(string_split_regex(...)) over its argument`,
    format_type: 'a macro reading duckdb_types(), an allowed catalog relation',
    stats: 'flagged with side effects only so that it is not folded: it returns the statistics the planner keeps for its argument expression',
    error: 'flagged with side effects only because it throws: error(msg) fails the statement with that message',
    percentile_cont: `${GRAMMAR}percentile_cont(f) WITHIN GROUP (ORDER BY x) is quantile_cont`,
    percentile_disc: `${GRAMMAR}percentile_disc(f) WITHIN GROUP (ORDER BY x) is quantile_disc`,
    mode: `${GRAMMAR}mode() WITHIN GROUP (ORDER BY x) is mode(x)`,
    try: `${GRAMMAR}TRY(expr) is expr, NULL where it fails`,
    pg_get_viewdef: 'a macro reading duckdb_views(), an allowed catalog relation',
    pg_get_constraintdef: 'a macro reading duckdb_constraints(), an allowed catalog relation',
    current_query:
      "flagged with side effects only as volatile: the text of the statement running in the person's own session (as the row policy narrowed it), nothing of other sessions",
  },
  tableFunctions: {
    range: ROWS,
    generate_series: ROWS,
    unnest: ROWS,
    repeat: ROWS,
    repeat_row: ROWS,
    json_each: 'the elements of its JSON argument, one a row',
    json_tree: 'the nested elements of its JSON argument, one a row',
    duckdb_columns: OWN('columns'),
    duckdb_constraints: OWN('constraints'),
    duckdb_indexes: OWN('indexes'),
    duckdb_schemas: OWN('schemas'),
    duckdb_tables: OWN('tables'),
    duckdb_types: OWN('types'),
    duckdb_views: OWN('views'),
    duckdb_triggers: `${OWN('triggers')}, docs/2.0/sql/statements/create_trigger.md (current releases)`,
    duckdb_sequences: OWN('sequences'),
    duckdb_dependencies: OWN('dependencies between objects'),
    duckdb_functions: 'the functions and macros of the engine and the database',
    duckdb_optimizers: "the names of the planner's optimizer passes, constants of the engine",
    summary: 'summarises the rows of the query given as its TABLE argument (`summary((SELECT ...))`), a subquery read and checked as every other',
    duckdb_keywords: 'the words of the SQL grammar',
    test_all_types: 'one row of every type, from constants in the engine',
    test_vector_types: 'rows of its arguments in every vector layout',
    sql_auto_complete: 'completions of its text argument from the grammar and the catalog names duckdb_tables() shows; it parses the text and runs nothing',
    pg_timezone_names: 'the time zones the engine knows',
    icu_calendar_names: 'the calendars the engine knows',
  },
  relations: {
    sqlite_master: OWN('tables and views, in SQLite shape'),
    sqlite_schema: OWN('tables and views, in SQLite shape'),
    ...PG_VIEWS,
    ...Object.fromEntries(Object.entries(PG_VIEWS).map(([name, why]) => [`pg_catalog.${name}`, why])),
  },
};

export const DUCKDB_ALLOW: AllowList = allowListFrom(DUCKDB_CATALOG, DUCKDB_LEFT_OUT, DUCKDB_ADDED);
