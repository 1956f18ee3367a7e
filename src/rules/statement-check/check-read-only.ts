/**
 * The read-only check (spec 03, query path item 9): exactly one statement that reads; no
 * writes anywhere (CTEs and subqueries included), no row locks, no SELECT ... INTO, no effect
 * functions, and nothing from the warehouse's record of sessions, queries, users and settings.
 */
import { isNameToken, nameValue, type SqlToken } from '../../../grammar/sql/index.js';
import type { CompiledFamilies } from './compiled-families.js';
import { matchesName } from './name-patterns.js';
import { matchPhrase } from './phrases.js';
import type { ReadOnlyReason } from './refusal.js';
import { afterClose, explainedQuery, headsOf, isPunct, isWord, openOf, queryHintUse, type StatementSpan } from './statement-heads.js';
import type { WordFacts } from './word-facts.js';

/** Words that begin a statement changing data, objects, settings or the session. */
const WRITES = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'replace',
  'create',
  'drop',
  'alter',
  'truncate',
  'grant',
  'revoke',
  'deny',
  'comment',
  'rename',
  'refresh',
  'vacuum',
  'analyze',
  'analyse',
  'cluster',
  'reindex',
  'lock',
  'unlock',
  'optimize',
  'begin',
  'commit',
  'rollback',
  'start',
  'savepoint',
  'release',
  'end',
  'abort',
  'checkpoint',
  'discard',
  'declare',
  'fetch',
  'move',
  'close',
  'open',
  'reassign',
  'security',
  'undrop',
  'msck',
  'exchange',
  'kill',
  'flush',
  'purge',
  'backup',
  'restore',
  'dbcc',
  'bulk',
  'shutdown',
  'set',
  'reset',
  'use',
  'call',
  'exec',
  'execute',
  'prepare',
  'do',
  'copy',
  'load',
  'install',
  'attach',
  'detach',
  'import',
  'export',
  'pragma',
  'handler',
  'system',
]);
/** Data changes that may sit inside parentheses (data-modifying CTEs, subqueries). */
const INNER_WRITES = new Set(['insert', 'update', 'delete', 'merge', 'upsert', 'replace', 'create', 'drop', 'alter', 'truncate', 'copy']);
/** Tokens after which SELECT continues the same statement in T-SQL. */
const SELECT_CONTINUES = new Set(['(', 'union', 'all', 'intersect', 'except', 'distinct', 'as', 'exists', 'in']);

type Facts = readonly (WordFacts | undefined)[];

export function readOnlyReason(tokens: readonly SqlToken[], spans: readonly StatementSpan[], f: CompiledFamilies, facts: Facts): ReadOnlyReason | null {
  if (spans.length === 0) return 'not-a-read';
  if (spans.length > 1) return 'several-statements';
  const span = spans[0] as StatementSpan;
  return headReason(tokens, span, f) ?? anywhereReason(tokens, span, f) ?? tokenReason(tokens, f, facts);
}

function headReason(tokens: readonly SqlToken[], span: StatementSpan, f: CompiledFamilies): ReadOnlyReason | null {
  const heads = headsOf(tokens, span);
  if (heads.length === 0) return 'not-a-read';
  // What the explained statement is (a write) says more than that it would be measured.
  let measured = false;
  for (const h of heads) {
    const v = h >= 0 ? (tokens[h] as SqlToken).value : '';
    if (!f.readHeads.has(v)) return WRITES.has(v) ? 'write' : 'not-a-read';
    if (v === 'show' && f.show !== null && matchPhrase(f.show, tokens, h + 1) === undefined) return 'system-catalog';
    if ((v === 'describe' || v === 'desc') && describesRefused(tokens, h + 1, f)) return 'system-catalog';
    measured ||= (v === 'explain' || v === 'describe' || v === 'desc') && runsToMeasure(tokens, h + 1, span.to, f);
  }
  return measured ? 'explain-analyze' : null;
}

/** Values that turn an EXPLAIN option off: `EXPLAIN (ANALYZE false) SELECT ...` only plans. */
const OFF: ReadonlySet<string> = new Set(['false', 'off', '0']);

