/**
 * Labels one statement by what it does, from its leading keywords and structure (tokens from
 * lexer.mjs). The labels, most telling first:
 *
 * - `write`: heads INSERT, UPDATE, DELETE, MERGE, UPSERT, REPLACE, CREATE, DROP, ALTER, TRUNCATE,
 *   COPY, GRANT, REVOKE, COMMENT, RENAME, REFRESH, VACUUM, ANALYZE, OPTIMIZE, UNLOAD, LOAD DATA,
 *   EXPORT, IMPORT, PUT, REMOVE, PostgreSQL's REPACK, REASSIGN OWNED and SECURITY LABEL, MySQL's
 *   REPAIR, ...
 *   (label-tables.mjs WRITE_HEADS); a WITH list whose statement is
 *   one of those; and any read holding a data change in parentheses (`(DELETE ...`), an INTO
 *   (SELECT ... INTO, INTO OUTFILE), a row lock (FOR UPDATE / SHARE / NO KEY UPDATE / KEY SHARE,
 *   LOCK IN SHARE MODE, T-SQL UPDLOCK / HOLDLOCK / TABLOCK / ... hints).
 * - `state`: heads SET, RESET, USE, PRAGMA, ATTACH, DETACH, INSTALL, LOAD (an extension), CALL,
 *   EXEC, EXECUTE, PREPARE, BEGIN, START, COMMIT, ROLLBACK, END, SAVEPOINT, DECLARE, FETCH, LOCK,
 *   KILL, SYSTEM, CACHE, XA, STOP, UNINSTALL, ... (STATE_HEADS).
 * - `read-effect`: a read that also does something: calls a function with a side effect (nextval,
 *   setval, pg_sleep, sleep, advisory locks, set_config, setseed, NEXT VALUE FOR, PostgreSQL's
 *   administration functions: pg_stat_reset*, statistics import and clearing, replication slots
 *   and origins, backups, WAL replay, pg_export_snapshot, pg_log_*, ...), reads
 *   files, object stores or URLs (read_*, glob, file(), url(), s3(), pg_read_file, OPENROWSET, a
 *   string or storage path in FROM, a Snowflake @stage), reaches other databases, services or
 *   models or runs text as a query (dblink, *_scan of other engines, remote(), EXTERNAL_QUERY,
 *   query(), IDENTIFIER(), Snowflake TABLE('name'), query_to_xml, ai_*, SYSTEM$*, xp_*), assigns a
 *   variable (MySQL `@x :=`, T-SQL `SELECT @x = ...`) or sets ClickHouse query SETTINGS or a MySQL
 *   SET_VAR hint. A string after FROM counts as a file on DuckDB and Snowflake only (SQLite reads
 *   it as a name), and not inside a call (`TRIM(x FROM 'y')`).
 * - `read-system`: a read of the server's record of sessions, queries, users, privileges and
 *   settings: pg_stat*, pg_settings, performance_schema, information_schema's privileges,
 *   processlist, variables and jobs, sys.dm_*, ClickHouse / Databricks / Trino `system.*`,
 *   Redshift STL/STV/SVL/SVV/SYS views, SNOWFLAKE.*, queryinsights.*, duckdb_*() and pragma_*()
 *   functions and views that expose settings, secrets, databases, logs, memory and extensions,
 *   current_setting(), `@@` variables, Snowflake `$name` session variables, PostgreSQL's SHOW (a
 *   run-time parameter) and WAL, control-file, lock and memory functions, ClickHouse's SHOW
 *   PROCESSLIST / SETTINGS / GRANTS / USERS / ROLES / QUOTAS / ... and getServerSetting(),
 *   filesystem*(), MySQL's SHOW VARIABLES / STATUS / GRANTS / PROCESSLIST / PROFILE / ENGINE /
 *   MASTER / SLAVE / BINLOG / ... (SHOW_SYSTEM). The check refuses
 *   these on purpose; they are reported apart from plain reads. (Catalogs of tables and columns,
 *   information_schema.tables / columns, ClickHouse system.tables / columns and its generators
 *   system.numbers / primes / unicode / ... stay plain reads.)
 * - `read`: anything else headed SELECT, WITH ... SELECT, VALUES, TABLE, FROM-first (pipe syntax
 *   included), PIVOT / UNPIVOT, SUMMARIZE; SHOW of tables, columns, schemas, databases, views,
 *   functions, partitions, indexes and their CREATE text; DESCRIBE of a table, view, schema or
 *   read; EXPLAIN (without ANALYZE) of a read; ClickHouse's EXISTS [TABLE] name. ClickHouse's
 *   DESCRIBE of a table function (`DESC file('x.csv')`) is labelled by what the function does.
 * - `other`: anything unsure: other SHOW and DESCRIBE forms, EXPLAIN ANALYZE, EXPLAIN of a
 *   non-read, control flow (IF, WHILE, RETURN), Snowflake's `->>` chaining, pipe CALL, MySQL
 *   executable comments, unknown heads, and expressions that are not statements.
 */
