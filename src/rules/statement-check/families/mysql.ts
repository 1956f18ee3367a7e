/**
 * MySQL (and MariaDB's shared surface): file loading and writing, plugins, replication and the
 * performance, mysql and sys schemas.
 */
import type { EngineFamilies } from './types.js';

export const MYSQL_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    'load data': 'file-reader',
    'load xml': 'file-reader',
    'install plugin': 'install',
    'install component': 'install',
    'create server': 'external-query',
    'change master': 'external-query',
    'change replication': 'external-query',
    'start replica': 'external-query',
    'start slave': 'external-query',
    clone: 'external-query',
    kill: 'session',
    shutdown: 'session',
    restart: 'session',
    flush: 'session',
  },
  functions: {
    load_file: 'file-reader',
    sys_exec: 'call',
    sys_eval: 'call',
  },
  // FEDERATED and CONNECT tables are other servers' tables.
  externalEngines: ['federated', 'connect'],
  phrases: {
    outfile: 'file',
    dumpfile: 'file',
    infile: 'file-reader',
  },
  systemCatalog: [
    'performance_schema.*',
    'mysql.*',
    'sys.*',
    'information_schema.processlist',
    'processlist',
    'information_schema.*variables',
    'information_schema.*status',
    'information_schema.innodb_trx',
    'information_schema.innodb_lock*',
    'information_schema.user_attributes',
  ],
  // The sys schema's stored functions that only format or split their arguments
  // (https://dev.mysql.com/doc/refman/8.4/en/sys-schema-functions.html): no table, variable or
  // thread of the server is read. sys_get_config, ps_* and format_path (which reads the server's
  // directory settings) stay refused with the rest of the schema.
  systemCatalogExcept: [
    'sys.extract_schema_from_file_name',
    'sys.extract_table_from_file_name',
    'sys.format_bytes',
    'sys.format_statement',
    'sys.format_time',
    'sys.quote_identifier',
    'sys.version_major',
    'sys.version_minor',
    'sys.version_patch',
  ],
  show: [
    'tables',
    'full tables',
    // MySQL 8: EXTENDED TABLES adds the hidden tables InnoDB keeps for ALTER TABLE (still table names).
    'extended tables',
    'extended full tables',
    'columns',
    'full columns',
    'fields',
    'full fields',
    // MySQL 8: EXTENDED adds the hidden columns and indexes InnoDB keeps (still the table's own metadata).
    'extended columns',
    'extended full columns',
    'extended fields',
    'extended full fields',
    'extended index',
    'extended indexes',
    'extended keys',
    'index',
    'indexes',
    'keys',
    'databases',
    'schemas',
    'create table',
    'create view',
    'table status',
    'character set',
    'collation',
    // The database's own routines, triggers and events, and a database's character set: what
    // INFORMATION_SCHEMA.ROUTINES, TRIGGERS and EVENTS show of them, as PostgreSQL's pg_proc and
    // pg_trigger are read.
    'create database',
    'create schema',
    'create function',
    'create procedure',
    'create trigger',
    'create event',
    'function status',
    'procedure status',
    'triggers',
    'events',
    // Not SHOW OPEN TABLES: it lists the tables every session holds open, in every database, with their use and name locks.
  ],
  effectFunctions: ['get_lock', 'release_lock', 'release_all_locks', 'last_insert_id'],
  assignsVariables: true,
};
