/**
 * The default-deny gate (issue 25): every function, table function and system relation a
 * statement names must be on its dialect's allow list (`allow/`) or in the project's additions
 * (`statementCheck.allow` of the connection), else the statement is refused with the name. What
 * the project reads from its own tables is never refused by name: only the engine's own relations
 * are (see `allow/system-relations.ts`).
 *
 * A call is a name followed by `(`, except where the grammar makes it something else: a keyword
 * taking parentheses (`IN (`, `OVER (`, `WITH (NOLOCK)`), a type after AS or `::`, a CTE's or an
 * alias's column list. A qualified call is the engine's built-in only under the engine's own
 * namespaces (`pg_catalog.`, BigQuery's `SAFE.`, `NET.`, ...) or where the engine reads a dot as
 * a method on a value (DuckDB's `x.upper()`, T-SQL's `col.value(...)`); any other qualified call
 * is a user-defined function and needs the project's addition.
 */
import type { Driver, Relations, SqlToken } from '../../../grammar/sql/index.js';
import { isNameToken, nameValue } from '../../../grammar/sql/index.js';
import { clickhouseAggregateBase } from './allow/clickhouse.js';
import { MSSQL_IDENTITY_NILADIC } from './allow/connection-identity.js';
import { allowListOf } from './allow/index.js';
import { SYSTEM_RELATIONS, type SystemRelationRules, systemRelationKey } from './allow/system-relations.js';
import { cteNameIndexes, isPunct, isWord, openOf } from './statement-heads.js';

/** What a project adds to a connection's allow list (`statementCheck.allow` in svc.config.json). */
export interface StatementAllowance {
  /** User-defined scalar, aggregate and window functions (`name` or `schema.name`). */
  readonly functions?: readonly string[];
  /** User-defined table functions (`name` or `schema.name`). */
  readonly tableFunctions?: readonly string[];
  /** System relations the project may read (`schema.name` as the allow list keys them). */
  readonly relations?: readonly string[];
}

export type AllowReason = 'function-not-allowed' | 'table-function-not-allowed' | 'relation-not-allowed' | 'external-query' | 'stage';

export interface AllowRefusal {
  readonly reason: AllowReason;
  /** The name as the check read it (lower case, dotted). */
  readonly name: string;
}

/** Keywords that take parentheses and are never calls. */
const NOT_CALLS_SHARED = [
  'against',
  'all',
  'and',
  'any',
  'apply',
  'as',
  'between',
  'block',
  'by',
  'case',
  'columns',
  'cube',
  'desc',
  'describe',
  'distinct',
  'else',
  'escape',
  'except',
  'exclude',
  'explain',
  'filter',
  'for',
  'from',
  'group',
  'having',
  'ilike',
  'in',
  'include',
  'index',
  'interpolate',
  'intersect',
  'is',
  'join',
  'key',
  'lateral',
  'like',
  'limit',
  'match_condition',
  'match_recognize',
  'materialized',
  'measures',
  'minus',
  'name',
  'not',
  'null',
  'nulls',
  'of',
  'offset',
  'on',
  'only',
  'operator',
  'or',
  'order',
  'over',
  'partition',
  'passing',
  'pattern',
  'percent',
  'pivot',
  'prewhere',
  'qualify',
  'recursive',
  'rename',
  'repeatable',
  'rollup',
  'rows',
  'sample',
  'seed',
  'select',
  'sets',
  'show',
  'some',
  'summarize',
  'tablesample',
  'then',
  'to',
  'union',
  'unpivot',
  'using',
  'values',
  'when',
  'where',
  'window',
  'with',
  'within',
  'xmlnamespaces',
  'xor',
];

/** Where MySQL's select modifiers stand: after SELECT, DISTINCT, ALL or another modifier. */
const MYSQL_SELECT_MODIFIER_AFTER = [
  'select',
  'distinct',
  'distinctrow',
  'all',
  'straight_join',
  'sql_no_cache',
  'sql_cache',
  'sql_calc_found_rows',
  'high_priority',
  'sql_small_result',
  'sql_big_result',
  'sql_buffer_result',
];