import {
  CLICKHOUSE_PLAIN_SYSTEM,
  DESCRIBE_OTHER,
  DRIVER_FUNCTIONS,
  EFFECT_FUNCTIONS,
  EFFECT_PREFIX_READS,
  EFFECT_PREFIXES,
  EXPLAIN_WORDS,
  EXTERNAL_FUNCTIONS,
  EXTERNAL_PREFIXES,
  FILE_FUNCTIONS,
  FILE_PREFIXES,
  INNER_WRITES,
  LOCK_HINTS,
  MAIN_HEADS,
  NOT_CALLS,
  READ_HEADS,
  REDSHIFT_SYSTEM,
  SHOW_CREATE_REFUSED,
  SHOW_MODIFIERS,
  SHOW_OBJECTS,
  SHOW_SYSTEM,
  STATE_HEADS,
  STRING_FROM_DRIVERS,
  SYSTEM_CATALOG_DRIVERS,
  SYSTEM_FUNCTION_NAMES,
  SYSTEM_FUNCTIONS,
  SYSTEM_NAMES,
  WRITE_HEADS,
} from './label-tables.mjs';

const isP = (t, v) => t !== undefined && t.k === 'p' && t.v === v;
const isW = (t, v) => t !== undefined && t.k === 'w' && t.v === v;
const isName = (t) => t !== undefined && (t.k === 'w' || t.k === 'q');
const result = (kind, why) => ({ kind, why });
const RANK = { other: 4, write: 3, 'read-effect': 2, 'read-system': 1 };

/** `{ kind, why }` for one statement's tokens. */
export function label(tokens, driver) {
  let h = 0;
  while (isP(tokens[h], '(') || tokens[h]?.k === 'h') h++;
  const t = tokens[h];
  if (t === undefined || t.k !== 'w') return result('other', 'no head word');
  if (t.v === 'load' && isW(tokens[h + 1], 'data')) return result('write', 'head:load data');
  if (t.v === 'security' && isW(tokens[h + 1], 'label')) return result('write', 'head:security label');
  // ClickHouse's `EXISTS [TEMPORARY] [TABLE | DICTIONARY | DATABASE | VIEW] name` answers 0 or 1.
  if (t.v === 'exists' && driver === 'clickhouse') return readContent(tokens, driver) ?? result('read', 'exists');
  if (WRITE_HEADS.has(t.v)) return result('write', `head:${t.v}`);
  if (STATE_HEADS.has(t.v)) return result('state', `head:${t.v}`);
  if (t.v === 'show') return labelShow(tokens, h, driver);
  if (t.v === 'describe' || t.v === 'desc') return labelDescribe(tokens, h, driver);
  if (t.v === 'explain') return labelExplain(tokens, h, driver);
  if (!READ_HEADS.has(t.v)) return result('other', `head:${t.v}`);
  if (t.v === 'with') {
    const main = mainHead(tokens, h);
    if (main < 0) return result('other', 'with: no statement found');
    if (!READ_HEADS.has(tokens[main].v)) return result('write', `with:${tokens[main].v}`);
  }
  return readContent(tokens, driver) ?? result('read', t.v);
}

