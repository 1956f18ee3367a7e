/**
 * Amazon Redshift: what a read may use by name. Functions come from the SQL functions reference
 * (https://docs.aws.amazon.com/redshift/latest/dg/c_SQL_functions.html); each family below names
 * its page.
 *
 * Left out, and why:
 * - Identity and account beyond who the connection is (`current_user`, `user`, `session_user`
 *   and `version()` are allowed: connection-identity.ts): `current_user_id`, `current_aws_account`, `current_namespace` (the cluster's namespace GUID), `default_iam_role`
 *   (an IAM role ARN), `pg_get_iam_role_by_user`, `pg_get_grantee_by_iam_role`
 *   (r_System_information_functions.html).
 * - Privileges and membership: `has_assumerole_privilege`, `has_database_privilege`,
 *   `has_schema_privilege`, `has_table_privilege`, `role_is_member_of`, `user_is_member_of`.
 * - Session and other queries: `pg_backend_pid`, `pg_last_copy_count`, `pg_last_copy_id`,
 *   `pg_last_query_id`, `pg_last_unload_count`, `pg_last_unload_id` (what this session loaded and
 *   unloaded), `slice_num` (the compute slice a row lives on).
 * - `pg_get_late_binding_view_cols()`: lists late-binding views of every schema; unsure it stays
 *   within what the asker owns, left for svv_columns.
 * - Administration (r_System_administration_functions.html): `change_query_priority`,
 *   `change_session_priority`, `change_user_priority`, `current_setting`, `set_config`,
 *   `pg_cancel_backend`, `pg_terminate_backend`, `reboot_cluster`.
 * - Machine learning (ml-function.html): prediction functions are named by CREATE MODEL and may
 *   call a SageMaker endpoint (remote inference); `explain_model` reads a model's report. Lambda
 *   UDFs (CREATE EXTERNAL FUNCTION) call AWS Lambda; Python and SQL UDFs are the project's own.
 * - Reading S3: Spectrum reads through external tables (families), not functions; UNLOAD and COPY
 *   are statements (families).
 * - Relations: `stl_*`, `stv_*`, `svl_*`, `svcs_*`, `sys_*` (queries, sessions, loads, users),
 *   `pg_user`, `pg_user_info`, `pg_shadow`, `pg_group`, `svv_user_info`, `svv_roles`,
 *   `svv_*_privileges`, `svv_user_grants`, `svv_role_grants` (users, roles and grants);
 *   `pg_class`, `pg_namespace`, `pg_tables`, `pg_views` (ACL or owner columns: relacl, nspacl,
 *   tableowner, viewowner); `svv_redshift_tables`, `svv_redshift_columns`,
 *   `svv_redshift_schemas`, `svv_all_tables`, `svv_all_schemas` (table_acl, column_acl,
 *   schema_acl); `svv_external_schemas`, `svv_external_tables`, `svv_external_columns`,
 *   `svv_external_partitions` (IAM role options and S3 locations); `svv_table_info`,
 *   `svv_diskusage` (storage); `svv_datashare*` (other accounts).
 */

import { sortedUnique } from './build.js';
import { REDSHIFT_IDENTITY } from './connection-identity.js';
import type { AllowList } from './types.js';

// https://docs.aws.amazon.com/redshift/latest/dg/c_Aggregate_Functions.html
const AGGREGATE = [
  'any_value',
  'avg',
  'count',
  'listagg',
  'max',
  'median',
  'min',
  'percentile_cont',
  'percentile_disc',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
  'variance',
];

// https://docs.aws.amazon.com/redshift/latest/dg/c_Array_Functions.html
const ARRAY = [
  'array',
  'array_concat',
  'array_contains',
  'array_distinct',
  'array_except',
  'array_flatten',
  'array_intersection',
  'array_position',
  'array_positions',
  'array_sort',
  'array_union',
  'arrays_overlap',
  'get_array_length',
  'split_to_array',
  'subarray',
];

// https://docs.aws.amazon.com/redshift/latest/dg/c_bitwise_aggregate_functions.html
const BITWISE_AGGREGATE = ['bit_and', 'bit_or', 'bool_and', 'bool_or'];

// https://docs.aws.amazon.com/redshift/latest/dg/c_conditional_expressions.html (CASE is syntax)
const CONDITIONAL = ['coalesce', 'decode', 'greatest', 'least', 'nullif', 'nvl', 'nvl2'];

// https://docs.aws.amazon.com/redshift/latest/dg/r_Data_type_formatting.html
const FORMATTING = ['cast', 'convert', 'text_to_int_alt', 'text_to_numeric_alt', 'to_char', 'to_date', 'to_number'];

