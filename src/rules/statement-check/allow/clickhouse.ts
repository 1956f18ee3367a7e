/**
 * ClickHouse's allow list: every function `system.functions` of 18.16 lists (ClickHouse has no
 * side-effect flag) minus a reviewed LEFT_OUT, the reviewed supplement of current releases'
 * functions (clickhouse-supplement.ts), the table functions that generate rows, and the system
 * tables that describe the engine and the database's own tables; read from a throwaway server
 * by `node scripts/allow-lists/clickhouse.mjs`. ClickHouse names are case-sensitive except
 * where the catalog says otherwise; the list is lower case, so compare lower case.
 */
import type { Added, CatalogFile, LeftOut } from './build.js';
import { allowListFrom } from './build.js';
import catalog from './clickhouse.catalog.json' with { type: 'json' };
import { CLICKHOUSE_SUPPLEMENT } from './clickhouse-supplement.js';
import type { AllowList } from './types.js';

export const CLICKHOUSE_CATALOG: CatalogFile = catalog;

/**
 * Aggregate function combinators (system.aggregate_function_combinators, and those of current
 * releases): `sumIf` is `sum` with `If`, `uniqMergeState` is `uniq` with `Merge` and `State`. An
 * allowed aggregate followed by any run of these (lower case, as the list is) is that aggregate.
 */
export const CLICKHOUSE_AGGREGATE_COMBINATORS: readonly string[] = [
  ...new Set([
    ...catalog.combinators.filter((name) => name !== 'Null'),
    'SimpleState',
    'Distinct',
    'OrDefault',
    'OrNull',
    'Resample',
    'Map',
    'ArgMin',
    'ArgMax',
  ]),
]
  .map((name) => name.toLowerCase())
  .sort();

const each = (names: readonly string[], why: string): Record<string, string> => Object.fromEntries(names.map((name) => [name, why]));
const EXTERNAL = 'reaches another server, a file or an object store';
const SERVER = 'the server, not the data: ';

/** Functions: what they reach or reveal. */
const FUNCTIONS: LeftOut = {
  'dictget*': 'reads a dictionary named as text: a source the server configuration names, past the relation checks',
  ...each(['dicthas', 'dictisin'], 'reads a dictionary named as text'),
  ...each(['joinget', 'joingetornull'], 'reads a Join table named as text'),
  hascolumnintable: 'asks about a table named as text; with a host argument it signs in to another server',
  ...each(['sleep', 'sleepeachrow'], 'sleeps the query: a read that holds a connection'),
  modelevaluate: 'runs a CatBoost model the server loads from files',
  catboostevaluate: 'runs a CatBoost model from a file on the server',
  'region*': 'the embedded Yandex geobase dictionaries the server loads from files',
  ...each(['oshierarchy', 'osin', 'ostoroot', 'sehierarchy', 'sein', 'setoroot'], 'the embedded Yandex.Metrica dictionaries the server loads'),
  ...each(['findclusterindex', 'findclustervalue'], 'undocumented in the ClickHouse reference and gone from current releases'),
  ...each(['hostname', 'fqdn', 'fullhostname', 'displayname'], `${SERVER}its host name`),
  uptime: `${SERVER}how long it has run`,
  ...each(['buildid', 'serveruuid', 'getoskernelversion', 'hasthreadfuzzer'], `${SERVER}its binary, identity or kernel`),
  ...each(['tcpport', 'getserverport'], `${SERVER}the ports it listens on`),
  ...each(['filesystemavailable', 'filesystemcapacity', 'filesystemunreserved', 'filesystemfree'], `${SERVER}its disks`),
  zookeepersessionuptime: `${SERVER}its ZooKeeper session`,
  ...each(['getsetting', 'getsettingordefault', 'getserversetting', 'getmergetreesetting', 'getmacro', 'globalvariable'], `${SERVER}a setting or macro`),
  getmaxtablenamelengthfordatabase: `${SERVER}the path limits of a database directory`,
  getclienthttpheader: 'the HTTP headers of the request, credentials included',
  // currentUser, user, authenticatedUser: the account the connection signs in as is allowed (who
  // the connection is, the same for every person: allow/connection-identity.ts).
  ...each(['currentroles', 'enabledroles', 'defaultroles', 'currentprofiles', 'enabledprofiles', 'defaultprofiles'], 'the roles and profiles of the account'),
  ...each(['connectionid', 'connection_id'], 'the id of the connection'),
  ...each(['queryid', 'query_id', 'currentqueryid', 'current_query_id'], 'the id of the query in the server query log'),
  ...each(['initialqueryid', 'initial_query_id', 'initialquerystarttime', 'initial_query_start_time'], 'the query that began a distributed read'),
  ...each(['shardnum', 'shardcount'], 'the cluster layout of a distributed read'),
  ...each(['transactionid', 'transactionlatestsnapshot', 'transactionoldestsnapshot'], 'the transaction state of the session'),
  tid: `${SERVER}the id of the thread running the query`,
  logtrace: 'writes its argument to the server log',
  generateserialid: 'advances a named counter kept in ClickHouse Keeper: a read that writes',
  ...each(
    ['addresstoline', 'addresstolinewithinlines', 'addresstosymbol', 'demangle', 'flamegraph'],
    'introspection: reads the debug symbols of the server binary',
  ),
  ...each(['lemmatize', 'synonyms'], 'reads lemmatizer or synonym files the server configuration names'),
  showcertificate: `${SERVER}its TLS certificate`,
  'ai*': 'calls an AI model provider over the network',
  '__*': 'an internal function the query planner inserts',
  _cast: 'an internal function the query planner inserts',
};