/** T-SQL: query hints, FOR XML / FOR JSON options and table hints that take parentheses. */
const TSQL_NOT_CALLS = ['option', 'hint', 'top', 'xmlnamespaces', 'path', 'root', 'raw', 'auto', 'explicit', 'elements', 'contained', 'forceseek'];

const NOT_CALLS_BY_DRIVER: Partial<Record<Driver, readonly string[]>> = {
  mssql: TSQL_NOT_CALLS,
  fabric: TSQL_NOT_CALLS,
  snowflake: ['at', 'before', 'changes', 'end'],
  // EXTRACT(WEEK(MONDAY) FROM d), DATE_TRUNC(d, WEEK(SUNDAY)): a date part.
  bigquery: ['week'],
  // MySQL's reserved words (no function can take their name unquoted): `t1 STRAIGHT_JOIN (t2 ...)`,
  // `SELECT HIGH_PRIORITY (a) ...`.
  mysql: ['straight_join', 'high_priority', 'sql_small_result', 'sql_big_result', 'sql_calc_found_rows'],
  // Table function arguments: DESCRIPTOR(a, b) names columns.
  trino: ['descriptor'],
  athena: ['descriptor'],
  // A reserved word, never a function's name: JSON_VALUE(... DEFAULT (expr) ON EMPTY).
  postgresql: ['default'],
};

/** DuckDB's sampling methods, after SAMPLE or TABLESAMPLE: `USING SAMPLE reservoir(50 ROWS)`. */
const SAMPLING_METHODS = { reservoir: ['sample', 'tablesample'], bernoulli: ['sample', 'tablesample'], system: ['sample', 'tablesample'] };

/**
 * Words that take parentheses as a clause only right after the word that opens the clause; anywhere
 * else the same word followed by `(` is a call, which the allow list decides (so a function of that
 * name added by a later release is not let through unread). `'string'` stands for a string literal,
 * `'relation'` for the last token of a relation in a table position.
 */
const NOT_CALLS_AFTER: Partial<Record<Driver, Readonly<Record<string, readonly string[]>>>> = {
  // DuckDB time travel: `FROM t AT (VERSION => 3)`, after the relation's name.
  duckdb: { ...SAMPLING_METHODS, at: ['relation'] },
  file: SAMPLING_METHODS,
  // Snowflake's sampling methods: `SAMPLE SYSTEM (10) SEED (7)`, `TABLESAMPLE BERNOULLI (5 ROWS)`.
  snowflake: Object.fromEntries(['bernoulli', 'row', 'system', 'block'].map((m) => [m, ['sample', 'tablesample']])),
  // EXPLAIN SYNTAX (...), EXPLAIN QUERY TREE (...), SELECT * EXCEPT STRICT (a, b).
  clickhouse: {
    syntax: ['explain'],
    ast: ['explain'],
    plan: ['explain'],
    pipeline: ['explain'],
    estimate: ['explain'],
    tree: ['query'],
    strict: ['except', 'replace'],
  },
  // SELECT SQL_NO_CACHE (...), EXPLAIN EXTENDED (...), { OJ ... }.
  mysql: {
    ...Object.fromEntries(['sql_no_cache', 'sql_cache', 'sql_buffer_result'].map((w) => [w, MYSQL_SELECT_MODIFIER_AFTER])),
    extended: ['explain', 'describe', 'desc'],
    oj: ['{'],
  },
  // INTERVAL '1.2' SECOND(2), HOUR TO SECOND(3): a field's precision.
  postgresql: { second: ['to', 'string', 'interval'] },
};

/** Qualifiers under which a call is the engine's built-in function. */
const BUILTIN_NAMESPACES: Partial<Record<Driver, readonly string[]>> = {
  postgresql: ['pg_catalog', 'information_schema'],
  redshift: ['pg_catalog', 'information_schema'],
  bigquery: ['safe', 'net', 'hll_count', 'kll_quantiles', 'aead', 'keys', 'deterministic_encrypt'],
  // The sys schema's formatting functions (allow/mysql.ts); its other names stay refused by the family table.
  mysql: ['sys'],
};