// https://docs.aws.amazon.com/redshift/latest/dg/Date_functions_header.html (with the deprecated
// leader-node functions it names: age, current_time, current_timestamp, localtime, isfinite, now)
const DATETIME = [
  'add_months',
  'age',
  'convert_timezone',
  'current_date',
  'current_time',
  'current_timestamp',
  'date_cmp',
  'date_cmp_timestamp',
  'date_cmp_timestamptz',
  'date_part',
  'date_part_year',
  'date_trunc',
  'dateadd',
  'datediff',
  'extract',
  'getdate',
  'interval_cmp',
  'isfinite',
  'last_day',
  'localtime',
  'localtimestamp',
  'months_between',
  'next_day',
  'now',
  'sysdate',
  'timeofday',
  'timestamp_cmp',
  'timestamp_cmp_date',
  'timestamp_cmp_timestamptz',
  'timestamptz_cmp',
  'timestamptz_cmp_date',
  'timestamptz_cmp_timestamp',
  'timezone',
  'to_timestamp',
  'trunc',
];

// https://docs.aws.amazon.com/redshift/latest/dg/geospatial-functions.html (H3 indexing included)
const SPATIAL = [
  'addbbox',
  'dropbbox',
  'geometrytype',
  'h3_boundary',
  'h3_center',
  'h3_fromlonglat',
  'h3_frompoint',
  'h3_isvalid',
  'h3_polyfill',
  'h3_resolution',
  'h3_tochildren',
  'h3_toparent',
  'st_addpoint',
  'st_angle',
  'st_area',
  'st_asbinary',
  'st_asewkb',
  'st_asewkt',
  'st_asgeojson',
  'st_ashexewkb',
  'st_ashexwkb',
  'st_astext',
  'st_azimuth',
  'st_boundary',
  'st_buffer',
  'st_centroid',
  'st_collect',
  'st_contains',
  'st_containsproperly',
  'st_convexhull',
  'st_coveredby',
  'st_covers',
  'st_crosses',
  'st_dimension',
  'st_disjoint',
  'st_distance',
  'st_distancesphere',
  'st_dwithin',
  'st_endpoint',
  'st_envelope',
  'st_equals',
  'st_exteriorring',
  'st_force2d',
  'st_force3d',
  'st_force3dm',
  'st_force3dz',
  'st_force4d',
  'st_geogfromtext',
  'st_geogfromwkb',
  'st_geohash',
  'st_geometryn',
  'st_geometrytype',
  'st_geomfromewkb',
  'st_geomfromewkt',
  'st_geomfromgeohash',
  'st_geomfromgeojson',
  'st_geomfromtext',
  'st_geomfromwkb',
  'st_interiorringn',
  'st_intersection',
  'st_intersects',
  'st_isclosed',
  'st_iscollection',
  'st_isempty',
  'st_ispolygonccw',
  'st_ispolygoncw',
  'st_isring',
  'st_issimple',
  'st_isvalid',
  'st_length',
  'st_length2d',
  'st_lengthsphere',
  'st_linefrommultipoint',
  'st_lineinterpolatepoint',
  'st_m',
  'st_makeenvelope',
  'st_makeline',
  'st_makepoint',
  'st_makepolygon',
  'st_memsize',
  'st_mmax',
  'st_mmin',
  'st_multi',
  'st_ndims',
  'st_npoints',
  'st_nrings',
  'st_numgeometries',
  'st_numinteriorrings',
  'st_numpoints',
  'st_perimeter',
  'st_perimeter2d',
  'st_point',
  'st_pointn',
  'st_points',
  'st_polygon',
  'st_removepoint',
  'st_reverse',
  'st_setpoint',
  'st_setsrid',
  'st_simplify',
  'st_srid',
  'st_startpoint',
  'st_touches',
  'st_transform',
  'st_union',
  'st_within',
  'st_x',
  'st_xmax',
  'st_xmin',
  'st_y',
  'st_ymax',
  'st_ymin',
  'st_z',
  'st_zmax',
  'st_zmin',
  'supportsbbox',
];

// https://docs.aws.amazon.com/redshift/latest/dg/hash-functions.html
const HASH = ['checksum', 'crc32', 'farmfingerprint64', 'fnv_hash', 'func_sha1', 'md5', 'murmur3_32_hash', 'sha', 'sha1', 'sha2'];

// https://docs.aws.amazon.com/redshift/latest/dg/hyperloglog-functions.html
const HYPERLOGLOG = ['hll', 'hll_cardinality', 'hll_combine', 'hll_combine_sketches', 'hll_create_sketch'];

// https://docs.aws.amazon.com/redshift/latest/dg/json-functions.html
const JSON_FUNCTIONS = [
  'can_json_parse',
  'is_valid_json',
  'is_valid_json_array',
  'json_array_length',
  'json_extract_array_element_text',
  'json_extract_path_text',
  'json_parse',
  'json_serialize',
  'json_serialize_to_varbyte',
];

// https://docs.aws.amazon.com/redshift/latest/dg/Math_functions.html (factorial: leader node only,
// c_SQL_functions_leader_node_only.html)
const MATH = [
  'abs',
  'acos',
  'asin',
  'atan',
  'atan2',
  'cbrt',
  'ceil',
  'ceiling',
  'cos',
  'cot',
  'degrees',
  'dexp',
  'dlog1',
  'dlog10',
  'exp',
  'factorial',
  'floor',
  'ln',
  'log',
  'mod',
  'pi',
  'pow',
  'power',
  'radians',
  'random',
  'round',
  'sign',
  'sin',
  'sqrt',
  'tan',
  'trunc',
];

