/**
 * BigQuery (GoogleSQL): what a read may use by name, from Google's function reference
 * (https://cloud.google.com/bigquery/docs/reference/standard-sql/functions-all and the pages
 * named beside each family below). Functions BigQuery spells with a prefix (NET.HOST,
 * HLL_COUNT.MERGE, KLL_QUANTILES.INIT_INT64, AEAD.ENCRYPT, KEYS.NEW_KEYSET, SAFE.*) are listed by
 * their last part, as every name here is.
 *
 * Left out, and why (the vendor's own description of each):
 * - Other systems: EXTERNAL_QUERY (runs a query on a Cloud SQL or Spanner connection),
 *   EXTERNAL_OBJECT_TRANSFORM (reads Cloud Storage objects), OBJ.FETCH_METADATA,
 *   OBJ.GET_ACCESS_URL, OBJ.GET_READ_URL, OBJ.MAKE_REF (Cloud Storage object references and signed
 *   URLs), ST_REGIONSTATS (asks Earth Engine), KEYS.KEYSET_CHAIN, KEYS.NEW_WRAPPED_KEYSET,
 *   KEYS.REWRAP_KEYSET, KEYS.ROTATE_WRAPPED_KEYSET and DLP_DETERMINISTIC_ENCRYPT,
 *   DLP_DETERMINISTIC_DECRYPT, DLP_KEY_CHAIN (call Cloud KMS with a key the project holds).
 * - Models: every ML.* function and table function (ML.PREDICT, ML.GENERATE_TEXT,
 *   ML.GENERATE_EMBEDDING, ML.EVALUATE, ML.FORECAST, ML.DETECT_ANOMALIES, ML.TRANSLATE,
 *   ML.UNDERSTAND_TEXT, ML.DISTANCE, ML.BUCKETIZE and the other preprocessing functions, ...)
 *   and every AI.* function (AI.GENERATE, AI.GENERATE_TABLE, AI.GENERATE_BOOL, AI.CLASSIFY,
 *   AI.IF, AI.SCORE, AI.EMBED, AI.SIMILARITY, AI.FORECAST, AI.SEARCH, AI.AGG, ...): they send rows
 *   to a model. (BAG_OF_WORDS is also ML.BAG_OF_WORDS's last part; both only count tokens.)
 * - Who is asking: SESSION_USER (the caller's email address).
 * - Names given as text: GRAPH_EXPAND('graph') names a property graph with a string.
 * - Unsure: VECTOR_INDEX.STATISTICS (the state of a table's vector index).
 * - Scripting and system variables (EXECUTE IMMEDIATE, @@project_id, @@session_id, ...) are
 *   statements and variables, not functions; the family table refuses them.
 *
 * Relations: INFORMATION_SCHEMA views that describe the asker's own datasets, tables, columns,
 * constraints, partitions, routines, indexes and graphs
 * (https://cloud.google.com/bigquery/docs/information-schema-intro). Left out: JOBS*, SESSIONS*
 * (queries and sessions), OBJECT_PRIVILEGES (grants), RESERVATION*, ASSIGNMENT*, CAPACITY_*,
 * BI_CAPACITY* (billing), PROJECT_OPTIONS*, ORGANIZATION_OPTIONS*, EFFECTIVE_PROJECT_OPTIONS
 * (settings), STREAMING_TIMELINE*, WRITE_API_TIMELINE* (write history), TABLE_STORAGE*,
 * SHARED_DATASET_USAGE, INSIGHTS, RECOMMENDATIONS*, SCHEMATA_REPLICAS*, SCHEMATA_LINKS, and the
 * *_OPTIONS views the family table refuses (ROUTINE_OPTIONS, SEARCH_INDEX_OPTIONS,
 * SEARCH_INDEX_COLUMN_OPTIONS, VECTOR_INDEX_OPTIONS).
 */
import { BIGQUERY_IDENTITY } from './connection-identity.js';
import type { AllowList } from './types.js';

/** Sorted, de-duplicated union of name lists. */
function sortedUnique(...lists: readonly (readonly string[])[]): readonly string[] {
  return [...new Set(lists.flat())].sort();
}

