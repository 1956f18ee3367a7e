/**
 * Words the offline name check never takes for a column: the keywords, literal words, date
 * parts and type words of the engines whose schema a snapshot holds (SQLite, DuckDB, PostgreSQL,
 * ClickHouse). The list errs on the side of too many: a word here is at worst a column the check
 * does not look up, while a keyword missing from it could be reported as an unknown column.
 */

const WORDS = `
all and any anti array as asc asof at between both by case cast collate cross cube current
current_catalog current_date current_role current_schema current_time current_timestamp current_user
default desc distinct else end escape except exclude exists false filter final first following for
from full global glob group grouping groups having ilike in inner intersect interval is isnull join
last lateral leading left like limit localtime localtimestamp match natural not notnull null nulls
of offset on only or order outer over overlaps partition placing positional preceding prewhere
qualify range recursive regexp rlike replace right rollup row rows sample select semi session_user
set settings similar some symmetric table tablesample then ties to trailing true unbounded union
unique user using values variadic when where window with within without zone time timestamp date
year years month months day days hour hours minute minutes second seconds week weeks quarter
quarters millisecond milliseconds microsecond microseconds epoch dow doy isodow isoyear century
decade millennium timezone timezone_hour timezone_minute julian
int integer bigint smallint tinyint hugeint real float double precision decimal numeric boolean
bool varchar char character text string blob bytea json jsonb uuid varying
nocase binary rtrim totals cube format
`;

/** Keywords and other grammar words (lower case). */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w !== ''));

/**
 * The clause keywords a misspelt word is matched against: a word in a clause keyword's place
 * close to one of these is read as that keyword misspelt (`FORM sales`).
 */
export const CLAUSE_KEYWORDS: readonly string[] = ['from', 'group', 'having', 'join', 'limit', 'order', 'select', 'union', 'where'];
