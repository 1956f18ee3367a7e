/**
 * Scanners for quoted text (Chevrotain custom patterns): strings, quoted names, prefixed,
 * raw, triple and dollar-quoted strings. Each returns the token's image with a payload
 * holding its kind and decoded value, or throws `UnreadableStatement` when the quote never
 * closes. Scans are linear and never backtrack.
 */

import { decodeBackslashes, decodeUnicodeEscapes, undouble } from './decode-escapes.js';
import type { DialectReading, EscapeRule } from './dialects/base-dialect.js';
import type { SqlTokenKind } from './sql-token.js';
import { type UnreadableReason, UnreadableStatement } from './unreadable-statement.js';

export interface QuotedPayload {
  kind: SqlTokenKind;
  value: string;
  /** Set on U& tokens: a following UESCAPE clause would change their value. */
  unicode?: boolean;
  /** Set on U& tokens decoded with the escape character of the UESCAPE clause right after them. */
  uescape?: boolean;
}

export type QuotedMatch = ([string] & { payload: QuotedPayload }) | null;

/**
 * The match for `text[offset, end)`. The image also takes the spaces that follow (as every
 * token does, see build-lexer.ts); `lexStatement` cuts them off again.
 */
export function match(text: string, offset: number, end: number, kind: SqlTokenKind, value: string, unicode = false): QuotedMatch {
  let stop = end;
  for (let c = text.charCodeAt(stop); c === 32 || c === 10 || c === 9 || c === 13; c = text.charCodeAt(++stop));
  const m = [text.slice(offset, stop)] as [string] & { payload: QuotedPayload };
  m.payload = unicode ? { kind, value, unicode } : { kind, value };
  return m;
}

/** Offset just after the closing `quote` of a body starting at `from`. */
export function closeOf(
  text: string,
  from: number,
  quote: number,
  escapes: EscapeRule,
  open: number,
  reason: UnreadableReason = 'unterminated-string',
): number {
  const n = text.length;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      if (text.charCodeAt(i + 1) !== quote) return i + 1;
      i += 2;
    } else if (c === 92 /* \ */ && escapes === 'backslash') {
      i += 2;
    } else {
      i += 1;
    }
  }
  throw new UnreadableStatement(reason, open);
}

/** A quoted token opening at `offset` with a one-character quote. */
export function quotedScanner(
  quoteChar: string,
  kind: SqlTokenKind,
  escapes: EscapeRule,
  reading: DialectReading,
): (text: string, offset: number) => QuotedMatch {
  const quote = quoteChar.charCodeAt(0);
  const triple = reading.tripleQuotes && kind === 'string' ? quoteChar.repeat(3) : '';
  const reason: UnreadableReason = kind === 'quoted-name' ? 'unterminated-quoted-name' : 'unterminated-string';
  return (text, offset) => {
    if (triple !== '' && text.startsWith(triple, offset)) return tripleAt(text, offset, triple, kind, escapes === 'backslash', reading);
    const end = closeOf(text, offset + 1, quote, escapes, offset, reason);
    const body = text.slice(offset + 1, end - 1);
    const value = escapes === 'backslash' ? decodeBackslashes(body, quoteChar, reading.keepBackslashBefore, reading.escapeSet) : undouble(body, quoteChar);
    return match(text, offset, end, kind, value);
  };
}

/** `'''...'''` / `"""..."""`; `escapes` false for raw triple strings. */
function tripleAt(text: string, offset: number, triple: string, kind: SqlTokenKind, escapes: boolean, reading: DialectReading): QuotedMatch {
  const from = offset + 3;
  let i = from;
  const q = triple.charCodeAt(0);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      // Raw: engines differ on whether `\"` keeps the quote out of the closing delimiter, which
      // matters only where that quote begins one (`\"""`); elsewhere both readings go on alike.
      if (!escapes && text.startsWith(triple, i + 1)) throw new UnreadableStatement('ambiguous-escape', offset);
      i += escapes || text.charCodeAt(i + 1) === q ? 2 : 1;
    } else if (c === q && text.startsWith(triple, i)) {
      const body = text.slice(from, i);
      const value = escapes ? decodeBackslashes(body, '', reading.keepBackslashBefore, reading.escapeSet) : body;
      return match(text, offset, i + 3, kind, value);
    } else {
      i += 1;
    }
  }
  throw new UnreadableStatement('unterminated-string', offset);
}

/** Raw string body starting at the quote at `at`: no escapes; a backslash before the quote is refused unless the dialect ends raw strings at the first quote. */
function rawAt(text: string, start: number, at: number, reading: DialectReading): QuotedMatch {
  const quoteChar = text[at] as string;
  const triple = quoteChar.repeat(3);
  if (reading.tripleQuotes && text.startsWith(triple, at)) {
    const m = tripleAt(text, at, triple, 'string', false, reading);
    return m === null ? null : match(text, start, at + m[0].trimEnd().length, 'string', m.payload.value);
  }
  const end = text.indexOf(quoteChar, at + 1);
  if (end < 0) throw new UnreadableStatement('unterminated-string', start);
  if (text.charCodeAt(end - 1) === 92 && reading.rawEndsAtQuote !== true) throw new UnreadableStatement('ambiguous-escape', start);
  return match(text, start, end + 1, 'string', text.slice(at + 1, end));
}

