/**
 * Microsoft SQL Server (T-SQL): what a read may use by name. Functions come from the built-in
 * function reference (https://learn.microsoft.com/sql/t-sql/functions/functions) and its
 * category pages; each family below names its page. `@@` variables, `NEXT VALUE FOR`, `$PARTITION`
 * and ODBC `{fn ...}` escapes are syntax, not names here.
 *
 * Left out, and why:
 * - Identity and login taking a principal's id or sid (the niladic `current_user`,
 *   `session_user`, `system_user`, `user`, `original_login` are allowed, and `suser_sname()`,
 *   `suser_name()`, `user_name()`, `db_name()` without an argument:
 *   connection-identity.ts):
 *   `user_name`, `user_id`, `suser_id`, `suser_name`, `suser_sid`, `suser_sname`,
 *   `database_principal_id`, `loginproperty` (security-functions-transact-sql).
 * - Permissions and roles: `has_perms_by_name`, `has_dbaccess`, `is_member`, `is_rolemember`,
 *   `is_srvrolemember`, `permissions`, `pwdcompare`, `pwdencrypt`.
 * - Server, host and session: `serverproperty`, `connectionproperty` (client address and
 *   protocol), `host_name`, `host_id`, `app_name`, `session_context`, `context_info`,
 *   `sessionproperty`, `session_id`, `current_request_id`, `current_transaction_id`,
 *   `original_db_name`, `db_name` and `db_id` (with an argument they name the server's other
 *   databases), `databasepropertyex`, `version` (Synapse/Fabric build), `getansinull`,
 *   `min_active_rowversion` (other transactions' state), `@@spid` and the other `@@` variables.
 * - `sys.identity_columns`: its last_value is the last identity any session inserted (as with
 *   `ident_current`).
 * - Session state a single read has none of: `scope_identity`, `ident_current` (last identity
 *   any session inserted), `rowcount_big`, `xact_state`, `error_line`, `error_message`,
 *   `error_number`, `error_procedure`, `error_severity`, `error_state` (CATCH blocks only),
 *   `cursor_status`, `trigger_nestlevel`, `columns_updated`, `update()`, `eventdata` (triggers).
 * - Locks: `applock_mode`, `applock_test`.
 * - Sequences and defaults: `next value for` (advances a sequence), `newsequentialid` (DEFAULT
 *   constraints only; derived from the server's network card), `identity()` (SELECT INTO only).
 * - Keys and certificates (cryptographic-functions-transact-sql): `encryptbykey`, `decryptbykey`,
 *   `encryptbyasymkey`, `decryptbyasymkey`, `encryptbycert`, `decryptbycert`,
 *   `decryptbykeyautoasymkey`, `decryptbykeyautocert`, `encryptbypassphrase`,
 *   `decryptbypassphrase`, `signbyasymkey`, `signbycert`, `verifysignedbyasymkey`,
 *   `verifysignedbycert`, `is_objectsigned`, `key_guid`, `key_id`, `key_name`, `asymkey_id`,
 *   `asymkeyproperty`, `cert_id`, `certproperty`, `certencoded`, `certprivatekey`,
 *   `symkeyproperty`: they use or describe the database's keys.
 * - Storage and server objects: `file_id`, `file_idex`, `file_name`, `filegroup_id`,
 *   `filegroup_name`, `filegroupproperty`, `fileproperty`, `filepropertyex`,
 *   `fulltextcatalogproperty`, `fulltextserviceproperty`, `assemblyproperty`,
 *   `get_filestream_transaction_context`, `publishingservername`, `textptr`, `textvalid`.
 * - `object_definition`: returns the source text of any module (procedures included).
 * - AI and vectors calling out: `ai_generate_embeddings` (calls an external model endpoint),
 *   `ai_generate_chunks` (preview; unsure), `vector_search` (reads a table named as an argument).
 * - Unsure: `string_concat_ws`, `string_similarity` (named by a training page only).
 * - Table functions: `openrowset`, `opendatasource`, `openquery` (files and other servers),
 *   `containstable`, `freetexttable`, `semantickeyphrasetable`, `semanticsimilaritytable`,
 *   `semanticsimilaritydetailstable`, `changetable` (each reads a table named as an argument the
 *   relation check does not see; `openxml` and `predict`, whose DATA = table is checked, are
 *   listed below), `fn_dblog`, `fn_dump_dblog`, `fn_get_audit_file`, `fn_trace_gettable` and the
 *   other `fn_trace_*`, `fn_virtualfilestats`, `fn_xe_file_target_read_file`, and every `sys.dm_*`
 *   function (logs, audits, traces and server state).
 * - Relations: `sys.dm_*`, `sys.sysprocesses`, `sys.syslogins`, `sys.server_principals`,
 *   `sys.database_principals`, `sys.*_permissions`, `sys.*_role_members`, `sys.databases`,
 *   `sys.configurations`, `sys.sql_modules`, `sys.sql_logins`, `sys.credentials`,
 *   `sys.synonyms` (may point at other servers), `sys.servers`, `master..*` compatibility views,
 *   `information_schema.table_privileges`, `.column_privileges`, `.routines` and `.parameters`
 *   (routine source text).
 */