/**
 * Qualifiers under which any name is harmless: T-SQL's `$PARTITION.pf(x)` asks a partition
 * function (a metadata object mapping a value to a partition number; it runs no code) for a number.
 */
const ANY_NAME_NAMESPACES: Partial<Record<Driver, readonly string[]>> = { mssql: ['$partition'], fabric: ['$partition'] };

/** Functions allowed only with no argument (`SUSER_SNAME()`): with one they name any principal. */
const NILADIC_BY_DRIVER: Partial<Record<Driver, readonly string[]>> = { mssql: MSSQL_IDENTITY_NILADIC, fabric: MSSQL_IDENTITY_NILADIC };

/** Engines where any function may stand where a table does (`FROM substring('x' FROM 2)`). */
const FUNCTIONS_AS_TABLES: ReadonlySet<Driver> = new Set(['postgresql', 'redshift']);

/** Engines that read `value.f(...)` as a call of the built-in `f` on the value. */
const METHOD_CALLS: ReadonlySet<Driver> = new Set(['duckdb', 'file', 'mssql', 'fabric']);
/**
 * Engines that read `(expr).f(...)` as the built-in `f` on the value (BigQuery's chained
 * function calls): only after a parenthesised expression or a string literal, where no dataset
 * can stand (BigQuery quotes names with backticks, so `"a".f(` is never a path).
 */
const PAREN_METHOD_CALLS: ReadonlySet<Driver> = new Set(['bigquery']);

/**
 * How a quoted call name matches a built-in: `lower` (PostgreSQL: only a lower-case quoted name
 * is the built-in), `upper` (Snowflake), `any` (the engine matches function names without case).
 */
const QUOTED_FOLD: Partial<Record<Driver, 'lower' | 'upper'>> = { postgresql: 'lower', redshift: 'lower', snowflake: 'upper' };

export interface CompiledAllow {
  readonly driver: Driver;
  readonly calls: ReadonlySet<string>;
  readonly tableFunctions: ReadonlySet<string>;
  readonly relations: ReadonlySet<string>;
  readonly notCalls: ReadonlySet<string>;
  /** Words that are a clause, not a call, only after one of the listed tokens. */
  readonly notCallsAfter: ReadonlyMap<string, ReadonlySet<string>>;
  readonly namespaces: ReadonlySet<string>;
  readonly anyName: ReadonlySet<string>;
  readonly niladic: ReadonlySet<string>;
  readonly methods: boolean;
  readonly parenMethods: boolean;
  readonly quotedFold: 'lower' | 'upper' | undefined;
  readonly system: SystemRelationRules;
  /** The system rules' schemas, catalogs and exact names, as one set (a first cheap test). */
  readonly systemWords: ReadonlySet<string>;
  /** First character codes of the system rules' prefixes. */
  readonly prefixStarts: ReadonlySet<number>;
  /** ClickHouse: the allowed aggregate under a run of combinators (`sumIf` is `sum`). */
  readonly base?: (name: string) => string | undefined;
}

const compiled = new Map<Driver, CompiledAllow>();

/** The compiled gate of `driver`, built once. */
export function allowOf(driver: Driver): CompiledAllow {
  let c = compiled.get(driver);
  if (c === undefined) {
    const list = allowListOf(driver);
    c = {
      driver,
      calls: new Set([...list.functions, ...list.tableFunctions]),
      tableFunctions: new Set(FUNCTIONS_AS_TABLES.has(driver) ? [...list.functions, ...list.tableFunctions] : list.tableFunctions),
      relations: new Set(list.relations),
      notCalls: new Set([...NOT_CALLS_SHARED, ...(NOT_CALLS_BY_DRIVER[driver] ?? [])]),
      notCallsAfter: new Map(Object.entries(NOT_CALLS_AFTER[driver] ?? {}).map(([w, after]) => [w, new Set(after)])),
      namespaces: new Set(BUILTIN_NAMESPACES[driver] ?? []),
      anyName: new Set(ANY_NAME_NAMESPACES[driver] ?? []),
      niladic: new Set(NILADIC_BY_DRIVER[driver] ?? []),
      methods: METHOD_CALLS.has(driver),
      parenMethods: PAREN_METHOD_CALLS.has(driver),
      quotedFold: QUOTED_FOLD[driver],
      system: SYSTEM_RELATIONS[driver],
      prefixStarts: new Set(SYSTEM_RELATIONS[driver].prefixes.map((p) => p.charCodeAt(0))),
      systemWords: new Set([...SYSTEM_RELATIONS[driver].schemas, ...(SYSTEM_RELATIONS[driver].catalogs ?? []), ...(SYSTEM_RELATIONS[driver].names ?? [])]),
      ...(driver === 'clickhouse' ? { base: clickhouseAggregateBase } : {}),
    };
    compiled.set(driver, c);
  }
  return c;
}

