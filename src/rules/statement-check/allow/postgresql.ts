/**
 * PostgreSQL's allow list: the functions `pg_proc` marks immutable or stable (set-returning ones
 * as table functions too), core and the common contrib extensions', the information_schema
 * views of the database's own objects and a reviewed set of pg_catalog relations, and PostGIS's
 * (its functions that read a table named as text left out); read from a
 * throwaway PostgreSQL 15 by `node scripts/allow-lists/postgresql.mjs`.
 */
import type { Added, CatalogFile, LeftOut } from './build.js';
import { allowListFrom } from './build.js';
import catalog from './postgresql.catalog.json' with { type: 'json' };
import type { AllowList } from './types.js';

export const POSTGRESQL_CATALOG: CatalogFile = catalog;

const each = (names: readonly string[], why: string): Record<string, string> => Object.fromEntries(names.map((name) => [name, why]));

const PRIVILEGES = [
  'has_any_column_privilege',
  'has_column_privilege',
  'has_database_privilege',
  'has_foreign_data_wrapper_privilege',
  'has_function_privilege',
  'has_language_privilege',
  'has_parameter_privilege',
  'has_schema_privilege',
  'has_sequence_privilege',
  'has_server_privilege',
  'has_table_privilege',
  'has_tablespace_privilege',
  'has_type_privilege',
];

/** Stable or immutable, yet they show the server, other sessions, grants, or run text as a query. */
const REVEALING: LeftOut = {
  'pg_stat_*': 'the statistics system: other sessions, their queries and client addresses, activity counts (pg_stat_file reads server files)',
  pg_lock_status: 'locks held by every session',
  pg_blocking_pids: 'the sessions blocking another',
  pg_safe_snapshot_blocking_pids: 'the sessions blocking another',
  pg_prepared_statement: 'the session prepared statements and their text',
  pg_cursor: 'the session open cursors and their queries',
  pg_show_all_settings: 'every setting and its value, data_directory and config_file among them',
  current_setting: 'any setting by name, data_directory, config_file and hba_file among them',
  pg_settings_get_flags: 'the flags of any setting',
  pg_postmaster_start_time: 'when the server started',
  pg_conf_load_time: 'when the server last read its configuration files',
  'inet_server_*': 'the address and port the server listens on',
  'inet_client_*': 'the address and port svc connects from',
  pg_backend_pid: 'the server process of the connection, what pg_terminate_backend takes',
  ...each(PRIVILEGES, 'whether any role holds a privilege: the grants the family check refuses as information_schema.*privileges'),
  pg_has_role: 'the role memberships of any role',
  aclexplode: 'expands an ACL into its grants: the privileges the family check refuses',
  pg_get_userbyid: 'the names of roles by id: what pg_roles shows',
  shobj_description: 'comments on roles, databases and tablespaces of the whole server',
  // current_user, session_user, user, current_role, getpgusername: the role the connection signs in
  // as is allowed (who the connection is, the same for every person: allow/connection-identity.ts).
  pg_config: 'the build options and install paths of the server',
  ...each(['pg_available_extensions', 'pg_available_extension_versions', 'pg_extension_update_paths'], 'the extension files installed on the server'),
  pg_get_replication_slots: 'replication slots of the server',
  pg_get_publication_tables: 'what a publication sends to subscribers',
  pg_listening_channels: 'the LISTEN channels of the session',
  ...each(['pg_tablespace_location', 'pg_tablespace_databases'], 'tablespace directories on the server'),
  ...each(['pg_relation_filepath', 'pg_relation_filenode', 'pg_filenode_relation'], 'the files behind relations on the server'),
  ...each(['pg_current_snapshot', 'txid_current_snapshot'], 'the transactions other sessions have in progress'),
  ...each(['pg_current_xact_id', 'txid_current'], 'assigns the read a transaction id: a read that consumes an xid'),
  ...each(['pg_current_xact_id_if_assigned', 'txid_current_if_assigned'], 'the transaction id state of the session'),
  ...each(['fmgr_c_validator', 'fmgr_internal_validator', 'fmgr_sql_validator'], 'validates a function by oid, loading the shared library of a C function'),
  isn_weak: 'isn_weak(true) lets the session accept invalid check digits: sets state',
  ...each(['query_to_xml*', 'table_to_xml*', 'cursor_to_xml*', 'schema_to_xml*', 'database_to_xml*'], 'runs a query (or reads tables) given as text'),
  xpath_table: 'runs a query built from its text arguments (xml2)',
  connectby: 'runs a query built from its text arguments (tablefunc)',
  'crosstab*': 'runs the query given as text (tablefunc)',
  ts_stat: 'runs the query given as text',
  ts_rewrite: 'ts_rewrite(query, text) runs its second argument as a query',
};

