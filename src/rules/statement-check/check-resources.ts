/**
 * Work without end (spec 03, query path item 9): a recursive CTE whose recursive member reads only
 * itself with no condition, or with one its own step never fails (recursion-condition.ts), grows
 * forever, and a row generator asked for more rows than any answer shows burns the warehouse for
 * nothing. Both are read from the statement's own tokens. Counted as bounds: a depth the engine
 * keeps by default (MySQL, T-SQL, ClickHouse), a LIMIT the engine stops the recursion at, a CYCLE
 * clause, and UNION without ALL over a member that makes no new values. A generator's count is
 * read when it is constant arithmetic.
 */
import { isNameToken, nameValue, type SqlToken } from '../../../grammar/sql/index.js';
import { neverEnds } from './recursion-condition.js';
import { afterClose, cteBodies, isPunct, isWord } from './statement-heads.js';

/**
 * Engines whose recursion stops at a default depth unless the statement lifts it: MySQL's
 * cte_max_recursion_depth, T-SQL's MAXRECURSION and ClickHouse's max_recursive_cte_evaluation_depth
 * (each 1000 or 100 by default).
 */
const DEPTH_BOUNDED = new Set(['mysql', 'mssql', 'fabric', 'clickhouse']);
/** The settings that lift those bounds, named anywhere in the statement. */
const DEPTH_SETTINGS = new Set(['cte_max_recursion_depth', 'max_recursive_cte_evaluation_depth', 'max_recursive_iterations']);
/** Engines that stop a recursive CTE once an outer LIMIT has its rows (DuckDB's own tests rely on it). */
const LIMIT_STOPS = new Set(['postgresql', 'sqlite', 'redshift', 'mysql', 'trino', 'athena', 'duckdb']);
/** Words that bound or filter the recursive member's rows. */
const BOUNDS = new Set(['where', 'join', 'limit', 'top', 'fetch', 'qualify', 'having']);

/** More rows than any answer holds: a generator asked for these many runs for nothing. */
export const MOST_GENERATED_ROWS = 1e9;

/** `unbounded` when the statement asks the engine for work without end, else null. */
export function resourceReason(tokens: readonly SqlToken[], driver: string): 'unbounded' | null {
  return endlessRecursion(tokens, driver) || hugeGenerator(tokens) ? 'unbounded' : null;
}

function endlessRecursion(tokens: readonly SqlToken[], driver: string): boolean {
  if (DEPTH_BOUNDED.has(driver) && !liftsDepth(tokens)) return false;
  for (const [at, open] of cteBodies(tokens)) {
    const name = nameValue(tokens[at] as SqlToken);
    const close = afterClose(tokens, open, tokens.length);
    // A CYCLE clause (`CYCLE n SET seen USING path`) ends the recursion at the first row seen twice.
    if (close < 0 || isWord(tokens[afterSearchOnly(tokens, close)], 'cycle') || !endlessMember(tokens, open + 1, close - 1, name)) continue;
    if (!(LIMIT_STOPS.has(driver) && tokens.slice(close).some((t) => isWord(t, 'limit')))) return true;
  }
  return false;
}

/** `OPTION (MAXRECURSION 0)`, `SET cte_max_recursion_depth`: the engine's bound taken away. */
function liftsDepth(tokens: readonly SqlToken[]): boolean {
  return tokens.some((t, i) => (isWord(t, 'maxrecursion') && tokens[i + 1]?.value === '0') || (t.kind === 'word' && DEPTH_SETTINGS.has(t.value)));
}

/** After a `SEARCH { BREADTH | DEPTH } FIRST BY ... SET col` clause at `k`, else `k`. */
function afterSearchOnly(tokens: readonly SqlToken[], k: number): number {
  if (!isWord(tokens[k], 'search')) return k;
  const set = tokens.findIndex((t, i) => i > k && isWord(t, 'set'));
  return set < 0 ? k : set + 2;
}

/**
 * The body between `from` and `to` ends with `UNION [ALL] SELECT ... FROM <name>` at its own level,
 * that member reading the CTE alone with nothing to stop it.
 */
function endlessMember(tokens: readonly SqlToken[], from: number, to: number, name: string): boolean {
  let union = -1;
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')')) depth--;
    else if (depth === 0 && isWord(tokens[i], 'union')) union = i;
  }
  if (union < 0) return false;
  const distinct = !isWord(tokens[union + 1], 'all');
  const member = tokens.slice(union + 1, to);
  const fromAt = member.findIndex((t) => isWord(t, 'from'));
  if (
    fromAt < 0 ||
    member.some((t, i) => t.kind === 'word' && BOUNDS.has(t.value) && !(t.value === 'where' && neverEnds(member.slice(i + 1), member.slice(0, fromAt))))
  )
    return false;
  // UNION without ALL keeps only rows not seen before: a member that makes no new values ends.
  if (distinct && !grows(member.slice(0, fromAt))) return false;
  // What the member reads: its FROM list, up to a condition of constants (which keeps every row).
  const whereAt = member.findIndex((t) => isWord(t, 'where'));
  const fromList = member.slice(fromAt + 1, whereAt < 0 ? member.length : whereAt);
  const read = fromList.filter((t) => isNameToken(t) && !isWord(t, 'as'));
  return read.length >= 1 && read.length <= 2 && nameValue(read[0] as SqlToken) === name && !fromList.some((t) => isPunct(t, ','));
}

