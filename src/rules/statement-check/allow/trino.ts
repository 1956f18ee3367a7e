/**
 * Trino: what a read may use by name. Functions come from the family pages of the Trino
 * reference (https://trino.io/docs/current/functions.html and its list of functions,
 * https://trino.io/docs/current/functions/list.html); each family below names its page.
 *
 * Left out, and why:
 * - `current_groups` (session.html): the groups of the user the session runs as (`current_user`
 *   and `version()` are allowed: connection-identity.ts).
 * - `ai_analyze_sentiment`, `ai_classify`, `ai_extract`, `ai_fix_grammar`, `ai_gen`, `ai_mask`,
 *   `ai_similarity`, `ai_translate` (ai.html): each call sends its text to an external LLM
 *   service (OpenAI or Ollama) configured in an `ai` catalog.
 * - `allcolumnsearch` (allcolumnsearch.html): expands into LIKE predicates over every string
 *   column in scope, so it reads columns the statement never names.
 * - `random_string` and other connector catalog functions (faker, ...): not built in; they exist
 *   only where a catalog provides them.
 * - Procedures under `system.*` (`system.runtime.kill_query`, `system.sync_partition_metadata`,
 *   `system.flush_metadata_cache`, ...): called with CALL and change state.
 * - Table functions `query` / `system.query` (JDBC connectors' pass-through: the text runs as a
 *   query in the remote database), `raw_query` (MongoDB, Elasticsearch: the same), `procedure`
 *   (SQL Server connector: runs a stored procedure), `table_changes` (Delta Lake and Iceberg:
 *   reads a table's commit history, not a plain read of the table); any other connector table
 *   function reads an outside system.
 * - Relations: `information_schema.table_privileges`, `.roles`, `.applicable_roles`,
 *   `.enabled_roles` (grants and roles); `system.runtime.*` (queries, tasks, nodes,
 *   transactions); `system.metadata.*` (catalog, table and column properties, materialized view
 *   definitions); `system.jdbc.*` (the JDBC driver's catalog across every catalog: unsure, left
 *   for the information_schema views); hidden `$`-suffixed tables of Iceberg, Delta and Hive
 *   (`t$files`, `t$history`, `t$snapshots`, `t$partitions`) are the project's own names and are
 *   not system relations.
 */

import { sortedUnique } from './build.js';
import { TRINO_IDENTITY } from './connection-identity.js';
import type { AllowList } from './types.js';

// https://trino.io/docs/current/functions/aggregate.html
const AGGREGATE = [
  'any_value',
  'approx_distinct',
  'approx_most_frequent',
  'approx_percentile',
  'approx_set',
  'arbitrary',
  'array_agg',
  'avg',
  'bitwise_and_agg',
  'bitwise_or_agg',
  'bitwise_xor_agg',
  'bool_and',
  'bool_or',
  'checksum',
  'corr',
  'count',
  'count_if',
  'covar_pop',
  'covar_samp',
  'every',
  'geometric_mean',
  'histogram',
  'kurtosis',
  'listagg',
  'map_agg',
  'map_union',
  'max',
  'max_by',
  'merge',
  'min',
  'min_by',
  'multimap_agg',
  'numeric_histogram',
  'qdigest_agg',
  'reduce_agg',
  'regr_intercept',
  'regr_slope',
  'skewness',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'tdigest_agg',
  'var_pop',
  'var_samp',
  'variance',
];

// https://trino.io/docs/current/functions/array.html
const ARRAY = [
  'all_match',
  'any_match',
  'array_distinct',
  'array_except',
  'array_first',
  'array_histogram',
  'array_intersect',
  'array_join',
  'array_last',
  'array_max',
  'array_min',
  'array_position',
  'array_remove',
  'array_sort',
  'array_union',
  'arrays_overlap',
  'cardinality',
  'combinations',
  'concat',
  'contains',
  'contains_sequence',
  'dot_product',
  'element_at',
  'euclidean_distance',
  'filter',
  'flatten',
  'ngrams',
  'none_match',
  'reduce',
  'repeat',
  'reverse',
  'sequence',
  'shuffle',
  'slice',
  'transform',
  'trim_array',
  'zip',
  'zip_with',
];

