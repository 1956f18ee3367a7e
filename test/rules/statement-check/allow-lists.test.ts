/**
 * The generated allow lists against the live engines (src/rules/statement-check/allow/): each
 * engine is started once, as the generators start it, and its catalog read again here with the
 * engine's own mark restated (not the generator's code). Every allowed function, table function
 * and relation must exist in the engine and be harmless by that mark, or be in ADDED with its
 * reason (grammar, and ClickHouse's supplement from current releases, need not exist in the
 * engine here); no allowed name may be one LEFT_OUT covers. PostgreSQL, ClickHouse and MariaDB
 * servers install themselves from Debian's packages when missing.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Added, type LeftOut, leftOutKey } from '../../../src/rules/statement-check/allow/build.js';
import { CLICKHOUSE_ADDED, CLICKHOUSE_ALLOW, CLICKHOUSE_LEFT_OUT } from '../../../src/rules/statement-check/allow/clickhouse.js';
import { DUCKDB_ADDED, DUCKDB_ALLOW, DUCKDB_LEFT_OUT } from '../../../src/rules/statement-check/allow/duckdb.js';
import { MARIADB_ADDED, MARIADB_ALLOW, MARIADB_LEFT_OUT } from '../../../src/rules/statement-check/allow/mariadb.js';
import { POSTGRESQL_ADDED, POSTGRESQL_ALLOW, POSTGRESQL_CATALOG, POSTGRESQL_LEFT_OUT } from '../../../src/rules/statement-check/allow/postgresql.js';
import { SQLITE_ADDED, SQLITE_ALLOW, SQLITE_LEFT_OUT } from '../../../src/rules/statement-check/allow/sqlite.js';
import type { AllowList } from '../../../src/rules/statement-check/allow/types.js';
import { startMariaDb } from '../../differential/mariadb-server.js';
import { startClickHouseCluster } from '../../helpers/clickhouse-cluster.js';
import { startPostgres } from '../../helpers/postgres-server.js';
import { ensureFile } from '../../helpers/provision.js';

/** What the live engine's catalog says, by its own mark. */
interface Live {
  /** Every function name the catalog lists. */
  listed: ReadonlySet<string>;
  /** Function names the catalog marks harmless. */
  harmless: ReadonlySet<string>;
  /** Table functions the engine has, and those its catalog marks harmless. */
  tables: ReadonlySet<string>;
  harmlessTables: ReadonlySet<string>;
  relationExists(name: string): Promise<boolean>;
}

interface Started {
  live: Live;
  stop(): Promise<void> | void;
}

interface Engine {
  allow: AllowList;
  leftOut: LeftOut;
  added: Added;
  start(): Promise<Started>;
}

const LISTS = ['functions', 'tableFunctions', 'relations'] as const;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Names whose every row passes `ok`. */
function everyRow<T>(groups: Map<string, T[]>, ok: (row: T) => boolean): Set<string> {
  return new Set([...groups].filter(([, rows]) => rows.every(ok)).map(([name]) => name));
}

/** An ADDED reason that need not name something this engine has: grammar, or a newer release. */
function beyondThisEngine(why: string): boolean {
  return why.startsWith('grammar') || why.startsWith('docs/') || why.includes('(current releases)');
}

function checkFunctions(engine: Engine, live: Live): string[] {
  const added = engine.added.functions ?? {};
  const wrong = engine.allow.functions.filter((name) => !live.harmless.has(name) && (added[name] ?? '').length < 10);
  const missing = Object.entries(added).filter(([name, why]) => !live.listed.has(name) && !beyondThisEngine(why));
  return [...wrong.map((n) => `not harmless by the catalog and not ADDED: ${n}`), ...missing.map(([n]) => `ADDED but not in the engine: ${n}`)];
}