/**
 * EXPLAIN ANALYZE (ANALYSE, `(ANALYZE, BUFFERS)`, MySQL's DESC ANALYZE): the statement runs and the
 * report tells how many rows each step read and filtered out, beyond the rows of the answer; under
 * a row policy that is a count of what the person may not see.
 */
function runsToMeasure(tokens: readonly SqlToken[], from: number, to: number, f: CompiledFamilies): boolean {
  const analyzes = (k: number): boolean => isWord(tokens[k], 'analyze') || isWord(tokens[k], 'analyse');
  if (isPunct(tokens[from], '(') && !explainedQuery(tokens, from, to)) {
    const close = afterClose(tokens, from, to);
    for (let k = from + 1; k < (close < 0 ? to : close); k++) {
      if (!analyzes(k)) continue;
      const next = tokens[k + 1];
      if (!(next !== undefined && (next.kind === 'word' || next.kind === 'number') && OFF.has(next.value.toLowerCase()))) return true;
    }
    return false;
  }
  // Option words only, up to the statement explained: `EXPLAIN SELECT analyze FROM t` names a column.
  for (let k = from; k < to && tokens[k]?.kind === 'word'; k++) {
    if (analyzes(k)) return true;
    const w = tokens[k]?.value ?? '';
    if (f.readHeads.has(w) || WRITES.has(w)) return false;
  }
  return false;
}

/**
 * DESCRIBE of an object kind the family refuses (`DESCRIBE HISTORY t`), not of a table whose
 * qualified name begins with that word (`DESCRIBE history.tbl`: the table tbl of schema history).
 */
function describesRefused(tokens: readonly SqlToken[], i: number, f: CompiledFamilies): boolean {
  if (matchPhrase(f.describeRefused, tokens, i) === undefined) return false;
  return !isPunct(tokens[i + 1], '.');
}

/** T-SQL: statement words anywhere are writes; a SELECT that does not continue starts another statement. */
function anywhereReason(tokens: readonly SqlToken[], span: StatementSpan, f: CompiledFamilies): ReadOnlyReason | null {
  if (f.anywhere.size === 0) return null;
  // The statement's own heads (the first word, the SELECT after a WITH list) begin nothing new.
  const heads = new Set(headsOf(tokens, span));
  for (let i = span.from; i < span.to; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind !== 'word') continue;
    if (t.value === 'update' && isWord(tokens[i - 1], 'for')) return 'row-lock';
    if (t.value === 'with' && lockingHints(tokens, i)) return 'row-lock';
    // T-SQL's join hints: `INNER MERGE JOIN`, `FULL OUTER MERGE JOIN` choose the join algorithm.
    if (t.value === 'merge' && isWord(tokens[i + 1], 'join')) continue;
    if (f.anywhere.has(t.value) && !queryHintUse(tokens, i)) return 'write';
    if ((t.value === 'select' || t.value === 'with') && !heads.has(i) && !continuesSelect(tokens, i, t.value)) return 'several-statements';
  }
  return null;
}

/** Words after which WITH belongs to the clause before it: TOP n WITH TIES, GROUP BY a WITH ROLLUP, JSON_QUERY(... WITH ARRAY WRAPPER). */
const WITH_CONTINUES = new Set(['ties', 'rollup', 'cube', 'array', 'conditional', 'unconditional']);
/** T-SQL table hints that take or hold locks beyond a plain read's (https://learn.microsoft.com/sql/t-sql/queries/hints-transact-sql-table). */
const TSQL_LOCK_HINTS = new Set(['updlock', 'xlock', 'holdlock', 'serializable', 'repeatableread', 'tablock', 'tablockx', 'paglock']);

function continuesSelect(tokens: readonly SqlToken[], i: number, word: string): boolean {
  const prev = tokens[i - 1];
  // WITH (NOLOCK) is a table hint; WITH inside parentheses opens a nested query.
  if (word === 'with') return isPunct(tokens[i + 1], '(') || isPunct(prev, '(') || WITH_CONTINUES.has(tokens[i + 1]?.value ?? '') || openxmlSchema(tokens, i);
  return prev !== undefined && SELECT_CONTINUES.has(prev.value);
}