/** The project's additions, lower case, as sets. */
interface Additions {
  readonly functions: ReadonlySet<string>;
  readonly tableFunctions: ReadonlySet<string>;
  readonly relations: ReadonlySet<string>;
}

const NO_ADDITIONS: Additions = { functions: new Set(), tableFunctions: new Set(), relations: new Set() };
const additionsMemo = new WeakMap<StatementAllowance, Additions>();

function additionsOf(allow: StatementAllowance | undefined): Additions {
  if (allow === undefined) return NO_ADDITIONS;
  let a = additionsMemo.get(allow);
  if (a === undefined) {
    const lower = (names: readonly string[] | undefined) => new Set((names ?? []).map((n) => n.toLowerCase()));
    a = { functions: lower(allow.functions), tableFunctions: lower(allow.tableFunctions), relations: lower(allow.relations) };
    additionsMemo.set(allow, a);
  }
  return a;
}

/** True when `added` names the dotted `parts` in full, or, for an entry without a dot, their last part. */
function added(set: ReadonlySet<string>, parts: readonly string[]): boolean {
  if (set.size === 0) return false;
  if (set.has(parts.join('.'))) return true;
  for (let i = 1; i < parts.length; i++) if (set.has(parts.slice(i).join('.'))) return true;
  return false;
}

/**
 * MATCH_RECOGNIZE's `PERMUTE(A, B)` at `i`, inside a `PATTERN (...)`: a row pattern operator
 * (any order of the variables), not a call. A `permute(...)` anywhere else is a call.
 */
function patternPermute(tokens: readonly SqlToken[], i: number): boolean {
  if (!isWord(tokens[i], 'permute')) return false;
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (isPunct(tokens[k], ')')) depth++;
    else if (isPunct(tokens[k], '(') && --depth < 0) {
      if (isWord(tokens[k - 1], 'pattern')) return true;
      depth = 0;
    }
  }
  return false;
}

/**
 * The AS at `as` defines a MATCH_RECOGNIZE pattern variable (`DEFINE A AS f(x) > 0`): what
 * follows is a condition, whose calls are calls, not a type. Found by DEFINE at the same level.
 */
function definesVariable(tokens: readonly SqlToken[], as: number): boolean {
  let depth = 0;
  for (let k = as - 1; k >= 0; k--) {
    const t = tokens[k] as SqlToken;
    if (t.kind === 'punctuation' && t.value === ')') depth++;
    else if (t.kind === 'punctuation' && t.value === '(' && --depth < 0) return false;
    else if (depth === 0 && t.kind === 'word' && t.value === 'define') return true;
  }
  return false;
}

interface Positions {
  /** Last token of each relation named in a table position. */
  readonly relationEnds: ReadonlySet<number>;
  /** Whether the name at an index is one a WITH list defines (read once, when first asked). */
  readonly cteName: (i: number) => boolean;
}

/**
 * The name at `i` (followed by `(`) is not a call: a keyword, a type, a CTE's column list, or
 * an alias's column list (`FROM t x(a, b)`, `FROM f() AS g(x)`, `FROM (SELECT ...) s(a)`).
 */
