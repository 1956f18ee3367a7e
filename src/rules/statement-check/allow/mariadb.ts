/**
 * MariaDB's allow list (the `mysql` driver): every function MariaDB's catalog lists
 * (information_schema.SQL_FUNCTIONS and the function categories of its help tables; it has no
 * side-effect flag) minus a reviewed LEFT_OUT, JSON_TABLE, and the information_schema tables
 * about the database's own objects; read from a throwaway MariaDB 10.11 by
 * `node scripts/allow-lists/mariadb.mjs`.
 */
import type { Added, CatalogFile, LeftOut } from './build.js';
import { allowListFrom } from './build.js';
import catalog from './mariadb.catalog.json' with { type: 'json' };
import type { AllowList } from './types.js';

export const MARIADB_CATALOG: CatalogFile = catalog;

const each = (names: readonly string[], why: string): Record<string, string> => Object.fromEntries(names.map((name) => [name, why]));
const ACCOUNT = 'the account (and client host) svc signs in as to the warehouse';

export const MARIADB_LEFT_OUT: LeftOut = {
  sleep: 'sleeps the connection: a read that holds a connection',
  benchmark: 'evaluates an expression a given number of times: a read that spends server CPU',
  ...each(['get_lock', 'release_lock', 'release_all_locks'], 'takes or releases a named user lock held by the connection'),
  ...each(['is_free_lock', 'is_used_lock'], 'whether another connection holds a named lock, and which connection'),
  load_file: 'reads a file on the server',
  ...each(['master_pos_wait', 'master_gtid_wait'], 'waits for a replica to reach a position: a read that blocks'),
  binlog_gtid_pos: 'reads the binary log of the server',
  ...each(['wsrep_last_seen_gtid', 'wsrep_last_written_gtid'], 'the Galera cluster replication state'),
  wsrep_sync_wait_upto_gtid: 'waits for the Galera cluster: a read that blocks',
  last_insert_id: 'LAST_INSERT_ID(expr) sets the value the connection reports next: a read that sets state',
  ...each(['found_rows', 'row_count'], 'counts left by the connection previous statement: state of another statement'),
  // CURRENT_USER() and CURRENT_ROLE() name the account as granted (`svc@%`) and are allowed (who the
  // connection is: allow/connection-identity.ts); these carry the address of the host svc runs on.
  ...each(['user', 'session_user', 'system_user'], ACCOUNT),
  connection_id: 'the id of the connection, what KILL takes',
  ...each(['uuid', 'sys_guid'], 'a version-1 UUID: the time and the network card address of the server'),
  uuid_short: 'built from the server id and start-up time, and advances a server-wide counter',
  ...each(['des_encrypt', 'des_decrypt'], 'with a key number, encrypts with the keys of the server DES key file'),
  'spider_*': 'Spider: runs SQL on other servers or copies tables between them',
  ...each(['sys_exec', 'sys_eval'], 'lib_mysqludf_sys: runs a shell command on the server'),
  ...each(['setval', 'nextval', 'lastval'], 'sets or advances a sequence, or reads the connection last sequence value'),
  'information_schema.processlist': 'the other connections and their statements',
};

export const MARIADB_ADDED: Added = {
  functions: {
    match: 'grammar: MATCH (columns) AGAINST (text) is full-text search over the table the read names',
  },
  tableFunctions: {
    json_table: 'the rows and columns of its JSON argument (JSON_TABLE)',
  },
};

export const MARIADB_ALLOW: AllowList = allowListFrom(MARIADB_CATALOG, MARIADB_LEFT_OUT, MARIADB_ADDED);
