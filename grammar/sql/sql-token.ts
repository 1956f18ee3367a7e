/**
 * The token shape `lexStatement` returns. Whitespace and comments are not tokens: they never
 * change what a statement does once the reader has refused executable and nested comments.
 */

/**
 * - `word`: an unquoted name or keyword; `value` is NFKC-normalised and case-folded, so a
 *   fullwidth or mixed-case spelling of a keyword has the keyword as its value.
 * - `quoted-name`: a quoted identifier; `value` is the name with quoting and escapes removed.
 * - `string`: a string literal; `value` is its decoded content.
 * - `string-or-name`: double-quoted text the engine reads as a string or as a name depending
 *   on a setting the service cannot see (MySQL ANSI_QUOTES, T-SQL QUOTED_IDENTIFIER,
 *   Spark double-quoted identifiers, SQLite's double-quoted-string fallback). Checks treat it
 *   as both.
 * - `number`, `parameter` (`?`, `?1`, `$1`, `:name`, `@name`, `$name`),
 *   `variable` (`@@name`, a server or session variable), `operator`, `punctuation`.
 */
export type SqlTokenKind = 'number' | 'operator' | 'parameter' | 'punctuation' | 'quoted-name' | 'string' | 'string-or-name' | 'variable' | 'word';

export interface SqlToken {
  readonly kind: SqlTokenKind;
  /**
   * Set on a string whose value depends on a setting svc cannot see (every reading ends it in
   * the same place but decodes it differently): `value` is then the default reading's, and a
   * check must not rely on it.
   */
  readonly valueVaries?: true;
  /** The exact source text of the token. */
  readonly text: string;
  /** The normalised reading (see `SqlTokenKind`); equal to `text` for symbols and numbers. */
  readonly value: string;
  /** Offset of the first UTF-16 unit. */
  readonly start: number;
  /** Offset after the last UTF-16 unit (exclusive). */
  readonly end: number;
}

/** True for tokens that can name a table, column or function. */
export function isNameToken(token: SqlToken | undefined): boolean {
  if (token === undefined) return false;
  return token.kind === 'word' || token.kind === 'quoted-name' || token.kind === 'string-or-name';
}
