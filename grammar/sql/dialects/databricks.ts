/**
 * Databricks (Spark SQL): backslash-escaped strings in either quote, backtick names, raw strings.
 */
import { dialect } from './base-dialect.js';

export const DATABRICKS = dialect(
  'databricks',
  {
    singleQuote: 'backslash',
    doubleQuoteEscapes: 'backslash',
    // "..." is a string unless double-quoted identifiers are enabled (an ANSI-mode setting).
    doubleQuoteKind: 'string-or-name',
    backtick: 'standard',
    rawStrings: true,
    rawEndsAtQuote: true,
    strayBackslashRejected: true,
  },
  [
    {
      // spark.sql.parser.escapedStringLiterals reads backslashes literally.
      name: 'spark.sql.parser.escapedStringLiterals',
      alternatives: [{ singleQuote: 'standard', doubleQuoteEscapes: 'standard' }],
    },
    {
      // With double-quoted identifiers, "..." is a name, where backslashes are ordinary.
      name: 'spark.sql.ansi.doubleQuotedIdentifiers',
      alternatives: [{ doubleQuoteEscapes: 'standard' }],
    },
  ],
);