/** `OPENXML(...) WITH t`: the rowset's columns are those of table t (a schema, no query). */
function openxmlSchema(tokens: readonly SqlToken[], i: number): boolean {
  if (!isPunct(tokens[i - 1], ')') || !isNameToken(tokens[i + 1])) return false;
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (isPunct(tokens[k], ')')) depth++;
    else if (isPunct(tokens[k], '(') && --depth === 0) return isWord(tokens[k - 1], 'openxml');
  }
  return false;
}

/** A T-SQL table hint list `WITH ( ... )` at `i` naming a hint that takes locks. */
function lockingHints(tokens: readonly SqlToken[], i: number): boolean {
  if (!isPunct(tokens[i + 1], '(')) return false;
  const close = afterClose(tokens, i + 1, tokens.length);
  for (let k = i + 2; k < (close < 0 ? tokens.length : close); k++) {
    const t = tokens[k] as SqlToken;
    if (t.kind === 'word' && TSQL_LOCK_HINTS.has(t.value)) return true;
  }
  return false;
}

/** T-SQL's compound assignments (`SELECT @total += amount`), read as the operator and `=`. */
const TSQL_COMPOUND = new Set(['+', '-', '*', '/', '%', '&', '|', '^']);

/** An assignment operator of T-SQL at `k`: `=`, or `+=` and the other compound forms. */
function tsqlAssignment(tokens: readonly SqlToken[], k: number): boolean {
  const t = tokens[k];
  if (t?.kind !== 'operator') return false;
  if (t.value === '=' || (t.value.length === 2 && t.value.endsWith('=') && TSQL_COMPOUND.has(t.value[0] as string))) return true;
  return TSQL_COMPOUND.has(t.value) && tokens[k + 1]?.kind === 'operator' && tokens[k + 1]?.value === '=';
}

/** Words a select list's item follows in T-SQL (`SELECT`, `DISTINCT`, `ALL`, the end of TOP ... PERCENT WITH TIES). */
const SELECT_ITEM_AFTER = new Set(['select', 'distinct', 'all', 'percent', 'ties']);

/**
 * The parameter at `i` is assigned, which changes the session's state: MySQL's `@v := expr`
 * anywhere, and T-SQL's `SELECT @v = expr` (or `+=`), an item of a select list. A comparison
 * `@v = 1` stands only in a condition (after WHERE, ON, WHEN, AND, `(`), never where a select
 * item begins: after SELECT, DISTINCT, a TOP clause or a comma.
 */
function assignsVariable(tokens: readonly SqlToken[], i: number, f: CompiledFamilies): boolean {
  if (f.source.assignsVariables === true) return tokens[i + 1]?.value === ':=';
  if (f.source.selectAssignsVariables !== true || !tsqlAssignment(tokens, i + 1)) return false;
  const prev = tokens[i - 1];
  if (prev === undefined) return false;
  if (isPunct(prev, ',') || (prev.kind === 'word' && SELECT_ITEM_AFTER.has(prev.value))) return true;
  // `TOP 5 @v = ...`, `TOP (5) @v = ...`.
  const top = isPunct(prev, ')') ? openOf(tokens, i - 1) - 1 : i - 2;
  return isWord(tokens[top], 'top');
}

function tokenReason(tokens: readonly SqlToken[], f: CompiledFamilies, allFacts: Facts): ReadOnlyReason | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind === 'variable') {
      if (f.identityVariables.has(t.value)) continue;
      return 'system-catalog';
    }
    if (t.kind === 'punctuation') {
      if (t.value === '(' && (innerWrite(tokens, i + 1) || nestedWithWrite(tokens, i))) return 'write';
      continue;
    }
    if (t.kind === 'parameter' && assignsVariable(tokens, i, f)) return 'write';
    // `"ORDER_SEQ"."NEXTVAL"`: a quoted member name is the same pseudo-column as the bare word.
    if (t.kind === 'quoted-name' && isPunct(tokens[i - 1], '.') && f.effectPhrases.has(t.value.toLowerCase())) return 'effect-function';
    const facts = allFacts[i];
    if (facts === undefined) continue;
    if (t.kind === 'word') {
      if (t.value === 'into' && !unpivotInto(tokens, i, f)) return 'select-into';
      if (facts.phrase && matchPhrase(f.lockPhrases, tokens, i) !== undefined) return 'row-lock';
      if (facts.phrase && matchPhrase(f.effectPhrases, tokens, i) !== undefined) return 'effect-function';
    }
    if (facts.effectCall && isPunct(tokens[i + 1], '(')) return 'effect-function';
    if (!isPunct(tokens[i - 1], '.') && catalogName(tokens, i, f, allFacts)) return 'system-catalog';
  }
  return null;
}

