/**
 * Names a read writes with a `(` after them that are SQL grammar, not catalog functions: the
 * SQL standard's keyword forms (CAST, EXTRACT, COALESCE, ...), value constructors, and the
 * names of types that take a length or a precision (`DECIMAL(10, 2)` in a CAST, `NVARCHAR(50)`
 * in an OPENJSON column list). No engine runs code for any of them beyond converting or
 * building a value from its arguments, which the check reads like any other expression.
 *
 * Each name is here because an engine's grammar defines it, not because a statement used it;
 * a name that is a function in one engine and grammar in another is on the engine's own list
 * (generated from its catalog or its vendor reference), not here.
 */

const each = (names: readonly string[], why: string): Record<string, string> => Object.fromEntries(names.map((name) => [name, why]));

/** SQL-standard keyword forms (SQL:2016 part 2, <cast specification>, <case abbreviation>, ...). */
const KEYWORD_FORMS: Record<string, string> = {
  cast: 'CAST(expr AS type) converts a value',
  try_cast: 'TRY_CAST(expr AS type) converts a value, NULL on failure',
  extract: 'EXTRACT(field FROM expr) takes a part of a date or time',
  coalesce: 'COALESCE(a, b, ...) is a CASE',
  nullif: 'NULLIF(a, b) is a CASE',
  greatest: 'GREATEST(a, b, ...) compares its arguments',
  least: 'LEAST(a, b, ...) compares its arguments',
  position: 'POSITION(a IN b) finds a substring',
  substring: 'SUBSTRING(s FROM i FOR n) takes a substring',
  trim: 'TRIM([LEADING | TRAILING | BOTH] c FROM s) trims a string',
  overlay: 'OVERLAY(s PLACING t FROM i FOR n) replaces part of a string',
  grouping: 'GROUPING(col) of GROUPING SETS, ROLLUP and CUBE',
  row: 'ROW(a, b, ...) builds a row value',
  array: 'ARRAY(subquery) and ARRAY[...] build an array from the values given',
  struct: 'STRUCT(a AS x, ...) builds a struct value',
  exists: 'EXISTS(subquery) tests whether the subquery the check reads returns a row',
  collate: 'COLLATE(expr, collation) sets the collation of a value',
  interval: 'INTERVAL(n unit) builds an interval value',
};

/** Types that take a length, precision or element type in parentheses. */
const TYPES = each(
  [
    'bigint',
    'binary',
    'bit',
    'bytes',
    'bignumeric',
    'bpchar',
    'char',
    'character',
    'date',
    'datetime',
    'datetime2',
    'datetime64',
    'datetimeoffset',
    'dec',
    'decimal',
    'decimal32',
    'decimal64',
    'decimal128',
    'decimal256',
    'double',
    'enum8',
    'enum16',
    'fixedstring',
    'float',
    'geography',
    'geometry',
    'int',
    'integer',
    'lowcardinality',
    'map',
    'nchar',
    'nested',
    'nullable',
    'number',
    'numeric',
    'nvarchar',
    'object',
    'real',
    'smallint',
    'string',
    'text',
    'time',
    'timestamp',
    'timestamp_ltz',
    'timestamp_ntz',
    'timestamp_tz',
    'timestamptz',
    'tinyint',
    'tuple',
    'varbinary',
    'varchar',
    'varchar2',
    'varying',
    'vector',
  ],
  'a type name: TYPE(n) gives a length, a precision or element types, or converts a value to the type',
);

/**
 * MATCH_RECOGNIZE's navigation and measure functions (SQL:2016 row pattern recognition; Snowflake,
 * Trino, Oracle): they read rows of the match the statement itself defines.
 */
const ROW_PATTERN = each(
  ['classifier', 'first', 'last', 'match_number', 'match_sequence_number', 'next', 'prev'],
  'a MATCH_RECOGNIZE navigation or measure function: reads rows of the match the statement defines',
);

/** Grammar names every dialect may write before `(`: keyword forms, parameterised types, row-pattern functions. */
export const GRAMMAR_FUNCTIONS: Readonly<Record<string, string>> = { ...TYPES, ...ROW_PATTERN, ...KEYWORD_FORMS };

/**
 * Table-position wrappers: `TABLE(flatten(...))` (Snowflake), `TABLE(exclude_columns(...))`
 * (Trino, Athena), `TABLE(...)` around a table function's call. What they wrap is a call the
 * check reads as any other.
 */
export const GRAMMAR_TABLE_FUNCTIONS: Readonly<Record<string, string>> = {
  table: 'TABLE(call) marks a table function call in a FROM clause; the call inside is checked like any other',
};
