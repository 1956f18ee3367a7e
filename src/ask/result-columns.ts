/**
 * The columns a block's result has, read from its query the way its engine would name them:
 * the select list of the statement's first top-level SELECT (a CTE body or a subquery names
 * nothing the person sees), each item's alias, else its column name (`p.category` is
 * `category`). Read with the dialect lexer, so quoted names and comments are handled as the
 * engine handles them. Expressions without a name are left out: they give nothing to match.
 */
import { isNameToken, lexStatement, type SqlToken } from '../../grammar/sql/index.js';

/** `${name}` placeholders read as one parameter token; only the names of columns matter here. */
const PLACEHOLDER = /\$\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}/g;

/** The last query read: a block's contract asks for its columns, keys and sort one after another. */
let last: { query: string; driver: string; tokens: readonly SqlToken[] } | undefined;

function tokensOf(query: string, driver: string): readonly SqlToken[] {
  if (last?.query === query && last.driver === driver) return last.tokens;
  let tokens: readonly SqlToken[];
  try {
    tokens = lexStatement(query.replace(PLACEHOLDER, '?'), driver);
  } catch {
    tokens = [];
  }
  last = { query, driver, tokens };
  return tokens;
}

/** Index range [start, end) of the select list of the first top-level SELECT. */
function selectList(tokens: readonly SqlToken[]): [number, number] | undefined {
  let depth = 0;
  let start = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth !== 0 || t.kind !== 'word') continue;
    else if (start < 0 && t.value === 'select') start = i + 1;
    else if (start >= 0 && ['from', 'where', 'group', 'order', 'limit', 'union', 'having', 'window', 'into'].includes(t.value)) return [start, i];
  }
  return start < 0 ? undefined : [start, tokens.length];
}

/** The name an item of the select list gives its column, if any. */
function itemName(item: readonly SqlToken[]): string | undefined {
  const last = item[item.length - 1];
  if (last === undefined || !isNameToken(last) || (last.kind === 'word' && last.value === 'end')) return undefined;
  const before = item[item.length - 2];
  if (item.length === 1 || before?.text === '.' || (before?.kind === 'word' && before.value === 'as')) return last.value.toLowerCase();
  // `expr alias` without AS: a name right after a closing parenthesis or a value.
  if (before !== undefined && (before.text === ')' || before.kind === 'number' || before.kind === 'string' || isNameToken(before)))
    return last.value.toLowerCase();
  return undefined;
}

/** Result column names of the query, in order; [] when the query cannot be read. */
export function resultColumns(query: string, driver: string): string[] {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  if (range === undefined) return [];
  const out: string[] = [];
  let depth = 0;
  let item: SqlToken[] = [];
  for (let i = range[0]; i <= range[1]; i++) {
    const t = tokens[i];
    if (i === range[1] || t === undefined || (depth === 0 && t.text === ',')) {
      const name = itemName(item);
      if (name !== undefined && name !== '*') out.push(name);
      item = [];
      continue;
    }
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    item.push(t);
  }
  return out;
}

/** Items of a comma-separated top-level list starting at `from`, up to a clause word or the end. */
function listItems(tokens: readonly SqlToken[], from: number): SqlToken[][] {
  const items: SqlToken[][] = [[]];
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.text === '(') depth++;
    else if (t.text === ')') {
      if (depth === 0) break;
      depth--;
    } else if (
      depth === 0 &&
      t.kind === 'word' &&
      ['order', 'having', 'limit', 'window', 'qualify', 'union', 'intersect', 'except', 'offset'].includes(t.value)
    )
      break;
    if (depth === 0 && t.text === ',') items.push([]);
    else (items[items.length - 1] as SqlToken[]).push(t);
  }
  return items.filter((x) => x.length > 0);
}

const textOf = (item: readonly SqlToken[]): string => item.map((t) => t.text.toLowerCase()).join(' ');

/** The top-level GROUP BY after the first top-level select list, as its items. */
function groupByItems(tokens: readonly SqlToken[], range: [number, number]): SqlToken[][] | undefined {
  let depth = 0;
  for (let i = range[1]; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && t.value === 'group' && tokens[i + 1]?.kind === 'word' && tokens[i + 1]?.value === 'by')
      return listItems(tokens, i + 2);
  }
  return undefined;
}

