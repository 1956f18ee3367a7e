/**
 * SQL Server (T-SQL): statements need no separator, so statement words are checked wherever
 * they stand. OPENROWSET and friends read files and other servers; DMVs record sessions and
 * queries.
 */
import type { EngineFamilies } from './types.js';

export const MSSQL_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    'bulk': 'file-reader',
    'backup': 'file',
    'restore': 'file',
    'dbcc': 'session',
    'kill': 'session',
    'shutdown': 'session',
    'reconfigure': 'setting',
    'setuser': 'session',
    'revert': 'session',
    'create external': 'external-query',
    'create credential': 'external-query',
    'create database scoped credential': 'external-query',
    'waitfor': 'session',
  },
  functions: {
    'openrowset': 'file-reader',
    'opendatasource': 'external-query',
    'openquery': 'external-query',
    'xp_*': 'call',
    'sp_*': 'call',
    'fn_get_audit_file': 'file-reader',
    'fn_trace_gettable': 'file-reader',
    'fn_xe_file_target_read_file': 'file-reader',
  },
  statementsAnywhere: [
    'alter', 'backup', 'bulk', 'close', 'commit', 'create', 'dbcc', 'deallocate', 'declare', 'delete',
    'deny', 'drop', 'exec', 'execute', 'grant', 'insert', 'kill', 'merge', 'open', 'print',
    'raiserror', 'readtext', 'reconfigure', 'restore', 'revert', 'revoke', 'rollback', 'save', 'set',
    'setuser', 'shutdown', 'throw', 'truncate', 'update', 'updatetext', 'use', 'waitfor', 'writetext',
  ],
  systemCatalog: [
    'sys.dm_*',
    'dm_exec_*',
    'sys.sysprocesses',
    'sysprocesses',
    'sys.syslogins',
    'syslogins',
    'sys.*principals',
    'sys.sql_logins',
    'sys.configurations',
    'sys.*permissions',
    'sys.login_token',
    'sys.user_token',
    'sys.*credentials',
    'sys.*role_members',
    'sys.database_scoped_configurations',
    'fn_my_permissions',
    'msdb.*.*',
    'session_context',
    'context_info',
    'sessionproperty',
    'serverproperty',
  ],
  show: [],
  effectFunctions: [],
  effectPhrases: ['next value for'],
  lockPhrases: ['updlock', 'xlock', 'holdlock', 'tablockx', 'tablock', 'paglock'],
};
