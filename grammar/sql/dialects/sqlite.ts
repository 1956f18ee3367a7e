/**
 * SQLite accepts several quoting styles for compatibility with other engines.
 */
import { dialect } from './base-dialect.js';

export const SQLITE = dialect('sqlite', {
  // A double-quoted token that names no column is read as a string literal (SQLite's
  // double-quoted-string fallback), so it is both a name and a string.
  doubleQuoteKind: 'string-or-name',
  // [name] (SQL Server style) and `name` (MySQL style) are quoted names.
  brackets: true,
  backtick: 'standard',
  // `$name`, `@name`, `:name`, `#name` variables, with stock builds' Tcl forms (scan-variables.ts).
  sqliteVariables: true,
});
