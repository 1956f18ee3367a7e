/**
 * Lexing: text -> tokens + comments, with the lexical diagnostics (bad characters, unclosed
 * strings and comments). Text is read by scanBlock; the Chevrotain lexer built from the same
 * token types (blockLexer) is the reference definition it is tested against.
 */
import type { IToken } from 'chevrotain';
import { Lexer } from '../chevrotain.js';
import type { Reporter } from './reporter.js';
import { scanBlock } from './scan-block.js';
import { ALL_TOKENS, LBracket, LCurly, RBracket, RCurly, UnterminatedComment, UnterminatedString, UnterminatedTriple } from './tokens.js';

/** Deeper nesting of `[` / `{` than this is cut off (and reported) before parsing. */
export const MAX_DEPTH = 64;

export interface LexResult {
  tokens: IToken[];
  comments: IToken[];
}

let lexer: Lexer | undefined;

/**
 * The shared lexer. Line terminators are `\n` only so lines agree with `LineIndex` (a CRLF
 * file has its `\r` at the end of each line, which changes no line or column).
 */
export function blockLexer(validate = false): Lexer {
  const make = (): Lexer =>
    new Lexer(ALL_TOKENS, {
      positionTracking: 'full',
      ensureOptimizations: true,
      lineTerminatorsPattern: /\n/g,
      lineTerminatorCharacters: ['\n'],
      skipValidations: !validate,
    });
  if (validate) return make();
  lexer ??= make();
  return lexer;
}

/** Lexes `text`, reporting lexical problems to `reporter`. */
export function lexBlockText(text: string, reporter: Reporter): LexResult {
  const result = scanBlock(text);
  for (const error of result.errors) {
    const end = error.offset + Math.max(1, error.length);
    reporter.addBadChars(error.offset, end, shortChars(text, error.offset, end));
  }
  const comments = result.comments;
  for (const comment of comments) {
    if (comment.tokenType === UnterminatedComment) {
      reporter.add('parse/unterminated-comment', {}, reporter.tokenSpan(comment));
    }
  }
  for (const token of result.tokens) {
    const type = token.tokenType;
    if (type === UnterminatedString || type === UnterminatedTriple) {
      reporter.add('parse/unterminated-string', {}, reporter.tokenSpan(token));
    }
  }
  return { tokens: limitDepth(result.tokens, reporter), comments };
}

/** Up to 8 characters of a bad run, never splitting a surrogate pair, quoted for messages. */
function shortChars(text: string, start: number, end: number): string {
  const chars = Array.from(text.slice(start, Math.min(end, start + 16))).slice(0, 8);
  return JSON.stringify(chars.join(''));
}

/**
 * Drops every bracketed group that opens deeper than MAX_DEPTH, reporting each once. The
 * parser is recursive, so this is what keeps 100,000 nested `[` from overflowing the stack;
 * the enclosing level then simply sees an empty value list there.
 */
export function limitDepth(tokens: IToken[], reporter: Reporter): IToken[] {
  let depth = 0;
  let cutFrom = -1;
  let kept: IToken[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.tokenType;
    const opens = type === LCurly || type === LBracket;
    const closes = type === RCurly || type === RBracket;
    if (opens) depth++;
    else if (closes && depth > 0) depth--;
    if (cutFrom < 0 && opens && depth > MAX_DEPTH) {
      cutFrom = i;
      kept ??= tokens.slice(0, i);
      reporter.add('parse/too-deep', { limit: MAX_DEPTH }, reporter.tokenSpan(token));
    }
    if (cutFrom >= 0) {
      if (depth <= MAX_DEPTH) cutFrom = -1;
      continue;
    }
    if (kept !== undefined) kept.push(token);
  }
  return kept ?? tokens;
}
