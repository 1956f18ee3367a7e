/**
 * SQLite's variable tokens (tokenize.c, CC_DOLLAR and CC_VARALPHA): `$`, `@`, `:` or `#`
 * followed by identifier characters (letters, digits, `_`, `$` and every character from U+0080
 * up). Stock builds also read Tcl variables: `::` inside the name and a `(...)` suffix that runs
 * to the first space or `)`, so `$a(')` is one token that swallows the quote. Builds made
 * without Tcl variables end the token before the `(`. The two builds read such a statement
 * differently, so the `(...)` form is refused rather than guessed. A `::` inside the name
 * (`$::level`) is read as the stock build reads it, one variable: a build without Tcl variables
 * reads no other statement from it, because the `:` after the sigil (or the second `::`) is
 * an illegal token there. A sigil with no identifier character after it is an illegal token
 * in every build, and refused too.
 */
import { match, type QuotedMatch } from './scan-quoted.js';
import { UnreadableStatement } from './unreadable-statement.js';

function isIdChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 0x80;
}

/** The variable at `offset` (a `$`, `@`, `:` or `#`), read as SQLite reads it. */
export function sqliteVariableScanner(text: string, offset: number): QuotedMatch {
  let i = offset + 1;
  let n = 0;
  for (;;) {
    const c = text.charCodeAt(i);
    if (isIdChar(c)) {
      n++;
      i++;
    } else if (c === 40 /* ( */ && n > 0) {
      throw new UnreadableStatement('ambiguous-setting', offset);
    } else if (c === 58 /* : */ && text.charCodeAt(i + 1) === 58) {
      i += 2;
    } else {
      break;
    }
  }
  if (n === 0) throw new UnreadableStatement('unexpected-character', offset);
  return match(text, offset, i, 'parameter', text.slice(offset, i));
}
