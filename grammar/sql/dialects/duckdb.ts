/**
 * DuckDB reads statements with a PostgreSQL-derived scanner: standard `'...'` strings
 * (a backslash is an ordinary character), `"..."` names, and PostgreSQL's extra string forms.
 */
import { dialect } from './base-dialect.js';

export const DUCKDB = dialect('duckdb', {
  // Block comments nest: DuckDB's scanner is PostgreSQL's (libpg_query scan.l, xcdepth).
  nestedComments: true,
  // E'...' strings take backslash escapes regardless of anything else (PostgreSQL heritage).
  escapeStrings: true,
  // U&'...' / U&"..." spell characters as escapes; reading them decoded lets a name spelt in
  // escapes still match the name it spells.
  unicodeEscapes: true,
  // $$...$$ and $tag$...$tag$ quote text without any escape processing.
  dollarQuotes: 'tagged',
});
