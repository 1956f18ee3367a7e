/**
 * Where statements begin. A statement's own head is its first word (after any opening
 * parentheses); a WITH statement also has the head after its CTE list, and EXPLAIN, DESCRIBE
 * and SUMMARIZE the head of the statement they wrap. Statements are split at `;` (the reader has
 * already put every `;` inside strings, names and comments out of reach).
 */
import { isNameToken, type SqlToken } from '../../../grammar/sql/index.js';

export interface StatementSpan {
  /** First token index. */
  readonly from: number;
  /** Index after the last token (the `;` or the end). */
  readonly to: number;
}

const EXPLAIN_OPTIONS = new Set([
  'analyze',
  'analyse',
  'verbose',
  'costs',
  'buffers',
  'settings',
  'wal',
  'timing',
  'summary',
  'format',
  'json',
  'text',
  'xml',
  'yaml',
  'graphviz',
  'query',
  'plan',
  'extended',
  'codegen',
  'cost',
  'formatted',
  'logical',
  'physical',
  'distributed',
  'io',
  'validate',
  'type',
  'ast',
  'syntax',
  'pipeline',
  'estimate',
  'optimized',
  'memory',
  'serialize',
  'generic_plan',
  'partitions',
  'tree',
  'traditional',
  'tabular',
]);
/** Snowflake's EXPLAIN USING {TABULAR | JSON | TEXT}. */
const EXPLAIN_USING = new Set(['tabular', 'json', 'text']);
const WRAPPED_QUERY = new Set(['select', 'with', 'values', 'table', 'from', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer']);
/** Statements DESCRIBE / DESC may explain (MySQL): heads after it, checked like EXPLAIN's. */
const DESCRIBED_STATEMENTS = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'merge',
  'upsert',
  'create',
  'drop',
  'alter',
  'truncate',
  'call',
  'set',
  'analyze',
  'explain',
  'describe',
  'desc',
]);

export function isPunct(t: SqlToken | undefined, c: string): boolean {
  return t !== undefined && t.kind === 'punctuation' && t.value === c;
}

export function isWord(t: SqlToken | undefined, w: string): boolean {
  return t !== undefined && t.kind === 'word' && t.value === w;
}

/**
 * Non-empty statements. With `flow` (Snowflake), the flow operator `->>` ends a statement too:
 * `SELECT 1 ->> DELETE FROM t` runs the DELETE after the SELECT.
 */
export function splitStatements(tokens: readonly SqlToken[], flow = false): StatementSpan[] {
  const spans: StatementSpan[] = [];
  let from = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || isPunct(tokens[i], ';') || (flow && tokens[i]?.kind === 'operator' && tokens[i]?.value === '->>')) {
      if (i > from) spans.push({ from, to: i });
      from = i + 1;
    }
  }
  return spans;
}

/**
 * T-SQL's query hint `OPTION (..., USE HINT ('name'), ...)` at the `use` at `i`: a hint for this
 * statement's plan, not the USE statement (which takes a database name, never a parenthesis).
 */
export function queryHintUse(tokens: readonly SqlToken[], i: number): boolean {
  if (!isWord(tokens[i], 'use') || !isWord(tokens[i + 1], 'hint') || !isPunct(tokens[i + 2], '(')) return false;
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (isPunct(tokens[k], ')')) depth++;
    else if (isPunct(tokens[k], '(') && --depth < 0) return isWord(tokens[k - 1], 'option');
  }
  return false;
}

/** Index after the `)` matching the `(` at `open`, or -1. */
export function afterClose(tokens: readonly SqlToken[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')') && --depth === 0) return i + 1;
  }
  return -1;
}

const CTE_BODY = new Set(['select', 'with', 'values', 'from']);

/** A parenthesised query at `k`: the body of a CTE written without AS. */
function sparkBody(tokens: readonly SqlToken[], k: number): boolean {
  return isPunct(tokens[k], '(') && tokens[k + 1]?.kind === 'word' && CTE_BODY.has(tokens[k + 1]?.value ?? '');
}

/**
 * The `(` opening the body of `name [(cols)] [USING KEY (cols)] AS [NOT] [MATERIALIZED] ( ... )`
 * at `j`, or -1. DuckDB also takes a string as the name (`WITH 'x' AS (SELECT 1)`); a string
 * before AS and a name is ClickHouse's expression CTE, which expressionItem reads.
 */
