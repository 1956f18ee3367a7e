/**
 * What the dialect reader can tell about a block's query offline, before any engine sees it:
 * it must begin as a read, its parentheses must balance, and it must not end on a word or
 * operator that needs more after it. Each finding names the offset in the query where it is,
 * so the diagnostic lands on the right line and column of the block file.
 */
import { closest, distance } from 'fastest-levenshtein';
import { isNameToken, type SqlToken } from '../../../grammar/sql/index.js';
import { CLAUSE_KEYWORDS, SQL_KEYWORDS } from './sql-keywords.js';

export interface SqlFinding {
  code: 'sql/not-a-read' | 'sql/unbalanced-parenthesis' | 'sql/dangling-end' | 'sql/misspelt-keyword';
  offset: number;
  end: number;
  data: Record<string, string>;
}

/** Words a block's query may begin with (the read statements of the supported engines). */
const READ_HEADS = ['select', 'with', 'values', 'table', 'from', 'explain', 'show', 'describe', 'desc', 'summarize', 'pivot', 'unpivot'];
/** Words after which a statement cannot end. */
const NEEDS_MORE = new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'join',
  'on',
  'using',
  'by',
  'group',
  'order',
  'having',
  'limit',
  'offset',
  'as',
  'in',
  'like',
  'ilike',
  'between',
  'is',
  'union',
  'intersect',
  'except',
  'case',
  'when',
  'then',
  'else',
  'distinct',
  'with',
  'inner',
  'left',
  'right',
  'full',
  'outer',
  'cross',
  'natural',
  'qualify',
  'window',
  'over',
  'partition',
]);
const OPERATORS_NEEDING_MORE = new Set(['=', '<', '>', '<=', '>=', '<>', '!=', '+', '-', '*', '/', '%', '||', '::']);

function notARead(first: SqlToken): SqlFinding | undefined {
  if (first.kind === 'punctuation' && first.value === '(') return undefined;
  if (first.kind === 'word' && READ_HEADS.includes(first.value)) return undefined;
  const found = first.text;
  const guess = first.kind === 'word' ? closest(first.value, READ_HEADS) : undefined;
  const data: Record<string, string> = { found };
  if (guess !== undefined && distance(first.value, guess) <= 2) data['suggestion'] = guess.toUpperCase();
  return { code: 'sql/not-a-read', offset: first.start, end: first.end, data };
}

function unbalanced(tokens: readonly SqlToken[]): SqlFinding | undefined {
  const open: SqlToken[] = [];
  for (const t of tokens) {
    if (t.kind !== 'punctuation') continue;
    if (t.value === '(') open.push(t);
    else if (t.value === ')' && open.pop() === undefined) return { code: 'sql/unbalanced-parenthesis', offset: t.start, end: t.end, data: { found: ')' } };
  }
  const last = open[open.length - 1];
  return last === undefined ? undefined : { code: 'sql/unbalanced-parenthesis', offset: last.start, end: last.end, data: { found: '(' } };
}

function danglingEnd(tokens: readonly SqlToken[]): SqlFinding | undefined {
  let i = tokens.length - 1;
  while (i >= 0 && (tokens[i] as SqlToken).kind === 'punctuation' && (tokens[i] as SqlToken).value === ';') i--;
  const last = tokens[i];
  if (last === undefined) return undefined;
  const needs =
    (last.kind === 'word' && NEEDS_MORE.has(last.value)) ||
    (last.kind === 'operator' && OPERATORS_NEEDING_MORE.has(last.value)) ||
    (last.kind === 'punctuation' && last.value === ',');
  return needs ? { code: 'sql/dangling-end', offset: last.start, end: last.end, data: { found: last.text } } : undefined;
}

function isPlainName(t: SqlToken | undefined): boolean {
  return isNameToken(t) && !(t?.kind === 'word' && SQL_KEYWORDS.has(t.value));
}

/** True when `t` ends an expression: a name, a literal, `)` or `*`. */
function endsExpression(t: SqlToken | undefined): boolean {
  if (t === undefined) return false;
  if (t.kind === 'number' || t.kind === 'string' || t.kind === 'parameter') return true;
  if (t.kind === 'punctuation') return t.value === ')';
  if (t.kind === 'operator') return t.value === '*';
  return isPlainName(t);
}

/** The clause keyword a word is a misspelling of (same first letter, at most two edits away). */
function misspelling(word: string): string | undefined {
  if (word.length < 3 || SQL_KEYWORDS.has(word)) return undefined;
  // The cheap tests first: this runs on every word that follows an expression in every block.
  return CLAUSE_KEYWORDS.find((k) => k[0] === word[0] && Math.abs(k.length - word.length) <= 1 && k !== word && distance(word, k) <= 2);
}

/**
 * A word where only a keyword can stand: after a finished expression and before a name (`*
 * FORM sales`, `sales WEHRE x`), or before BY (`GRUOP BY`). No engine reads three names in a
 * row, so this is a syntax error wherever it is found; it is reported only when the word is a
 * clause keyword misspelt, so the finding can say which.
 */
function misspeltKeyword(tokens: readonly SqlToken[]): SqlFinding | undefined {
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind !== 'word' || !endsExpression(tokens[i - 1]) || tokens[i - 1]?.value === '.') continue;
    const keyword = misspelling(t.value);
    if (keyword === undefined) continue;
    const next = tokens[i + 1];
    const fits = (isPlainName(next) && next?.value !== '.') || (next?.kind === 'word' && next.value === 'by' && (keyword === 'group' || keyword === 'order'));
    if (fits && tokens[i + 1]?.kind !== 'punctuation')
      return { code: 'sql/misspelt-keyword', offset: t.start, end: t.end, data: { found: t.text, suggestion: keyword.toUpperCase() } };
  }
  return undefined;
}

/** Offline findings for a query's tokens (none for an empty query). */
export function sqlFindings(tokens: readonly SqlToken[]): SqlFinding[] {
  const first = tokens[0];
  if (first === undefined) return [];
  const out: SqlFinding[] = [];
  const head = notARead(first);
  if (head !== undefined) out.push(head);
  const parens = unbalanced(tokens);
  if (parens !== undefined) out.push(parens);
  const dangling = danglingEnd(tokens);
  if (dangling !== undefined) out.push(dangling);
  const misspelt = misspeltKeyword(tokens);
  if (misspelt !== undefined) out.push(misspelt);
  return out;
}