/**
 * A select list that computes a new value each round (`n + 1`, `s || 'x'`, `n * 2`); a remainder
 * (`% 10`) cycles through a few values and ends under UNION.
 */
function grows(list: readonly SqlToken[]): boolean {
  if (list.some((t) => isOperator(t, '%') || isWord(t, 'mod'))) return false;
  // `*` after `(`, `,`, `.` or the member's first word is a star, not a product.
  return list.some(
    (t, i) =>
      isOperator(t, '+') ||
      isOperator(t, '||') ||
      (isOperator(t, '*') && i > 1 && !isPunct(list[i - 1], '(') && !isPunct(list[i - 1], ',') && !isPunct(list[i - 1], '.')),
  );
}

function isOperator(t: SqlToken | undefined, op: string): boolean {
  return t !== undefined && t.kind === 'operator' && t.value === op;
}

/**
 * Generators and how they take their row count: the span between the first and last argument
 * (`generate_series(1, n)`, `range(n)`), ClickHouse's offset then count (`numbers(n)`,
 * `numbers(offset, n[, step])`), or a named ROWCOUNT.
 */
const GENERATORS: ReadonlyMap<string, 'span' | 'count' | 'rowcount'> = new Map([
  ['generate_series', 'span'],
  ['range', 'span'],
  ['numbers', 'count'],
  ['numbers_mt', 'count'],
  ['zeros', 'count'],
  ['zeros_mt', 'count'],
  ['generator', 'rowcount'],
  ['sequence', 'span'],
  ['generate_array', 'span'],
]);

/** A generator asked for more than MOST_GENERATED_ROWS rows in plain numbers. */
function hugeGenerator(tokens: readonly SqlToken[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const how = tokens[i]?.kind === 'word' ? GENERATORS.get(tokens[i]?.value ?? '') : undefined;
    if (how === undefined || !isPunct(tokens[i + 1], '(')) continue;
    const close = afterClose(tokens, i + 1, tokens.length);
    if (close < 0) continue;
    const args = tokens.slice(i + 2, close - 1);
    if (rowsAsked(args, how) > MOST_GENERATED_ROWS) return true;
  }
  return false;
}

/** The rows a generator's arguments ask for, read from constant arithmetic only (0 when unsure). */
function rowsAsked(args: readonly SqlToken[], how: 'span' | 'count' | 'rowcount'): number {
  if (how === 'rowcount') {
    const at = args.findIndex((t) => isWord(t, 'rowcount'));
    const arrow = at < 0 ? -1 : args.findIndex((t, i) => i > at && (isOperator(t, '=>') || isOperator(t, '=')));
    return arrow < 0 ? 0 : constantOf(args.slice(arrow + 1)) || 0;
  }
  // Each argument a constant: a date range or a column says nothing plain about its length.
  const values = splitArgs(args).map((arg) => constantOf(unnamed(arg)));
  if (values.some((v) => Number.isNaN(v))) return 0;
  const [a = 0, b = 0, step = 1] = values;
  if (values.length === 1) return Math.abs(a);
  if (how === 'count') return Math.abs(b) / Math.max(1, Math.abs(step));
  return Math.abs(b - a) / Math.max(1, Math.abs(step));
}

/**
 * An argument without the name it is passed by (`stop => 100000000000`, Trino's and Snowflake's
 * named arguments; `:=` in PostgreSQL). Trino's sequence takes start, stop and step in that order
 * by name or by place, so names in their own order read as places.
 */
function unnamed(arg: readonly SqlToken[]): readonly SqlToken[] {
  return arg.length > 2 && isNameToken(arg[0]) && (isOperator(arg[1], '=>') || isOperator(arg[1], ':=')) ? arg.slice(2) : arg;
}

/** The arguments between top-level commas. */
function splitArgs(args: readonly SqlToken[]): SqlToken[][] {
  const out: SqlToken[][] = [[]];
  let depth = 0;
  for (const t of args) {
    if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) depth--;
    if (depth === 0 && isPunct(t, ',')) out.push([]);
    else out[out.length - 1]?.push(t);
  }
  return out;
}

/**
 * The value of constant arithmetic (`10 * 1000000000`, `1e10`, `(2 + 3) * 1000000000`), or NaN
 * when it holds anything else. Recursive descent over + - * / and parentheses.
 */
function constantOf(expr: readonly SqlToken[]): number {
  let i = 0;
  const atom = (): number => {
    const t = expr[i++];
    if (isOperator(t, '-')) return -atom();
    if (isOperator(t, '+')) return atom();
    if (isPunct(t, '(')) {
      const v = sum();
      return isPunct(expr[i++], ')') ? v : Number.NaN;
    }
    return t?.kind === 'number' ? Number(t.value) : Number.NaN;
  };
  const product = (): number => {
    let v = atom();
    while (isOperator(expr[i], '*') || isOperator(expr[i], '/')) v = isOperator(expr[i++], '*') ? v * atom() : v / atom();
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (isOperator(expr[i], '+') || isOperator(expr[i], '-')) v = isOperator(expr[i++], '+') ? v + product() : v - product();
    return v;
  };
  const v = expr.length === 0 ? Number.NaN : sum();
  return i === expr.length ? v : Number.NaN;
}