import { sortedUnique } from './build.js';
import { MSSQL_IDENTITY } from './connection-identity.js';
import type { AllowList } from './types.js';

// https://learn.microsoft.com/sql/t-sql/functions/aggregate-functions-transact-sql
const AGGREGATE = [
  'approx_count_distinct',
  'approx_percentile_cont',
  'approx_percentile_disc',
  'avg',
  'checksum_agg',
  'count',
  'count_big',
  'grouping',
  'grouping_id',
  'max',
  'min',
  'product',
  'stdev',
  'stdevp',
  'string_agg',
  'sum',
  'var',
  'varp',
];

// https://learn.microsoft.com/sql/t-sql/functions/analytic-functions-transact-sql
const ANALYTIC = ['cume_dist', 'first_value', 'lag', 'last_value', 'lead', 'percent_rank', 'percentile_cont', 'percentile_disc'];

// https://learn.microsoft.com/sql/t-sql/functions/ranking-functions-transact-sql
const RANKING = ['dense_rank', 'ntile', 'rank', 'row_number'];

// https://learn.microsoft.com/sql/t-sql/functions/bit-manipulation-functions-overview
const BIT_MANIPULATION = ['bit_count', 'get_bit', 'left_shift', 'right_shift', 'set_bit'];

// https://learn.microsoft.com/sql/t-sql/functions/collation-functions-collationproperty-transact-sql
const COLLATION = ['collationproperty', 'tertiary_weights'];

// https://learn.microsoft.com/sql/t-sql/functions/conversion-functions-transact-sql
const CONVERSION = ['cast', 'convert', 'parse', 'try_cast', 'try_convert', 'try_parse'];

// https://learn.microsoft.com/sql/t-sql/functions/cryptographic-functions-transact-sql (hashing
// and random bytes only; nothing that uses the database's keys)
const HASHING = ['crypt_gen_random', 'hashbytes'];

// https://learn.microsoft.com/sql/t-sql/functions/data-type-functions-transact-sql
const DATA_TYPE = ['datalength', 'ident_incr', 'ident_seed', 'sql_variant_property'];

// https://learn.microsoft.com/sql/t-sql/functions/date-and-time-data-types-and-functions-transact-sql
const DATETIME = [
  'current_date',
  'current_timestamp',
  'current_timezone',
  'current_timezone_id',
  'date_bucket',
  'dateadd',
  'datediff',
  'datediff_big',
  'datefromparts',
  'datename',
  'datepart',
  'datetime2fromparts',
  'datetimefromparts',
  'datetimeoffsetfromparts',
  'datetrunc',
  'day',
  'eomonth',
  'getdate',
  'getutcdate',
  'isdate',
  'month',
  'smalldatetimefromparts',
  'switchoffset',
  'sysdatetime',
  'sysdatetimeoffset',
  'sysutcdatetime',
  'timefromparts',
  'todatetimeoffset',
  'year',
];

// https://learn.microsoft.com/sql/t-sql/functions/graph-functions-transact-sql
const GRAPH = [
  'edge_id_from_parts',
  'graph_id_from_edge_id',
  'graph_id_from_node_id',
  'node_id_from_parts',
  'object_id_from_edge_id',
  'object_id_from_node_id',
];

// https://learn.microsoft.com/sql/t-sql/functions/json-functions-transact-sql (json_modify returns
// a changed copy of its text argument; it writes nothing)
const JSON_FUNCTIONS = [
  'isjson',
  'json_array',
  'json_arrayagg',
  'json_contains',
  'json_modify',
  'json_object',
  'json_objectagg',
  'json_path_exists',
  'json_query',
  'json_value',
];

// https://learn.microsoft.com/sql/t-sql/functions/logical-functions-choose-transact-sql and
// logical-functions-iif-transact-sql, logical-functions-greatest-transact-sql, logical-functions-least-transact-sql
const LOGICAL = ['choose', 'greatest', 'iif', 'least'];

// https://learn.microsoft.com/sql/t-sql/functions/mathematical-functions-transact-sql
const MATH = [
  'abs',
  'acos',
  'asin',
  'atan',
  'atn2',
  'ceiling',
  'cos',
  'cot',
  'degrees',
  'exp',
  'floor',
  'log',
  'log10',
  'pi',
  'power',
  'radians',
  'rand',
  'round',
  'sign',
  'sin',
  'sqrt',
  'square',
  'tan',
];

