/**
 * MySQL 8.0 and 8.4: the built-in functions a read may call, a supplement to the list generated
 * from MariaDB's engine (the union covers both). Names come from the built-in function and
 * operator reference (https://dev.mysql.com/doc/refman/8.4/en/built-in-function-reference.html)
 * and its chapter pages, checked against the server's native function registry
 * (sql/item_create.cc in mysql/mysql-server); each family below names its page.
 *
 * Left out, and why:
 * - Waiting and load: `sleep`, `benchmark` (runs an expression N times).
 * - Locks (locking-functions.html): `get_lock`, `release_lock`, `release_all_locks`,
 *   `is_free_lock`, `is_used_lock` (also reveals the connection holding a lock).
 * - Files: `load_file` (reads a server file).
 * - Replication (gtid-functions.html): `master_pos_wait`, `source_pos_wait`,
 *   `wait_for_executed_gtid_set`, `wait_until_sql_thread_after_gtids` (block), `gtid_subset`,
 *   `gtid_subtract` (unsure; left with the rest of replication).
 * - Session state and identity (information-functions.html): `last_insert_id` (with an argument
 *   it sets the value), `found_rows`, `row_count`, `connection_id`, `user`, `session_user`,
 *   `system_user` (they carry the client host; `current_user`, `current_role` and `version` are
 *   allowed: connection-identity.ts), `roles_graphml` (the server's roles), `icu_version`, `ps_current_thread_id`, `ps_thread_id` (server
 *   threads, other sessions included).
 * - `uuid()` and `uuid_short()` (miscellaneous-functions.html): version 1 UUIDs carry the
 *   server's MAC address and start time; `uuid_short` comes from the server id and start time.
 * - `validate_password_strength` (component function; about passwords).
 * - `name_const` (internal to stored-routine replication), `values()` (only in INSERT ... ON
 *   DUPLICATE KEY UPDATE, a write).
 * - Internal data-dictionary helpers behind information_schema's views: `can_access_*`,
 *   `get_dd_*`, `internal_*`, `remove_dd_property_key`, `convert_cpu_id_mask`,
 *   `is_visible_dd_object`, `get_index_size_by_prefix`.
 * - Relations: `information_schema.views` (its DEFINER column names an account),
 *   `.routines`, `.triggers`, `.events` (DEFINER and source text), `*_privileges`,
 *   `applicable_roles`, `enabled_roles`, `role_*`, `administrable_role_authorizations`,
 *   `user_attributes`, `processlist`, `innodb_*`, `optimizer_trace`, `profiling`, `plugins`,
 *   `resource_groups`, `files`, `partitions` (storage), `column_statistics` (histograms of
 *   values), and the `mysql`, `performance_schema` and `sys` schemas.
 */

import { sortedUnique } from './build.js';
import { MYSQL_IDENTITY } from './connection-identity.js';
import type { AllowList } from './types.js';

// https://dev.mysql.com/doc/refman/8.4/en/aggregate-functions.html
const AGGREGATE = [
  'any_value',
  'avg',
  'bit_and',
  'bit_or',
  'bit_xor',
  'count',
  'group_concat',
  'grouping',
  'json_arrayagg',
  'json_objectagg',
  'max',
  'min',
  'std',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
  'variance',
];

// https://dev.mysql.com/doc/refman/8.4/en/window-function-descriptions.html
const WINDOW = ['cume_dist', 'dense_rank', 'first_value', 'lag', 'last_value', 'lead', 'nth_value', 'ntile', 'percent_rank', 'rank', 'row_number'];

// https://dev.mysql.com/doc/refman/8.4/en/flow-control-functions.html and comparison-operators.html
const FLOW_AND_COMPARISON = ['coalesce', 'greatest', 'if', 'ifnull', 'interval', 'isnull', 'least', 'nullif', 'strcmp'];

// https://dev.mysql.com/doc/refman/8.4/en/mathematical-functions.html
const MATH = [
  'abs',
  'acos',
  'asin',
  'atan',
  'atan2',
  'ceil',
  'ceiling',
  'conv',
  'cos',
  'cot',
  'crc32',
  'degrees',
  'exp',
  'floor',
  'ln',
  'log',
  'log10',
  'log2',
  'mod',
  'pi',
  'pow',
  'power',
  'radians',
  'rand',
  'round',
  'sign',
  'sin',
  'sqrt',
  'tan',
  'truncate',
];

