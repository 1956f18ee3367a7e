/**
 * PostgreSQL: standard strings by default, plus E'', U&'' and dollar quoting.
 */
import { dialect } from './base-dialect.js';

export const POSTGRESQL = dialect(
  'postgresql',
  {
    escapeStrings: true,
    unicodeEscapes: true,
    // Block comments nest ("unlike C", PostgreSQL's lexical structure, 4.1.6).
    nestedComments: true,
    dollarQuotes: 'tagged',
  },
  [
    {
      // standard_conforming_strings=off makes '...' take backslash escapes; the service
      // cannot see the session's value, so both readings must agree.
      name: 'standard_conforming_strings',
      alternatives: [{ singleQuote: 'backslash' }],
    },
  ],
);