// https://cloud.google.com/bigquery/docs/reference/standard-sql/aead_encryption_functions
// (keysets given as arguments; the KMS-wrapped keyset functions are left out)
const AEAD_ENCRYPTION = [
  'add_key_from_raw_bytes',
  'decrypt_bytes',
  'decrypt_string',
  'deterministic_decrypt_bytes',
  'deterministic_decrypt_string',
  'deterministic_encrypt',
  'encrypt',
  'keyset_from_json',
  'keyset_length',
  'keyset_to_json',
  'new_keyset',
  'rotate_keyset',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/aggregate_functions
const AGGREGATE = [
  'agg',
  'any_value',
  'array_agg',
  'array_concat_agg',
  'avg',
  'bit_and',
  'bit_or',
  'bit_xor',
  'count',
  'countif',
  'grouping',
  'logical_and',
  'logical_or',
  'max',
  'max_by',
  'min',
  'min_by',
  'string_agg',
  'sum',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/approximate_aggregate_functions
const APPROXIMATE_AGGREGATE = ['approx_count_distinct', 'approx_quantiles', 'approx_top_count', 'approx_top_sum'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/hll_functions (HLL_COUNT.*)
const HLL_COUNT = ['extract', 'init', 'merge', 'merge_partial'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/kll_functions (KLL_QUANTILES.*)
const KLL_QUANTILES = [
  'extract_float64',
  'extract_int64',
  'extract_point_float64',
  'extract_point_int64',
  'init_float64',
  'init_int64',
  'merge_float64',
  'merge_int64',
  'merge_partial',
  'merge_point_float64',
  'merge_point_int64',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/statistical_aggregate_functions
const STATISTICAL_AGGREGATE = ['corr', 'covar_pop', 'covar_samp', 'stddev', 'stddev_pop', 'stddev_samp', 'var_pop', 'var_samp', 'variance'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/navigation_functions
const NAVIGATION = ['first_value', 'lag', 'last_value', 'lead', 'nth_value', 'percentile_cont', 'percentile_disc'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/numbering_functions
const NUMBERING = ['cume_dist', 'dense_rank', 'ntile', 'percent_rank', 'rank', 'row_number'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/array_functions and the array
// subscript operator's OFFSET, ORDINAL, SAFE_OFFSET, SAFE_ORDINAL
// (https://cloud.google.com/bigquery/docs/reference/standard-sql/operators)
const ARRAY = [
  'array',
  'array_concat',
  'array_first',
  'array_last',
  'array_length',
  'array_reverse',
  'array_slice',
  'array_to_string',
  'generate_array',
  'generate_date_array',
  'generate_timestamp_array',
  'offset',
  'ordinal',
  'safe_offset',
  'safe_ordinal',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/bit_functions
const BIT = ['bit_count'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/conditional_expressions
const CONDITIONAL = ['coalesce', 'if', 'ifnull', 'nullif'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/conversion_functions
const CONVERSION = ['cast', 'parse_bignumeric', 'parse_numeric', 'safe_cast'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/date_functions
const DATE = [
  'current_date',
  'date',
  'date_add',
  'date_diff',
  'date_from_unix_date',
  'date_sub',
  'date_trunc',
  'extract',
  'format_date',
  'last_day',
  'parse_date',
  'unix_date',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/datetime_functions
const DATETIME = ['current_datetime', 'datetime', 'datetime_add', 'datetime_diff', 'datetime_sub', 'datetime_trunc', 'format_datetime', 'parse_datetime'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/time_functions
const TIME = ['current_time', 'format_time', 'parse_time', 'time', 'time_add', 'time_diff', 'time_sub', 'time_trunc'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/timestamp_functions
const TIMESTAMP = [
  'current_timestamp',
  'format_timestamp',
  'parse_timestamp',
  'timestamp',
  'timestamp_add',
  'timestamp_diff',
  'timestamp_micros',
  'timestamp_millis',
  'timestamp_seconds',
  'timestamp_sub',
  'timestamp_trunc',
  'unix_micros',
  'unix_millis',
  'unix_seconds',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/interval_functions
const INTERVAL = ['justify_days', 'justify_hours', 'justify_interval', 'make_interval'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/time-series-functions (scalar ones)
const TIME_SERIES = ['date_bucket', 'datetime_bucket', 'timestamp_bucket'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/range-functions (RANGE_SESSIONIZE is a table function)
const RANGE = ['generate_range_array', 'range', 'range_contains', 'range_end', 'range_intersect', 'range_overlaps', 'range_start'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/debugging_functions (ERROR only fails the query)
const DEBUGGING = ['error'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/geography_functions (ST_REGIONSTATS left out)
const GEOGRAPHY = [
  's2_cellidfrompoint',
  's2_coveringcellids',
  'st_angle',
  'st_area',
  'st_asbinary',
  'st_asgeojson',
  'st_astext',
  'st_azimuth',
  'st_boundary',
  'st_boundingbox',
  'st_buffer',
  'st_bufferwithtolerance',
  'st_centroid',
  'st_centroid_agg',
  'st_closestpoint',
  'st_clusterdbscan',
  'st_contains',
  'st_convexhull',
  'st_coveredby',
  'st_covers',
  'st_difference',
  'st_dimension',
  'st_disjoint',
  'st_distance',
  'st_dump',
  'st_dwithin',
  'st_endpoint',
  'st_equals',
  'st_extent',
  'st_exteriorring',
  'st_geogfrom',
  'st_geogfromgeojson',
  'st_geogfromtext',
  'st_geogfromwkb',
  'st_geogpoint',
  'st_geogpointfromgeohash',
  'st_geohash',
  'st_geometrytype',
  'st_hausdorffdistance',
  'st_hausdorffdwithin',
  'st_interiorrings',
  'st_intersection',
  'st_intersects',
  'st_intersectsbox',
  'st_isclosed',
  'st_iscollection',
  'st_isempty',
  'st_isring',
  'st_length',
  'st_lineinterpolatepoint',
  'st_linelocatepoint',
  'st_linesubstring',
  'st_makeline',
  'st_makepolygon',
  'st_makepolygonoriented',
  'st_maxdistance',
  'st_npoints',
  'st_numgeometries',
  'st_numpoints',
  'st_perimeter',
  'st_pointn',
  'st_simplify',
  'st_snaptogrid',
  'st_startpoint',
  'st_touches',
  'st_union',
  'st_union_agg',
  'st_within',
  'st_x',
  'st_y',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/graph-gql-functions and the graph
// predicates ALL_DIFFERENT and SAME (https://cloud.google.com/bigquery/docs/reference/standard-sql/operators)
const GRAPH = [
  'all_different',
  'destination_node_id',
  'edges',
  'element_id',
  'labels',
  'nodes',
  'path_first',
  'path_last',
  'path_length',
  'same',
  'source_node_id',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/hash_functions
const HASH = ['farm_fingerprint', 'md5', 'sha1', 'sha256', 'sha512'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/json_functions
const JSON_FUNCTIONS = [
  'bool',
  'float64',
  'int64',
  'json_array',
  'json_array_append',
  'json_array_insert',
  'json_extract',
  'json_extract_array',
  'json_extract_scalar',
  'json_extract_string_array',
  'json_flatten',
  'json_keys',
  'json_object',
  'json_query',
  'json_query_array',
  'json_remove',
  'json_set',
  'json_strip_nulls',
  'json_type',
  'json_value',
  'json_value_array',
  'lax_bool',
  'lax_float64',
  'lax_int64',
  'lax_string',
  'parse_json',
  'string',
  'to_json',
  'to_json_string',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/mathematical_functions
const MATHEMATICAL = [
  'abs',
  'acos',
  'acosh',
  'asin',
  'asinh',
  'atan',
  'atan2',
  'atanh',
  'cbrt',
  'ceil',
  'ceiling',
  'cos',
  'cosh',
  'cosine_distance',
  'cot',
  'coth',
  'csc',
  'csch',
  'div',
  'euclidean_distance',
  'exp',
  'floor',
  'greatest',
  'ieee_divide',
  'is_inf',
  'is_nan',
  'least',
  'ln',
  'log',
  'log10',
  'mod',
  'pow',
  'power',
  'rand',
  'range_bucket',
  'round',
  'safe_add',
  'safe_divide',
  'safe_multiply',
  'safe_negate',
  'safe_subtract',
  'sec',
  'sech',
  'sign',
  'sin',
  'sinh',
  'sqrt',
  'tan',
  'tanh',
  'trunc',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/net_functions (NET.*)
const NET = [
  'host',
  'ip_from_string',
  'ip_net_mask',
  'ip_to_string',
  'ip_trunc',
  'ipv4_from_int64',
  'ipv4_to_int64',
  'public_suffix',
  'reg_domain',
  'safe_ip_from_string',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/search_functions (VECTOR_SEARCH is a table function)
const SEARCH = ['search'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/string_functions
const STRING = [
  'ascii',
  'byte_length',
  'char_length',
  'character_length',
  'chr',
  'code_points_to_bytes',
  'code_points_to_string',
  'collate',
  'concat',
  'contains_substr',
  'edit_distance',
  'ends_with',
  'format',
  'from_base32',
  'from_base64',
  'from_hex',
  'initcap',
  'instr',
  'left',
  'length',
  'lower',
  'lpad',
  'ltrim',
  'normalize',
  'normalize_and_casefold',
  'octet_length',
  'regexp_contains',
  'regexp_extract',
  'regexp_extract_all',
  'regexp_instr',
  'regexp_replace',
  'regexp_substr',
  'repeat',
  'replace',
  'reverse',
  'right',
  'rpad',
  'rtrim',
  'safe_convert_bytes_to_string',
  'soundex',
  'split',
  'starts_with',
  'strpos',
  'substr',
  'substring',
  'to_base32',
  'to_base64',
  'to_code_points',
  'to_hex',
  'translate',
  'trim',
  'unicode',
  'upper',
];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/text-analysis-functions
const TEXT_ANALYSIS = ['bag_of_words', 'text_analyze', 'tf_idf'];

// https://cloud.google.com/bigquery/docs/reference/standard-sql/utility-functions
const UTILITY = ['generate_uuid', 'typeof'];

// UNNEST (https://cloud.google.com/bigquery/docs/reference/standard-sql/query-syntax#unnest_operator),
// APPENDS, CHANGES and GAP_FILL (https://cloud.google.com/bigquery/docs/reference/standard-sql/time-series-functions),
// RANGE_SESSIONIZE (https://cloud.google.com/bigquery/docs/reference/standard-sql/range-functions),
// VECTOR_SEARCH (https://cloud.google.com/bigquery/docs/reference/standard-sql/search_functions),
// GRAPH_TABLE (https://cloud.google.com/bigquery/docs/reference/standard-sql/graph-sql-queries):
// each reads only the tables, graph or array it is given.
const TABLE_FUNCTIONS = ['appends', 'changes', 'gap_fill', 'graph_table', 'range_sessionize', 'unnest', 'vector_search'];

// https://cloud.google.com/bigquery/docs/information-schema-intro
const INFORMATION_SCHEMA = [
  'information_schema.column_field_paths',
  'information_schema.columns',
  'information_schema.constraint_column_usage',
  'information_schema.key_column_usage',
  'information_schema.materialized_views',
  'information_schema.parameters',
  'information_schema.partitions',
  'information_schema.property_graphs',
  'information_schema.routines',
  'information_schema.schemata',
  'information_schema.schemata_options',
  'information_schema.search_index_columns',
  'information_schema.search_indexes',
  'information_schema.table_constraints',
  'information_schema.table_options',
  'information_schema.table_snapshots',
  'information_schema.tables',
  'information_schema.vector_index_columns',
  'information_schema.vector_indexes',
  'information_schema.views',
];

export const BIGQUERY_ALLOW: AllowList = {
  functions: sortedUnique(
    BIGQUERY_IDENTITY,
    AEAD_ENCRYPTION,
    AGGREGATE,
    APPROXIMATE_AGGREGATE,
    HLL_COUNT,
    KLL_QUANTILES,
    STATISTICAL_AGGREGATE,
    NAVIGATION,
    NUMBERING,
    ARRAY,
    BIT,
    CONDITIONAL,
    CONVERSION,
    DATE,
    DATETIME,
    TIME,
    TIMESTAMP,
    INTERVAL,
    TIME_SERIES,
    RANGE,
    DEBUGGING,
    GEOGRAPHY,
    GRAPH,
    HASH,
    JSON_FUNCTIONS,
    MATHEMATICAL,
    NET,
    SEARCH,
    STRING,
    TEXT_ANALYSIS,
    UTILITY,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(INFORMATION_SCHEMA),
};