/** Words that may begin the statement after a WITH list (COMMENT also names a Trino routine's comment). */
const AFTER_WITH = new Set([...MAIN_HEADS, ...WRITE_HEADS].filter((w) => w !== 'comment'));

/** The statement after a WITH list: the first statement word outside parentheses. */
function mainHead(tokens, h) {
  let depth = 0;
  for (let j = h + 1; j < tokens.length; j++) {
    const t = tokens[j];
    if (isP(t, '(')) depth++;
    else if (isP(t, ')')) depth--;
    // ClickHouse's `WITH replace(s, 'a', 'b') AS x SELECT ...`: a write word called as a function is no statement.
    else if (depth === 0 && t.k === 'w' && AFTER_WITH.has(t.v) && !isW(tokens[j + 1], 'as') && (READ_HEADS.has(t.v) || !isP(tokens[j + 1], '('))) return j;
  }
  return -1;
}

function labelShow(tokens, h, driver) {
  let j = h + 1;
  while (tokens[j]?.k === 'w' && SHOW_MODIFIERS.has(tokens[j].v) && tokens[j + 1]?.k === 'w') j++;
  const t = tokens[j];
  if (t === undefined || t.k !== 'w') return SHOW_SYSTEM[driver] === 'any' ? result('read-system', 'system:show') : result('other', 'show');
  if (t.v === 'create') {
    const what = tokens[j + 1]?.v ?? '';
    return SHOW_CREATE_REFUSED.has(what) ? result('other', `show create ${what}`) : (readContent(tokens, driver) ?? result('read', 'show create'));
  }
  if (SHOW_OBJECTS.has(t.v)) return readContent(tokens, driver) ?? result('read', `show ${t.v}`);
  const system = SHOW_SYSTEM[driver];
  return system === 'any' || system?.has(t.v) ? result('read-system', `system:show ${t.v}`) : result('other', `show ${t.v}`);
}

function labelDescribe(tokens, h, driver) {
  const t = tokens[h + 1];
  if (t === undefined) return result('other', 'describe');
  // ClickHouse describes a table function's result: `DESC file('x.csv')` reads the file to do so.
  const fn = isW(t, 'table') ? h + 2 : h + 1;
  if (driver === 'clickhouse' && isName(tokens[fn]) && isP(tokens[fn + 1], '(')) return readContent(tokens, driver) ?? result('read', 'describe');
  if (t.k === 'w' && DESCRIBE_OTHER.has(t.v)) return result('other', `describe ${t.v}`);
  // Delta's DESCRIBE HISTORY lists who ran each operation on a table: the record of users.
  if (driver === 'databricks' && t.k === 'w' && t.v === 'history' && !isP(tokens[h + 2], '.')) return result('read-system', 'system:describe history');
  if (t.k === 'w' && t.v !== 'table' && (READ_HEADS.has(t.v) || WRITE_HEADS.has(t.v) || STATE_HEADS.has(t.v))) {
    const inner = label(tokens.slice(h + 1), driver);
    return inner.kind === 'read' ? result('read', 'describe read') : result('other', `describe ${inner.kind}`);
  }
  return readContent(tokens, driver) ?? result('read', 'describe');
}

function labelExplain(tokens, h, driver) {
  let j = h + 1;
  let analyze = false;
  for (;;) {
    const t = tokens[j];
    if (t === undefined) break;
    if (t.k === 'w' && EXPLAIN_WORDS.has(t.v)) analyze ||= t.v === 'analyze' || t.v === 'analyse';
    else if (t.k === 'n' || t.k === 's' || (t.k === 'o' && t.v === '=') || isP(t, ',')) analyze ||= false;
    // ClickHouse's settings of EXPLAIN: `EXPLAIN QUERY TREE run_passes = 1, dump_ast = 1 SELECT ...`.
    else if (isName(t) && tokens[j + 1]?.k === 'o' && tokens[j + 1].v === '=') j++;
    else if (isP(t, '(') && !READ_HEADS.has(tokens[j + 1]?.v)) {
      const close = closing(tokens, j);
      analyze ||= tokens.slice(j, close).some((x) => isW(x, 'analyze') || isW(x, 'analyse'));
      j = close;
    } else break;
    j++;
  }
  if (analyze) return result('other', 'explain analyze');
  const rest = tokens.slice(j);
  if (rest.length === 0) return result('other', 'explain');
  const head = rest[0];
  if (isName(head) && !READ_HEADS.has(head.v) && !WRITE_HEADS.has(head.v) && !STATE_HEADS.has(head.v)) return result('read', 'explain table');
  const inner = label(rest, driver);
  return inner.kind === 'read' ? result('read', 'explain') : result('other', `explain ${inner.kind}`);
}

