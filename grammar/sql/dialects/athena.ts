/**
 * Athena runs Trino for queries and Hive for DDL.
 */
import { dialect } from './base-dialect.js';
import { TRINO } from './trino.js';

export const ATHENA = dialect(
  'athena',
  {
    // Hive DDL quotes names with backticks.
    backtick: 'standard',
  },
  TRINO.settings,
  TRINO.reading,
);
