/**
 * SQL Server (T-SQL).
 */
import { dialect } from './base-dialect.js';

export const MSSQL = dialect('mssql', {
  // "..." is a name with QUOTED_IDENTIFIER ON and a string with it OFF.
  doubleQuoteKind: 'string-or-name',
  // [name] quotes a name; `]]` escapes `]`.
  brackets: true,
  // #temp and ##global temporary tables are unquoted names.
  nameStartExtra: '#',
  // @@name reads a server or session variable.
  systemVariables: true,
});