/** The alias a select item gives exactly `item` (`c.id AS customer_id`, `c.id customer_id`). */
function aliasOf(selected: ReadonlyArray<{ item: readonly SqlToken[]; name: string | undefined }>, item: readonly SqlToken[]): string | undefined {
  const same = (s: readonly SqlToken[]) => item.every((t, i) => s[i]?.kind === t.kind && s[i]?.value === t.value);
  const aliased = (s: readonly SqlToken[]) =>
    s.length === item.length + 1 || (s.length === item.length + 2 && s[item.length]?.kind === 'word' && s[item.length]?.value === 'as');
  return selected.find((s) => s.name !== undefined && aliased(s.item) && same(s.item))?.name;
}

/**
 * The names of the result's grouping keys, in GROUP BY order: a position is the result column it
 * points at, a column its name, an expression the alias the select list gives it. Undefined when
 * the query has no top-level GROUP BY or cannot be read; an item it cannot name is left out.
 */
export function groupKeys(query: string, driver: string): string[] | undefined {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  if (range === undefined) return undefined;
  const items = groupByItems(tokens, range);
  if (items === undefined) return undefined;
  const selected = listItems(tokens.slice(range[0], range[1]), 0).map((item) => ({ item, name: itemName(item) }));
  const columns = resultColumns(query, driver);
  return items
    .map((item) => {
      const only = item.length === 1 ? (item[0] as SqlToken) : undefined;
      if (only?.kind === 'number') return columns[Number(only.text) - 1];
      const name = item.length === 1 || item[item.length - 2]?.text === '.' ? itemName(item) : undefined;
      // `GROUP BY c.id` of `c.id AS customer_id`: the result shows the key under its alias, the name owners use.
      if (name !== undefined) return aliasOf(selected, item) ?? name;
      // An expression grouped by: the select item holding the same expression names it.
      return selected.find((s) => s.name !== undefined && textOf(s.item).startsWith(textOf(item)))?.name;
    })
    .filter((k): k is string => k !== undefined);
}

/**
 * The result columns that show a grouping key under a name of their own (`r.full_name AS
 * rep_name` for `GROUP BY r.full_name`): where an owner declares the key's names. Empty when the
 * query has no top-level GROUP BY or cannot be read.
 */
export function groupedOutputs(query: string, driver: string): string[] {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  const items = range === undefined ? undefined : groupByItems(tokens, range);
  if (range === undefined || items === undefined) return [];
  const selected = listItems(tokens.slice(range[0], range[1]), 0).map((item) => ({ item, name: itemName(item) }));
  return items
    .map((item) => selected.find((s) => s.name !== undefined && textOf(s.item).startsWith(textOf(item)))?.name)
    .filter((k): k is string => k !== undefined);
}

/**
 * The result columns whose value is an aggregate `fn` of the rows (`ROUND(AVG(r.nights), 2) AS
 * alos_nights` for avg; `COUNT(*) AS stays` for count): what the engine computes them with, read
 * from the select list. A column mixing it with another aggregate (a ratio of sums) is not one.
 */
export function aggregatedOutputs(query: string, driver: string, fn: 'avg' | 'count'): string[] {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  if (range === undefined) return [];
  const AGGREGATES = new Set(['avg', 'count', 'sum', 'min', 'max']);
  const calls = (item: readonly SqlToken[]): string[] =>
    item.flatMap((t, i) => (t.kind === 'word' && AGGREGATES.has(t.value) && item[i + 1]?.text === '(' ? [t.value] : []));
  return listItems(tokens.slice(range[0], range[1]), 0)
    .filter((item) => {
      const used = calls(item);
      return used.length > 0 && used.every((c) => c === fn);
    })
    .map((item) => itemName(item))
    .filter((n): n is string => n !== undefined);
}

/** Aggregates that count distinct values by themselves (DuckDB, Trino, Spark, ClickHouse, Snowflake, BigQuery). */
const DISTINCT_COUNTS: ReadonlySet<string> = new Set([
  'approx_count_distinct',
  'approx_distinct',
  'count_distinct',
  'countdistinct',
  'hll_count',
  'ndv',
  'uniq',
  'uniqcombined',
  'uniqexact',
  'uniqhll12',
]);

