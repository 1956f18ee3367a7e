/**
 * Trino's inline SQL routines: `WITH FUNCTION f(x integer) RETURNS integer RETURN x * 2 SELECT f(a)
 * FROM t`, with a `RETURN expression` body or a `BEGIN ... END` body of routine statements
 * (https://trino.io/docs/current/routines/introduction.html). A routine body runs no SQL
 * statement: only DECLARE, SET of its own variables, IF, CASE, LOOP, WHILE, REPEAT, ITERATE,
 * LEAVE and RETURN over expressions. The check lets such a statement through only when every
 * body is exactly that (and the functions it calls pass the allow list like any other call);
 * a body holding anything else is refused as `inline-function`.
 */
import { isNameToken, nameValue, type SqlToken } from '../../../grammar/sql/index.js';
import { afterClose, isPunct, isWord } from './statement-heads.js';

export interface InlineFunctions {
  /** Index of the query after the routines. */
  readonly query: number;
  /** Names the routines define, lower case: calls of them are the statement's own. */
  readonly names: readonly string[];
}

/** Words a routine body may hold beyond expressions (routine statements and their clauses). */
const ROUTINE_WORDS = new Set([
  'declare',
  'default',
  'set',
  'return',
  'if',
  'elseif',
  'else',
  'end',
  'case',
  'when',
  'then',
  'loop',
  'while',
  'do',
  'repeat',
  'until',
  'iterate',
  'leave',
  'begin',
]);
/** Words no routine body holds: each begins or names a statement, or reaches session state. */
const NOT_IN_BODY = new Set([
  'select',
  'with',
  'values',
  'table',
  'insert',
  'update',
  'delete',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'call',
  'execute',
  'prepare',
  'deallocate',
  'grant',
  'revoke',
  'deny',
  'use',
  'reset',
  'session',
  'commit',
  'rollback',
  'start',
  'analyze',
  'refresh',
  'comment',
  'describe',
  'show',
  'explain',
  'immediate',
]);
const QUERY_HEADS = new Set(['select', 'with', 'values', 'table']);
const BLOCK_ENDS = new Set(['if', 'loop', 'while', 'repeat', 'case']);

/** After a `RETURN expression` body starting at `i`: the first query head or FUNCTION outside parentheses. */
function afterExpression(tokens: readonly SqlToken[], i: number): number {
  let depth = 0;
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k] as SqlToken;
    if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) depth--;
    else if (depth === 0 && t.kind === 'word' && (QUERY_HEADS.has(t.value) || t.value === 'function')) return k;
    else if (depth === 0 && isPunct(t, ',') && isWord(tokens[k + 1], 'function')) return k;
  }
  return -1;
}

/** After the `END` closing the `BEGIN` at `i`, counting nested BEGINs and CASE expressions. */
function afterBlock(tokens: readonly SqlToken[], i: number): number {
  let depth = 0;
  const cases: number[] = [];
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k] as SqlToken;
    if (t.kind !== 'word') continue;
    if (t.value === 'begin') depth++;
    else if (t.value === 'case') cases.push(k);
    else if (t.value === 'end') {
      const next = tokens[k + 1];
      if (next?.kind === 'word' && BLOCK_ENDS.has(next.value)) {
        if (next.value === 'case') cases.pop();
        k++;
      } else if (cases.length > 0) cases.pop();
      else if (--depth === 0) return k + 1;
    }
  }
  return -1;
}

/** The body's tokens `[from, to)` hold only routine statements over expressions. */
function harmlessBody(tokens: readonly SqlToken[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k] as SqlToken;
    if (t.kind === 'variable') return false;
    if (t.kind === 'word' && NOT_IN_BODY.has(t.value) && !ROUTINE_WORDS.has(t.value)) return false;
  }
  return true;
}

/**
 * The routines of a statement beginning `WITH FUNCTION`, or null when it does not begin so;
 * `false` when a routine cannot be read or its body is not harmless.
 */
export function readInlineFunctions(tokens: readonly SqlToken[]): InlineFunctions | false | null {
  // `WITH function AS (...)` is a CTE named function: a routine is `FUNCTION name (`.
  if (!isWord(tokens[0], 'with') || !isWord(tokens[1], 'function') || !isNameToken(tokens[2]) || isWord(tokens[2], 'as') || !isPunct(tokens[3], '('))
    return null;
  const names: string[] = [];
  let k = 1;
  while (isWord(tokens[k], 'function')) {
    const name = tokens[k + 1];
    if (!isNameToken(name) || !isPunct(tokens[k + 2], '(')) return false;
    names.push(nameValue(name as SqlToken));
    k = afterClose(tokens, k + 2, tokens.length);
    if (k < 0 || !isWord(tokens[k], 'returns')) return false;
    // The return type and the characteristics (LANGUAGE SQL, DETERMINISTIC, SECURITY INVOKER, ...) up to the body.
    while (k < tokens.length && !isWord(tokens[k], 'return') && !isWord(tokens[k], 'begin')) {
      // COMMENT 'text' and WITH (property = value, ...) are characteristics, not statements.
      if (isWord(tokens[k], 'comment') && tokens[k + 1]?.kind === 'string') k += 2;
      else if (isWord(tokens[k], 'with') && isPunct(tokens[k + 1], '(')) {
        const end = afterClose(tokens, k + 1, tokens.length);
        if (end < 0 || !harmlessBody(tokens, k + 1, end)) return false;
        k = end;
      } else if (tokens[k]?.kind === 'word' && NOT_IN_BODY.has((tokens[k] as SqlToken).value)) return false;
      else k++;
      if (k < 0) return false;
    }
    const start = k;
    const end = isWord(tokens[k], 'begin') ? afterBlock(tokens, k) : afterExpression(tokens, k + 1);
    if (end < 0 || !harmlessBody(tokens, start, end)) return false;
    k = end;
    if (isPunct(tokens[k], ',')) k++;
  }
  // Ordinary CTEs may follow the routines: `WITH FUNCTION f() ... , cte AS (...) SELECT`.
  return { query: k, names };
}