/** Volatile: the catalog already leaves them out; listed so a review never adds them. */
const CHANGING: LeftOut = {
  nextval: 'advances a sequence',
  setval: 'sets a sequence',
  lastval: 'the session last sequence value',
  'pg_sleep*': 'sleeps the backend: a read that holds a connection',
  set_config: 'sets a setting',
  setseed: 'sets the session random seed',
  'pg_advisory*': 'takes or releases an advisory lock',
  'pg_try_advisory*': 'takes an advisory lock',
  'lo_*': 'large objects: opens, creates, writes or reads files outside the relations',
  'pg_read*': 'reads server files',
  'pg_ls_*': 'lists server directories',
  pg_wal_replay_pause: 'pauses WAL replay',
  pg_wal_replay_resume: 'resumes WAL replay',
  pg_terminate_backend: 'ends another session',
  pg_cancel_backend: 'cancels another session query',
  pg_reload_conf: 'reloads the server configuration',
  pg_rotate_logfile: 'rotates the server log',
  'dblink*': 'connects to other servers',
  'postgres_fdw_*': 'connections to foreign servers',
  uuid_generate_v1: 'embeds the server network card address and the time',
  xslt_process: 'may fetch documents an XSLT names (xml2)',
  set_limit: 'sets pg_trgm.similarity_threshold for the session',
};

/**
 * PostGIS (postgis, created by the catalog script since 2026-11-29): stable or immutable in pg_proc,
 * yet they take a table named as text and read it, its statistics or its constraints, or create
 * one. Every other function of the extension computes on the geometries it is given.
 */
const POSTGIS: LeftOut = {
  st_findextent: 'runs a query over a table and column named as text',
  st_estimatedextent: 'reads the planner statistics of a table named as text',
  _postgis_index_extent: 'reads the spatial index of a table named as text',
  find_srid: 'reads the geometry columns of a table named as text',
  'postgis_constraint_*': 'reads the constraints of a table named as text',
  st_fromflatgeobuftotable: 'creates a table from FlatGeobuf data',
  _postgis_deprecate: 'raises a server notice about a deprecated function',
};

export const POSTGRESQL_LEFT_OUT: LeftOut = { ...REVEALING, ...CHANGING, ...POSTGIS };

const RANDOM = 'volatile only because it differs per call; changes nothing';
const GRAMMAR = 'grammar, not a pg_proc function: ';
const PG_RELATION = (what: string) => `pg_catalog: the database's own ${what}`;

const PG_CATALOG: Record<string, string> = {
  pg_am: PG_RELATION('access methods'),
  pg_attrdef: PG_RELATION('column defaults'),
  pg_attribute: PG_RELATION('columns'),
  pg_class: PG_RELATION('tables, views, indexes and sequences'),
  pg_collation: PG_RELATION('collations'),
  pg_constraint: PG_RELATION('constraints'),
  pg_depend: PG_RELATION('dependencies between objects'),
  pg_description: PG_RELATION('comments on objects'),
  pg_enum: PG_RELATION('enum labels'),
  pg_index: PG_RELATION('indexes'),
  pg_indexes: PG_RELATION('indexes and their definitions'),
  pg_inherits: PG_RELATION('inheritance and partitions'),
  pg_matviews: PG_RELATION('materialized views'),
  pg_namespace: PG_RELATION('schemas'),
  pg_partitioned_table: PG_RELATION('partitioning keys'),
  pg_proc: PG_RELATION('functions'),
  pg_range: PG_RELATION('range types'),
  pg_sequence: PG_RELATION('sequences'),
  pg_sequences: PG_RELATION('sequences'),
  pg_tables: PG_RELATION('tables'),
  pg_trigger: PG_RELATION('triggers'),
  pg_type: PG_RELATION('types'),
  pg_views: PG_RELATION('views and their definitions'),
  // How the database's types work: definitions of operators, casts, aggregates, operator classes
  // and text search, built in or created in this database; no data and nothing of the server.
  pg_aggregate: PG_RELATION('aggregate functions'),
  pg_amop: PG_RELATION('operators of operator families'),
  pg_amproc: PG_RELATION('support functions of operator families'),
  pg_cast: PG_RELATION('casts between types'),
  pg_conversion: PG_RELATION('encoding conversions'),
  pg_language: PG_RELATION('procedural languages'),
  pg_opclass: PG_RELATION('operator classes'),
  pg_operator: PG_RELATION('operators'),
  pg_opfamily: PG_RELATION('operator families'),
  pg_rewrite: PG_RELATION('rewrite rules of views'),
  pg_rules: PG_RELATION('rewrite rules and their definitions'),
  pg_ts_config: PG_RELATION('text search configurations'),
  pg_ts_config_map: PG_RELATION('text search configuration mappings'),
  pg_ts_dict: PG_RELATION('text search dictionaries'),
  pg_ts_parser: PG_RELATION('text search parsers'),
  pg_ts_template: PG_RELATION('text search templates'),
};