function closing(tokens, open) {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    if (isP(tokens[j], '(')) depth++;
    if (isP(tokens[j], ')') && --depth === 0) return j;
  }
  return tokens.length;
}

/** The most telling finding inside a read (null when it only reads). */
function readContent(tokens, driver) {
  let best = null;
  for (let i = 0; i < tokens.length; i++) {
    const found = tokenFinding(tokens, i, driver);
    if (found !== null && (best === null || RANK[found.kind] > RANK[best.kind])) best = found;
    if (best !== null && best.kind === 'other') break;
  }
  return best;
}

function tokenFinding(tokens, i, driver) {
  const t = tokens[i];
  if (t.k === 'p') return t.v === '(' ? innerWrite(tokens, i) : null;
  if (t.k === 'w') return wordFinding(tokens, i, driver) ?? nameFinding(tokens, i, driver);
  if (t.k === 'q') return pathTable(tokens, i, driver) ?? nameFinding(tokens, i, driver);
  if (t.k === 's') return stringFinding(tokens, i, driver);
  if (t.k === 'o' && t.v === '\\') return result('other', 'client meta-command');
  if (t.k === 'v') return variableFinding(tokens, i, driver);
  if (t.k === 'o') return operatorFinding(tokens, i, driver);
  if (t.k === 'h') return hintFinding(t);
  return null;
}

/** MySQL runs the text of `/*! ... *\/`; a `SET_VAR` hint changes a setting for the statement. */
function hintFinding(t) {
  if (t.v.startsWith('/*!')) return result('other', 'executable comment');
  return t.v.includes('set_var') ? result('read-effect', 'setting:SET_VAR hint') : null;
}

/** Words after which DuckDB and Snowflake read a string (or DuckDB a quoted path) as a file. */
const FILE_AFTER = new Set(['from', 'join', 'describe', 'desc', 'summarize', 'show']);

/** A string read as a file: `FROM 'data.csv'` (not TRIM(x FROM 'y'), x IS DISTINCT FROM 'y', ...). */
function stringFinding(tokens, i, driver) {
  const prev = tokens[i - 1];
  if (!STRING_FROM_DRIVERS.has(driver) || prev?.k !== 'w' || !FILE_AFTER.has(prev.v)) return null;
  // FOR SYSTEM_TIME FROM '...', IS DISTINCT FROM '...', Snowflake SHOW ... LIMIT n FROM 'name'.
  if (isW(tokens[i - 2], 'system_time') || isW(tokens[i - 2], 'distinct') || isW(tokens[i - 3], 'limit') || insideCall(tokens, i - 1)) return null;
  return result('read-effect', 'file:string in FROM');
}

/** Whether token `i` sits inside a function call's parentheses. */
function insideCall(tokens, i) {
  let depth = 0;
  for (let j = i - 1; j >= 0; j--) {
    if (isP(tokens[j], ')')) depth++;
    else if (isP(tokens[j], '(') && depth-- === 0) return isName(tokens[j - 1]) && !NOT_CALLS.has(tokens[j - 1].v);
  }
  return false;
}

/** `name(` as a call, not a CTE's column list (`name(a, b) AS (`) or an alias's (`AS t(a, b)`). */
function isCall(tokens, i) {
  if (!isP(tokens[i + 1], '(') || isW(tokens[i - 1], 'as')) return false;
  const close = closing(tokens, i + 1);
  const after = tokens[close + 1];
  return !(isW(after, 'as') && (isP(tokens[close + 2], '(') || isW(tokens[close + 2], 'materialized') || isW(tokens[close + 2], 'not')));
}