/** Prefixed literals: `E'..'`, `U&'..'`, `U&".."`, `r'..'`, `rb'..'`, `br'..'`. Null lets a word match. */
export function prefixedScanner(reading: DialectReading): (text: string, offset: number) => QuotedMatch {
  return (text, offset) => {
    const c = text[offset]?.toLowerCase();
    const n1 = text[offset + 1];
    if (c === 'e' && reading.escapeStrings && n1 === "'") {
      const end = closeOf(text, offset + 2, 39, 'backslash', offset);
      return match(text, offset, end, 'string', decodeBackslashes(text.slice(offset + 2, end - 1), "'", ''));
    }
    if (c === 'u' && reading.unicodeEscapes && n1 === '&') return unicodeAt(text, offset);
    if (!reading.rawStrings) return null;
    const two = (c ?? '') + (n1 ?? '').toLowerCase();
    if (c === 'r' && (n1 === "'" || n1 === '"')) return rawAt(text, offset, offset + 1, reading);
    const n2 = text[offset + 2];
    if ((two === 'rb' || two === 'br') && (n2 === "'" || n2 === '"')) return rawAt(text, offset, offset + 2, reading);
    return null;
  };
}

function unicodeAt(text: string, offset: number): QuotedMatch {
  const q = text[offset + 2];
  if (q !== "'" && q !== '"') return null;
  const reason: UnreadableReason = q === "'" ? 'unterminated-string' : 'unterminated-quoted-name';
  const end = closeOf(text, offset + 3, q.charCodeAt(0), 'standard', offset, reason);
  const body = undouble(text.slice(offset + 3, end - 1), q);
  // `U&'d!0061t' UESCAPE '!'`: the clause right after (spaces only between) names the escape
  // character; the literal is decoded with it, and the reader drops the clause's two tokens.
  UESCAPE.lastIndex = end;
  const clause = UESCAPE.exec(text);
  const escape = clause?.[1];
  if (escape !== undefined && !/[0-9A-Fa-f+'"\s]/.test(escape)) {
    const m = match(text, offset, end, q === "'" ? 'string' : 'quoted-name', decodeUnicodeEscapes(body, offset, escape), true);
    if (m !== null) m.payload.uescape = true;
    return m;
  }
  return match(text, offset, end, q === "'" ? 'string' : 'quoted-name', decodeUnicodeEscapes(body, offset), true);
}

const UESCAPE = /[ \t\r\n]*uescape[ \t\r\n]*'([^'])'/iy;

const TAG = /\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/** `$$...$$` and, when tagged, `$tag$...$tag$`. Null lets `$1` or `$name` match as a parameter. */
export function dollarScanner(reading: DialectReading): (text: string, offset: number) => QuotedMatch {
  if (reading.dollarQuotes === 'heredoc') return heredocScanner;
  const tagged = reading.dollarQuotes === 'tagged';
  return (text, offset) => {
    let delimiter = '$$';
    if (text.charCodeAt(offset + 1) !== 36) {
      if (!tagged) return null;
      TAG.lastIndex = offset;
      const m = TAG.exec(text);
      if (m === null) return null;
      delimiter = m[0];
    }
    const close = text.indexOf(delimiter, offset + delimiter.length);
    if (close < 0) throw new UnreadableStatement('unterminated-string', offset);
    return match(text, offset, close + delimiter.length, 'string', text.slice(offset + delimiter.length, close));
  };
}

/**
 * ClickHouse heredocs (Lexer.cpp): the tag runs from a `$` to the very next `$`, whatever lies
 * between (spaces and quotes included), and the text ends at the next copy of that tag. Without
 * a closing copy the `$` is not a heredoc and the other patterns read on.
 */
function heredocScanner(text: string, offset: number): QuotedMatch {
  const tagEnd = text.indexOf('$', offset + 1);
  if (tagEnd < 0) return null;
  const tag = text.slice(offset, tagEnd + 1);
  const close = text.indexOf(tag, tagEnd + 1);
  if (close < 0) return null;
  return match(text, offset, close + tag.length, 'string', text.slice(tagEnd + 1, close));
}

/** `[name]` with `]]` escaping `]`. */
export function bracketScanner(): (text: string, offset: number) => QuotedMatch {
  return (text, offset) => {
    const end = closeOf(text, offset + 1, 93, 'standard', offset, 'unterminated-quoted-name');
    return match(text, offset, end, 'quoted-name', undouble(text.slice(offset + 1, end - 1), ']'));
  };
}