/**
 * Functions of PostgreSQL 16, 17, 18 and 19 that the PostgreSQL 15 catalog this list is read from
 * does not have, from each release's function reference (postgresql.org/docs/16, 17, 18, 19 "Functions
 * and Operators"): each computes from its arguments alone (array_sample and array_shuffle draw at
 * random, as random does).
 */
const NEWER_RELEASES = {
  ...each(['array_sample', 'array_shuffle', 'random_normal'], `PostgreSQL 16 (current releases): ${RANDOM}`),
  ...each(['any_value'], 'PostgreSQL 16 (current releases): an aggregate giving any one value of its group'),
  ...each(['date_add', 'date_subtract'], 'PostgreSQL 16 (current releases): a timestamp plus or minus an interval, in a time zone'),
  ...each(['erf', 'erfc'], 'PostgreSQL 16 (current releases): the error function and its complement'),
  ...each(['pg_input_is_valid', 'pg_input_error_info'], 'PostgreSQL 16 (current releases): whether a text is a valid value of a type, and why not'),
  ...each(
    ['to_bin', 'to_oct', 'uuid_extract_timestamp', 'uuid_extract_version', 'unicode_assigned', 'pg_basetype', 'to_regtypemod'],
    'PostgreSQL 17 (current releases): a value of its arguments',
  ),
  ...each(['casefold', 'array_reverse', 'array_sort', 'crc32', 'crc32c', 'gamma', 'lgamma'], 'PostgreSQL 18 (current releases): a value of its arguments'),
  ...each(['uuidv4', 'uuidv7'], `PostgreSQL 18 (current releases): ${RANDOM} (uuidv7 reads the clock too)`),
  ...each(['xmltext'], 'PostgreSQL 16 (current releases): an XML text node of its text argument (XML functions)'),
  ...each(
    [
      'json_object_agg_strict',
      'json_object_agg_unique',
      'json_object_agg_unique_strict',
      'jsonb_object_agg_strict',
      'jsonb_object_agg_unique',
      'jsonb_object_agg_unique_strict',
    ],
    'PostgreSQL 16 (current releases): an aggregate building a JSON object of the rows the read gives (aggregate functions)',
  ),
  ...each(['jsonb_populate_record_valid'], 'PostgreSQL 17 (current releases): whether its JSON argument converts to the row type given (JSON functions)'),
  ...each(['tid_block', 'tid_offset'], 'PostgreSQL 19 (current releases): the block or the offset of the tid given as an argument (TID functions)'),
};

/** Set-returning functions of newer releases: rows of their arguments alone, as functions and table functions. */
const NEWER_RELEASES_ROWS = {
  ...each(
    ['multirange_minus_multi', 'range_minus_multi'],
    'PostgreSQL 19 (current releases): the ranges left when the second argument is taken from the first, one a row (range functions)',
  ),
};

/**
 * Volatile in pg_proc only because they read pg_inherits as the statement runs: the partitions,
 * or the ancestors, of the table given as an argument, what the allowed pg_inherits and pg_class
 * already show (pg_partition_root, stable, is allowed from the catalog).
 */
const PARTITIONS = each(
  ['pg_partition_ancestors', 'pg_partition_tree'],
  "volatile only because it reads pg_inherits as it runs: the partition hierarchy of the database's own table given as an argument, as pg_inherits shows it",
);

/**
 * PostgreSQL's built-in base, range and multirange types (pg_type in PostgreSQL 15; regdatabase
 * from 18). `typename(expr)` with one argument is a function-style cast: when no function has
 * the name, the parser reads it as CAST(expr AS typename) and runs the type's input function,
 * which builds a value (the reg* types look a name up in the catalogs, as their `::` casts do).
 */