function notACall(tokens: readonly SqlToken[], first: number, i: number, gate: CompiledAllow, pos: Positions): boolean {
  const t = tokens[i] as SqlToken;
  if (first === i && t.kind === 'word' && (gate.notCalls.has(t.value) || clauseWord(tokens, i, gate, pos))) return true;
  if (first === i && patternPermute(tokens, i)) return true;
  const prev = tokens[first - 1];
  if (prev === undefined) return false;
  if (prev.kind === 'word' && prev.value === 'tablesample') return true;
  if (prev.kind === 'word' && prev.value === 'as' && !definesVariable(tokens, first - 1)) return true;
  if (prev.kind === 'operator' && prev.value === '::') return true;
  // Oracle-style outer join marker: `c2 (+)`.
  if (tokens[i + 2]?.kind === 'operator' && tokens[i + 2]?.value === '+' && isPunct(tokens[i + 3], ')')) return true;
  // A CTE's name and column list (`WITH name (cols) AS (`, Spark's `WITH name (SELECT ...)`).
  if (first === i && (isWord(prev, 'with') || isWord(prev, 'recursive') || isPunct(prev, ',')) && pos.cteName(i)) return true;
  if (first !== i) return false;
  // T-SQL's `WITH (FORCESEEK (ix (a, b)))`: an index name and its columns.
  if (isPunct(prev, '(') && isWord(tokens[first - 2], 'forceseek')) return true;
  // An alias with its column list after a relation, a table function or a derived table, or
  // after UNNEST(...) WITH ORDINALITY.
  if (pos.relationEnds.has(first - 1) || isWord(prev, 'ordinality')) return true;
  // After `)` a name and `(` can only be an alias's column list (`VALUES (1) t(a)`,
  // `(SELECT ...) s(a)`, `f() g(x)`), except after DISTINCT ON (...) and TOP (...), where the
  // select list begins.
  if (isPunct(prev, ')')) {
    const open = openOf(tokens, first - 1);
    const before = tokens[open - 1];
    return open >= 0 && !(isWord(before, 'on') || isWord(before, 'top'));
  }
  return false;
}

/** The token before `i` ends a relation or its alias (`FROM t AT (...)`, `FROM t AS a AT (...)`, `FROM t a AT (...)`). */
function afterRelation(tokens: readonly SqlToken[], i: number, pos: Positions): boolean {
  if (pos.relationEnds.has(i - 1)) return true;
  if (!isNameToken(tokens[i - 1])) return false;
  return pos.relationEnds.has(i - 2) || (isWord(tokens[i - 2], 'as') && pos.relationEnds.has(i - 3));
}

/** The word at `i` opens a clause here: it stands right after a token its clause follows. */
function clauseWord(tokens: readonly SqlToken[], i: number, gate: CompiledAllow, pos: Positions): boolean {
  const after = gate.notCallsAfter.get((tokens[i] as SqlToken).value);
  const prev = tokens[i - 1];
  if (after === undefined || prev === undefined) return false;
  if (prev.kind === 'string') return after.has('string');
  if (after.has('relation') && afterRelation(tokens, i, pos)) return true;
  return after.has(prev.value.toLowerCase());
}

/** The call's name parts, from the first part at `first` to `i`; null for a method on a value. */
function callParts(tokens: readonly SqlToken[], i: number): { parts: string[]; first: number; method: boolean } {
  let first = i;
  while (isPunct(tokens[first - 1], '.') && isNameToken(tokens[first - 2])) first -= 2;
  // T-SQL's `$PARTITION.pf(x)`: `$PARTITION` reads as a parameter, not a name.
  const qualifier = tokens[first - 2];
  if (isPunct(tokens[first - 1], '.') && first === i && qualifier?.kind === 'parameter' && qualifier.value.toLowerCase() === '$partition')
    return { parts: ['$partition', nameValue(tokens[i] as SqlToken)], first: first - 2, method: false };
  const method = isPunct(tokens[first - 1], '.');
  const parts: string[] = [];
  for (let k = first; k <= i; k += 2) parts.push(nameValue(tokens[k] as SqlToken));
  return { parts, first, method };
}

/** The quoted last part does not spell the built-in the engine would find (`"LOWER"` in PostgreSQL). */
function quotedOtherCase(token: SqlToken, fold: 'lower' | 'upper' | undefined): boolean {
  if (token.kind === 'word' || fold === undefined) return false;
  return fold === 'lower' ? token.value !== token.value.toLowerCase() : token.value !== token.value.toUpperCase();
}

