/**
 * Work without end (spec 03, query path item 9): a recursive CTE whose recursive member reads only
 * itself with no condition grows forever, and a row generator asked for more rows than any answer
 * shows burns the warehouse for nothing. Both are read from the statement's own tokens; a bound the
 * engine keeps by default (MySQL's cte_max_recursion_depth, T-SQL's MAXRECURSION 100) or a LIMIT
 * the engine stops the recursion at counts as a bound.
 */
import { isNameToken, nameValue, type SqlToken } from '../../../grammar/sql/index.js';
import { afterClose, cteBodies, isPunct, isWord } from './statement-heads.js';

/** Engines whose recursion stops at a default depth unless the statement lifts it. */
const DEPTH_BOUNDED = new Set(['mysql', 'mssql', 'fabric']);
/** Engines that stop a recursive CTE once an outer LIMIT has its rows. */
const LIMIT_STOPS = new Set(['postgresql', 'sqlite', 'redshift', 'mysql', 'trino', 'athena']);
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
    if (close < 0 || !endlessMember(tokens, open + 1, close - 1, name)) continue;
    if (!(LIMIT_STOPS.has(driver) && tokens.slice(close).some((t) => isWord(t, 'limit')))) return true;
  }
  return false;
}

/** `OPTION (MAXRECURSION 0)`, `SET cte_max_recursion_depth`: the engine's bound taken away. */
function liftsDepth(tokens: readonly SqlToken[]): boolean {
  return tokens.some((t, i) => (isWord(t, 'maxrecursion') && tokens[i + 1]?.value === '0') || isWord(t, 'cte_max_recursion_depth'));
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
  const member = tokens.slice(union + 1, to);
  const fromAt = member.findIndex((t) => isWord(t, 'from'));
  if (fromAt < 0 || member.some((t) => t.kind === 'word' && BOUNDS.has(t.value))) return false;
  const read = member.slice(fromAt + 1).filter((t) => isNameToken(t) && !isWord(t, 'as'));
  return read.length >= 1 && read.length <= 2 && nameValue(read[0] as SqlToken) === name && !member.some((t) => isPunct(t, ','));
}

/** Generators given their row count as a number: the count's argument or named parameter. */
const GENERATORS: ReadonlyMap<string, 'last' | 'rowcount'> = new Map([
  ['generate_series', 'last'],
  ['range', 'last'],
  ['numbers', 'last'],
  ['numbers_mt', 'last'],
  ['zeros', 'last'],
  ['zeros_mt', 'last'],
  ['generator', 'rowcount'],
  ['sequence', 'last'],
  ['generate_array', 'last'],
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

/** The rows a generator's arguments ask for, read from plain numbers only (0 when unsure). */
function rowsAsked(args: readonly SqlToken[], how: 'last' | 'rowcount'): number {
  const numbers = args.filter((t) => t.kind === 'number').map((t) => Number(t.value));
  if (how === 'rowcount') {
    const at = args.findIndex((t) => isWord(t, 'rowcount'));
    const n = at < 0 ? undefined : args.slice(at + 1).find((t) => t.kind === 'number');
    return n === undefined ? 0 : Number(n.value);
  }
  // Only numbers: a date range or an expression says nothing plain about its length.
  if (args.some((t) => t.kind !== 'number' && !isPunct(t, ',') && t.value !== '-')) return 0;
  const [a, b] = numbers;
  if (numbers.length === 1) return Math.abs(a ?? 0);
  return Math.abs((b ?? 0) - (a ?? 0)) / Math.max(1, Math.abs(numbers[2] ?? 1));
}
