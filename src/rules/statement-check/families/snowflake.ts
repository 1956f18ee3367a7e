/**
 * Snowflake: stages and their file commands, integrations, session variables, names given as
 * text, and the ACCOUNT_USAGE share.
 */
import type { EngineFamilies } from './types.js';

export const SNOWFLAKE_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    put: 'stage',
    get: 'stage',
    list: 'stage',
    ls: 'stage',
    remove: 'stage',
    rm: 'stage',
    'create stage': 'stage',
    'alter stage': 'stage',
    'create pipe': 'stage',
    'create external': 'stage',
    'create storage integration': 'external-query',
    'create api integration': 'external-query',
    'create external access integration': 'external-query',
    'create integration': 'external-query',
    'alter session': 'setting',
    'alter account': 'setting',
    'alter user': 'setting',
    // Snowflake Scripting: an anonymous block (BEGIN ... END, DECLARE ... BEGIN) runs what it holds.
    begin: 'query-as-text',
    declare: 'query-as-text',
    'create notification integration': 'external-query',
    'create security integration': 'external-query',
  },
  // SYSTEM$TYPEOF(expr) names the type of its argument's value: the one pure SYSTEM$ function
  // (https://docs.snowflake.com/en/sql-reference/functions/system_typeof).
  functionsExcept: ['system$typeof'],
  functions: {
    'system$*': 'session',
    get_presigned_url: 'stage',
    build_scoped_file_url: 'stage',
    build_stage_file_url: 'stage',
    get_stage_location: 'stage',
    get_relative_path: 'stage',
    get_absolute_path: 'stage',
    infer_schema: 'stage',
    // IDENTIFIER('name') names a table with text.
    identifier: 'query-as-text',
  },
  // TABLE('name') is IDENTIFIER's synonym; TABLE(FLATTEN(...)) stays a table function call.
  nameAsTextFunctions: ['table'],
  atIsStage: true,
  dollarNameIsSession: true,
  scriptHeads: ['then', 'else', 'do', 'begin', 'loop', 'repeat'],
  systemCatalog: [
    'account_usage.*',
    'organization_usage.*',
    'reader_account_usage.*',
    'query_history*',
    'login_history*',
    'sessions',
    'result_scan',
    'last_query_id',
    'current_session',
    // GETVARIABLE reads a session variable as $name does.
    'getvariable',
  ],
  // SHOW WAREHOUSES lists compute by name, size and state: no record of sessions or users.
  show: [
    'warehouses',
    'tables',
    'terse tables',
    'views',
    'terse views',
    'materialized views',
    'columns',
    'schemas',
    'terse schemas',
    'databases',
    'terse databases',
    'objects',
    'terse objects',
    'primary keys',
    'unique keys',
    'imported keys',
    'exported keys',
    // TERSE shows fewer columns of the same rows.
    'terse primary keys',
    'terse unique keys',
    'terse imported keys',
    'terse exported keys',
    'dynamic tables',
    // External tables are tables: their names, columns, stage location and file format, as SHOW TABLES shows.
    'external tables',
    'terse external tables',
    'sequences',
    'terse sequences',
    'functions',
    'user functions',
  ],
  // DESCRIBE USER and the policy and integration objects show account settings.
  describeRefused: ['user', 'integration', 'security integration', 'storage integration', 'network policy', 'session policy', 'password policy'],
  effectFunctions: [],
  // seq.NEXTVAL advances a sequence without a call.
  effectPhrases: ['nextval'],
};
