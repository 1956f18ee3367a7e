/**
 * Builds the scanner for one reading of a dialect. At each position the patterns that can
 * begin with the character there are tried in order and the first match wins, so comments come
 * before operators (`--`, `/*`), prefixed strings before words (`E'..'`), dollar quotes before
 * `$1`. A table indexed by the character holds each pattern list, so reading stays a lookup
 * per token; the first character nothing matches ends reading, so bad input costs no more than
 * good input. (A hand-written loop rather than a lexer library: the statement check reads every
 * statement, and the loop does the same work in a fraction of the time.)
 *
 * Every token's image also takes the spaces that follow it (`lexStatement` cuts them off):
 * one match per token instead of two roughly halves the work. Whitespace is only ever
 * ` \t\n\r`, so this never changes where a token ends.
 */
import type { DialectReading } from './base-dialect.js';
import { blockCommentScanner, lineCommentScanner } from './scan-comments.js';
import { bracketScanner, dollarScanner, prefixedScanner, quotedScanner, type QuotedPayload } from './scan-quoted.js';
import { sqliteVariableScanner } from './scan-variables.js';
import type { SqlTokenKind } from './sql-token.js';

/** A token as scanned: its image (with the spaces after it), where it starts, and what it is. */
export interface RawToken {
  readonly image: string;
  readonly startOffset: number;
  /** The kind of a token without a payload. */
  readonly kind: SqlTokenKind | undefined;
  /** Quoted tokens carry their kind and decoded value. */
  readonly payload: QuotedPayload | undefined;
}

export interface BuiltLexer {
  /** The tokens of `text`, and the offset of the first character nothing matched (-1: none). */
  tokenize(text: string): { tokens: RawToken[]; errorOffset: number };
}

type Scan = (text: string, offset: number) => string | ([string] & { payload?: QuotedPayload }) | null;

interface Pattern {
  /** Characters a match may start with. */
  readonly starts: string;
  /** Whether a match may start with a character from U+0080 up. */
  readonly wide: boolean;
  readonly scan: Scan;
  readonly kind?: SqlTokenKind;
  readonly skip?: boolean;
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_';

/** After the spaces (` \t\n\r`) from `i`. */
function afterSpaces(text: string, i: number): number {
  let j = i;
  for (let c = text.charCodeAt(j); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++j));
  return j;
}

/** The image of a token ending at `end`, with the spaces after it. */
function image(text: string, offset: number, end: number): string {
  return text.slice(offset, afterSpaces(text, end));
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdent = (c: number): boolean => isLetter(c) || isDigit(c);

/** `[ \t\n\r]+` */
function whitespace(text: string, offset: number): string | null {
  const end = afterSpaces(text, offset);
  return end > offset ? text.slice(offset, end) : null;
}

/** `0[xX][0-9A-Fa-f]+ | (\d+(\.\d*)? | \.\d+)([eE][+-]?\d+)?`, alternatives in that order. */
function number(text: string, offset: number): string | null {
  let i = offset;
  if (text.charCodeAt(i) === 48 && (text.charCodeAt(i + 1) | 32) === 120 && isHex(text.charCodeAt(i + 2))) {
    i += 3;
    while (isHex(text.charCodeAt(i))) i++;
    return image(text, offset, i);
  }
  if (isDigit(text.charCodeAt(i))) {
    while (isDigit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 46) for (i++; isDigit(text.charCodeAt(i)); i++);
  } else if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
    for (i++; isDigit(text.charCodeAt(i)); i++);
  } else {
    return null;
  }
  if ((text.charCodeAt(i) | 32) === 101) {
    let j = i + 1;
    if (text.charCodeAt(j) === 43 || text.charCodeAt(j) === 45) j++;
    if (isDigit(text.charCodeAt(j))) for (i = j; isDigit(text.charCodeAt(i)); i++);
  }
  return image(text, offset, i);
}

/** `@@` and a name of letters, digits, `_`, `$`, `.` or characters from U+0080 (none: bare `@@`). */
function variable(text: string, offset: number): string | null {
  if (text.charCodeAt(offset) !== 64 || text.charCodeAt(offset + 1) !== 64) return null;
  let i = offset + 2;
  const first = text.charCodeAt(i);
  if (isLetter(first) || first >= 0x80) for (i++; isIdent(text.charCodeAt(i)) || text.charCodeAt(i) === 36 || text.charCodeAt(i) === 46 || text.charCodeAt(i) >= 0x80; i++);
  return image(text, offset, i);
}

/** `?`, `?N`, `$N`, `$name`, `:name`, `@name` (names of letters, digits, `_`; `@` names also `$`). */
function parameter(text: string, offset: number): string | null {
  const c = text.charCodeAt(offset);
  let i = offset + 1;
  if (c === 63) {
    while (isDigit(text.charCodeAt(i))) i++;
    return image(text, offset, i);
  }
  const next = text.charCodeAt(i);
  if (c === 36 && isDigit(next)) {
    while (isDigit(text.charCodeAt(i))) i++;
    return image(text, offset, i);
  }
  if ((c === 36 || c === 58 || c === 64) && isLetter(next)) {
    while (isIdent(text.charCodeAt(i)) || (c === 64 && text.charCodeAt(i) === 36)) i++;
    return image(text, offset, i);
  }
  return null;
}