function innerWrite(tokens, i) {
  const t = tokens[i + 1];
  if (t === undefined || t.k !== 'w' || !INNER_WRITES.has(t.v)) return null;
  const next = tokens[i + 2];
  if (next !== undefined && (next.k === 'o' || isP(next, '(') || isP(next, ')') || isP(next, ',') || isP(next, '.'))) return null;
  return result('write', `inner:${t.v}`);
}

function wordFinding(tokens, i, driver) {
  const t = tokens[i];
  const next = tokens[i + 1]?.v;
  // DuckDB's `UNPIVOT t ON a, b INTO NAME n VALUE v` names the result's columns; it stores nothing.
  const unpivot = (driver === 'duckdb' || driver === 'file') && (tokens[0]?.v === 'unpivot' || tokens[0]?.v === 'pivot_longer');
  if (t.v === 'into' && !(unpivot && next === 'name')) return result('write', 'into');
  if (
    t.v === 'for' &&
    (next === 'update' || next === 'share' || (next === 'no' && tokens[i + 2]?.v === 'key') || (next === 'key' && tokens[i + 2]?.v === 'share'))
  )
    return result('write', 'lock:for update/share');
  if (t.v === 'lock' && next === 'in' && tokens[i + 2]?.v === 'share') return result('write', 'lock:in share mode');
  if ((driver === 'mssql' || driver === 'fabric') && LOCK_HINTS.has(t.v)) return result('write', `lock:${t.v}`);
  if (t.v === 'next' && next === 'value' && tokens[i + 2]?.v === 'for') return result('read-effect', 'effect:next value for');
  if ((t.v === 'nextval' || t.v === 'currval') && isP(tokens[i - 1], '.')) return result('read-effect', `effect:${t.v}`);
  const arg = tokens[i + 2];
  if (driver === 'snowflake' && t.v === 'table' && isP(tokens[i + 1], '(') && arg !== undefined && (['s', 'v', 'x'].includes(arg.k) || arg.v === ':'))
    return result('read-effect', 'external:TABLE(text)');
  if (driver === 'clickhouse' && t.v === 'settings' && tokens[i + 1]?.k === 'w' && tokens[i + 2]?.v === '=') return result('read-effect', 'setting:SETTINGS');
  // Spark's script transform: `SELECT TRANSFORM(a) USING 'cat'` runs a program for the rows.
  if (driver === 'databricks' && t.v === 'using' && tokens[i + 1]?.k === 's') return result('read-effect', 'effect:script transform');
  return null;
}

/** The dotted name ending at `i` (quotes dropped, lower case). */
function qualifiedName(tokens, i) {
  const parts = [];
  let j = i;
  while (isName(tokens[j])) {
    const t = tokens[j];
    parts.unshift(t.k === 'q' ? t.v.slice(1, -1).toLowerCase() : t.v);
    if (!isP(tokens[j - 1], '.')) break;
    j -= 2;
  }
  return parts.join('.');
}

function nameFinding(tokens, i, driver) {
  if (isP(tokens[i + 1], '.')) return null;
  const name = qualifiedName(tokens, i);
  if (isCall(tokens, i)) return functionFinding(name, driver);
  if (SYSTEM_NAMES.some((re) => re.test(name)) || SYSTEM_FUNCTION_NAMES.some((re) => re.test(name))) return result('read-system', `system:${name}`);
  // `system.one.dummy` is a column of system.one: the table is the name's first two parts.
  const table = name.split('.').slice(0, 2).join('.');
  if (SYSTEM_CATALOG_DRIVERS.has(driver) && name.startsWith('system.') && !CLICKHOUSE_PLAIN_SYSTEM.test(table)) return result('read-system', `system:${name}`);
  if (driver === 'redshift' && REDSHIFT_SYSTEM.test(name)) return result('read-system', `system:${name}`);
  return null;
}