function checkTableFunctions(engine: Engine, live: Live): string[] {
  const added = engine.added.tableFunctions ?? {};
  const wrong = engine.allow.tableFunctions.filter((name) => !live.harmlessTables.has(name) && (added[name] ?? '').length < 10);
  const missing = Object.entries(added).filter(([name, why]) => !live.tables.has(name) && !beyondThisEngine(why));
  return [...wrong.map((n) => `table function not harmless and not ADDED: ${n}`), ...missing.map(([n]) => `ADDED table function missing: ${n}`)];
}

/** Allowed names LEFT_OUT covers, but for a name ADDED by itself inside a LEFT_OUT pattern (the exact name wins, as build.ts says). */
function leftOutAllowed(engine: Engine): string[] {
  return LISTS.flatMap((list) =>
    engine.allow[list].flatMap((name) => {
      const key = leftOutKey(engine.leftOut, name);
      if (key?.endsWith('*') === true && Object.hasOwn(engine.added[list] ?? {}, name)) return [];
      return key === undefined ? [] : [`${list}: ${name} (LEFT_OUT ${key})`];
    }),
  );
}

function describeEngine(title: string, engine: Engine): void {
  describe(title, () => {
    let started: Started;
    beforeAll(async () => {
      started = await engine.start();
    }, 900_000);
    afterAll(() => started?.stop(), 60_000);

    it('allows only functions the live catalog marks harmless, or ADDED says why', () => {
      expect(checkFunctions(engine, started.live)).toEqual([]);
      expect(checkTableFunctions(engine, started.live)).toEqual([]);
    });

    it('names only relations the engine has', async () => {
      const absent: string[] = [];
      const newer = (name: string): boolean => beyondThisEngine(engine.added.relations?.[name] ?? '');
      for (const name of engine.allow.relations) if (!newer(name) && !(await started.live.relationExists(name))) absent.push(name);
      expect(absent).toEqual([]);
    });

    it('allows nothing LEFT_OUT covers, and gives every entry its reason', () => {
      expect(leftOutAllowed(engine)).toEqual([]);
      const reasons = [...Object.values(engine.leftOut), ...LISTS.flatMap((list) => Object.values(engine.added[list] ?? {}))];
      expect(reasons.filter((why) => why.length < 10)).toEqual([]);
    });

    it('is sorted, lower case and without duplicates', () => {
      for (const list of LISTS) expect(engine.allow[list]).toEqual([...new Set(engine.allow[list].map((n) => n.toLowerCase()))].sort());
      expect(engine.allow.functions.length).toBeGreaterThan(100);
    });
  });
}

// SQLite: pragma_function_list, SQLITE_INNOCUOUS set and SQLITE_DIRECTONLY clear.
function startSqlite(): Promise<Started> {
  const db = new Database(':memory:');
  const rows = db.prepare('SELECT name, type, flags FROM pragma_function_list').all() as { name: string; type: string; flags: number }[];
  const groups = groupBy(rows, (r) => r.name.toLowerCase());
  const harmless = everyRow(groups, (r) => ['s', 'a', 'w'].includes(r.type) && (r.flags & 0x200000) !== 0 && (r.flags & 0x80000) === 0);
  const prepares = (sql: string): boolean => {
    try {
      db.prepare(sql);
      return true;
    } catch {
      return false;
    }
  };
  // Every PRAGMA that returns rows without side effects is also a table function pragma_<name> (sqlite.org/pragma.html).
  const pragmas = (db.prepare('SELECT name FROM pragma_pragma_list').all() as { name: string }[]).map((r) => `pragma_${r.name}`);
  const tables = new Set(
    ['json_each', 'json_tree', 'generate_series', ...pragmas].filter(
      (n) => prepares(`SELECT * FROM ${n}('[]')`) || prepares(`SELECT * FROM ${n}(1, 2)`) || prepares(`SELECT * FROM ${n}`),
    ),
  );
  // sqlite_sequence and sqlite_stat1 exist once a table uses AUTOINCREMENT and ANALYZE has run.
  db.exec('CREATE TABLE svc_probe (a INTEGER PRIMARY KEY AUTOINCREMENT); INSERT INTO svc_probe DEFAULT VALUES; ANALYZE');
  const relationExists = async (name: string) => prepares(`SELECT * FROM ${name}`);
  // A PRAGMA function exists, but only ADDED says which of them are harmless.
  const harmlessTables = new Set([...tables].filter((n) => !n.startsWith('pragma_')));
  return Promise.resolve({ live: { listed: new Set(groups.keys()), harmless, tables, harmlessTables, relationExists }, stop: () => db.close() });
}

