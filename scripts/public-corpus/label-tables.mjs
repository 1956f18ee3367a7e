/**
 * Word tables for the corpus labeller (label.mjs). Written from the engines' documentation, not
 * from svc's family tables, so the labels are an independent opinion of what a statement does.
 */

/** Heads of statements that read. */
export const READ_HEADS = new Set(['select', 'with', 'values', 'table', 'from', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer', 'summarize']);

/** Heads of statements that change data, objects or storage. */
export const WRITE_HEADS = new Set(
  (
    'insert update delete merge upsert replace create drop alter truncate copy grant revoke deny comment rename refresh ' +
    'vacuum analyze analyse cluster reindex optimize unload undrop msck export import bulk backup restore exchange purge put ' +
    'remove rm overwrite repack reassign repair'
  ).split(' '),
);

/** Heads of statements that change the session, transaction, settings, or run other code. */
export const STATE_HEADS = new Set(
  (
    'set reset unset use pragma attach detach install force load call exec execute prepare deallocate begin start commit ' +
    'rollback abort end savepoint release checkpoint discard declare fetch move close open lock unlock kill flush handler do ' +
    'listen notify unlisten system cache uncache add print raiserror throw waitfor dbcc shutdown xa stop uninstall'
  ).split(' '),
);

/** Words that may begin the statement after a WITH list. */
export const MAIN_HEADS = new Set([...READ_HEADS, 'insert', 'update', 'delete', 'merge', 'upsert', 'replace']);

/** Data changes that may sit inside parentheses (data-modifying CTEs, subqueries). */
export const INNER_WRITES = new Set(['insert', 'update', 'delete', 'merge', 'upsert', 'copy']);

/** SHOW ... of tables, columns, schemas and their definitions (after optional modifiers). */
export const SHOW_MODIFIERS = new Set(['full', 'terse', 'extended', 'all', 'user', 'system', 'external', 'materialized', 'primary', 'imported', 'unique']);
export const SHOW_OBJECTS = new Set(
  (
    'tables table columns column fields schemas schema databases database views view partitions partition index indexes ' +
    'indices keys tblproperties functions function catalogs catalog objects dictionaries stats sequences'
  ).split(' '),
);
/**
 * Per driver: SHOW <these> lists the server's sessions, settings, users and grants (ClickHouse's
 * SHOW PROCESSLIST, SETTING(S), CHANGED SETTINGS, GRANTS, USERS, ROLES, CURRENT / ENABLED ROLES,
 * QUOTA(S), SETTINGS PROFILES, ROW POLICIES, ACCESS, PRIVILEGES, MERGES, FILESYSTEM CACHES).
 * MySQL's SHOW [GLOBAL | SESSION] VARIABLES / STATUS, GRANTS, PROCESSLIST, PROFILE(S), ENGINE ...
 * STATUS, MASTER / SLAVE / REPLICA STATUS, BINARY LOGS, BINLOG / RELAYLOG EVENTS, OPEN TABLES,
 * PRIVILEGES, PLUGINS. PostgreSQL's SHOW only shows a run-time parameter (or ALL of them): every
 * form is a setting.
 */
export const SHOW_SYSTEM = {
  mysql: new Set(
    'variables status global session local grants processlist profile profiles engine master slave replica replicas binary binlog relaylog open privileges plugins'.split(
      ' ',
    ),
  ),
  clickhouse: new Set(
    'processlist settings setting changed grants users roles current enabled quota quotas profiles policies row access privileges merges filesystem'.split(' '),
  ),
  postgresql: 'any',
};
/** SHOW CREATE <these> reveals principals, not tables. */
export const SHOW_CREATE_REFUSED = new Set(['user', 'role', 'quota', 'profile', 'settings', 'row', 'policy', 'masking']);

/** DESCRIBE <these> describes something other than a table, view, schema or query. */
export const DESCRIBE_OTHER = new Set(
  (
    'user role integration stage network warehouse share pipe task stream connection secret credential procedure masking ' +
    'row session result file sequence external_volume external alert account notification storage api security compute ' +
    'resource service image application policy authentication password tag'
  ).split(' '),
);

/** EXPLAIN options (words and `(...)` groups) skipped before the explained statement. */
export const EXPLAIN_WORDS = new Set(
  (
    'analyze analyse verbose costs buffers settings wal timing summary format json text xml yaml graphviz query plan extended ' +
    'codegen cost formatted logical physical distributed io validate type ast syntax pipeline estimate optimized memory ' +
    'serialize generic_plan partitions tree traditional using tabular header description actions indexes passes graph ' +
    'compact oneline on off true false'
  ).split(' '),
);

/** Table hints and clauses that take locks (T-SQL hints; the FOR ... phrases are in label.mjs). */
export const LOCK_HINTS = new Set(['updlock', 'xlock', 'holdlock', 'tablock', 'tablockx', 'paglock', 'rowlock', 'serializable', 'repeatableread']);

/** Functions that read files, object stores or URLs. */
export const FILE_FUNCTIONS = new Set(
  (
    'parquet_scan sniff_csv ' +
    'iceberg_scan iceberg_metadata iceberg_snapshots delta_scan pg_read_file pg_read_binary_file pg_ls_dir pg_ls_logdir ' +
    'pg_ls_waldir pg_ls_tmpdir pg_stat_file pg_file_write lo_import lo_export load_file readfile writefile edit file url s3 ' +
    's3cluster gcs hdfs hdfscluster azureblobstorage azureblobstoragecluster urlcluster executable deltalake iceberg ' +
    'hudi cloud_files openrowset opendatasource infer_schema get_presigned_url build_scoped_file_url build_stage_file_url ' +
    'fn_get_audit_file fn_xe_file_target_read_file fn_trace_gettable filecluster catboostevaluate'
  ).split(' '),
);
/**
 * Prefixes of file readers (DuckDB read_csv, Databricks read_files, read_kafka, ...; PostgreSQL's
 * pg_ls_*dir listings; ClickHouse's lake table functions iceberg*, deltaLake*, hudi*, paimon*).
 */
export const FILE_PREFIXES = ['read_', 'parquet_', 'pg_ls_', 'iceberg', 'deltalake', 'hudi', 'paimon'];

/** Functions that reach other databases, services or models, or run text as a query. */
export const EXTERNAL_FUNCTIONS = new Set(
  (
    'postgres_scan postgres_scan_pushdown postgres_query postgres_execute mysql_scan mysql_query mysql_execute sqlite_scan ' +
    'sqlite_attach remote remotesecure cluster clusterallreplicas mysql postgresql mongodb redis jdbc odbc sqlite ' +
    'external_query http_get http_post http_request ai_query generate_text generate_embedding generate_table secret ' +
    'try_secret query query_table openquery identifier json_execute_serialized_sql query_to_xml ' +
    'query_to_xml_and_xmlschema cursor_to_xml table_to_xml schema_to_xml database_to_xml arrowflight ytsaurus ' +
    // ClickHouse: a Join-engine table named by a string, and a dictionary's hierarchy and keys
    // (docs: joinGet, "Functions for Working with Dictionaries"); see the dictget prefix below.
    'joinget joingetornull dicthas dictisin'
  ).split(' '),
);
/**
 * Prefixes of the above. ClickHouse's dictGet* read a dictionary, whose source the server's
 * configuration or a CREATE DICTIONARY names (another database, a file, a URL or a table) and
 * which a cache dictionary queries again at read time.
 */
export const EXTERNAL_PREFIXES = ['dblink', 'ai_', 'system$', 'xp_', 'dictget'];

/** Functions with side effects: sequences, sleeps, locks, settings, signals, randomness seeds. */
export const EFFECT_FUNCTIONS = new Set(
  (
    'nextval setval currval lastval pg_sleep pg_sleep_for pg_sleep_until sleep sleepeachrow benchmark get_lock release_lock ' +
    'release_all_locks set_config pg_terminate_backend pg_cancel_backend pg_reload_conf pg_rotate_logfile pg_switch_wal ' +
    'pg_create_restore_point pg_promote txid_current pg_current_xact_id pg_notify pg_logical_emit_message setseed ' +
    'load_extension fts3_tokenizer master_pos_wait source_pos_wait wait_for_executed_gtid_set sys_eval sys_exec sleep_ms ' +
    'write_log ' +
    // PostgreSQL's administration functions (docs: System Administration Functions): statistics
    // reset and import, replication slots and origins, backups, WAL replay, snapshots, logging.
    'pg_stat_force_next_flush pg_stat_clear_snapshot pg_restore_relation_stats pg_restore_attribute_stats ' +
    'pg_restore_extended_stats pg_clear_relation_stats pg_clear_attribute_stats pg_clear_extended_stats ' +
    'pg_create_physical_replication_slot pg_create_logical_replication_slot pg_drop_replication_slot ' +
    'pg_copy_physical_replication_slot pg_copy_logical_replication_slot pg_replication_slot_advance ' +
    'pg_logical_slot_get_changes pg_logical_slot_get_binary_changes pg_sync_replication_slots pg_backup_start ' +
    'pg_backup_stop pg_start_backup pg_stop_backup pg_wal_replay_pause pg_wal_replay_resume pg_export_snapshot ' +
    'pg_log_backend_memory_contexts pg_log_standby_snapshot pg_import_system_collations ' +
    // PostgreSQL's index maintenance functions (docs: Index Maintenance Functions): they write
    // BRIN summaries and move GIN's pending list into the index.
    'brin_summarize_range brin_summarize_new_values brin_desummarize_range gin_clean_pending_list'
  ).split(' '),
);
/** Prefixes of side-effect functions (PostgreSQL's pg_stat_reset*, pg_replication_origin_* but the lookups). */
export const EFFECT_PREFIXES = ['pg_advisory', 'pg_try_advisory', 'lo_', 'pg_stat_reset', 'pg_replication_origin_'];
/** Names under an effect prefix that only look something up. */
export const EFFECT_PREFIX_READS = new Set(['pg_replication_origin_oid', 'pg_replication_origin_progress', 'pg_replication_origin_session_progress']);

/** Functions reading the server's record of sessions, settings, users and privileges. */
export const SYSTEM_FUNCTIONS = new Set(
  (
    'current_setting pg_show_all_settings pg_backend_pid inet_client_addr inet_server_addr pg_postmaster_start_time ' +
    'pg_conf_load_time getvariable getenv getsetting getmacro last_insert_id found_rows row_count connection_id ' +
    'result_scan last_query_id which_secret list_secrets is_free_lock is_used_lock fn_dblog context_info session_context ' +
    'current_session ' +
    // PostgreSQL: WAL positions, the control file, memory and locks of the server, roles held.
    'pg_current_wal_lsn pg_current_wal_insert_lsn pg_current_wal_flush_lsn pg_last_wal_receive_lsn ' +
    'pg_last_wal_replay_lsn pg_last_xact_replay_timestamp pg_control_checkpoint pg_control_system pg_control_init ' +
    'pg_control_recovery pg_settings_get_flags pg_current_logfile pg_get_backend_memory_contexts ' +
    'pg_get_shmem_allocations pg_blocking_pids pg_safe_snapshot_blocking_pids pg_lock_status pg_prepared_xact ' +
    'pg_cursor pg_prepared_statement pg_has_role pg_get_acl pg_show_replication_origin_status ' +
    'pg_get_replication_slots pg_hba_file_rules pg_ident_file_mappings ' +
    // ClickHouse: server and table settings, the client's HTTP headers, the server's disks.
    'getserversetting getsettingordefault getmergetreesetting getclienthttpheader filesystemavailable ' +
    'filesystemcapacity filesystemunreserved'
  ).split(' '),
);
export const SYSTEM_FUNCTION_NAMES = [
  /^duckdb_(settings|secrets|databases|logs\w*|log_contexts|memory|temporary_files|extensions|external_file_cache|variables|prepared_statements)$/,
  /^pragma_/,
  /^query_history/,
  /^login_history/,
  /^pg_stat/,
  /^has_\w*privilege$/,
  /^sys\.fn_/,
];

/** Qualified names of the server's record of sessions, queries, users and settings. */
export const SYSTEM_NAMES = [
  /(^|\.)pg_stat/,
  /(^|\.)pg_(settings|roles|authid|shadow|user|locks|file_settings|hba_file_rules|ident_file_mappings|prepared_xacts|cursors)$/,
  /(^|\.)pg_(backend_memory_contexts|replication_slots|config|db_role_setting|user_mappings|largeobject|prepared_statements)$/,
  /(^|\.)pg_(auth_members|group|subscription|replication_origin_status|shmem_allocations|aios)$/,
  /^performance_schema\./,
  /^mysql\.(user|db|tables_priv|columns_priv|procs_priv|proxies_priv|global_grants|general_log|slow_log|role_edges)$/,
  /(^|\.)information_schema\.(\w*privileges|processlist|\w*variables|\w*status|user_\w*|\w*roles|jobs\w*|sessions\w*)$/,
  /(^|\.)information_schema\.(query_history\w*|login_history\w*|innodb_\w*|optimizer_trace|profiling|\w*_options)$/,
  /^sys\.(dm_\w+|sysprocesses|syslogins|server_\w+|sql_logins|configurations|credentials|database_credentials)$/,
  /^master\.(dbo\.)?sys\w+$/,
  /^snowflake\./,
  /^queryinsights\./,
];
/** Per driver: names under a `system` catalog are the server's own record. */
export const SYSTEM_CATALOG_DRIVERS = new Set(['clickhouse', 'databricks', 'trino', 'athena']);
/** ClickHouse's `system` tables that only generate rows. */
export const CLICKHOUSE_PLAIN_SYSTEM =
  /^system\.(one|numbers|numbers_mt|zeros|zeros_mt|primes|unicode|tables|columns|databases|functions|table_functions|data_type_families|formats|time_zones|collations|contributors|licenses|table_engines|database_engines|aggregate_function_combinators|keywords)$/;
/** Redshift's system tables and views. */
export const REDSHIFT_SYSTEM = /^(pg_catalog\.)?(stl|stv|svl|svcs|svv|sys)_\w+$/;

/** Functions that read files or system records on some drivers only (`glob` is SQLite's GLOB match elsewhere). */
export const DRIVER_FUNCTIONS = {
  glob: { drivers: ['duckdb', 'file'], finding: 'file' },
  input: { drivers: ['clickhouse'], finding: 'file' },
  changes: { drivers: ['sqlite'], finding: 'system' },
  total_changes: { drivers: ['sqlite'], finding: 'system' },
  last_insert_rowid: { drivers: ['sqlite'], finding: 'system' },
};

/** Words after which a parenthesis opens a query or list, not a function call's arguments. */
export const NOT_CALLS = new Set(
  'from join lateral in exists as on where and or not select union intersect except all any some with by having when then else values table using'.split(' '),
);
/** FROM followed by a string reads a file on these drivers (DuckDB replacement scans, Snowflake stages). */
export const STRING_FROM_DRIVERS = new Set(['duckdb', 'file', 'snowflake']);
