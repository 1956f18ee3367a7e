/**
 * The .svc lexer as a loop of its own: the token types of tokens.ts, read exactly as the
 * Chevrotain lexer built from them reads (blockLexer, kept as the reference definition; a
 * property test holds the two to the same tokens, positions, comments and errors): at each
 * offset the first type in tokens.ts order that matches, a keyword only when the identifier it
 * starts is the keyword itself, lines counted at `\n` only, and a run of characters no type
 * matches dropped as one error. It reads a 10,000-block project several times faster, which a
 * cold compile feels.
 */
import type { IToken, TokenType } from 'chevrotain';
import * as T from './tokens.js';

export interface ScanResult {
  tokens: IToken[];
  comments: IToken[];
  /** Runs of characters nothing matched: where each starts and how long it is. */
  errors: Array<{ offset: number; length: number; line: number; column: number }>;
}

const KEYWORDS: ReadonlyMap<string, TokenType> = new Map([
  ['true', T.True],
  ['false', T.False],
  ['null', T.Null],
  ['in', T.In],
  ['not', T.Not],
  ['between', T.Between],
  ['and', T.And],
  ['is', T.Is],
]);
/** Types whose text may hold a line break (line_breaks in tokens.ts). */
const MULTILINE: ReadonlySet<TokenType> = new Set([T.WhiteSpace, T.BlockComment, T.UnterminatedComment, T.TripleString, T.UnterminatedTriple]);
const COMMENTS: ReadonlySet<TokenType> = new Set([T.BlockComment, T.UnterminatedComment, T.LineComment]);
const PUNCTUATION: Readonly<Record<string, TokenType>> = { '{': T.LCurly, '}': T.RCurly, '[': T.LBracket, ']': T.RBracket, ',': T.Comma, ':': T.Colon };

const SPACE = /\s/;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdent = (c: number): boolean => isIdentStart(c) || isDigit(c);

function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  return c > 127 && SPACE.test(String.fromCharCode(c));
}

/** `-?\d+(\.\d+)?([eE][+-]?\d+)?` at `i`: its end, or -1. */
function numberEnd(text: string, i: number): number {
  let j = text.charCodeAt(i) === 45 ? i + 1 : i;
  if (!isDigit(text.charCodeAt(j))) return -1;
  while (isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 46 && isDigit(text.charCodeAt(j + 1))) for (j += 2; isDigit(text.charCodeAt(j)); j++);
  if ((text.charCodeAt(j) | 32) === 101) {
    let k = j + 1;
    if (text.charCodeAt(k) === 43 || text.charCodeAt(k) === 45) k++;
    if (isDigit(text.charCodeAt(k))) for (j = k; isDigit(text.charCodeAt(j)); j++);
  }
  return j;
}

/** A `"` string at `i`: [end, terminated]. Escapes take any character but a line break. */
function quotedEnd(text: string, i: number): [number, boolean] {
  let j = i + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 34) return [j + 1, true];
    if (Number.isNaN(c) || c === 10 || c === 13) return [j, false];
    if (c === 92) {
      const next = text.charCodeAt(j + 1);
      if (Number.isNaN(next) || next === 10 || next === 13) return [j + 1, false];
      j += 2;
    } else {
      j++;
    }
  }
}

