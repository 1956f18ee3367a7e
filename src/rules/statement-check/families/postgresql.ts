/**
 * PostgreSQL: server file functions, dblink, query-to-XML, settings and the statistics views.
 */
import type { EngineFamilies } from './types.js';

export const POSTGRESQL_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    // DO runs a block of procedural code given as text.
    'do': 'query-as-text',
    'alter system': 'setting',
    'create extension': 'extension',
    'alter extension': 'extension',
    'create foreign': 'external-query',
    'create server': 'external-query',
    'create user mapping': 'external-query',
    'create subscription': 'external-query',
    'listen': 'session',
    'notify': 'session',
    'unlisten': 'session',
    'discard': 'session',
  },
  functions: {
    'pg_read_file': 'file-reader',
    'pg_read_binary_file': 'file-reader',
    'pg_ls_*': 'file-reader',
    'pg_stat_file': 'file-reader',
    'pg_file_*': 'file',
    'lo_import': 'file-reader',
    'lo_export': 'file',
    'pg_config': 'environment-reader',
    'dblink*': 'external-query',
    'query_to_xml*': 'query-as-text',
    'cursor_to_xml*': 'query-as-text',
    'table_to_xml*': 'query-as-text',
    'schema_to_xml*': 'query-as-text',
    'database_to_xml*': 'query-as-text',
    'set_config': 'setting',
    'pg_reload_conf': 'setting',
    'pg_terminate_backend': 'session',
    'pg_cancel_backend': 'session',
    'pg_signal_backend': 'session',
    'pg_rotate_logfile': 'file',
    'pg_switch_wal': 'file',
    'pg_create_restore_point': 'file',
    'pg_backup_*': 'file',
    'pg_start_backup': 'file',
    'pg_stop_backup': 'file',
    'pg_promote': 'session',
    'pg_logical_*': 'session',
    'pg_replication_*': 'session',
    // Replication slots are created, dropped and copied by functions (pg_create_*_replication_slot).
    'pg_create_*': 'session',
    'pg_drop_replication_slot': 'session',
    'pg_copy_*': 'session',
    // ts_stat and ts_rewrite run a query given as text.
    'ts_stat': 'query-as-text',
    'ts_rewrite': 'query-as-text',
    // pg_control_* read the control file; pg_current_logfile names the server's log path.
    'pg_control_*': 'environment-reader',
    'pg_current_logfile': 'environment-reader',
  },
  systemCatalog: [
    'pg_stat*',
    'pg_locks',
    'pg_prepared_xacts',
    'pg_settings',
    'pg_file_settings',
    'pg_hba_file_rules',
    'pg_ident_file_mappings',
    'pg_db_role_setting',
    'pg_authid',
    'pg_auth_members',
    'pg_roles',
    'pg_user',
    'pg_users',
    'pg_shadow',
    'pg_group',
    'pg_user_mapping*',
    'pg_show_all_settings',
    'pg_show_all_file_settings',
    'current_setting',
    'pg_backend_memory_contexts',
    'pg_replication_slots',
    // The pg_config view shows the server's build and install paths.
    'pg_config',
  ],
  // Functions in C, internal functions and untrusted procedural languages run code in the server.
  phrases: {
    'language c': 'load',
    'language internal': 'load',
    'language plpythonu': 'load',
    'language plpython3u': 'load',
    'language plperlu': 'load',
    'language pltclu': 'load',
  },
  // Every SHOW in PostgreSQL shows a setting.
  show: [],
  // Large-object descriptors and writes, collation import into the catalog, and memory-context
  // logging into the server log all change state.
  effectFunctions: [
    'pg_advisory*', 'pg_try_advisory*', 'pg_notify', 'txid_current', 'pg_current_xact_id', 'lo_create', 'lo_creat', 'lo_unlink',
    'lo_put', 'lo_from_bytea', 'lo_open', 'lo_close', 'lowrite', 'lo_truncate*', 'lo_lseek*', 'pg_import_system_collations',
    'pg_log_backend_memory_contexts',
  ],
};