function cteBodyOpen(tokens: readonly SqlToken[], j: number, to: number): number {
  if (!isNameToken(tokens[j]) && tokens[j]?.kind !== 'string') return -1;
  let k = j + 1;
  // Spark's CTE without AS: `WITH t (SELECT ...)`, `WITH t (a, b) (SELECT ...)`.
  if (sparkBody(tokens, k)) return k;
  if (isPunct(tokens[k], '(')) k = afterClose(tokens, k, to);
  if (k >= 0 && sparkBody(tokens, k)) return k;
  // DuckDB's recursive CTE key: `t(k, v) USING KEY (k) AS (...)`.
  if (k >= 0 && isWord(tokens[k], 'using') && isWord(tokens[k + 1], 'key') && isPunct(tokens[k + 2], '(')) k = afterClose(tokens, k + 2, to);
  if (k < 0 || !isWord(tokens[k], 'as')) return -1;
  k++;
  if (isWord(tokens[k], 'not')) k++;
  if (isWord(tokens[k], 'materialized')) k++;
  return isPunct(tokens[k], '(') ? k : -1;
}

/** After the named CTE item at `j` (its body's closing parenthesis), or -1. */
function namedItem(tokens: readonly SqlToken[], j: number, to: number): number {
  const open = cteBodyOpen(tokens, j, to);
  return open < 0 ? -1 : afterClose(tokens, open, to);
}

/**
 * The names a WITH list defines (`WITH a AS (...), b (x) AS (...)`), at every WITH of the
 * statement, nested ones included, each to the `(` opening its body: a name there followed by
 * `(` is a CTE, never a call.
 */
export function cteBodies(tokens: readonly SqlToken[]): Map<number, number> {
  const bodies = new Map<number, number>();
  for (let i = 0; i < tokens.length; i++) {
    if (!isWord(tokens[i], 'with')) continue;
    let j = isWord(tokens[i + 1], 'recursive') ? i + 2 : i + 1;
    for (let open = cteBodyOpen(tokens, j, tokens.length); open >= 0; open = cteBodyOpen(tokens, j, tokens.length)) {
      const end = afterClose(tokens, open, tokens.length);
      if (end < 0) break;
      bodies.set(j, open);
      j = afterSearchCycle(tokens, end);
      if (j < 0 || !isPunct(tokens[j], ',')) break;
      j++;
    }
  }
  return bodies;
}

/** Indexes of the names a WITH list defines (see cteBodies). */
export function cteNameIndexes(tokens: readonly SqlToken[]): Set<number> {
  return new Set(cteBodies(tokens).keys());
}

/**
 * ClickHouse's `WITH <expression> AS <name>`: after the alias at this level, or -1. The item
 * ends at the first `AS <name>` outside parentheses that a comma or a word follows.
 */
function expressionItem(tokens: readonly SqlToken[], j: number, to: number): number {
  let depth = 0;
  for (let k = j; k < to; k++) {
    if (isPunct(tokens[k], '(')) depth++;
    else if (isPunct(tokens[k], ')') && --depth < 0) return -1;
    else if (depth === 0 && isWord(tokens[k], 'as') && isNameToken(tokens[k + 1]) && (isPunct(tokens[k + 2], ',') || tokens[k + 2]?.kind === 'word'))
      return k + 2;
  }
  return -1;
}

/** After a comma-separated list of names at `k`, or -1. */
function afterNames(tokens: readonly SqlToken[], k: number): number {
  if (!isNameToken(tokens[k])) return -1;
  let j = k + 1;
  while (isPunct(tokens[j], ',') && isNameToken(tokens[j + 1])) j += 2;
  return j;
}

/**
 * After PostgreSQL's SEARCH {BREADTH | DEPTH} FIRST BY cols SET col and CYCLE cols SET col
 * [TO v DEFAULT v] USING col clauses of a recursive CTE (none: `j` itself), or -1.
 */
function afterSearchCycle(tokens: readonly SqlToken[], j: number): number {
  let k = j;
  for (;;) {
    if (
      isWord(tokens[k], 'search') &&
      (isWord(tokens[k + 1], 'breadth') || isWord(tokens[k + 1], 'depth')) &&
      isWord(tokens[k + 2], 'first') &&
      isWord(tokens[k + 3], 'by')
    ) {
      k = afterNames(tokens, k + 4);
      if (k < 0 || !isWord(tokens[k], 'set') || !isNameToken(tokens[k + 1])) return -1;
      k += 2;
    } else if (isWord(tokens[k], 'cycle')) {
      k = afterNames(tokens, k + 1);
      if (k < 0 || !isWord(tokens[k], 'set') || !isNameToken(tokens[k + 1])) return -1;
      k += 2;
      if (isWord(tokens[k], 'to') && isWord(tokens[k + 2], 'default')) k += 4;
      if (!isWord(tokens[k], 'using') || !isNameToken(tokens[k + 1])) return -1;
      k += 2;
    } else {
      return k;
    }
  }
}