/**
 * The result columns that count distinct values (`COUNT(DISTINCT g.id) AS guests`, ClickHouse's
 * `uniqExact(user_id)`): what "unique guests" or "distinct customers" asks of the rows. A column
 * that also divides (a ratio of two counts) is not one.
 */
export function distinctCountOutputs(query: string, driver: string): string[] {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  if (range === undefined) return [];
  const call = (item: readonly SqlToken[], i: number): boolean => item[i]?.kind === 'word' && item[i + 1]?.text === '(';
  const distinct = (item: readonly SqlToken[], i: number): boolean =>
    call(item, i) &&
    (DISTINCT_COUNTS.has(item[i]?.value ?? '') || (item[i]?.value === 'count' && item[i + 2]?.kind === 'word' && item[i + 2]?.value === 'distinct'));
  return listItems(tokens.slice(range[0], range[1]), 0)
    .filter((item) => item.some((_, i) => distinct(item, i)) && !item.some((t) => t.text === '/'))
    .map((item) => itemName(item))
    .filter((n): n is string => n !== undefined);
}

/**
 * The result columns whose value no sum of rows gives: an average, or a division over aggregates
 * (`1000.0 * SUM(revenue) / SUM(impressions) AS cpm_usd`): their figures per row do not add up
 * to one over all rows.
 */
export function ratioOutputs(query: string, driver: string): string[] {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  if (range === undefined) return [];
  const aggregate = (t: SqlToken, next: SqlToken | undefined): boolean =>
    t.kind === 'word' && ['avg', 'sum', 'count', 'median'].includes(t.value) && next?.text === '(';
  return listItems(tokens.slice(range[0], range[1]), 0)
    .filter((item) => {
      const calls = item.filter((t, i) => aggregate(t, item[i + 1])).map((t) => t.value);
      return calls.includes('avg') || calls.includes('median') || (calls.length > 0 && item.some((t) => t.text === '/'));
    })
    .map((item) => itemName(item))
    .filter((n): n is string => n !== undefined);
}

/** One key of the result's ORDER BY: the result column it sorts on (when it can be named) and its direction. */
export interface OrderKey {
  name?: string;
  desc: boolean;
}

const ORDER_TAIL = new Set(['asc', 'desc', 'nulls', 'first', 'last']);

/** Start of the list after the statement's last top-level ORDER BY (window and subquery sorts are inside parentheses). */
function orderByStart(tokens: readonly SqlToken[], from: number): number | undefined {
  let depth = 0;
  let found: number | undefined;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && t.value === 'order' && tokens[i + 1]?.kind === 'word' && tokens[i + 1]?.value === 'by') found = i + 2;
  }
  return found;
}

/**
 * The keys the result is sorted by, in ORDER BY order: a position is the result column it points
 * at, a name that column, an expression the alias the select list gives the same expression.
 * Undefined when the query has no top-level ORDER BY or cannot be read.
 */
export function orderKeys(query: string, driver: string): OrderKey[] | undefined {
  const tokens = tokensOf(query, driver);
  const range = selectList(tokens);
  const start = range === undefined ? undefined : orderByStart(tokens, range[1]);
  if (range === undefined || start === undefined) return undefined;
  const selected = listItems(tokens.slice(range[0], range[1]), 0).map((item) => ({ item, name: itemName(item) }));
  const columns = resultColumns(query, driver);
  return listItems(tokens, start).map((raw) => {
    const desc = raw.some((t) => t.kind === 'word' && t.value === 'desc');
    let end = raw.length;
    while (end > 0 && raw[end - 1]?.kind === 'word' && ORDER_TAIL.has((raw[end - 1] as SqlToken).value)) end--;
    const item = raw.slice(0, end);
    const only = item.length === 1 ? (item[0] as SqlToken) : undefined;
    const name =
      only?.kind === 'number'
        ? columns[Number(only.text) - 1]
        : item.length === 1 || item[item.length - 2]?.text === '.'
          ? // `ORDER BY o.hour` of `o.hour AS hour_of_day`: the result column shown, as GROUP BY reads it.
            (aliasOf(selected, item) ?? itemName(item))
          : selected.find((s) => s.name !== undefined && textOf(s.item).startsWith(textOf(item)))?.name;
    return { ...(name !== undefined ? { name } : {}), desc };
  });
}
