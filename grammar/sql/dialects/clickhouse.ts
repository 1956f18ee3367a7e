/**
 * ClickHouse: C-style escapes in every quote style, `#` comments, heredoc strings.
 */
import { dialect } from './base-dialect.js';

export const CLICKHOUSE = dialect('clickhouse', {
  // Strings and both name quotes take backslash escapes.
  singleQuote: 'backslash',
  // ClickHouse's own escape letters: \a, \v, \e, \0 alone, \xHH (decode-escapes.ts).
  escapeSet: 'clickhouse',
  doubleQuoteEscapes: 'backslash',
  backtick: 'backslash',
  // Heredocs: the tag is everything from a `$` to the next `$` (Lexer.cpp), quotes included.
  dollarQuotes: 'heredoc',
  // `--`, `//` and `#` open line comments (Lexer.cpp; `#` only before a space or `!`, any
  // other `#` is an error token there, so reading it as a comment never runs more).
  lineComments: ['--', '//', '#'],
});