/** Lower-case names a DuckDB macro definition calls (upper-case words there are syntax). */
function macroCalls(definition: string): string[] {
  return [...definition.matchAll(/([A-Za-z_][A-Za-z0-9_]*)"?\s*\(/g)].map((m) => m[1] as string).filter((w) => /[a-z]/.test(w));
}

interface DuckRow {
  name: string;
  type: string;
  effects: boolean | null;
  definition: string | null;
}

/** DuckDB: has_side_effects = false, or a macro calling nothing with side effects and no table function. */
function duckHarmless(rows: readonly DuckRow[]): Set<string> {
  const tabular = (r: DuckRow) => ['table', 'table_macro', 'pragma'].includes(r.type);
  const bad = new Set(rows.filter((r) => r.effects === true || tabular(r)).map((r) => r.name.toLowerCase()));
  const ok = (r: DuckRow) => (r.type === 'macro' ? macroCalls(r.definition ?? '').every((n) => !bad.has(n.toLowerCase())) : r.effects === false);
  return everyRow(
    groupBy(
      rows.filter((r) => !tabular(r)),
      (r) => r.name.toLowerCase(),
    ),
    ok,
  );
}

async function startDuckDb(): Promise<Started> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const sql = 'SELECT function_name AS name, function_type AS type, has_side_effects AS effects, macro_definition AS definition FROM duckdb_functions()';
  const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson() as unknown as DuckRow[];
  const tables = new Set(rows.filter((r) => r.type === 'table' || r.type === 'table_macro').map((r) => r.name.toLowerCase()));
  const relationExists = async (name: string) =>
    connection.run(`SELECT * FROM ${name} LIMIT 0`).then(
      () => true,
      () => false,
    );
  const listed = new Set(rows.filter((r) => r.type !== 'pragma').map((r) => r.name.toLowerCase()));
  const stop = () => {
    connection.closeSync();
    instance.closeSync();
  };
  return { live: { listed, harmless: duckHarmless(rows), tables, harmlessTables: new Set(), relationExists }, stop };
}

const PG_FUNCTIONS = `SELECT p.proname AS name, p.provolatile AS volatility, p.proretset AS retset
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE p.prokind IN ('f', 'a', 'w') AND NOT 'internal'::regtype = ANY (p.proargtypes::oid[])
  AND p.prorettype NOT IN ('internal'::regtype, 'trigger'::regtype, 'event_trigger'::regtype, 'language_handler'::regtype,
                           'fdw_handler'::regtype, 'index_am_handler'::regtype, 'table_am_handler'::regtype, 'tsm_handler'::regtype)`;

// PostgreSQL 15: provolatile immutable or stable on every overload callable from a query.
async function startPostgresLive(): Promise<Started> {
  // PostGIS, one of the catalog's extensions, is a Debian package of its own.
  ensureFile('/usr/share/postgresql/15/extension/postgis.control', 'postgresql-15-postgis-3');
  const server = await startPostgres();
  for (const name of POSTGRESQL_CATALOG.extensions ?? []) await server.client.query(`CREATE EXTENSION IF NOT EXISTS "${name}" CASCADE`);
  const rows = (await server.client.query(PG_FUNCTIONS)).rows as { name: string; volatility: string; retset: boolean }[];
  const groups = groupBy(rows, (r) => r.name.toLowerCase());
  const harmless = everyRow(groups, (r) => r.volatility !== 'v');
  const tables = new Set(rows.filter((r) => r.retset).map((r) => r.name.toLowerCase()));
  const relationExists = async (name: string) =>
    server.client.query(`SELECT * FROM ${name} LIMIT 0`).then(
      () => true,
      () => false,
    );
  const live = { listed: new Set(groups.keys()), harmless, tables, harmlessTables: new Set([...tables].filter((n) => harmless.has(n))), relationExists };
  return { live, stop: () => server.stop() };
}

// ClickHouse 18.16: system.functions has no side-effect flag; every name it lists is the mark.
async function startClickHouseLive(): Promise<Started> {
  const cluster = await startClickHouseCluster(1);
  const names = async (sql: string) =>
    new Set(
      (await cluster.query(`${sql} FORMAT JSONEachRow`))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { name: string }).name.toLowerCase()),
    );
  const listed = await names('SELECT name FROM system.functions');
  const tables = await names('SELECT name FROM system.table_functions');
  const relationExists = async (name: string) =>
    cluster.query(`SELECT * FROM ${name} LIMIT 0`).then(
      () => true,
      () => false,
    );
  return { live: { listed, harmless: listed, tables, harmlessTables: new Set(), relationExists }, stop: () => cluster.stop() };
}