const CAST_TYPES = each(
  [
    ...['bytea', 'name', 'int2', 'int4', 'int8', 'float4', 'float8', 'money', 'oid', 'tid', 'xid', 'xid8', 'cid', 'xml', 'uuid', 'pg_lsn'],
    ...['point', 'lseg', 'path', 'box', 'polygon', 'line', 'circle', 'inet', 'cidr', 'macaddr', 'macaddr8', 'bpchar', 'varbit', 'timetz'],
    ...['tsvector', 'tsquery', 'jsonb', 'jsonpath', 'txid_snapshot', 'pg_snapshot', 'regconfig', 'regdictionary', 'regclass', 'regtype'],
    ...['regproc', 'regprocedure', 'regoper', 'regoperator', 'regcollation', 'regrole', 'regnamespace'],
    ...['int4range', 'int8range', 'numrange', 'tsrange', 'tstzrange', 'daterange'],
    ...['int4multirange', 'int8multirange', 'nummultirange', 'tsmultirange', 'tstzmultirange', 'datemultirange'],
  ],
  `${GRAMMAR}a function-style cast to the built-in type of that name, read as CAST(expr AS type) (type casts)`,
);

export const POSTGRESQL_ADDED: Added = {
  functions: {
    ...CAST_TYPES,
    regdatabase: 'PostgreSQL 18 (current releases): a function-style cast to the regdatabase type (object identifier types)',
    ...NEWER_RELEASES,
    ...NEWER_RELEASES_ROWS,
    ...PARTITIONS,
    random: RANDOM,
    clock_timestamp: 'volatile only because it reads the clock again on each call',
    timeofday: 'volatile only because it reads the clock again on each call',
    gen_random_uuid: RANDOM,
    uuid_generate_v4: `${RANDOM} (uuid-ossp)`,
    gen_random_bytes: `${RANDOM} (pgcrypto)`,
    gen_salt: `${RANDOM} (pgcrypto)`,
    ...each(
      ['pgp_sym_encrypt', 'pgp_sym_encrypt_bytea', 'pgp_pub_encrypt', 'pgp_pub_encrypt_bytea'],
      'volatile only because each call draws a random session key (pgcrypto)',
    ),
    cast: `${GRAMMAR}CAST(expr AS type)`,
    coalesce: `${GRAMMAR}COALESCE(a, b, ...)`,
    nullif: `${GRAMMAR}NULLIF(a, b)`,
    greatest: `${GRAMMAR}GREATEST(a, b, ...)`,
    least: `${GRAMMAR}LEAST(a, b, ...)`,
    grouping: `${GRAMMAR}GROUPING(...) of GROUPING SETS`,
    trim: `${GRAMMAR}TRIM([BOTH|LEADING|TRAILING] ... FROM ...) is btrim/ltrim/rtrim`,
    ...each(
      ['xmlelement', 'xmlforest', 'xmlconcat', 'xmlparse', 'xmlserialize', 'xmlpi', 'xmlroot', 'xmlexists', 'xmlattributes'],
      `${GRAMMAR}the SQL/XML value forms (gram.y func_expr_common_subexpr): build or test an XML value from their arguments`,
    ),
    ...each(
      ['json_value', 'json_query', 'json_exists', 'json_serialize', 'json_scalar', 'json_objectagg', 'json_arrayagg', 'json', 'json_array'],
      `${GRAMMAR}the SQL/JSON forms of PostgreSQL 16 and 17 (gram.y json_func_expr): read or build a JSON value from their arguments`,
    ),
  },
  tableFunctions: {
    ...NEWER_RELEASES_ROWS,
    ...PARTITIONS,
    xmltable: `${GRAMMAR}XMLTABLE(xpath PASSING doc COLUMNS ...): rows of its XML argument`,
    json_table: `${GRAMMAR}JSON_TABLE(doc, path COLUMNS ...) of PostgreSQL 17: rows of its JSON argument`,
  },
  relations: {
    ...PG_CATALOG,
    ...Object.fromEntries(Object.entries(PG_CATALOG).map(([name, why]) => [`pg_catalog.${name}`, why])),
  },
};

export const POSTGRESQL_ALLOW: AllowList = allowListFrom(POSTGRESQL_CATALOG, POSTGRESQL_LEFT_OUT, POSTGRESQL_ADDED);