function functionFinding(name, driver) {
  const last = name.slice(name.lastIndexOf('.') + 1);
  const only = Object.hasOwn(DRIVER_FUNCTIONS, last) ? DRIVER_FUNCTIONS[last] : undefined;
  if (only !== undefined)
    return only.drivers.includes(driver) ? result(`read-${only.finding === 'file' ? 'effect' : 'system'}`, `${only.finding}:${last}`) : null;
  const has = (set, prefixes) => set.has(last) || prefixes.some((p) => last.startsWith(p));
  if (has(EFFECT_FUNCTIONS, EFFECT_PREFIXES) && !EFFECT_PREFIX_READS.has(last)) return result('read-effect', `effect:${last}`);
  if (has(FILE_FUNCTIONS, FILE_PREFIXES)) return result('read-effect', `file:${last}`);
  if (has(EXTERNAL_FUNCTIONS, EXTERNAL_PREFIXES)) return result('read-effect', `external:${last}`);
  if (SYSTEM_FUNCTIONS.has(last) || SYSTEM_FUNCTION_NAMES.some((re) => re.test(last) || re.test(name))) return result('read-system', `system:${last}()`);
  if (SYSTEM_NAMES.some((re) => re.test(name))) return result('read-system', `system:${name}()`);
  return null;
}

/** Spark's file formats, which name a path table: parquet.`examples/users.parquet`. */
const SPARK_FORMATS = new Set(['parquet', 'json', 'csv', 'orc', 'text', 'delta', 'avro', 'binaryfile', 'xml']);

/** Path tables: Spark's parquet.`/data/x`, delta.`s3://...`; DuckDB's FROM "data/x.parquet". */
function pathTable(tokens, i, driver) {
  const inner = tokens[i].v.slice(1, -1);
  if (/^(\/|~\/|\.\.?\/|[a-z][a-z0-9+]*:\/)/i.test(inner)) return result('read-effect', 'file:path table');
  const format = isP(tokens[i - 1], '.') ? tokens[i - 2] : undefined;
  if (tokens[i].v.startsWith('`') && format?.k === 'w' && SPARK_FORMATS.has(format.v)) return result('read-effect', 'file:path table');
  const prev = tokens[i - 1];
  const duckdbPath = /\/|\.(csv|tsv|parquet|json|jsonl|ndjson|gz|zst|txt|arrow|xlsx|db|duckdb|sqlite)$/i.test(inner);
  if (STRING_FROM_DRIVERS.has(driver) && duckdbPath && prev?.k === 'w' && FILE_AFTER.has(prev.v)) return result('read-effect', 'file:quoted path');
  return null;
}

function variableFinding(tokens, i, driver) {
  const t = tokens[i];
  if (t.v.startsWith('@@')) return result('read-system', 'system:@@variable');
  if (driver === 'snowflake') return t.v.startsWith('$') ? result('read-system', 'system:session variable') : result('read-effect', 'file:stage');
  const next = tokens[i + 1];
  if (next?.k === 'o' && next.v === ':=') return result('read-effect', 'effect:variable assignment');
  const prev = tokens[i - 1];
  // `=` or a compound assignment (`+=`, read as one operator or as `+` and `=`).
  const assigns = next?.v === '=' || /^[-+*/%&|^]=$/.test(next?.v ?? '') || (/^[-+*/%&|^]$/.test(next?.v ?? '') && tokens[i + 2]?.v === '=');
  if ((driver === 'mssql' || driver === 'fabric') && assigns && (isW(prev, 'select') || isP(prev, ',')))
    return result('read-effect', 'effect:variable assignment');
  return null;
}

function operatorFinding(tokens, i, driver) {
  const t = tokens[i];
  if (driver === 'snowflake' && t.v.includes('->>')) return result('other', 'flow operator');
  if (driver === 'snowflake' && t.v.startsWith('@')) return result('read-effect', 'file:stage');
  if (t.v === '|>' && isW(tokens[i + 1], 'call')) return result('other', 'pipe call');
  return null;
}