// https://trino.io/docs/current/functions/binary.html (HMAC keys are the caller's own arguments)
const BINARY = [
  'concat',
  'crc32',
  'from_base32',
  'from_base64',
  'from_base64url',
  'from_big_endian_32',
  'from_big_endian_64',
  'from_hex',
  'from_ieee754_32',
  'from_ieee754_64',
  'hmac_md5',
  'hmac_sha1',
  'hmac_sha256',
  'hmac_sha512',
  'length',
  'lpad',
  'md5',
  'murmur3',
  'reverse',
  'rpad',
  'sha1',
  'sha256',
  'sha512',
  'spooky_hash_v2_32',
  'spooky_hash_v2_64',
  'substr',
  'to_base32',
  'to_base64',
  'to_base64url',
  'to_big_endian_32',
  'to_big_endian_64',
  'to_hex',
  'to_ieee754_32',
  'to_ieee754_64',
  'xxhash64',
  'zstd_compress',
  'zstd_decompress',
];

// https://trino.io/docs/current/functions/bitwise.html
const BITWISE = [
  'bit_count',
  'bitwise_and',
  'bitwise_left_shift',
  'bitwise_not',
  'bitwise_or',
  'bitwise_right_shift',
  'bitwise_right_shift_arithmetic',
  'bitwise_xor',
];

// https://trino.io/docs/current/functions/color.html
const COLOR = ['bar', 'color', 'render', 'rgb'];

// https://trino.io/docs/current/functions/comparison.html
const COMPARISON = ['greatest', 'least'];

// https://trino.io/docs/current/functions/conditional.html (CASE is syntax)
const CONDITIONAL = ['coalesce', 'if', 'nullif', 'try'];

// https://trino.io/docs/current/functions/conversion.html
const CONVERSION = ['cast', 'format', 'format_number', 'parse_data_size', 'try_cast', 'typeof'];

// https://trino.io/docs/current/functions/datetime.html
const DATETIME = [
  'at_timezone',
  'current_date',
  'current_time',
  'current_timestamp',
  'current_timezone',
  'date',
  'date_add',
  'date_diff',
  'date_format',
  'date_parse',
  'date_trunc',
  'day',
  'day_of_month',
  'day_of_week',
  'day_of_year',
  'dow',
  'doy',
  'extract',
  'format_datetime',
  'from_iso8601_date',
  'from_iso8601_timestamp',
  'from_iso8601_timestamp_nanos',
  'from_unixtime',
  'from_unixtime_nanos',
  'hour',
  'human_readable_seconds',
  'last_day_of_month',
  'localtime',
  'localtimestamp',
  'millisecond',
  'minute',
  'month',
  'now',
  'parse_datetime',
  'parse_duration',
  'quarter',
  'second',
  'timezone',
  'timezone_hour',
  'timezone_minute',
  'to_iso8601',
  'to_milliseconds',
  'to_unixtime',
  'week',
  'week_of_year',
  'with_timezone',
  'year',
  'year_of_week',
  'yow',
];

// https://trino.io/docs/current/functions/geospatial.html
const GEOSPATIAL = [
  'bing_tile',
  'bing_tile_at',
  'bing_tile_coordinates',
  'bing_tile_polygon',
  'bing_tile_quadkey',
  'bing_tile_zoom_level',
  'bing_tiles_around',
  'convex_hull_agg',
  'from_encoded_polyline',
  'from_geojson_geometry',
  'geometry_collect_agg',
  'geometry_from_hadoop_shape',
  'geometry_invalid_reason',
  'geometry_nearest_points',
  'geometry_to_bing_tiles',
  'geometry_union',
  'geometry_union_agg',
  'great_circle_distance',
  'line_interpolate_point',
  'line_interpolate_points',
  'line_locate_point',
  'simplify_geometry',
  'spatial_partitioning',
  'spatial_partitions',
  'st_area',
  'st_asbinary',
  'st_asewkb',
  'st_asewkt',
  'st_astext',
  'st_boundary',
  'st_buffer',
  'st_centroid',
  'st_collect',
  'st_contains',
  'st_convexhull',
  'st_coorddim',
  'st_crosses',
  'st_difference',
  'st_dimension',
  'st_disjoint',
  'st_distance',
  'st_endpoint',
  'st_envelope',
  'st_envelopeaspts',
  'st_equals',
  'st_exteriorring',
  'st_force2d',
  'st_force3d',
  'st_geometries',
  'st_geometryfromtext',
  'st_geometryn',
  'st_geometrytype',
  'st_geomfrombinary',
  'st_geomfromewkt',
  'st_geomfromkml',
  'st_interiorringn',
  'st_interiorrings',
  'st_intersection',
  'st_intersects',
  'st_isclosed',
  'st_isempty',
  'st_isring',
  'st_issimple',
  'st_isvalid',
  'st_length',
  'st_linefromtext',
  'st_linemerge',
  'st_linestring',
  'st_makeline',
  'st_makepolygon',
  'st_minimumboundingcircle',
  'st_multi',
  'st_multipoint',
  'st_normalize',
  'st_numgeometries',
  'st_numinteriorring',
  'st_numpoints',
  'st_orientedenvelope',
  'st_overlaps',
  'st_point',
  'st_pointn',
  'st_pointonsurface',
  'st_points',
  'st_polygon',
  'st_polygonize',
  'st_reduceprecision',
  'st_relate',
  'st_setsrid',
  'st_srid',
  'st_startpoint',
  'st_symdifference',
  'st_touches',
  'st_transform',
  'st_union',
  'st_voronoipolygons',
  'st_within',
  'st_x',
  'st_xmax',
  'st_xmin',
  'st_y',
  'st_ymax',
  'st_ymin',
  'st_z',
  'to_encoded_polyline',
  'to_geojson_geometry',
  'to_geometry',
  'to_spherical_geography',
];

