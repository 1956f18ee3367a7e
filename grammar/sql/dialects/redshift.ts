/**
 * Redshift speaks a PostgreSQL 8 dialect. Its documentation describes backslash escapes in
 * '...' literals while PostgreSQL clients assume the standard reading, so both readings are
 * kept and must agree (exactly PostgreSQL's standard_conforming_strings question).
 */
import { dialect } from './base-dialect.js';
import { POSTGRESQL } from './postgresql.js';

// Nested comments stay refused: Redshift's documentation does not say its comments nest.
export const REDSHIFT = dialect(
  'redshift',
  { nestedComments: false },
  [{ name: 'backslash escapes in literals', alternatives: [{ singleQuote: 'backslash' }] }],
  POSTGRESQL.reading,
);
