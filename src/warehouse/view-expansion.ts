/**
 * Views read as what they read (issue 27): before a hosted statement is judged, each view it
 * names is replaced by the view's own query, read from the engine's catalog, so the statement
 * check, the host's row policy and the tables a person may read all judge the tables underneath,
 * and what runs is exactly what was judged (a view redefined later is not run unjudged). The
 * names inside a view's query are written fully qualified, as the engine resolves them from the
 * view, so no CTE of the person's statement can stand in for them. Every other relation is
 * reported under the name the engine's catalog resolves it to (a PostgreSQL search_path
 * included).
 *
 * Fails closed: a view whose definition cannot be read or placed, a materialized view whose rows
 * are kept apart from its query, a name that cannot be quoted, or views nested past a bound
 * refuse the statement (ROW_POLICY_REFUSED, `view-unreadable`).
 */
import { lexStatement, type SqlToken } from '../../grammar/sql/index.js';
import type { ConnectionConfig } from '../compiler/project/config.js';
import { namingDefaults, type RelationParts, relationParts, type StatementRelation } from '../hooks/relation-names.js';
import type { RelationFacts, RelationLookup } from './connectors/connector.js';
import { StatementError } from './types.js';

/** Asks the engine's catalog about one relation (cached by the caller). */
export type DescribeRelation = (lookup: RelationLookup) => Promise<RelationFacts>;

/**
 * The columns of a table a view reads that the person may see and those hidden, when the host
 * hides some (undefined when it hides none): `table` catalog-qualified, `view` the view reading it.
 */
export type VisibleColumns = (table: readonly string[], view: string) => Promise<{ shown: string[]; hidden: string[] } | undefined>;

/** How the catalog is read for one statement: relations described, and a table's columns narrowed to what the person may see. */
interface Reader {
  describe: DescribeRelation;
  narrow?: VisibleColumns;
}

/** The statement with its views replaced, and its relations as the engine resolves them. */
export interface ExpandedStatement {
  sql: string;
  relations: StatementRelation[];
  /** The views replaced, catalog-qualified, each once. */
  views: string[];
}