/** Operators, tried in this order (as an ordered alternation), then one operator character. */
const OPERATORS = ['::', ':=', '=>', '->>', '->', '<=>', '<>', '<=', '>=', '!=', '||', '<<', '>>', '&&'];
const OPERATOR_CHARS = '-+*/%<>=~!^&|:@#';

function operator(text: string, offset: number): string | null {
  for (const op of OPERATORS) if (text.startsWith(op, offset)) return image(text, offset, offset + op.length);
  return OPERATOR_CHARS.includes(text.charAt(offset)) ? image(text, offset, offset + 1) : null;
}

function punctuation(text: string, offset: number): string | null {
  return '(),;.[]{}'.includes(text.charAt(offset)) ? image(text, offset, offset + 1) : null;
}

/**
 * A word: a name (a letter, `_`, a character from U+0080 or one of `extra` first; then also
 * digits and `$`) and the dotted names after it (`schema.table`), split again by lexStatement.
 */
function wordScanner(extra: string): Scan {
  const start = (c: number): boolean => isLetter(c) || c >= 0x80 || (extra !== '' && extra.includes(String.fromCharCode(c)));
  const part = (c: number): boolean => start(c) || isDigit(c) || c === 36;
  return (text, offset) => {
    if (!start(text.charCodeAt(offset))) return null;
    let i = offset + 1;
    for (;;) {
      while (part(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 46 || !start(text.charCodeAt(i + 1))) break;
      i += 2;
    }
    return image(text, offset, i);
  };
}

function commentPatterns(r: DialectReading): Pattern[] {
  const lineStarts = [...new Set(r.lineComments.map((c) => c[0] as string))].join('');
  return [
    { starts: '/', wide: false, scan: blockCommentScanner(r), skip: true },
    { starts: lineStarts, wide: false, scan: lineCommentScanner(r), skip: true },
  ];
}

function quotedPatterns(r: DialectReading): Pattern[] {
  const out: Pattern[] = [];
  const prefixes = [r.escapeStrings ? 'Ee' : '', r.unicodeEscapes ? 'Uu' : '', r.rawStrings ? 'RrBb' : ''].join('');
  if (prefixes !== '') out.push({ starts: prefixes, wide: false, scan: prefixedScanner(r) });
  if (r.dollarQuotes !== 'none') out.push({ starts: '$', wide: false, scan: dollarScanner(r) });
  out.push({ starts: "'", wide: false, scan: quotedScanner("'", 'string', r.singleQuote, r) });
  out.push({ starts: '"', wide: false, scan: quotedScanner('"', r.doubleQuoteKind, r.doubleQuoteEscapes, r) });
  if (r.backtick !== undefined) out.push({ starts: '`', wide: false, scan: quotedScanner('`', 'quoted-name', r.backtick, r) });
  if (r.brackets) out.push({ starts: '[', wide: false, scan: bracketScanner() });
  return out;
}

function plainPatterns(r: DialectReading): Pattern[] {
  return [
    ...(r.sqliteVariables ? [{ starts: '$@:#', wide: false, scan: sqliteVariableScanner as Scan, kind: 'parameter' as const }] : []),
    { kind: 'number', starts: `${DIGITS}.`, wide: false, scan: number },
    // `@@name` (also with non-ASCII name characters, which MySQL reads as part of the name) and a
    // bare `@@` (MySQL takes a quoted or spaced name after it: @@`version`) are variables.
    ...(r.systemVariables ? [{ kind: 'variable' as const, starts: '@', wide: false, scan: variable }] : []),
    { kind: 'parameter', starts: '?$:@', wide: false, scan: parameter },
    { kind: 'word', starts: LETTERS + r.nameStartExtra, wide: true, scan: wordScanner(r.nameStartExtra) },
    { kind: 'operator', starts: OPERATOR_CHARS, wide: false, scan: operator },
    { kind: 'punctuation', starts: '(),;.[]{}', wide: false, scan: punctuation },
  ];
}

/** The scanner for `reading`. */
export function buildLexer(reading: DialectReading): BuiltLexer {
  const patterns: Pattern[] = [
    { starts: ' \t\n\r', wide: false, scan: whitespace, skip: true },
    ...commentPatterns(reading),
    ...quotedPatterns(reading),
    ...plainPatterns(reading),
  ];
  const table: Pattern[][] = Array.from({ length: 128 }, (_, c) => patterns.filter((p) => p.starts.includes(String.fromCharCode(c))));
  const wide = patterns.filter((p) => p.wide);
  return {
    tokenize(text) {
      const tokens: RawToken[] = [];
      const n = text.length;
      let i = 0;
      next: while (i < n) {
        const c = text.charCodeAt(i);
        for (const p of c < 128 ? (table[c] as Pattern[]) : wide) {
          const m = p.scan(text, i);
          if (m === null) continue;
          const image = typeof m === 'string' ? m : m[0];
          if (p.skip !== true) tokens.push({ image, startOffset: i, kind: p.kind, payload: typeof m === 'string' ? undefined : m.payload });
          i += image.length;
          continue next;
        }
        return { tokens, errorOffset: i };
      }
      return { tokens, errorOffset: -1 };
    },
  };
}
