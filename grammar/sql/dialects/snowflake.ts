/**
 * Snowflake: backslash escapes in '...', $$...$$ strings and `//` comments.
 */
import { dialect } from './base-dialect.js';

export const SNOWFLAKE = dialect('snowflake', {
  // Single-quoted strings process backslash escapes (\', \\, \n ...).
  singleQuote: 'backslash',
  // $$...$$ quotes text with no escapes; there are no tagged forms.
  dollarQuotes: 'plain',
  // `//` opens a line comment as well as `--`.
  lineComments: ['--', '//'],
  // MATCH_RECOGNIZE's PATTERN (^ A+ $) ends with a bare `$`.
  patternAnchors: true,
});