// https://trino.io/docs/current/functions/hyperloglog.html
const HYPERLOGLOG = ['approx_set', 'cardinality', 'empty_approx_set', 'merge'];

// https://trino.io/docs/current/functions/ipaddress.html
const IP_ADDRESS = ['contains'];

// https://trino.io/docs/current/functions/json.html
const JSON_FUNCTIONS = [
  'is_json_scalar',
  'json',
  'json_array',
  'json_array_contains',
  'json_array_get',
  'json_array_length',
  'json_exists',
  'json_extract',
  'json_extract_scalar',
  'json_format',
  'json_object',
  'json_parse',
  'json_query',
  'json_scalar',
  'json_serialize',
  'json_size',
  'json_value',
];

// https://trino.io/docs/current/functions/ml.html (models are trained in the query's memory)
const MACHINE_LEARNING = [
  'classify',
  'evaluate_classifier_predictions',
  'features',
  'learn_classifier',
  'learn_libsvm_classifier',
  'learn_libsvm_regressor',
  'learn_regressor',
  'regress',
];

// https://trino.io/docs/current/functions/map.html
const MAP = [
  'cardinality',
  'element_at',
  'map',
  'map_concat',
  'map_entries',
  'map_filter',
  'map_from_entries',
  'map_keys',
  'map_values',
  'map_zip_with',
  'multimap_from_entries',
  'transform_keys',
  'transform_values',
];

// https://trino.io/docs/current/functions/math.html
const MATH = [
  'abs',
  'acos',
  'asin',
  'atan',
  'atan2',
  'beta_cdf',
  'cbrt',
  'ceil',
  'ceiling',
  'cos',
  'cosh',
  'cosine_distance',
  'cosine_similarity',
  'degrees',
  'e',
  'exp',
  'floor',
  'from_base',
  'infinity',
  'inverse_beta_cdf',
  'inverse_normal_cdf',
  'is_finite',
  'is_infinite',
  'is_nan',
  'ln',
  'log',
  'log10',
  'log2',
  'mod',
  'nan',
  'normal_cdf',
  'pi',
  'pow',
  'power',
  'radians',
  'rand',
  'random',
  'round',
  'sign',
  'sin',
  'sinh',
  'sqrt',
  't_cdf',
  't_pdf',
  'tan',
  'tanh',
  'to_base',
  'truncate',
  'width_bucket',
  'wilson_interval_lower',
  'wilson_interval_upper',
];

// https://trino.io/docs/current/functions/multiset.html
const MULTISET = ['cardinality', 'collect', 'element', 'fusion', 'intersection', 'set'];

// https://trino.io/docs/current/functions/qdigest.html
const QUANTILE_DIGEST = ['merge', 'qdigest_agg', 'quantile_at_value', 'value_at_quantile', 'values_at_quantiles'];

// https://trino.io/docs/current/functions/regexp.html
const REGEXP = ['regexp_count', 'regexp_extract', 'regexp_extract_all', 'regexp_like', 'regexp_position', 'regexp_replace', 'regexp_split'];

// https://trino.io/docs/current/functions/row.html
const ROW = ['fields'];

// https://trino.io/docs/current/sql/match-recognize.html (row pattern recognition expressions)
const ROW_PATTERN = ['classifier', 'first', 'last', 'match_number', 'next', 'permute', 'prev'];

// https://trino.io/docs/current/functions/session.html (the catalog and schema the session reads; no identity)
const SESSION = ['current_catalog', 'current_schema'];

// https://trino.io/docs/current/functions/setdigest.html
const SET_DIGEST = ['cardinality', 'hash_counts', 'intersection_cardinality', 'jaccard_index', 'make_set_digest', 'merge_set_digest'];

