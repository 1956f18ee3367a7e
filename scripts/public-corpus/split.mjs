/**
 * Splits a file's text into single statements at `;` (and T-SQL's `GO` lines), outside strings,
 * comments, dollar-quoted bodies, parentheses and BEGIN ... END / CASE ... END blocks. A piece
 * that cannot be split cleanly (a string or comment that never ends, parentheses or blocks left
 * open, template markup) is dropped and counted, never guessed at.
 */
import { tokenize } from './lexer.mjs';

/** Words after BEGIN that make it a transaction, not a block. */
const BEGIN_TRANSACTION = new Set(['transaction', 'tran', 'work', 'distributed', 'deferred', 'immediate', 'exclusive', 'isolation', 'read', 'name']);
/** Words after END that close a statement which opened no block. */
const END_NO_BLOCK = new Set(['if', 'loop', 'while', 'repeat', 'for']);
const TEMPLATE = /\{\{|\{%|\$\{/;

/** Offsets of line starts, for line numbers. */
export function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of `offset`. */
export function lineOf(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * `{ statements: [{ n, sql, line, tokens }], dropped: [{ n, reason, line }] }` for `text` (n: the
 * piece's place in the text), lines counted from `firstLine`.
 */
export function splitStatements(text, driver, firstLine = 1) {
  const { tokens, error, errorAt } = tokenize(text, driver);
  const starts = lineStarts(text);
  const out = { statements: [], dropped: [] };
  const line = (offset) => firstLine - 1 + lineOf(starts, offset);
  const state = { stack: [], depth: 0, bad: false };
  let from = 0;
  const flush = (to, reason) => {
    const piece = tokens.slice(from, to);
    from = to + 1;
    if (piece.length === 0) return;
    const sql = text.slice(piece[0].at, piece[piece.length - 1].end);
    const why = reason ?? (state.bad ? 'unbalanced' : TEMPLATE.test(sql) ? 'template' : null);
    const n = out.statements.length + out.dropped.length;
    if (why !== null) out.dropped.push({ n, reason: why, line: line(piece[0].at) });
    else out.statements.push({ n, sql, line: line(piece[0].at), tokens: piece });
    state.bad = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (isSplit(text, tokens, i, driver, state)) flush(i, null);
  }
  if (error !== null) {
    out.dropped.push({ n: out.statements.length + out.dropped.length, reason: error, line: line(tokens[from]?.at ?? errorAt) });
    return out;
  }
  flush(tokens.length, state.stack.length > 0 || state.depth !== 0 ? 'unbalanced' : null);
  return out;
}

/** Whether token `i` ends a statement; keeps the block stack and parenthesis depth. */
function isSplit(text, tokens, i, driver, state) {
  const t = tokens[i];
  if (t.k === 'p') {
    if (t.v === '(') state.depth++;
    if (t.v === ')') state.depth--;
    if (state.depth < 0) {
      state.bad = true;
      state.depth = 0;
    }
    return t.v === ';' && state.depth === 0 && state.stack.length === 0;
  }
  if (t.k !== 'w') return false;
  if ((driver === 'mssql' || driver === 'fabric') && t.v === 'go' && aloneOnLine(text, t)) return true;
  if (t.v === 'case') state.stack.push('case');
  else if (t.v === 'begin' && opensBlock(tokens, i)) state.stack.push('begin');
  else if (t.v === 'end' && state.stack.length > 0 && !END_NO_BLOCK.has(tokens[i + 1]?.v)) state.stack.pop();
  return false;
}

function opensBlock(tokens, i) {
  const next = tokens[i + 1];
  if (next === undefined || (next.k === 'p' && next.v === ';')) return false;
  return !(next.k === 'w' && BEGIN_TRANSACTION.has(next.v));
}

function aloneOnLine(text, t) {
  const before = text.lastIndexOf('\n', t.at - 1) + 1;
  const after = text.indexOf('\n', t.end);
  return text.slice(before, t.at).trim() === '' && /^\s*(\d+\s*)?$/.test(text.slice(t.end, after < 0 ? text.length : after));
}
