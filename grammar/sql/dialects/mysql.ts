/**
 * MySQL: backslash escapes, `#` comments, backtick names, executable comments.
 */
import { dialect } from './base-dialect.js';

export const MYSQL = dialect(
  'mysql',
  {
    // Backslash escapes in both quote styles by default; `\%` and `\_` keep their backslash
    // so LIKE patterns can use them.
    singleQuote: 'backslash',
    doubleQuoteEscapes: 'backslash',
    keepBackslashBefore: '%_',
    // "..." is a string unless ANSI_QUOTES is on, when it is a name.
    doubleQuoteKind: 'string-or-name',
    backtick: 'standard',
    // `#` opens a line comment; `--` does only when a space or control character follows
    // (`1--1` is arithmetic).
    lineComments: ['--', '#'],
    dashCommentNeedsSpace: true,
    // /*! ... */ and /*M! ... */ are executed; /*+ ... */ are optimizer hints, harmless but for
    // SET_VAR, which sets a session variable for the statement.
    executableComments: ['/*!', '/*M!'],
    settingHints: true,
    // @@name reads a server or session variable.
    systemVariables: true,
  },
  [
    {
      // NO_BACKSLASH_ESCAPES makes backslashes ordinary in both quote styles.
      name: 'NO_BACKSLASH_ESCAPES',
      alternatives: [{ singleQuote: 'standard', doubleQuoteEscapes: 'standard' }],
    },
    {
      // ANSI_QUOTES makes "..." a name, where backslashes are ordinary.
      name: 'ANSI_QUOTES',
      alternatives: [{ doubleQuoteEscapes: 'standard' }],
    },
  ],
);
