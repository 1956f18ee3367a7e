/**
 * BigQuery (GoogleSQL): both quote styles are strings; names use backticks.
 */
import { dialect } from './base-dialect.js';

export const BIGQUERY = dialect('bigquery', {
  // '...' and "..." are both strings with backslash escapes.
  singleQuote: 'backslash',
  doubleQuoteKind: 'string',
  doubleQuoteEscapes: 'backslash',
  // `...` names may hold escapes and whole dotted paths (`project.dataset.table`).
  backtick: 'backslash',
  // r'...' raw strings and '''...''' / """...""" triple-quoted strings.
  rawStrings: true,
  tripleQuotes: true,
  lineComments: ['--', '#'],
  // @@name reads a system variable (project, session, time zone).
  systemVariables: true,
});
