/**
 * SQL text as rules should see it: comments and string literals blanked out, so a pattern
 * such as `SELECT *` does not fire on `-- SELECT * was slow` or on `'SELECT * FROM x'` inside
 * a literal. Lengths are kept, so positions in the result still map to the original query.
 */

/** Replaces every character of `text` from `start` to `end` (exclusive) by spaces, newlines kept. */
function blank(chars: string[], start: number, end: number): void {
  for (let i = start; i < end; i++) {
    if (chars[i] !== '\n') chars[i] = ' ';
  }
}

/** End (exclusive) of a quoted run starting at `start`; a doubled quote is an escape. */
function quotedEnd(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/** End (exclusive) of the comment starting at `start`, or -1 when none starts there. */
function commentEnd(sql: string, start: number): number {
  if (sql.startsWith('--', start)) {
    const nl = sql.indexOf('\n', start);
    return nl === -1 ? sql.length : nl;
  }
  if (sql.startsWith('/*', start)) {
    const close = sql.indexOf('*/', start + 2);
    return close === -1 ? sql.length : close + 2;
  }
  return -1;
}

/**
 * Blanks comments (always) and single-quoted literals (unless `keepLiterals`). Double-quoted
 * and backquoted identifiers are skipped over but kept, since they name real columns.
 */
export function stripSqlNoise(sql: string, keepLiterals = false): string {
  // split('') keeps UTF-16 units, so indices agree with sql[i] even around emoji.
  const chars = sql.split('');
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const comment = commentEnd(sql, i);
    if (comment !== -1) {
      blank(chars, i, comment);
      i = comment;
    } else if (c === "'") {
      const end = quotedEnd(sql, i, "'");
      if (!keepLiterals) blank(chars, i + 1, end - 1);
      i = end;
    } else if (c === '"' || c === '`') {
      i = quotedEnd(sql, i, c);
    } else i++;
  }
  return chars.join('');
}