// https://trino.io/docs/current/functions/string.html
const STRING = [
  'chr',
  'codepoint',
  'concat',
  'concat_ws',
  'ends_with',
  'format',
  'from_utf8',
  'hamming_distance',
  'length',
  'levenshtein_distance',
  'lower',
  'lpad',
  'ltrim',
  'luhn_check',
  'normalize',
  'overlay',
  'position',
  'replace',
  'reverse',
  'rpad',
  'rtrim',
  'soundex',
  'split',
  'split_part',
  'split_to_map',
  'split_to_multimap',
  'starts_with',
  'strpos',
  'substr',
  'substring',
  'title_case',
  'to_utf8',
  'translate',
  'trim',
  'upper',
  'word_stem',
];

// https://trino.io/docs/current/functions/tdigest.html
const T_DIGEST = ['merge', 'tdigest_agg', 'value_at_quantile', 'values_at_quantiles'];

// https://trino.io/docs/current/functions/teradata.html
const TERADATA = ['char2hexint', 'index', 'to_char', 'to_date', 'to_timestamp'];

// https://trino.io/docs/current/functions/url.html (parsing only; nothing is fetched)
const URL_FUNCTIONS = [
  'url_decode',
  'url_encode',
  'url_extract_fragment',
  'url_extract_host',
  'url_extract_parameter',
  'url_extract_path',
  'url_extract_port',
  'url_extract_protocol',
  'url_extract_query',
];

// https://trino.io/docs/current/functions/uuid.html (a random version 4 UUID)
const UUID = ['uuid'];

// https://trino.io/docs/current/functions/variant.html
const VARIANT = ['variant_is_null'];

// https://trino.io/docs/current/functions/window.html
const WINDOW = ['cume_dist', 'dense_rank', 'first_value', 'lag', 'last_value', 'lead', 'nth_value', 'ntile', 'percent_rank', 'rank', 'row_number'];

// https://trino.io/docs/current/functions/datasketches.html (Hive connector's sketches)
const DATASKETCHES = ['theta_sketch_cardinality', 'theta_sketch_union'];

// https://trino.io/docs/current/functions/list.html (MongoDB ObjectId helpers in the function list)
const OBJECTID = ['objectid', 'objectid_timestamp', 'timestamp_objectid'];

// https://trino.io/docs/current/functions/table.html: built-in table functions that only shape
// their table argument or generate rows. `unnest` and `json_table` are FROM-clause syntax
// (https://trino.io/docs/current/sql/select.html, .../functions/json.html#json-table), listed so
// a check that reads them as calls does not refuse them.
const TABLE_FUNCTIONS = ['exclude_columns', 'json_table', 'sequence', 'unnest'];

// Every catalog's information_schema: its tables are named in
// https://github.com/trinodb/trino/blob/master/core/trino-main/src/main/java/io/trino/connector/informationschema/InformationSchemaTable.java
// (the four that describe schemas, tables, views and columns; the privilege and role tables are left out).
const INFORMATION_SCHEMA = ['information_schema.columns', 'information_schema.schemata', 'information_schema.tables', 'information_schema.views'];

// The system connector's JDBC metadata tables (https://trino.io/docs/current/connector/system.html,
// "system.jdbc"): the catalogs, schemas, tables, columns and types the asker may see, as JDBC's
// DatabaseMetaData reads them. Left out: system.runtime (queries, nodes, tasks, transactions) and
// system.metadata (connector properties and analyze properties).
const SYSTEM_JDBC = [
  'system.jdbc.attributes',
  'system.jdbc.catalogs',
  'system.jdbc.columns',
  'system.jdbc.procedures',
  'system.jdbc.pseudo_columns',
  'system.jdbc.schemas',
  'system.jdbc.super_tables',
  'system.jdbc.super_types',
  'system.jdbc.table_types',
  'system.jdbc.tables',
  'system.jdbc.types',
  'system.jdbc.udts',
];

export const TRINO_ALLOW: AllowList = {
  functions: sortedUnique(
    TRINO_IDENTITY,
    AGGREGATE,
    ARRAY,
    BINARY,
    BITWISE,
    COLOR,
    COMPARISON,
    CONDITIONAL,
    CONVERSION,
    DATETIME,
    GEOSPATIAL,
    HYPERLOGLOG,
    IP_ADDRESS,
    JSON_FUNCTIONS,
    MACHINE_LEARNING,
    MAP,
    MATH,
    MULTISET,
    QUANTILE_DIGEST,
    REGEXP,
    ROW,
    ROW_PATTERN,
    SESSION,
    SET_DIGEST,
    STRING,
    T_DIGEST,
    TERADATA,
    URL_FUNCTIONS,
    UUID,
    VARIANT,
    WINDOW,
    DATASKETCHES,
    OBJECTID,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(INFORMATION_SCHEMA, SYSTEM_JDBC),
};