/** A comment at the `/` at `i` and where it ends; null when no comment starts there. */
function commentAt(text: string, i: number): [TokenType, number] | null {
  const next = text.charCodeAt(i + 1);
  if (next === 42) {
    const close = text.indexOf('*/', i + 2);
    return close >= 0 ? [T.BlockComment, close + 2] : [T.UnterminatedComment, text.length];
  }
  if (next === 47) {
    let j = i + 2;
    while (j < text.length && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
    return [T.LineComment, j];
  }
  return null;
}

/** A string (triple-quoted first) at the `"` at `i` and where it ends, terminated or not. */
function stringAt(text: string, i: number): [TokenType, number] {
  if (text.startsWith('"""', i)) {
    const close = text.indexOf('"""', i + 3);
    return close >= 0 ? [T.TripleString, close + 3] : [T.UnterminatedTriple, text.length];
  }
  const [end, terminated] = quotedEnd(text, i);
  return [terminated ? T.QuotedString : T.UnterminatedString, end];
}

/** Punctuation or a comparison at `i` (character code `c`) and where it ends; null when none. */
function operatorAt(text: string, i: number, c: number): [TokenType, number] | null {
  const one = PUNCTUATION[text.charAt(i)];
  if (one !== undefined) return [one, i + 1];
  const twoEq = text.charCodeAt(i + 1) === 61;
  if (c === 62) return twoEq ? [T.GreaterEq, i + 2] : [T.Greater, i + 1];
  if (c === 60) return twoEq ? [T.LessEq, i + 2] : [T.Less, i + 1];
  if (c === 61) return twoEq ? [T.EqEq, i + 2] : [T.Equals, i + 1];
  if (c === 33) return twoEq ? [T.NotEq, i + 2] : null;
  return null;
}

/** The first type (in tokens.ts order) matching at `i` and where it ends; null when none does. */
function matchAt(text: string, i: number): [TokenType, number] | null {
  const c = text.charCodeAt(i);
  if (isSpace(c)) {
    let j = i + 1;
    while (j < text.length && isSpace(text.charCodeAt(j))) j++;
    return [T.WhiteSpace, j];
  }
  if (c === 47) return commentAt(text, i);
  if (c === 34) return stringAt(text, i);
  if (isDigit(c) || c === 45) {
    const end = numberEnd(text, i);
    return end < 0 ? null : [T.NumberLit, end];
  }
  if (isIdentStart(c)) {
    let j = i + 1;
    while (isIdent(text.charCodeAt(j))) j++;
    return [KEYWORDS.get(text.slice(i, j)) ?? T.Identifier, j];
  }
  return operatorAt(text, i, c);
}

/** The 1-based line and column of the next character to scan; lines count `\n` only. */
interface Cursor {
  line: number;
  column: number;
}

/** Records the run of characters from `i` that no type matches as one error; returns where the run ends. */
function skipUnmatched(text: string, i: number, at: Cursor, out: ScanResult): number {
  let j = i + 1;
  while (j < text.length && matchAt(text, j) === null) j++;
  out.errors.push({ offset: i, length: j - i, line: at.line, column: at.column });
  at.column += j - i;
  return j;
}

/** The token for `image` at offset `i`, ending on the line it starts; moveOver() corrects one spanning lines. */
function tokenOf(type: TokenType, image: string, i: number, at: Cursor): IToken {
  return {
    image,
    startOffset: i,
    endOffset: i + image.length - 1,
    startLine: at.line,
    endLine: at.line,
    startColumn: at.column,
    endColumn: at.column + image.length - 1,
    tokenTypeIdx: type.tokenTypeIdx as number,
    tokenType: type,
  };
}

/**
 * Moves the cursor past `image`, and gives its token the end Chevrotain gives a token with line
 * breaks (a token that is one line and its closing break keeps the end it started with).
 */
function moveOver(image: string, type: TokenType, at: Cursor, token: IToken | undefined): void {
  const length = image.length;
  const last = MULTILINE.has(type) ? image.lastIndexOf('\n') : -1;
  if (last < 0) {
    at.column += length;
    return;
  }
  let breaks = 0;
  for (let k = image.indexOf('\n'); k >= 0; k = image.indexOf('\n', k + 1)) breaks++;
  at.line += breaks;
  at.column = length - last;
  const endsOnBreak = last === length - 1;
  if (token !== undefined && !(breaks === 1 && endsOnBreak)) {
    token.endLine = at.line + (endsOnBreak ? -1 : 0);
    token.endColumn = at.column - 1 + (endsOnBreak ? 1 : 0);
  }
}

/**
 * Moves the cursor past the run of whitespace at `i` (nothing is kept of it) and returns where
 * the run ends: the same line and column as moveOver() gives, without cutting the run's text.
 */
function skipSpace(text: string, i: number, at: Cursor): number {
  let j = i;
  let lastBreak = -1;
  for (let c = text.charCodeAt(j); j < text.length && isSpace(c); c = text.charCodeAt(++j)) {
    if (c === 10) {
      at.line++;
      lastBreak = j;
    }
  }
  at.column = lastBreak < 0 ? at.column + (j - i) : j - lastBreak;
  return j;
}

/** Lexes `text` as blockLexer() does. */
export function scanBlock(text: string): ScanResult {
  const out: ScanResult = { tokens: [], comments: [], errors: [] };
  const at: Cursor = { line: 1, column: 1 };
  let i = 0;
  while (i < text.length) {
    // Whitespace is most of a block file's runs and becomes no token: skipped in place.
    if (isSpace(text.charCodeAt(i))) {
      i = skipSpace(text, i, at);
      continue;
    }
    const m = matchAt(text, i);
    if (m === null) {
      i = skipUnmatched(text, i, at, out);
      continue;
    }
    const [type, end] = m;
    const image = text.slice(i, end);
    const token = tokenOf(type, image, i, at);
    (COMMENTS.has(type) ? out.comments : out.tokens).push(token);
    moveOver(image, type, at, token);
    i = end;
  }
  return out;
}