// https://docs.aws.amazon.com/redshift/latest/dg/Object_Functions.html
const OBJECT = ['object', 'object_transform'];

// https://docs.aws.amazon.com/redshift/latest/dg/String_functions_header.html (with the deprecated
// leader-node string functions of c_SQL_functions_leader_node_only.html)
const STRING = [
  'ascii',
  'bpcharcmp',
  'btrim',
  'bttext_pattern_cmp',
  'char_length',
  'character_length',
  'charindex',
  'chr',
  'collate',
  'concat',
  'crc32',
  'difference',
  'get_byte',
  'initcap',
  'left',
  'len',
  'length',
  'lower',
  'lpad',
  'ltrim',
  'octet_length',
  'octetindex',
  'position',
  'quote_ident',
  'quote_literal',
  'regexp_count',
  'regexp_instr',
  'regexp_replace',
  'regexp_substr',
  'repeat',
  'replace',
  'replicate',
  'reverse',
  'right',
  'rpad',
  'rtrim',
  'set_bit',
  'set_byte',
  'soundex',
  'split_part',
  'strpos',
  'strtol',
  'substr',
  'substring',
  'textlen',
  'to_ascii',
  'translate',
  'trim',
  'upper',
];

// https://docs.aws.amazon.com/redshift/latest/dg/c_Type_Info_Functions.html
const SUPER_TYPE_INFO = [
  'decimal_precision',
  'decimal_scale',
  'is_array',
  'is_bigint',
  'is_boolean',
  'is_char',
  'is_decimal',
  'is_float',
  'is_integer',
  'is_object',
  'is_scalar',
  'is_smallint',
  'is_varchar',
  'json_size',
  'json_typeof',
  'size',
];

// https://docs.aws.amazon.com/redshift/latest/dg/varbyte-functions.html
const VARBYTE = ['concat', 'from_hex', 'from_varbyte', 'getbit', 'len', 'length', 'octet_length', 'substr', 'substring', 'to_hex', 'to_varbyte'];

// https://docs.aws.amazon.com/redshift/latest/dg/c_Window_functions.html
const WINDOW = [
  'avg',
  'count',
  'cume_dist',
  'dense_rank',
  'first_value',
  'lag',
  'last_value',
  'lead',
  'listagg',
  'max',
  'median',
  'min',
  'nth_value',
  'ntile',
  'percent_rank',
  'percentile_cont',
  'percentile_disc',
  'rank',
  'ratio_to_report',
  'row_number',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
];

// https://docs.aws.amazon.com/redshift/latest/dg/r_System_information_functions.html: the
// database and schemas the session reads (also shown by information_schema) and the columns of a
// table or view the asker names; no identity, privilege or session state.
const CATALOG_CONTEXT = ['current_database', 'current_schema', 'current_schemas', 'pg_get_cols'];

// https://docs.aws.amazon.com/redshift/latest/dg/c_sql-functions-leader-node.html: PostgreSQL's
// generate_series runs on the leader node (queries naming no user table) and only makes rows.
const TABLE_FUNCTIONS = ['generate_series'];

// https://docs.aws.amazon.com/redshift/latest/dg/c_intro_catalog_views.html (information_schema
// and the pg_catalog tables that describe tables and columns, with no ACL or owner names),
// r_PG_TABLE_DEF.html, r_SVV_TABLES.html, r_SVV_COLUMNS.html, r_SVV_ALL_COLUMNS.html (visible to
// all users; regular users see only metadata they have access to). pg_catalog tables are listed
// both unqualified and qualified, as a read may name them either way.
const CATALOG = [
  'information_schema.columns',
  'information_schema.key_column_usage',
  'information_schema.referential_constraints',
  'information_schema.schemata',
  'information_schema.table_constraints',
  'information_schema.tables',
  'information_schema.views',
  'pg_attrdef',
  'pg_attribute',
  'pg_catalog.pg_attrdef',
  'pg_catalog.pg_attribute',
  'pg_catalog.pg_constraint',
  'pg_catalog.pg_description',
  'pg_catalog.pg_table_def',
  'pg_catalog.pg_type',
  'pg_catalog.svv_all_columns',
  'pg_catalog.svv_columns',
  'pg_catalog.svv_tables',
  'pg_constraint',
  'pg_description',
  'pg_table_def',
  'pg_type',
  'svv_all_columns',
  'svv_columns',
  'svv_tables',
];

export const REDSHIFT_ALLOW: AllowList = {
  functions: sortedUnique(
    REDSHIFT_IDENTITY,
    AGGREGATE,
    ARRAY,
    BITWISE_AGGREGATE,
    CONDITIONAL,
    FORMATTING,
    DATETIME,
    SPATIAL,
    HASH,
    HYPERLOGLOG,
    JSON_FUNCTIONS,
    MATH,
    OBJECT,
    STRING,
    SUPER_TYPE_INFO,
    VARBYTE,
    WINDOW,
    CATALOG_CONTEXT,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(CATALOG),
};
