#!/usr/bin/env node
/**
 * PostgreSQL's allow-list catalog, read from a throwaway PostgreSQL 15 server (Debian's
 * postgresql-15, installed when missing; see servers.mjs) with the contrib extensions a
 * warehouse commonly has created in it, and PostGIS (postgresql-15-postgis-3, installed when missing): src/rules/statement-check/allow/postgresql.catalog.json.
 *
 * The catalog's mark: `pg_proc.provolatile`. A name is harmless when every overload callable
 * from a query (no `internal` argument, not a trigger or handler) is immutable or stable; the
 * volatile ones go to `unmarked` (PostgreSQL marks volatile both what changes state and what
 * merely differs per call, such as random()). Set-returning names are table functions too.
 * Every entry keeps the catalog's flags: kind (prokind f/a/w), volatility, retset and the
 * owning extension (pg_depend -> pg_extension). Relations: the information_schema views, but
 * never those about privileges, roles, user mappings or foreign servers.
 *
 * Usage: node scripts/allow-lists/postgresql.mjs
 */
import { byName, distinct, writeCatalog } from './catalog-file.mjs';
import { ensureCommand, startPostgres } from './servers.mjs';

/** Contrib extensions created before reading, so their functions are reviewed too. */
const EXTENSIONS = [
  'citext',
  'cube',
  'dblink',
  'earthdistance',
  'fuzzystrmatch',
  'hstore',
  'intarray',
  'isn',
  'ltree',
  'pg_trgm',
  'pgcrypto',
  'postgis',
  'postgres_fdw',
  'seg',
  'tablefunc',
  'unaccent',
  'uuid-ossp',
  'xml2',
];

const FUNCTIONS_SQL = `
SELECT p.proname AS name, n.nspname AS schema, p.prokind AS kind, p.provolatile AS volatility, p.proretset AS retset,
       coalesce(e.extname, '') AS extension
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
LEFT JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
LEFT JOIN pg_extension e ON e.oid = d.refobjid
WHERE p.prokind IN ('f', 'a', 'w')
  AND NOT 'internal'::regtype = ANY (p.proargtypes::oid[])
  AND p.prorettype NOT IN ('internal'::regtype, 'trigger'::regtype, 'event_trigger'::regtype, 'language_handler'::regtype,
                           'fdw_handler'::regtype, 'index_am_handler'::regtype, 'table_am_handler'::regtype, 'tsm_handler'::regtype)
  AND (n.nspname IN ('pg_catalog', 'information_schema') OR e.extname IS NOT NULL)`;

const RELATIONS_SQL = `
SELECT table_name AS name, table_type AS kind FROM information_schema.tables
WHERE table_schema = 'information_schema'
  AND table_name !~ '(privileges|role|user_mapping)' AND table_name !~ '^(foreign_|_pg_)'`;

function entry(group) {
  const owned = group.filter((r) => r.extension !== '');
  const extension = owned.length === 0 ? undefined : distinct(owned, 'extension');
  return {
    kind: distinct(group, 'kind'),
    volatility: distinct(group, 'volatility'),
    retset: distinct(group, 'retset'),
    schema: distinct(group, 'schema'),
    ...(extension === undefined ? {} : { extension }),
  };
}

async function readFunctions(client) {
  const rows = (await client.query(FUNCTIONS_SQL)).rows;
  const entries = byName(rows, (group) => ({ ...entry(group), harmless: group.every((r) => r.volatility !== 'v') }));
  const strip = ({ harmless, ...rest }) => rest;
  const sets = (e) => e.retset === true || (Array.isArray(e.retset) && e.retset.includes(true));
  const [harmless, volatile] = [entries.filter((e) => e.harmless).map(strip), entries.filter((e) => !e.harmless).map(strip)];
  return { functions: harmless, tableFunctions: harmless.filter(sets), unmarked: { functions: volatile, tableFunctions: volatile.filter(sets) } };
}

async function main() {
  // PostGIS is a package of its own (Debian's postgresql-15-postgis-3); its control file says it is there.
  ensureCommand('/usr/share/postgresql/15/extension/postgis.control', 'postgresql-15-postgis-3');
  const { client, stop } = await startPostgres();
  try {
    for (const name of EXTENSIONS) await client.query(`CREATE EXTENSION IF NOT EXISTS "${name}" CASCADE`);
    const version = (await client.query("SELECT current_setting('server_version') AS v")).rows[0].v;
    const relations = (await client.query(RELATIONS_SQL)).rows.map((r) => ({ name: `information_schema.${r.name}`, kind: r.kind.toLowerCase() }));
    const rule = 'pg_proc: provolatile i or s on every overload callable from a query (prokind f/a/w, no internal argument, not a trigger or handler)';
    const generatedBy = 'node scripts/allow-lists/postgresql.mjs';
    writeCatalog({ engine: 'postgresql', version, generatedBy, rule, extensions: EXTENSIONS, ...(await readFunctions(client)), relations });
  } finally {
    await stop();
  }
}

await main();