const MARIA_HELP = `SELECT t.name AS topic, c.name AS category FROM mysql.help_topic t
JOIN mysql.help_category c ON c.help_category_id = t.help_category_id`;

// MariaDB: no side-effect flag; SQL_FUNCTIONS and the function categories of its help are the mark.
async function startMariaDbLive(): Promise<Started> {
  const server = await startMariaDb();
  const rows = (sql: string) => server.run(sql)?.resultSets[0] ?? [];
  const native = rows('SELECT FUNCTION AS name FROM information_schema.SQL_FUNCTIONS').map((r) => String(r['name']).toLowerCase());
  const help = rows(MARIA_HELP)
    .filter((r) => /Functions|GROUP BY|GeoJSON|Geometry|Properties|MBR|WKB|WKT|Sequences/.test(String(r['category'])))
    .map((r) =>
      String(r['topic'])
        .replace(/ function$/i, '')
        .toLowerCase(),
    )
    .filter((name) => /^[a-z][a-z0-9_]*$/.test(name));
  const listed = new Set([...native, ...help]);
  const jsonTable = "SELECT * FROM JSON_TABLE('[1]', '$[*]' COLUMNS (a INT PATH '$')) AS t";
  const tables = new Set(server.run(jsonTable) === undefined ? [] : ['json_table']);
  const relationExists = async (name: string) => server.run(`SELECT * FROM ${name} LIMIT 0`) !== undefined;
  return { live: { listed, harmless: listed, tables, harmlessTables: new Set(), relationExists }, stop: () => server.stop() };
}

describeEngine('SQLite', { allow: SQLITE_ALLOW, leftOut: SQLITE_LEFT_OUT, added: SQLITE_ADDED, start: startSqlite });
describeEngine('DuckDB', { allow: DUCKDB_ALLOW, leftOut: DUCKDB_LEFT_OUT, added: DUCKDB_ADDED, start: startDuckDb });
describeEngine('PostgreSQL', { allow: POSTGRESQL_ALLOW, leftOut: POSTGRESQL_LEFT_OUT, added: POSTGRESQL_ADDED, start: startPostgresLive });
describeEngine('ClickHouse', { allow: CLICKHOUSE_ALLOW, leftOut: CLICKHOUSE_LEFT_OUT, added: CLICKHOUSE_ADDED, start: startClickHouseLive });
describeEngine('MariaDB', { allow: MARIADB_ALLOW, leftOut: MARIADB_LEFT_OUT, added: MARIADB_ADDED, start: startMariaDbLive });