/** Table functions and relations: what they reach or reveal. */
const TABLES: LeftOut = {
  ...each(['file', 'filecluster', 'catboostpool'], 'reads files on the server'),
  ...each(['url', 'urlcluster', 's3', 's3cluster', 'hdfs', 'hdfscluster', 'azureblobstorage', 'gcs', 'iceberg', 'deltalake', 'hudi'], EXTERNAL),
  ...each(['remote', 'remotesecure', 'cluster', 'clusterallreplicas', 'shardbyhash'], 'reads other servers of a cluster'),
  ...each(['mysql', 'postgresql', 'jdbc', 'odbc', 'sqlite', 'mongodb', 'redis'], 'reads another database system'),
  ...each(['executable', 'executablepool'], 'runs a program on the server'),
  input: 'reads the data sent with an INSERT',
  merge: 'reads every table whose name matches a pattern, past the relation checks',
  dictionary: 'reads a dictionary: a source the server configuration names',
  'system.databases': 'database names and their data and metadata paths on the server (names are in system.tables and SHOW DATABASES)',
  ...each(['system.processes', 'system.query_log', 'system.query_thread_log', 'system.part_log', 'system.text_log'], `${SERVER}the queries of every session`),
  ...each(['system.users', 'system.roles', 'system.grants', 'system.quotas', 'system.settings_profiles'], `${SERVER}accounts and grants`),
  ...each(['system.settings', 'system.merge_tree_settings', 'system.server_settings', 'system.macros'], `${SERVER}settings and macros`),
  ...each(['system.clusters', 'system.zookeeper', 'system.replicas', 'system.replication_queue'], `${SERVER}cluster and replication state`),
  ...each(['system.parts', 'system.parts_columns', 'system.merges', 'system.mutations'], `${SERVER}storage parts, their paths, merges and mutations`),
  ...each(['system.dictionaries', 'system.models', 'system.graphite_retentions'], `${SERVER}configured sources and their origins`),
  ...each(['system.metrics', 'system.events', 'system.asynchronous_metrics', 'system.build_options', 'system.contributors'], `${SERVER}its counters and build`),
};

export const CLICKHOUSE_LEFT_OUT: LeftOut = { ...FUNCTIONS, ...TABLES };

const ROWS = 'generates rows from its arguments alone';

export const CLICKHOUSE_ADDED: Added = {
  functions: { ...CLICKHOUSE_SUPPLEMENT },
  tableFunctions: {
    numbers: ROWS,
    numbers_mt: `${ROWS} (current releases)`,
    zeros: `${ROWS} (current releases)`,
    zeros_mt: `${ROWS} (current releases)`,
    values: 'the rows written in its arguments (current releases)',
    generaterandom: 'random rows of the structure given as an argument (current releases)',
    generate_series: `${ROWS} (current releases)`,
    generateseries: `${ROWS} (current releases)`,
    primes: 'the prime numbers, as numbers() gives integers: rows of its arguments alone (current releases)',
  },
  // ClickHouse 22.x and later: the SQL-standard views over system.tables and system.columns,
  // showing only the tables the connection may read (docs/en/operations/system-tables/information_schema).
  relations: {
    ...Object.fromEntries(
      ['columns', 'key_column_usage', 'referential_constraints', 'schemata', 'statistics', 'tables', 'views'].map((view) => [
        `information_schema.${view}`,
        'the database objects the connection may read, as the SQL-standard views show them (current releases)',
      ]),
    ),
    'system.primes': 'the prime numbers, generated as system.numbers generates integers (current releases)',
  },
};

export const CLICKHOUSE_ALLOW: AllowList = allowListFrom(CLICKHOUSE_CATALOG, CLICKHOUSE_LEFT_OUT, CLICKHOUSE_ADDED);

/**
 * The allowed aggregate functions: those a combinator may follow (`sumIf`, `uniqMergeState`).
 * From the catalog's `kind` and the supplement's aggregate-functions page.
 */
export const CLICKHOUSE_AGGREGATES: ReadonlySet<string> = new Set(
  [
    ...catalog.functions.filter((f) => f.kind === 'aggregate').map((f) => f.name.toLowerCase()),
    ...Object.entries(CLICKHOUSE_SUPPLEMENT)
      .filter(([, why]) => why.startsWith('docs/en/sql-reference/aggregate-functions/'))
      .map(([name]) => name),
  ].filter((name) => CLICKHOUSE_ALLOW.functions.includes(name)),
);

/** `name` without its run of aggregate combinators when what is left is an allowed aggregate, else undefined. */
export function clickhouseAggregateBase(name: string): string | undefined {
  let rest = name;
  for (;;) {
    if (rest !== name && CLICKHOUSE_AGGREGATES.has(rest)) return rest;
    const combinator = CLICKHOUSE_AGGREGATE_COMBINATORS.find((c) => rest.length > c.length && rest.endsWith(c));
    if (combinator === undefined) return undefined;
    rest = rest.slice(0, -combinator.length);
  }
}
