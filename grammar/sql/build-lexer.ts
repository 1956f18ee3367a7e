/**
 * Builds the scanner for one reading of a dialect. At each position the patterns that can
 * begin with the character there are tried in order and the first match wins, so comments come
 * before operators (`--`, `/*`), prefixed strings before words (`E'..'`), dollar quotes before
 * `$1`. A table indexed by the character holds each pattern list, so reading stays a lookup
 * per token; the first character nothing matches ends reading, so bad input costs no more than
 * good input. (A hand-written loop rather than a lexer library: the statement check reads every
 * statement, and the loop does the same work in a fraction of the time.)
 *
 * A token's text never includes the spaces after it; the scanner steps over them with the
 * token (quoted tokens' scanners take them into their image, which is cut back). Whitespace is
 * only ever ` \t\n\r`, so this never changes where a token ends.
 */
import type { DialectReading } from './dialects/base-dialect.js';
import { blockCommentScanner, lineCommentScanner } from './scan-comments.js';
import { bracketScanner, dollarScanner, prefixedScanner, type QuotedPayload, quotedScanner } from './scan-quoted.js';
import { sqliteVariableScanner } from './scan-variables.js';
import type { SqlTokenKind } from './sql-token.js';

/**
 * Receives each token as it is scanned: its text (without the spaces after it), where it
 * starts, its kind when it has no payload, and a quoted token's payload (kind and value).
 */
export type TokenSink = (text: string, start: number, kind: SqlTokenKind | undefined, payload: QuotedPayload | undefined) => void;

export interface BuiltLexer {
  /** The reading rejects a text with a backslash outside a quote (DialectReading.strayBackslashRejected). */
  readonly rejectsStrayBackslash: boolean;
  /** Scans `text` into `sink`; the offset of the first character nothing matched, or -1. */
  tokenize(text: string, sink: TokenSink): number;
}

/** A scanner of quoted text or comments: the image (spaces after it included), or null. */
type Scan = (text: string, offset: number) => ([string] & { payload?: QuotedPayload }) | null;
/** A scanner of a plain token: where it ends (spaces after it not included), or -1. */
type Plain = (text: string, offset: number) => number;

interface Pattern {
  /** Characters a match may start with. */
  readonly starts: string;
  /** Whether a match may start with a character from U+0080 up. */
  readonly wide: boolean;
  readonly scan?: Scan;
  readonly plain?: Plain;
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

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdent = (c: number): boolean => isLetter(c) || isDigit(c);

/** `[ \t\n\r]+` */
function whitespace(text: string, offset: number): number {
  const end = afterSpaces(text, offset);
  return end > offset ? end : -1;
}

/** `0[xX][0-9A-Fa-f]+ | (\d+(\.\d*)? | \.\d+)([eE][+-]?\d+)?`, alternatives in that order. */
function number(text: string, offset: number): number {
  let i = offset;
  if (text.charCodeAt(i) === 48 && (text.charCodeAt(i + 1) | 32) === 120 && isHex(text.charCodeAt(i + 2))) {
    i += 3;
    while (isHex(text.charCodeAt(i))) i++;
    return i;
  }
  if (isDigit(text.charCodeAt(i))) {
    while (isDigit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 46) for (i++; isDigit(text.charCodeAt(i)); i++);
  } else if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
    for (i++; isDigit(text.charCodeAt(i)); i++);
  } else {
    return -1;
  }
  if ((text.charCodeAt(i) | 32) === 101) {
    let j = i + 1;
    if (text.charCodeAt(j) === 43 || text.charCodeAt(j) === 45) j++;
    if (isDigit(text.charCodeAt(j))) for (i = j; isDigit(text.charCodeAt(i)); i++);
  }
  return i;
}

/** `@@` and a name of letters, digits, `_`, `$`, `.` or characters from U+0080 (none: bare `@@`). */
function variable(text: string, offset: number): number {
  if (text.charCodeAt(offset) !== 64 || text.charCodeAt(offset + 1) !== 64) return -1;
  let i = offset + 2;
  const first = text.charCodeAt(i);
  if (isLetter(first) || first >= 0x80)
    for (i++; isIdent(text.charCodeAt(i)) || text.charCodeAt(i) === 36 || text.charCodeAt(i) === 46 || text.charCodeAt(i) >= 0x80; i++);
  return i;
}

/** `?`, `?N`, `$N`, `$name`, `:name`, `@name` (names of letters, digits, `_`; `@` names also `$`). */
function parameter(text: string, offset: number): number {
  const c = text.charCodeAt(offset);
  let i = offset + 1;
  if (c === 63) {
    while (isDigit(text.charCodeAt(i))) i++;
    return i;
  }
  const next = text.charCodeAt(i);
  if (c === 36 && isDigit(next)) {
    while (isDigit(text.charCodeAt(i))) i++;
    return i;
  }
  if ((c === 36 || c === 58 || c === 64) && isLetter(next)) {
    while (isIdent(text.charCodeAt(i)) || (c === 64 && text.charCodeAt(i) === 36)) i++;
    return i;
  }
  return -1;
}

/** Operators, tried in this order (as an ordered alternation), then one operator character. */
const OPERATORS = ['::', ':=', '=>', '->>', '->', '<=>', '<>', '<=', '>=', '!=', '||', '<<', '>>', '&&'];
const OPERATOR_CHARS = '-+*/%<>=~!^&|:@#';

function operator(text: string, offset: number): number {
  for (const op of OPERATORS) if (text.startsWith(op, offset)) return offset + op.length;
  return OPERATOR_CHARS.includes(text.charAt(offset)) ? offset + 1 : -1;
}