/**
 * DuckDB's `UNPIVOT t ON a, b INTO NAME n VALUE v` (or `VALUES v, w`): INTO names the result's columns, it stores
 * nothing. Only where UNPIVOT (or PIVOT_LONGER) is the statement's read head.
 */
function unpivotInto(tokens: readonly SqlToken[], i: number, f: CompiledFamilies): boolean {
  if (!f.readHeads.has('pivot_longer')) return false;
  const head = tokens.find((t) => t.kind === 'word');
  if (head === undefined || (head.value !== 'unpivot' && head.value !== 'pivot_longer')) return false;
  // VALUE or VALUES, then one value column or several (`VALUES amount, kind`).
  return isWord(tokens[i + 1], 'name') && isNameToken(tokens[i + 2]) && (isWord(tokens[i + 3], 'value') || isWord(tokens[i + 3], 'values'));
}

/** A data change at `i` (just inside a parenthesis): a write word followed by more statement. */
function innerWrite(tokens: readonly SqlToken[], i: number): boolean {
  const t = tokens[i];
  if (t === undefined || t.kind !== 'word' || !INNER_WRITES.has(t.value)) return false;
  const next = tokens[i + 1];
  if (next === undefined) return true;
  return !(next.kind === 'operator' || isPunct(next, '(') || isPunct(next, ')') || isPunct(next, ',') || isPunct(next, '.'));
}

/**
 * `( WITH ... DELETE ... )`: a parenthesised statement whose own WITH list hides the data
 * change after it (PostgreSQL data-modifying CTEs nest this way).
 */
function nestedWithWrite(tokens: readonly SqlToken[], open: number): boolean {
  if (!isWord(tokens[open + 1], 'with')) return false;
  const close = afterClose(tokens, open, tokens.length);
  const heads = headsOf(tokens, { from: open + 1, to: close < 0 ? tokens.length : close - 1 });
  const last = heads[heads.length - 1];
  return last === -1 || (last !== undefined && INNER_WRITES.has((tokens[last] as SqlToken).value));
}

/** Parts of the qualified name starting at `i`; quoted parts holding dots count as paths. */
function nameParts(tokens: readonly SqlToken[], i: number): string[] {
  const parts: string[] = [];
  let j = i;
  while (true) {
    const t = tokens[j] as SqlToken;
    const v = nameValue(t);
    if (t.kind !== 'word' && v.includes('.')) parts.push(...v.split('.'));
    else parts.push(v);
    // `master..sysprocesses`: an empty part (the default schema) is skipped.
    let k = j + 1;
    while (isPunct(tokens[k], '.')) k++;
    if (k === j + 1 || !isNameToken(tokens[k])) return parts;
    j = k;
  }
}

/** Cheap test first: only a name with a part the catalog tables know is matched in full. */
function mayBeCatalog(tokens: readonly SqlToken[], i: number, allFacts: Facts): boolean {
  let j = i;
  while (true) {
    const t = tokens[j] as SqlToken;
    if (t.kind !== 'word' && t.value.includes('.')) return true;
    const facts = allFacts[j];
    if (facts !== undefined && (facts.catalog || facts.catalogFirst)) return true;
    let k = j + 1;
    while (isPunct(tokens[k], '.')) k++;
    if (k === j + 1 || !isNameToken(tokens[k])) return false;
    j = k;
  }
}

function catalogName(tokens: readonly SqlToken[], i: number, f: CompiledFamilies, allFacts: Facts): boolean {
  if (!mayBeCatalog(tokens, i, allFacts)) return false;
  const parts = nameParts(tokens, i);
  return matchesName(f.catalog, parts) && !matchesName(f.catalogExcept, parts);
}