/** Is the call at `i` (its parts) one of the engine's own functions in `set`? */
function builtin(tokens: readonly SqlToken[], i: number, parts: readonly string[], method: boolean, set: ReadonlySet<string>, gate: CompiledAllow): boolean {
  const name = parts[parts.length - 1] as string;
  if (parts.length === 2 && !method && gate.anyName.has(parts[0] as string)) return true;
  if (!set.has(name) && (gate.base === undefined || gate.base(name) === undefined)) return false;
  if (quotedOtherCase(tokens[i] as SqlToken, gate.quotedFold)) return false;
  if (parts.length === 1 && !method) return true;
  if (gate.methods) return true;
  if (gate.parenMethods && parts.length === 1 && method && (isPunct(tokens[i - 2], ')') || tokens[i - 2]?.kind === 'string')) return true;
  return parts.slice(0, -1).every((p) => gate.namespaces.has(p)) && !method;
}

/** Words after which a call stands where a table does. */
const TABLE_POSITION = new Set(['from', 'join', 'apply', 'lateral']);

/** Shared by statements naming no relation: never written to. */
const EMPTY: Set<number> = new Set();

/** What both passes of the gate read. */
interface Context {
  readonly tokens: readonly SqlToken[];
  readonly gate: CompiledAllow;
  readonly extra: Additions;
  readonly fileReader: (name: string) => boolean;
}

/** Relations in table positions: system relations on the list, table functions on theirs. */
function relationReason(c: Context, relations: Relations, relationEnds: Set<number>, tableCallOpens: Set<number>): AllowRefusal | null {
  const { tokens, gate, extra } = c;
  for (const ref of relations.refs) {
    const text = ref.kind === 'other' ? textRelation(gate.driver, tokens[ref.first]) : null;
    if (text !== null) return text;
    if (ref.kind === 'name') {
      relationEnds.add(ref.last);
      const key = systemRelationKey(gate.system, ref.parts);
      if (key === 'other-server') return { reason: 'external-query', name: ref.parts.join('.') };
      const listed = key === null || gate.relations.has(key) || (gate.driver === 'sqlite' && gate.tableFunctions.has(key));
      if (!listed && !added(extra.relations, [key]) && !added(extra.relations, ref.parts)) return { reason: 'relation-not-allowed', name: key };
    } else if (ref.kind === 'function') {
      tableCallOpens.add(ref.last + 1);
      const { parts, method } = callParts(tokens, ref.last);
      const reader = parts.length === 1 && c.fileReader(parts[0] as string);
      if (!builtin(tokens, ref.last, parts, method, gate.tableFunctions, gate) && !added(extra.tableFunctions, parts) && !reader)
        return { reason: 'table-function-not-allowed', name: parts.join('.') };
    }
  }
  return null;
}

/**
 * Snowflake reads a string in a table position that starts with `@` as a stage (`FROM
 * '@stage/path'`, quoted for a path with spaces) and one with a scheme as an external location:
 * files, refused as stages. SQLite's strings there are names (the SQLite reading turns them into
 * quoted names); other engines reject a string there.
 */
/** A Snowflake string naming staged files: a stage (`@stage/path`) or an external location (`s3://...`). */
export function namesStage(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('@') || t.includes('://');
}

function textRelation(driver: Driver, t: SqlToken | undefined): AllowRefusal | null {
  if (driver !== 'snowflake' || t?.kind !== 'string') return null;
  return namesStage(t.value) ? { reason: 'stage', name: t.value } : null;
}

/**
 * T-SQL's `PREDICT(MODEL = m, DATA = t AS d)` reads the relation after `DATA =`, a position the
 * relation reader does not know: that name passes the same system-relation rules as any other.
 */
function predictDataReason(c: Context): AllowRefusal | null {
  const { tokens, gate, extra } = c;
  if (gate.driver !== 'mssql' && gate.driver !== 'fabric') return null;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!isWord(tokens[i], 'data') || tokens[i + 1]?.value !== '=' || !isNameToken(tokens[i + 2])) continue;
    const parts = [nameValue(tokens[i + 2] as SqlToken)];
    for (let k = i + 3; isPunct(tokens[k], '.') && isNameToken(tokens[k + 1]); k += 2) parts.push(nameValue(tokens[k + 1] as SqlToken));
    const key = systemRelationKey(gate.system, parts);
    if (key === 'other-server') return { reason: 'external-query', name: parts.join('.') };
    if (key !== null && !gate.relations.has(key) && !added(extra.relations, [key]) && !added(extra.relations, parts))
      return { reason: 'relation-not-allowed', name: key };
  }
  return null;
}