function punctuation(text: string, offset: number): number {
  return '(),;.[]{}'.includes(text.charAt(offset)) ? offset + 1 : -1;
}

/**
 * A word: a name (a letter, `_`, a character from U+0080 or one of `extra` first; then also
 * digits and `$`) and the dotted names after it (`schema.table`), split again by lexStatement.
 */
function wordScanner(extra: string): Plain {
  // Character classes of ASCII by table (1: may start a name, 2: may continue one); every
  // character from U+0080 up does both.
  const classes = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const start = isLetter(c) || extra.includes(String.fromCharCode(c));
    classes[c] = (start ? 1 : 0) | (start || isDigit(c) || c === 36 ? 2 : 0);
  }
  const starts = (c: number): boolean => c >= 128 || ((classes[c] ?? 0) & 1) === 1;
  return (text, offset) => {
    if (!starts(text.charCodeAt(offset))) return -1;
    const n = text.length;
    let i = offset + 1;
    for (;;) {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c < 128 && ((classes[c] as number) & 2) === 0) break;
        i++;
      }
      if (text.charCodeAt(i) !== 46 || !starts(text.charCodeAt(i + 1))) break;
      i += 2;
    }
    return i;
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

/**
 * A currency symbol followed by a number, a sign, a point or another symbol: a money constant's
 * sign (T-SQL). `$` before a digit stays the parameter `$1` every dialect reads.
 */
function moneySign(text: string, offset: number): number {
  if (!CURRENCY.test(text.charAt(offset))) return -1;
  const next = text.charAt(offset + 1);
  if (text.charCodeAt(offset) === 36 && isDigit(next.charCodeAt(0))) return -1;
  return MONEY_NEXT.test(next) || CURRENCY.test(next) ? offset + 1 : -1;
}
const CURRENCY = /^\p{Sc}$/u;
const MONEY_NEXT = /^[0-9.+-]$/;

/** A `$` that begins no name, number, parameter or quote: MATCH_RECOGNIZE's anchor. */
function bareDollar(text: string, offset: number): number {
  if (text.charCodeAt(offset) !== 36) return -1;
  const next = text.charCodeAt(offset + 1);
  return Number.isNaN(next) || !(isIdent(next) || next === 36 || next === 39 || next === 34 || next >= 0x80) ? offset + 1 : -1;
}

function plainPatterns(r: DialectReading): Pattern[] {
  return [
    ...(r.patternAnchors === true ? [{ kind: 'operator' as const, starts: '$', wide: false, plain: bareDollar }] : []),
    ...(r.moneySigns === true ? [{ kind: 'operator' as const, starts: '$', wide: true, plain: moneySign }] : []),
    ...(r.sqliteVariables ? [{ starts: '$@:#', wide: false, scan: sqliteVariableScanner as Scan, kind: 'parameter' as const }] : []),
    { kind: 'number', starts: `${DIGITS}.`, wide: false, plain: number },
    // `@@name` (also with non-ASCII name characters, which MySQL reads as part of the name) and a
    // bare `@@` (MySQL takes a quoted or spaced name after it: @@`version`) are variables.
    ...(r.systemVariables ? [{ kind: 'variable' as const, starts: '@', wide: false, plain: variable }] : []),
    { kind: 'parameter', starts: '?$:@', wide: false, plain: parameter },
    { kind: 'word', starts: LETTERS + r.nameStartExtra, wide: true, plain: wordScanner(r.nameStartExtra) },
    { kind: 'operator', starts: OPERATOR_CHARS, wide: false, plain: operator },
    { kind: 'punctuation', starts: '(),;.[]{}', wide: false, plain: punctuation },
  ];
}

/** An image without the spaces it absorbed (quoted tokens' scanners take them, see scan-quoted.ts). */
function withoutSpaces(image: string): string {
  let end = image.length;
  for (let c = image.charCodeAt(end - 1); c === 32 || c === 10 || c === 9 || c === 13; c = image.charCodeAt(--end - 1));
  return end === image.length ? image : image.slice(0, end);
}

/** The scanner for `reading`. */
export function buildLexer(reading: DialectReading): BuiltLexer {
  const patterns: Pattern[] = [
    { starts: ' \t\n\r', wide: false, plain: whitespace, skip: true },
    ...commentPatterns(reading),
    ...quotedPatterns(reading),
    ...plainPatterns(reading),
  ];
  const table: Pattern[][] = Array.from({ length: 128 }, (_, c) => patterns.filter((p) => p.starts.includes(String.fromCharCode(c))));
  const wide = patterns.filter((p) => p.wide);
  return {
    rejectsStrayBackslash: reading.strayBackslashRejected === true,
    tokenize(text, sink) {
      const n = text.length;
      let i = 0;
      next: while (i < n) {
        const c = text.charCodeAt(i);
        for (const p of c < 128 ? (table[c] as Pattern[]) : wide) {
          if (p.plain !== undefined) {
            const end = p.plain(text, i);
            if (end < 0) continue;
            if (p.skip !== true) sink(text.slice(i, end), i, p.kind, undefined);
            i = afterSpaces(text, end);
            continue next;
          }
          const m = (p.scan as Scan)(text, i);
          if (m === null) continue;
          if (p.skip !== true) sink(withoutSpaces(m[0]), i, p.kind, m.payload);
          i += m[0].length;
          continue next;
        }
        return i;
      }
      return -1;
    },
  };
}
