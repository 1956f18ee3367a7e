/**
 * SQL Server (T-SQL).
 */
import { dialect } from './base-dialect.js';

export const MSSQL = dialect('mssql', {
  // Block comments nest (learn.microsoft.com/sql/t-sql/language-elements/slash-star-comment-transact-sql).
  nestedComments: true,
  // "..." is a name with QUOTED_IDENTIFIER ON and a string with it OFF.
  doubleQuoteKind: 'string-or-name',
  // [name] quotes a name; `]]` escapes `]`.
  brackets: true,
  // #temp and ##global temporary tables are unquoted names.
  nameStartExtra: '#',
  // @@name reads a server or session variable.
  systemVariables: true,
  // $12, $-1, -$.01, ￡100: money constants (learn.microsoft.com/sql/t-sql/data-types/constants-transact-sql).
  moneySigns: true,
});