// https://dev.mysql.com/doc/refman/8.4/en/date-and-time-functions.html
const DATETIME = [
  'adddate',
  'addtime',
  'convert_tz',
  'curdate',
  'current_date',
  'current_time',
  'current_timestamp',
  'curtime',
  'date',
  'date_add',
  'date_format',
  'date_sub',
  'datediff',
  'day',
  'dayname',
  'dayofmonth',
  'dayofweek',
  'dayofyear',
  'extract',
  'from_days',
  'from_unixtime',
  'get_format',
  'hour',
  'last_day',
  'localtime',
  'localtimestamp',
  'makedate',
  'maketime',
  'microsecond',
  'minute',
  'month',
  'monthname',
  'now',
  'period_add',
  'period_diff',
  'quarter',
  'sec_to_time',
  'second',
  'str_to_date',
  'subdate',
  'subtime',
  'sysdate',
  'time',
  'time_format',
  'time_to_sec',
  'timediff',
  'timestamp',
  'timestampadd',
  'timestampdiff',
  'to_days',
  'to_seconds',
  'unix_timestamp',
  'utc_date',
  'utc_time',
  'utc_timestamp',
  'week',
  'weekday',
  'weekofyear',
  'year',
  'yearweek',
];

// https://dev.mysql.com/doc/refman/8.4/en/string-functions.html
const STRING = [
  'ascii',
  'bin',
  'bit_length',
  'char',
  'char_length',
  'character_length',
  'concat',
  'concat_ws',
  'elt',
  'export_set',
  'field',
  'find_in_set',
  'format',
  'from_base64',
  'hex',
  'insert',
  'instr',
  'lcase',
  'left',
  'length',
  'locate',
  'lower',
  'lpad',
  'ltrim',
  'make_set',
  'mid',
  'oct',
  'octet_length',
  'ord',
  'position',
  'quote',
  'repeat',
  'replace',
  'reverse',
  'right',
  'rpad',
  'rtrim',
  'soundex',
  'space',
  'substr',
  'substring',
  'substring_index',
  'to_base64',
  'trim',
  'ucase',
  'unhex',
  'upper',
  'weight_string',
];

// https://dev.mysql.com/doc/refman/8.4/en/regexp.html
const REGEXP = ['regexp_instr', 'regexp_like', 'regexp_replace', 'regexp_substr'];

// https://dev.mysql.com/doc/refman/8.4/en/cast-functions.html and charset-collation-functions
// (information-functions.html: charset, coercibility, collation describe a value)
const CAST_AND_CHARSET = ['binary', 'cast', 'charset', 'coercibility', 'collation', 'convert'];

// https://dev.mysql.com/doc/refman/8.4/en/bit-functions.html
const BIT = ['bit_count'];

// https://dev.mysql.com/doc/refman/8.4/en/encryption-functions.html (keys are the caller's own
// arguments; nothing reads the server's keyring)
const ENCRYPTION_AND_HASHING = [
  'aes_decrypt',
  'aes_encrypt',
  'compress',
  'md5',
  'random_bytes',
  'sha',
  'sha1',
  'sha2',
  'statement_digest',
  'statement_digest_text',
  'uncompress',
  'uncompressed_length',
];

// https://dev.mysql.com/doc/refman/8.4/en/information-functions.html: the schema the session reads
// (also shown by information_schema); no identity or session counters.
const CONTEXT = ['database', 'schema'];

// https://dev.mysql.com/doc/refman/8.4/en/json-function-reference.html
const JSON_FUNCTIONS = [
  'json_array',
  'json_array_append',
  'json_array_insert',
  'json_contains',
  'json_contains_path',
  'json_depth',
  'json_extract',
  'json_insert',
  'json_keys',
  'json_length',
  'json_merge',
  'json_merge_patch',
  'json_merge_preserve',
  'json_object',
  'json_overlaps',
  'json_pretty',
  'json_quote',
  'json_remove',
  'json_replace',
  'json_schema_valid',
  'json_schema_validation_report',
  'json_search',
  'json_set',
  'json_storage_free',
  'json_storage_size',
  'json_type',
  'json_unquote',
  'json_valid',
  'json_value',
];

// https://dev.mysql.com/doc/refman/8.4/en/miscellaneous-functions.html (pure conversions only)
const MISCELLANEOUS = [
  'bin_to_uuid',
  'inet6_aton',
  'inet6_ntoa',
  'inet_aton',
  'inet_ntoa',
  'is_ipv4',
  'is_ipv4_compat',
  'is_ipv4_mapped',
  'is_ipv6',
  'is_uuid',
  'uuid_to_bin',
];

// https://dev.mysql.com/doc/refman/8.4/en/performance-schema-functions.html (formatting only)
const FORMATTING = ['format_bytes', 'format_pico_time'];

/**
 * The sys schema's stored functions that only format or split their arguments, called as
 * `sys.name(...)` (https://dev.mysql.com/doc/refman/8.4/en/sys-schema-functions.html). The family
 * table refuses every other name of the sys schema (families/mysql.ts, systemCatalogExcept).
 */
const SYS_FORMATTING = [
  'extract_schema_from_file_name',
  'extract_table_from_file_name',
  'format_statement',
  'format_time',
  'quote_identifier',
  'version_major',
  'version_minor',
  'version_patch',
];