/**
 * `model!` before a call: Snowflake's method of an instance of a class (`model!PREDICT(...)`), the
 * project's own object, named in the refusal as such; '' for any other call.
 */
function instanceMethod(tokens: readonly SqlToken[], first: number): string {
  const bang = tokens[first - 1];
  const owner = tokens[first - 2];
  return bang?.kind === 'operator' && bang.value === '!' && owner !== undefined && isNameToken(owner) ? `${nameValue(owner)}!` : '';
}

/** Every call of the statement: on the list, the project's, or a file reader the family check passed. */
function callReason(c: Context, pos: Positions, tableCallOpens: Set<number>): AllowRefusal | null {
  const { tokens, gate, extra } = c;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!isPunct(tokens[i + 1], '(')) continue;
    const t = tokens[i] as SqlToken;
    // The common case first: an unqualified word naming a listed function.
    if (t.kind === 'word' && gate.calls.has(t.value) && !isPunct(tokens[i - 1], '.')) continue;
    if (!isNameToken(t) || tableCallOpens.has(i + 1)) continue;
    const { parts, first, method } = callParts(tokens, i);
    if (notACall(tokens, first, i, gate, pos)) continue;
    if (builtin(tokens, i, parts, method, gate.calls, gate)) continue;
    if (parts.length === 1 && !method && isPunct(tokens[i + 2], ')') && gate.niladic.has(parts[0] as string)) continue;
    if (added(extra.functions, parts) || added(extra.tableFunctions, parts)) continue;
    if (parts.length === 1 && !method && c.fileReader(parts[0] as string)) continue;
    // Without the relation reader's positions, a call right after FROM, JOIN or APPLY is a table function.
    const before = tokens[first - 1];
    const table = before?.kind === 'word' && TABLE_POSITION.has(before.value);
    return { reason: table ? 'table-function-not-allowed' : 'function-not-allowed', name: instanceMethod(tokens, first) + parts.join('.') };
  }
  return null;
}

/**
 * The first name the allow list does not cover, or null. `fileReader(name)`: the family table's
 * file readers (DuckDB's read_csv, ...). The family check has already refused every reader whose
 * paths are not plain paths inside the connection's allowed folders, so a reader that reaches
 * this gate reads only there.
 */
export function allowListReason(
  tokens: readonly SqlToken[],
  relations: Relations,
  gate: CompiledAllow,
  allow: StatementAllowance | undefined,
  fileReader: (name: string) => boolean,
): AllowRefusal | null {
  const c: Context = { tokens, gate, extra: additionsOf(allow), fileReader };
  const none = relations.refs.length === 0;
  const relationEnds: Set<number> = none ? EMPTY : new Set<number>();
  const tableCallOpens: Set<number> = none ? EMPTY : new Set<number>();
  // PREDICT's DATA table can be a system relation only where the relation reader ran.
  const denied = relationReason(c, relations, relationEnds, tableCallOpens) ?? (none ? null : predictDataReason(c));
  if (denied !== null) return denied;
  // SHOW's operands are names and options, never calls (`SHOW TBLPROPERTIES t (key)`); what SHOW
  // may show is the family table's to decide.
  if (isWord(tokens[0], 'show')) return null;
  // `DESCRIBE FUNCTION f(NUMBER, NUMBER)` names a signature, it calls nothing.
  if ((isWord(tokens[0], 'describe') || isWord(tokens[0], 'desc')) && (isWord(tokens[1], 'function') || isWord(tokens[1], 'procedure'))) return null;
  let ctes: Set<number> | undefined;
  const cteName = (i: number) => (ctes ??= cteNameIndexes(tokens)).has(i);
  return callReason(c, { relationEnds, cteName }, tableCallOpens);
}
