/**
 * Decoding the body of a quoted literal into its value. Values matter where a check reads a
 * name or a path, and where two readings of one statement are compared; a reading that cannot
 * decode a body refuses it rather than guessing.
 */
import { UnreadableStatement } from './unreadable-statement.js';

const SIMPLE: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  Z: '\x1a',
};

/** Removes doubled quotes: the one escape every dialect shares. */
export function undouble(body: string, quote: string): string {
  return body.includes(quote) ? body.split(quote + quote).join(quote) : body;
}

/**
 * ClickHouse's escapes (ReadHelpers parseEscapeSequence and `\xHH`): C letters including `\a`,
 * `\v` and `\e`, `\0` alone (no octal), no `\u`; any other character stands for itself.
 */
const CLICKHOUSE_SIMPLE: Readonly<Record<string, string>> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '0': '\0' };

/** Which engine's backslash escapes a reading decodes. */
export type EscapeSet = 'common' | 'clickhouse';

/**
 * Backslash escapes: C-style letters, octal, `\xHH`, `\uXXXX`, `\UXXXXXXXX`; any other
 * character stands for itself, except those in `keep` (MySQL keeps `\%` and `\_`). The
 * `clickhouse` set decodes as ClickHouse does instead.
 */
export function decodeBackslashes(body: string, quote: string, keep: string, set: EscapeSet = 'common'): string {
  if (!body.includes('\\')) return undouble(body, quote);
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (c === quote && body[i + 1] === quote) {
      out += quote;
      i += 2;
    } else if (c !== '\\') {
      out += c;
      i += 1;
    } else {
      const [text, used] = set === 'clickhouse' ? clickhouseEscapeAt(body, i + 1) : escapeAt(body, i + 1, keep);
      out += text;
      i += 1 + used;
    }
  }
  return out;
}

/** The text of the escape whose letter sits at `i`, and how many characters it used. */
function escapeAt(body: string, i: number, keep: string): [string, number] {
  const c = body[i] ?? '';
  if (keep.includes(c)) return ['\\' + c, 1];
  const simple = SIMPLE[c];
  if (simple !== undefined) return [simple, 1];
  const hex = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (hex > 0) {
    const digits = /^[0-9A-Fa-f]+/.exec(body.slice(i + 1, i + 1 + hex))?.[0] ?? '';
    if (digits.length > 0 && (c === 'x' || digits.length === hex)) return [codePoint(parseInt(digits, 16)), 1 + digits.length];
    return [c, 1];
  }
  const octal = /^[0-7]{1,3}/.exec(body.slice(i, i + 3))?.[0];
  if (octal !== undefined) return [codePoint(parseInt(octal, 8)), octal.length];
  return [c, 1];
}

function clickhouseEscapeAt(body: string, i: number): [string, number] {
  const c = body[i] ?? '';
  const simple = CLICKHOUSE_SIMPLE[c];
  if (simple !== undefined) return [simple, 1];
  if (c === 'x' && /^[0-9A-Fa-f]{2}/.test(body.slice(i + 1, i + 3))) return [String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16)), 3];
  return [c, 1];
}

function codePoint(n: number): string {
  if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) throw new UnreadableStatement('unicode-escape');
  return String.fromCodePoint(n);
}

/**
 * `U&'...'` bodies (already undoubled): `\\`, `\XXXX` and `\+XXXXXX`, with `escape` in place of
 * the backslash when a UESCAPE clause names another; anything else is refused.
 */
export function decodeUnicodeEscapes(body: string, offset: number, escape = '\\'): string {
  if (!body.includes(escape)) return body;
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (c !== escape) {
      out += c;
      i += 1;
      continue;
    }
    if (body[i + 1] === escape) {
      out += escape;
      i += 2;
      continue;
    }
    const long = body[i + 1] === '+';
    const digits = body.slice(i + (long ? 2 : 1), i + (long ? 8 : 5));
    if (!/^[0-9A-Fa-f]+$/.test(digits) || digits.length !== (long ? 6 : 4)) {
      throw new UnreadableStatement('unicode-escape', offset);
    }
    const n = parseInt(digits, 16);
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) throw new UnreadableStatement('unicode-escape', offset);
    out += String.fromCodePoint(n);
    i += long ? 8 : 5;
  }
  return out;
}