// https://dev.mysql.com/doc/refman/8.4/en/xml-functions.html (updatexml returns a changed copy)
const XML = ['extractvalue', 'updatexml'];

// https://dev.mysql.com/doc/refman/8.4/en/fulltext-search.html (MATCH ... AGAINST)
const FULL_TEXT = ['match'];

// https://dev.mysql.com/doc/refman/8.4/en/spatial-function-reference.html
const SPATIAL = [
  'geomcollection',
  'geometrycollection',
  'linestring',
  'mbrcontains',
  'mbrcoveredby',
  'mbrcovers',
  'mbrdisjoint',
  'mbrequals',
  'mbrintersects',
  'mbroverlaps',
  'mbrtouches',
  'mbrwithin',
  'multilinestring',
  'multipoint',
  'multipolygon',
  'point',
  'polygon',
  'st_area',
  'st_asbinary',
  'st_asgeojson',
  'st_astext',
  'st_aswkb',
  'st_aswkt',
  'st_buffer',
  'st_buffer_strategy',
  'st_centroid',
  'st_collect',
  'st_contains',
  'st_convexhull',
  'st_crosses',
  'st_difference',
  'st_dimension',
  'st_disjoint',
  'st_distance',
  'st_distance_sphere',
  'st_endpoint',
  'st_envelope',
  'st_equals',
  'st_exteriorring',
  'st_frechetdistance',
  'st_geohash',
  'st_geomcollfromtext',
  'st_geomcollfromtxt',
  'st_geomcollfromwkb',
  'st_geometrycollectionfromtext',
  'st_geometrycollectionfromwkb',
  'st_geometryfromtext',
  'st_geometryfromwkb',
  'st_geometryn',
  'st_geometrytype',
  'st_geomfromgeojson',
  'st_geomfromtext',
  'st_geomfromwkb',
  'st_hausdorffdistance',
  'st_interiorringn',
  'st_intersection',
  'st_intersects',
  'st_isclosed',
  'st_isempty',
  'st_issimple',
  'st_isvalid',
  'st_latfromgeohash',
  'st_latitude',
  'st_length',
  'st_linefromtext',
  'st_linefromwkb',
  'st_lineinterpolatepoint',
  'st_lineinterpolatepoints',
  'st_linestringfromtext',
  'st_linestringfromwkb',
  'st_longfromgeohash',
  'st_longitude',
  'st_makeenvelope',
  'st_mlinefromtext',
  'st_mlinefromwkb',
  'st_mpointfromtext',
  'st_mpointfromwkb',
  'st_mpolyfromtext',
  'st_mpolyfromwkb',
  'st_multilinestringfromtext',
  'st_multilinestringfromwkb',
  'st_multipointfromtext',
  'st_multipointfromwkb',
  'st_multipolygonfromtext',
  'st_multipolygonfromwkb',
  'st_numgeometries',
  'st_numinteriorring',
  'st_numinteriorrings',
  'st_numpoints',
  'st_overlaps',
  'st_pointatdistance',
  'st_pointfromgeohash',
  'st_pointfromtext',
  'st_pointfromwkb',
  'st_pointn',
  'st_polyfromtext',
  'st_polyfromwkb',
  'st_polygonfromtext',
  'st_polygonfromwkb',
  'st_simplify',
  'st_srid',
  'st_startpoint',
  'st_swapxy',
  'st_symdifference',
  'st_touches',
  'st_transform',
  'st_union',
  'st_validate',
  'st_within',
  'st_x',
  'st_y',
];

// https://dev.mysql.com/doc/refman/8.4/en/json-table-functions.html
const TABLE_FUNCTIONS = ['json_table'];

// https://dev.mysql.com/doc/refman/8.4/en/information-schema-table-reference.html: the views of
// the asker's schemas, tables, columns, indexes and constraints (rows limited to what the asker
// may see).
const INFORMATION_SCHEMA = [
  'information_schema.check_constraints',
  'information_schema.columns',
  'information_schema.columns_extensions',
  'information_schema.key_column_usage',
  'information_schema.referential_constraints',
  'information_schema.schemata',
  'information_schema.st_geometry_columns',
  'information_schema.statistics',
  'information_schema.table_constraints',
  'information_schema.tables',
  'information_schema.view_table_usage',
];

export const MYSQL_ALLOW: AllowList = {
  functions: sortedUnique(
    MYSQL_IDENTITY,
    SYS_FORMATTING,
    AGGREGATE,
    WINDOW,
    FLOW_AND_COMPARISON,
    MATH,
    DATETIME,
    STRING,
    REGEXP,
    CAST_AND_CHARSET,
    BIT,
    ENCRYPTION_AND_HASHING,
    CONTEXT,
    JSON_FUNCTIONS,
    MISCELLANEOUS,
    FORMATTING,
    XML,
    FULL_TEXT,
    SPATIAL,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(INFORMATION_SCHEMA),
};