// https://learn.microsoft.com/sql/t-sql/functions/metadata-functions-transact-sql: names and
// properties of the database's own tables, columns, indexes and types.
const METADATA = [
  'col_length',
  'col_name',
  'columnproperty',
  'index_col',
  'indexkey_property',
  'indexproperty',
  'object_id',
  'object_name',
  'object_schema_name',
  'objectproperty',
  'objectpropertyex',
  'parsename',
  'schema_id',
  'schema_name',
  'stats_date',
  'type_id',
  'type_name',
  'typeproperty',
];

// https://learn.microsoft.com/sql/t-sql/functions/regular-expressions-functions-transact-sql
const REGEXP = ['regexp_count', 'regexp_instr', 'regexp_like', 'regexp_replace', 'regexp_substr'];

// https://learn.microsoft.com/sql/t-sql/functions/string-functions-transact-sql
const STRING = [
  'ascii',
  'base64_decode',
  'base64_encode',
  'char',
  'charindex',
  'concat',
  'concat_ws',
  'difference',
  'format',
  'left',
  'len',
  'lower',
  'ltrim',
  'nchar',
  'patindex',
  'quotename',
  'replace',
  'replicate',
  'reverse',
  'right',
  'rtrim',
  'soundex',
  'space',
  'str',
  'string_escape',
  'stuff',
  'substring',
  'translate',
  'trim',
  'unicode',
  'unistr',
  'upper',
];

// https://learn.microsoft.com/sql/t-sql/functions/edit-distance-transact-sql (fuzzy string matching)
const FUZZY_MATCH = ['edit_distance', 'edit_distance_similarity', 'jaro_winkler_distance', 'jaro_winkler_similarity'];

// https://learn.microsoft.com/sql/t-sql/functions/system-functions-transact-sql (the ones that only
// compute on their arguments; newid is a random version 4 GUID)
const SYSTEM = ['binary_checksum', 'checksum', 'coalesce', 'compress', 'decompress', 'formatmessage', 'isnull', 'isnumeric', 'newid', 'nullif'];

// https://learn.microsoft.com/sql/t-sql/functions/vector-functions-transact-sql
const VECTOR = ['vector_distance', 'vector_norm', 'vector_normalize', 'vectorproperty'];

// https://learn.microsoft.com/sql/t-sql/queries/contains-transact-sql and freetext-transact-sql:
// full-text predicates over the asker's own columns.
const FULL_TEXT = ['contains', 'freetext'];

// https://learn.microsoft.com/sql/t-sql/xml/xml-data-type-methods: query(), value() and exist()
// read an xml value (modify() is for UPDATE and is left out).
const XML_METHODS = ['exist', 'query', 'value'];

// https://learn.microsoft.com/sql/t-sql/data-types/hierarchyid-data-type-method-reference
// (Read and Write are CLR-only and left out)
const HIERARCHYID_METHODS = ['getancestor', 'getdescendant', 'getlevel', 'getreparentedvalue', 'getroot', 'isdescendantof', 'parse', 'tostring'];

// https://learn.microsoft.com/sql/t-sql/spatial-geometry/spatial-types-geometry-transact-sql and
// https://learn.microsoft.com/sql/t-sql/spatial-geography/spatial-types-geography (OGC and extended
// methods, static constructors and aggregates; properties such as STX or Lat are not calls)
const SPATIAL_METHODS = [
  'asbinaryzm',
  'asgml',
  'astextzm',
  'bufferwithcurves',
  'bufferwithtolerance',
  'collectionaggregate',
  'convexhullaggregate',
  'curvetolinewithtolerance',
  'envelopeaggregate',
  'envelopeangle',
  'envelopecenter',
  'filter',
  'geomfromgml',
  'instanceof',
  'isvaliddetailed',
  'makevalid',
  'mindbcompatibilitylevel',
  'numrings',
  'point',
  'reduce',
  'reorientobject',
  'ringn',
  'shortestlineto',
  'starea',
  'stasbinary',
  'stastext',
  'stboundary',
  'stbuffer',
  'stcentroid',
  'stcontains',
  'stconvexhull',
  'stcrosses',
  'stcurven',
  'stcurvetoline',
  'stdifference',
  'stdimension',
  'stdisjoint',
  'stdistance',
  'stendpoint',
  'stenvelope',
  'stequals',
  'stexteriorring',
  'stgeomcollfromtext',
  'stgeomcollfromwkb',
  'stgeometryn',
  'stgeometrytype',
  'stgeomfromtext',
  'stgeomfromwkb',
  'stinteriorringn',
  'stintersection',
  'stintersects',
  'stisclosed',
  'stisempty',
  'stisring',
  'stissimple',
  'stisvalid',
  'stlength',
  'stlinefromtext',
  'stlinefromwkb',
  'stmlinefromtext',
  'stmlinefromwkb',
  'stmpointfromtext',
  'stmpointfromwkb',
  'stmpolyfromtext',
  'stmpolyfromwkb',
  'stnumcurves',
  'stnumgeometries',
  'stnuminteriorring',
  'stnumpoints',
  'stoverlaps',
  'stpointfromtext',
  'stpointfromwkb',
  'stpointn',
  'stpointonsurface',
  'stpolyfromtext',
  'stpolyfromwkb',
  'strelate',
  'ststartpoint',
  'stsymdifference',
  'sttouches',
  'stunion',
  'stwithin',
  'tostring',
  'unionaggregate',
];