/** Views replaced in one statement at most: past it a chain of views is refused, not followed. */
const MAX_VIEWS = 32;
/** Words that may follow a relation where it has no alias of its own. */
const NOT_ALIAS = new Set([
  'all',
  'anti',
  'any',
  'array',
  'asof',
  'connect',
  'cross',
  'except',
  'fetch',
  'final',
  'for',
  'format',
  'full',
  'global',
  'group',
  'having',
  'inner',
  'intersect',
  'into',
  'join',
  'lateral',
  'left',
  'limit',
  'minus',
  'natural',
  'offset',
  'on',
  'order',
  'outer',
  'paste',
  'pivot',
  'positional',
  'prewhere',
  'qualify',
  'returning',
  'right',
  'sample',
  'select',
  'semi',
  'set',
  'settings',
  'start',
  'tablesample',
  'then',
  'union',
  'unpivot',
  'using',
  'values',
  'when',
  'where',
  'window',
]);
/** Words before a relation where only a name may stand (a subquery may not take its place). */
const NAME_ONLY = new Set(['table', 'describe', 'desc', 'summarize', 'show', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer', 'only']);
const QUERY_START = new Set(['select', 'with', 'values', 'from', 'table']);

export function viewRefused(message: string): StatementError {
  return new StatementError('ROW_POLICY_REFUSED', message, 'view-unreadable');
}

/** A name part written so every engine reads it as that exact name. */
function quoted(part: string): string {
  // A control character in a name is refused, not quoted.
  if (/["\\\u0000-\u001f]/.test(part)) throw viewRefused('A relation this statement reads has a name that cannot be written safely, so nothing ran.');
  return `"${part}"`;
}

const qualifiedText = (parts: readonly string[]): string => parts.map(quoted).join('.');

/** The query a view's catalog text holds, and the column names it renames its result to. */
export function viewQuery(definition: string, driver: string): { query: string; columns?: string[] } {
  const tokens = lexStatement(definition, driver);
  const meaningful = tokens.at(-1)?.value === ';' ? tokens.slice(0, -1) : tokens;
  const last = meaningful.at(-1);
  if (last === undefined) throw viewRefused('A view this statement reads has no definition svc could read, so nothing ran.');
  if (meaningful[0]?.value !== 'create') return { query: definition.slice(meaningful[0]?.start ?? 0, last.end) };
  const as = bodyStart(meaningful);
  if (as < 0) throw viewRefused('A view this statement reads has a definition svc could not read, so nothing ran.');
  const query = definition.slice((meaningful[as + 1] as SqlToken).start, last.end);
  const columns = driver === 'clickhouse' ? undefined : columnList(meaningful, as);
  return columns === undefined ? { query } : { query, columns };
}

/** Index of the AS that begins a CREATE VIEW's query: the first at the outer level followed by a query. */
function bodyStart(tokens: readonly SqlToken[]): number {
  let depth = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i] as SqlToken;
    if (t.value === '(') depth++;
    else if (t.value === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && t.value === 'as') {
      const next = tokens[i + 1] as SqlToken;
      if (next.value === '(' || (next.kind === 'word' && QUERY_START.has(next.value))) return i;
    }
  }
  return -1;
}

/** The names of `CREATE VIEW v (a, b) AS`: a parenthesised list of plain names just before AS. */
function columnList(tokens: readonly SqlToken[], as: number): string[] | undefined {
  if (tokens[as - 1]?.value !== ')') return undefined;
  let open = as - 1;
  while (open > 0 && tokens[open]?.value !== '(') open--;
  const inside = tokens.slice(open + 1, as - 1);
  const names = inside.filter((_, i) => i % 2 === 0);
  const commas = inside.filter((_, i) => i % 2 === 1);
  if (
    names.length === 0 ||
    !names.every((t) => t.kind === 'word' || t.kind === 'quoted-name' || t.kind === 'string-or-name') ||
    !commas.every((t) => t.value === ',')
  )
    return undefined;
  return names.map((t) => t.value);
}

/** The first token at or after `offset`, and the last one before it. */
function around(tokens: readonly SqlToken[], start: number, end: number): { before?: SqlToken; after?: SqlToken } {
  const at = tokens.findIndex((t) => t.start >= end);
  const first = tokens.findIndex((t) => t.start >= start);
  return { ...(first > 0 ? { before: tokens[first - 1] as SqlToken } : {}), ...(at >= 0 ? { after: tokens[at] as SqlToken } : {}) };
}

function hasAlias(after: SqlToken | undefined): boolean {
  if (after === undefined) return false;
  if (after.kind === 'quoted-name') return true;
  return after.kind === 'word' && (after.value === 'as' || !NOT_ALIAS.has(after.value));
}

/**
 * The view's query with each relation it reads written as the engine resolves it from the view,
 * and each table whose columns the host hides for the person read as only the columns they may
 * see (under the table's name, or the alias the query gives it), so a `*` shows no more. A view
 * whose query names a hidden column is refused: it would show that column under any name.
 */
async function qualifiedQuery(query: string, driver: string, container: readonly string[], reader: Reader, view: string): Promise<string> {
  const inner = relationParts(query, driver, container);
  const facts = await Promise.all(inner.map((r) => reader.describe({ parts: r.parts, qualified: r.qualified })));
  const tokens = reader.narrow === undefined ? [] : lexStatement(query, driver);
  let out = query;
  for (let i = inner.length - 1; i >= 0; i--) {
    const r = inner[i] as RelationParts;
    const f = facts[i] as RelationFacts;
    const visible = f.view === undefined ? await reader.narrow?.(f.parts, view) : undefined;
    if (visible !== undefined && namesAny(tokens, visible.hidden))
      throw viewRefused('A view this statement reads shows columns hidden from you on the tables under it, so nothing ran.');
    const text = visible === undefined ? qualifiedText(f.parts) : narrowed(f.parts, visible.shown, hasAlias(around(tokens, r.start, r.end).after));
    out = `${out.slice(0, r.start)}${text}${out.slice(r.end)}`;
  }
  return out;
}

/** True when a name in `tokens` is one of `names` (compared without case: a near miss counts). */
function namesAny(tokens: readonly SqlToken[], names: readonly string[]): boolean {
  const hidden = new Set(names.map((n) => n.toLowerCase()));
  return tokens.some((t) => (t.kind === 'word' || t.kind === 'quoted-name' || t.kind === 'string-or-name') && hidden.has(t.value.toLowerCase()));
}

/** A table read as only the columns `visible` names; none visible refuses the statement. */
function narrowed(parts: readonly string[], visible: readonly string[], aliased: boolean): string {
  if (visible.length === 0) throw viewRefused('A view this statement reads shows a table whose columns are all hidden from you, so nothing ran.');
  const sub = `(SELECT ${visible.map(quoted).join(', ')} FROM ${qualifiedText(parts)})`;
  return aliased ? sub : `${sub} AS ${quoted(parts.at(-1) as string)}`;
}

/** The text standing where the view was named: its query as a subquery, under the view's own name unless aliased. */
async function inlined(view: RelationFacts, driver: string, reader: Reader, aliased: boolean): Promise<string> {
  if (view.stored === true) throw viewRefused('This statement reads a materialized view whose rows are kept apart from the tables it reads, so nothing ran.');
  const { query, columns } = viewQuery(view.view as string, driver);
  const body = await qualifiedQuery(query, driver, view.parts.slice(0, -1), reader, view.parts.join('.'));
  const name = quoted(view.parts.at(-1) as string);
  const sub = columns === undefined ? `(${body})` : `(WITH svc_view(${columns.map(quoted).join(', ')}) AS (${body}) SELECT * FROM svc_view)`;
  return aliased ? sub : `${sub} AS ${name}`;
}

/** One pass: every view named at the outer level replaced; undefined when the statement names none. */
async function replaceViews(sql: string, driver: string, read: RelationParts[], facts: RelationFacts[], reader: Reader): Promise<string | undefined> {
  if (!facts.some((f) => f.view !== undefined)) return undefined;
  const tokens = lexStatement(sql, driver);
  let out = sql;
  for (let i = read.length - 1; i >= 0; i--) {
    const r = read[i] as RelationParts;
    const f = facts[i] as RelationFacts;
    if (f.view === undefined) continue;
    const { before, after } = around(tokens, r.start, r.end);
    const named = nameOnly(tokens, r.start);
    if (named !== undefined) {
      const rows = `SELECT * FROM ${await inlined(f, driver, reader, false)}`;
      out = `${out.slice(0, named.start)}${named.describe ? `(${rows})` : rows}${out.slice(r.end)}`;
    } else if (before?.kind === 'word' && NAME_ONLY.has(before.value)) {
      throw viewRefused('A view is read here where only a table may stand, so nothing ran.');
    } else out = `${out.slice(0, r.start)}${await inlined(f, driver, reader, hasAlias(after))}${out.slice(r.end)}`;
  }
  return out;
}

/**
 * Where a view named by `DESCRIBE [TABLE] v` or `TABLE v` is written, read as the query it
 * stands for: DESCRIBE of `(SELECT * FROM v)` describes the same columns, `TABLE v` is
 * `SELECT * FROM v`. Either is judged then as a SELECT from the view. `start` is where the
 * replaced text begins (the TABLE word, or the name after DESCRIBE); undefined elsewhere.
 */
function nameOnly(tokens: readonly SqlToken[], nameStart: number): { start: number; describe: boolean } | undefined {
  const at = tokens.findIndex((t) => t.start >= nameStart);
  const word = (j: number) => (tokens[j]?.kind === 'word' ? (tokens[j] as SqlToken).value : '');
  const describing = (j: number) => word(j) === 'describe' || word(j) === 'desc';
  if (describing(at - 1)) return { start: nameStart, describe: true };
  if (word(at - 1) !== 'table') return undefined;
  return { start: (tokens[at - 1] as SqlToken).start, describe: describing(at - 2) };
}

/**
 * `sql` with its views replaced by what they read, and its relations named as the engine
 * resolves them; with `narrow`, the tables under each view read as the columns the person may see.
 */
export async function expandViews(
  sql: string,
  driver: string,
  connection: ConnectionConfig | undefined,
  describe: DescribeRelation,
  narrow?: VisibleColumns,
): Promise<ExpandedStatement> {
  const reader: Reader = narrow === undefined ? { describe } : { describe, narrow };
  const defaults = namingDefaults(driver, connection);
  const views = new Set<string>();
  let current = sql;
  for (let pass = 0; pass <= MAX_VIEWS; pass++) {
    const read = relationParts(current, driver, defaults);
    const facts = await Promise.all(read.map((r) => describe({ parts: r.parts, qualified: r.qualified })));
    const next = await replaceViews(current, driver, read, facts, reader);
    if (next === undefined)
      return {
        sql: current,
        relations: read.map((r, i) => ({ name: (facts[i] as RelationFacts).parts.join('.'), written: r.written, start: r.start, end: r.end })),
        views: [...views],
      };
    for (const f of facts) if (f.view !== undefined) views.add(f.parts.join('.'));
    current = next;
  }
  throw viewRefused('This statement reads views nested deeper than svc follows, so nothing ran.');
}
