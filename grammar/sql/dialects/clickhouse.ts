/**
 * ClickHouse: C-style escapes in every quote style, `#` comments, heredoc strings.
 */
import { dialect } from '../base-dialect.js';

export const CLICKHOUSE = dialect('clickhouse', {
  // Strings and both name quotes take backslash escapes.
  singleQuote: 'backslash',
  doubleQuoteEscapes: 'backslash',
  backtick: 'backslash',
  // $$...$$ and $tag$...$tag$ heredocs.
  dollarQuotes: 'tagged',
  // `#` (and `#!`) open line comments.
  lineComments: ['--', '#'],
});