// Table functions that only shape their text argument or generate rows:
// https://learn.microsoft.com/sql/t-sql/functions/string-split-transact-sql,
// .../functions/openjson-transact-sql, .../functions/generate-series-transact-sql,
// .../functions/regexp-matches-transact-sql, .../functions/regexp-split-to-table-transact-sql,
// and the xml nodes() method (.../xml/nodes-method-xml-data-type), used with CROSS APPLY.
// .../functions/openxml-transact-sql: rows of an XML document that sp_xml_preparedocument parsed in
// the same session; that is an EXEC, which every hosted read is refused, so no session svc's
// statements run on holds a document of anyone's.
// .../queries/predict-transact-sql: native scoring of a model passed as a value (no external
// runtime; that is sp_execute_external_script, an EXEC); the table after its DATA = is checked as
// any relation (check-allow-list.ts).
const TABLE_FUNCTIONS = ['generate_series', 'nodes', 'openjson', 'openxml', 'predict', 'regexp_matches', 'regexp_split_to_table', 'string_split'];

// https://learn.microsoft.com/sql/relational-databases/system-information-schema-views/system-information-schema-views-transact-sql
const INFORMATION_SCHEMA = [
  'information_schema.check_constraints',
  'information_schema.column_domain_usage',
  'information_schema.columns',
  'information_schema.constraint_column_usage',
  'information_schema.constraint_table_usage',
  'information_schema.domain_constraints',
  'information_schema.domains',
  'information_schema.key_column_usage',
  'information_schema.referential_constraints',
  'information_schema.schemata',
  'information_schema.table_constraints',
  'information_schema.tables',
  'information_schema.view_column_usage',
  'information_schema.view_table_usage',
  'information_schema.views',
];

// https://learn.microsoft.com/sql/relational-databases/system-catalog-views/object-catalog-views-transact-sql
// and schemas-catalog-views, data-types-catalog-views, extended-properties-catalog-views: the
// database's own schemas, objects, tables, views, columns, types, keys and comments. Metadata
// visibility limits each to what the asker may see; sys.objects lists names and kinds only.
const CATALOG_VIEWS = [
  'sys.check_constraints',
  'sys.columns',
  'sys.computed_columns',
  'sys.default_constraints',
  'sys.extended_properties',
  'sys.foreign_key_columns',
  'sys.foreign_keys',
  'sys.index_columns',
  'sys.indexes',
  'sys.key_constraints',
  'sys.objects',
  'sys.schemas',
  'sys.table_types',
  'sys.tables',
  'sys.types',
  'sys.views',
];

/** Families Fabric's list starts from (fabric.ts removes what Fabric does not have). */
export const MSSQL_FAMILIES = {
  AGGREGATE,
  ANALYTIC,
  RANKING,
  BIT_MANIPULATION,
  COLLATION,
  CONVERSION,
  HASHING,
  DATA_TYPE,
  DATETIME,
  GRAPH,
  JSON_FUNCTIONS,
  LOGICAL,
  MATH,
  METADATA,
  REGEXP,
  STRING,
  FUZZY_MATCH,
  SYSTEM,
  VECTOR,
  FULL_TEXT,
  XML_METHODS,
  HIERARCHYID_METHODS,
  SPATIAL_METHODS,
  TABLE_FUNCTIONS,
  INFORMATION_SCHEMA,
  CATALOG_VIEWS,
} as const;

export const MSSQL_ALLOW: AllowList = {
  functions: sortedUnique(
    MSSQL_IDENTITY,
    AGGREGATE,
    ANALYTIC,
    RANKING,
    BIT_MANIPULATION,
    COLLATION,
    CONVERSION,
    HASHING,
    DATA_TYPE,
    DATETIME,
    GRAPH,
    JSON_FUNCTIONS,
    LOGICAL,
    MATH,
    METADATA,
    REGEXP,
    STRING,
    FUZZY_MATCH,
    SYSTEM,
    VECTOR,
    FULL_TEXT,
    XML_METHODS,
    HIERARCHYID_METHODS,
    SPATIAL_METHODS,
  ),
  tableFunctions: sortedUnique(TABLE_FUNCTIONS),
  relations: sortedUnique(INFORMATION_SCHEMA, CATALOG_VIEWS),
};