/** The head after a WITH list starting at the `with` at `i`, or -1 when the list does not read. */
function afterCtes(tokens: readonly SqlToken[], i: number, to: number): number {
  let j = i + 1;
  if (isWord(tokens[j], 'recursive')) j++;
  // T-SQL's WITH XMLNAMESPACES ('uri' AS p, ...) [, cte AS (...)]: namespace declarations, no query.
  if (isWord(tokens[j], 'xmlnamespaces') && isPunct(tokens[j + 1], '(')) {
    j = afterClose(tokens, j + 1, to);
    if (j < 0) return -1;
    if (!isPunct(tokens[j], ',')) return j;
    j++;
  }
  while (j < to) {
    const named = namedItem(tokens, j, to);
    j = named >= 0 ? afterSearchCycle(tokens, named) : expressionItem(tokens, j, to);
    if (j < 0) return -1;
    if (!isPunct(tokens[j], ',')) return j;
    j++;
  }
  return -1;
}

/**
 * After EXPLAIN's options at `j`: option words (ANALYZE, FORMAT JSON, ...), `name = value`
 * pairs (MySQL FORMAT=JSON, ClickHouse indexes = 1, and its comma-separated lists
 * `dump_tree = 0, dump_ast = 1`) and Snowflake's USING TEXT.
 */
function afterExplainOptions(tokens: readonly SqlToken[], j: number, to: number): number {
  let k = j;
  while (k < to) {
    const t = tokens[k];
    const next = tokens[k + 1];
    const value = tokens[k + 2];
    // A comma between two `name = value` pairs.
    if (isPunct(t, ',') && k > j && tokens[k - 2]?.kind === 'operator' && tokens[k - 2]?.value === '=' && tokens[k + 2]?.value === '=') k++;
    else if (
      t?.kind === 'word' &&
      next?.kind === 'operator' &&
      next.value === '=' &&
      (value?.kind === 'word' || value?.kind === 'number' || value?.kind === 'string')
    )
      k += 3;
    else if (isWord(t, 'using') && next?.kind === 'word' && EXPLAIN_USING.has(next.value)) k += 2;
    else if (t?.kind === 'word' && EXPLAIN_OPTIONS.has(t.value)) k++;
    else break;
  }
  return k;
}

/** The parenthesis at `open` (after EXPLAIN) begins the query explained, not its options. */
export function explainedQuery(tokens: readonly SqlToken[], open: number, to: number): boolean {
  const w = firstWord(tokens, open, to);
  return w >= 0 && WRAPPED_QUERY.has(tokens[w]?.value ?? '');
}

/** The first word after any opening parentheses from `i`, or -1. */
function firstWord(tokens: readonly SqlToken[], i: number, to: number): number {
  let j = i;
  while (j < to && isPunct(tokens[j], '(')) j++;
  return j < to && tokens[j]?.kind === 'word' ? j : -1;
}

/**
 * Heads of a statement, outermost first. The last one is the statement that runs: for
 * `EXPLAIN ANALYZE WITH x AS (...) DELETE ...` that is DELETE. -1 marks a head that does not read.
 */
export function headsOf(tokens: readonly SqlToken[], span: StatementSpan): number[] {
  const heads: number[] = [];
  let h = firstWord(tokens, span.from, span.to);
  // No limit on how many heads: each step moves past the previous head, so this ends, and a
  // run of EXPLAINs or DESCRIBEs never hides the statement at its end.
  while (h >= 0) {
    heads.push(h);
    const v = tokens[h]?.value;
    let next = -1;
    if (v === 'with') {
      next = afterCtes(tokens, h, span.to);
      if (next < 0) heads.push(-1);
      else next = firstWord(tokens, next, span.to);
    } else if (v === 'explain') {
      let j = h + 1;
      // `EXPLAIN (SELECT 42) INTERSECT (SELECT 42)`: a parenthesised query, not an option list.
      if (isPunct(tokens[j], '(') && !explainedQuery(tokens, j, span.to)) j = afterClose(tokens, j, span.to);
      j = j < 0 ? -1 : afterExplainOptions(tokens, j, span.to);
      next = j < 0 ? -1 : firstWord(tokens, j, span.to);
      if (next < 0) heads.push(-1);
    } else if (v === 'describe' || v === 'desc') {
      // MySQL reads DESCRIBE and DESC as EXPLAIN: `DESC ANALYZE DELETE ...` runs the DELETE.
      // Options first, then a statement (never a table: `DESCRIBE EXTENDED t` describes t).
      const j = firstWord(tokens, afterExplainOptions(tokens, h + 1, span.to), span.to);
      const w = j >= 0 ? (tokens[j]?.value ?? '') : '';
      if (WRAPPED_QUERY.has(w) || DESCRIBED_STATEMENTS.has(w)) next = j;
    } else if (v === 'summarize') {
      const j = firstWord(tokens, h + 1, span.to);
      if (j >= 0 && WRAPPED_QUERY.has(tokens[j]?.value ?? '')) next = j;
    }
    h = next > h ? next : -1;
  }
  return heads;
}

/** Index of the `(` matching the `)` at `close`, or -1. */
export function openOf(tokens: readonly SqlToken[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (isPunct(tokens[i], ')')) depth++;
    else if (isPunct(tokens[i], '(') && --depth === 0) return i;
  }
  return -1;
}
