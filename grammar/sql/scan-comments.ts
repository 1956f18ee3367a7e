/**
 * Comment scanners (Chevrotain custom patterns). They refuse, by throwing, what engines read
 * differently: nested block comments (nesting engines and non-nesting engines end them at
 * different places), executable comments, unterminated comments, and line comments ended by
 * a line break other than `\n` or `\r\n` (some engines end `--` at `\r`, U+2028 or NEL, others
 * read on to `\n`). Each scan is linear: it looks at the comment's own characters only.
 */
import type { DialectReading } from './dialects/base-dialect.js';
import { UnreadableStatement } from './unreadable-statement.js';

type Match = [string] | null;

/** `/* ... *\/` scanner for a reading. */
export function blockCommentScanner(reading: DialectReading): (text: string, offset: number) => Match {
  const executable = reading.executableComments;
  return (text, offset) => {
    if (text.charCodeAt(offset + 1) !== 42 /* * */) return null;
    for (const opener of executable) {
      if (text.startsWith(opener, offset)) throw new UnreadableStatement('executable-comment', offset);
    }
    if (reading.nestedComments === true) return nestedComment(text, offset);
    const end = text.indexOf('*/', offset + 2);
    if (end < 0) throw new UnreadableStatement('unterminated-comment', offset);
    if (reading.settingHints && text.charCodeAt(offset + 2) === 43 /* + */ && /set_var/i.test(text.slice(offset + 3, end))) {
      throw new UnreadableStatement('executable-comment', offset);
    }
    // Searching backwards from the closer stays inside this comment's body.
    if (text.lastIndexOf('/*', end - 1) > offset) throw new UnreadableStatement('nested-comment', offset);
    return [text.slice(offset, end + 2)];
  };
}

/** A block comment of a nesting engine: depth counts `/*` and `*\/` to the outer closer. Linear. */
function nestedComment(text: string, offset: number): Match {
  let depth = 1;
  let i = offset + 2;
  // Next opener and closer at or after i, each searched again only once i has passed it.
  let open = text.indexOf('/*', i);
  let close = text.indexOf('*/', i);
  while (depth > 0) {
    if (close < 0) throw new UnreadableStatement('unterminated-comment', offset);
    if (open >= 0 && open < close) {
      depth++;
      i = open + 2;
    } else {
      depth--;
      i = close + 2;
    }
    if (open >= 0 && open < i) open = text.indexOf('/*', i);
    if (close < i) close = text.indexOf('*/', i);
  }
  return [text.slice(offset, i)];
}

/** Line comment scanner for the openers a reading allows (`--`, `#`, `//`). */
export function lineCommentScanner(reading: DialectReading): (text: string, offset: number) => Match {
  const dash = reading.lineComments.includes('--');
  const hash = reading.lineComments.includes('#');
  const slash = reading.lineComments.includes('//');
  const needsSpace = reading.dashCommentNeedsSpace;
  return (text, offset) => {
    const c = text.charCodeAt(offset);
    const next = text.charCodeAt(offset + 1);
    let bodyStart = -1;
    if (c === 45 /* - */ && dash && next === 45) {
      const after = text.charCodeAt(offset + 2);
      // MySQL: `--` is a comment only before a space or control character (or the end).
      if (!needsSpace || Number.isNaN(after) || after <= 32) bodyStart = offset + 2;
    } else if (c === 35 /* # */ && hash) {
      bodyStart = offset + 1;
    } else if (c === 47 /* / */ && slash && next === 47) {
      bodyStart = offset + 2;
    }
    if (bodyStart < 0) return null;
    return [text.slice(offset, lineEnd(text, bodyStart))];
  };
}

/** Offset of the `\n` (or `\r\n`) ending a line comment, or the text's end. */
function lineEnd(text: string, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i;
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) return i;
      throw new UnreadableStatement('foreign-line-break', i);
    }
    if (c === 11 || c === 12 || c === 0x85 || c === 0x2028 || c === 0x2029) {
      throw new UnreadableStatement('foreign-line-break', i);
    }
  }
  return n;
}
