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
  'analyze', 'analyse', 'verbose', 'costs', 'buffers', 'settings', 'wal', 'timing', 'summary', 'format',
  'json', 'text', 'xml', 'yaml', 'graphviz', 'query', 'plan', 'extended', 'codegen', 'cost', 'formatted',
  'logical', 'physical', 'distributed', 'io', 'validate', 'type', 'ast', 'syntax', 'pipeline', 'estimate',
  'optimized', 'memory', 'serialize', 'generic_plan',
]);
const WRAPPED_QUERY = new Set(['select', 'with', 'values', 'table', 'from', 'pivot', 'unpivot']);

export function isPunct(t: SqlToken | undefined, c: string): boolean {
  return t !== undefined && t.kind === 'punctuation' && t.value === c;
}

export function isWord(t: SqlToken | undefined, w: string): boolean {
  return t !== undefined && t.kind === 'word' && t.value === w;
}

/** Non-empty statements. */
export function splitStatements(tokens: readonly SqlToken[]): StatementSpan[] {
  const spans: StatementSpan[] = [];
  let from = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || isPunct(tokens[i], ';')) {
      if (i > from) spans.push({ from, to: i });
      from = i + 1;
    }
  }
  return spans;
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

/** The head after a WITH list starting at the `with` at `i`, or -1 when the list does not read. */
function afterCtes(tokens: readonly SqlToken[], i: number, to: number): number {
  let j = i + 1;
  if (isWord(tokens[j], 'recursive')) j++;
  while (j < to) {
    if (!isNameToken(tokens[j])) return -1;
    j++;
    if (isPunct(tokens[j], '(')) j = afterClose(tokens, j, to);
    if (j < 0 || !isWord(tokens[j], 'as')) return -1;
    j++;
    if (isWord(tokens[j], 'not')) j++;
    if (isWord(tokens[j], 'materialized')) j++;
    if (!isPunct(tokens[j], '(')) return -1;
    j = afterClose(tokens, j, to);
    if (j < 0) return -1;
    if (!isPunct(tokens[j], ',')) return j;
    j++;
  }
  return -1;
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
      if (isPunct(tokens[j], '(')) j = afterClose(tokens, j, span.to);
      while (j >= 0 && j < span.to && tokens[j]?.kind === 'word' && EXPLAIN_OPTIONS.has(tokens[j]?.value ?? '')) j++;
      next = j < 0 ? -1 : firstWord(tokens, j, span.to);
      if (next < 0) heads.push(-1);
    } else if (v === 'describe' || v === 'desc' || v === 'summarize') {
      const j = firstWord(tokens, h + 1, span.to);
      if (j >= 0 && WRAPPED_QUERY.has(tokens[j]?.value ?? '')) next = j;
    }
    h = next > h ? next : -1;
  }
  return heads;
}
