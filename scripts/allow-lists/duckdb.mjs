#!/usr/bin/env node
/**
 * DuckDB's allow-list catalog, read from the engine svc embeds (@duckdb/node-api, an in-memory
 * database with its built-in extensions): src/rules/statement-check/allow/duckdb.catalog.json.
 *
 * The catalog's mark: `duckdb_functions()` flags each scalar and aggregate function (window
 * functions are aggregates there) with `has_side_effects`. A name is harmless when every row of
 * it is a scalar or aggregate without side effects, or a macro whose definition calls only
 * harmless names (found by repeating until nothing changes; a macro that reads a table function
 * is not). Table functions carry no flag, so all of them go to `unmarked` for review (most read
 * files, settings or the engine's state). Pragmas are statements, not functions, and are skipped.
 * Relations: the duckdb_* views that describe only the database's own tables, columns, views,
 * schemas, types, constraints and indexes, and the information_schema views, but never
 * *privileges or *role* ones.
 *
 * Usage: node scripts/allow-lists/duckdb.mjs
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { byName, distinct, writeCatalog } from './catalog-file.mjs';

const CATALOG_VIEWS = ['duckdb_columns', 'duckdb_constraints', 'duckdb_indexes', 'duckdb_schemas', 'duckdb_tables', 'duckdb_types', 'duckdb_views'];

async function rows(connection, sql) {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson();
}

/** Lower-case names a macro definition calls: `name(`; upper-case words there are syntax (CAST, CASE). */
function calledNames(definition) {
  const names = new Set();
  for (const m of String(definition).matchAll(/([A-Za-z_][A-Za-z0-9_]*)"?\s*\(/g)) {
    if (/[a-z]/.test(m[1])) names.add(m[1].toLowerCase());
  }
  return names;
}

/** Names whose every row is harmless: flagged free of side effects, or a macro calling only such names. */
function harmlessNames(functionRows) {
  const groups = new Map();
  for (const r of functionRows) groups.set(r.name.toLowerCase(), [...(groups.get(r.name.toLowerCase()) ?? []), r]);
  const harmless = new Set();
  // A pg_catalog macro may call the main function of its own name (current_database).
  const baseOk = (name) =>
    (groups.get(name) ?? []).some((r) => r.function_type !== 'macro') &&
    groups.get(name).every((r) => r.function_type === 'macro' || r.has_side_effects === false);
  const callOk = (self, n) => harmless.has(n) || (n === self && baseOk(n));
  const rowOk = (r) =>
    r.function_type === 'macro' ? [...calledNames(r.macro_definition)].every((n) => callOk(r.name.toLowerCase(), n)) : r.has_side_effects === false;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, group] of groups) {
      if (harmless.has(name) || !group.every(rowOk)) continue;
      harmless.add(name);
      grew = true;
    }
  }
  return harmless;
}

function entry(group) {
  return {
    kind: distinct(group, 'function_type'),
    schema: distinct(group, 'schema_name'),
    stability: distinct(group, 'stability'),
    has_side_effects: distinct(group, 'has_side_effects'),
  };
}

async function readFunctions(connection) {
  const all = await rows(
    connection,
    "SELECT function_name AS name, function_type, schema_name, stability, has_side_effects, macro_definition FROM duckdb_functions() WHERE function_type <> 'pragma'",
  );
  const isTable = (r) => r.function_type === 'table' || r.function_type === 'table_macro';
  const functionRows = all.filter((r) => !isTable(r));
  const harmless = harmlessNames(functionRows);
  const functions = byName(functionRows, entry);
  return {
    functions: functions.filter((e) => harmless.has(e.name)),
    unmarked: functions.filter((e) => !harmless.has(e.name)),
    tables: byName(all.filter(isTable), (group) => ({ kind: distinct(group, 'function_type'), schema: distinct(group, 'schema_name') })),
  };
}

async function readRelations(connection) {
  const views = await rows(connection, 'SELECT schema_name, view_name FROM duckdb_views() WHERE internal');
  const relations = [];
  for (const { schema_name: schema, view_name: view } of views) {
    const name = view.toLowerCase();
    if (schema === 'main' && CATALOG_VIEWS.includes(name)) relations.push({ name, kind: 'view', schema });
    if (schema === 'information_schema' && !/privileges|role|user_mapping/.test(name)) relations.push({ name: `information_schema.${name}`, kind: 'view' });
  }
  return relations;
}

async function main() {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const [{ v: version }] = await rows(connection, 'SELECT version() AS v');
    const { functions, unmarked, tables } = await readFunctions(connection);
    const relations = await readRelations(connection);
    const rule = 'duckdb_functions(): scalar/aggregate rows with has_side_effects = false, or macros calling only such names, on every row of a name';
    const generatedBy = 'node scripts/allow-lists/duckdb.mjs';
    writeCatalog({
      engine: 'duckdb',
      version,
      generatedBy,
      rule,
      functions,
      tableFunctions: [],
      relations,
      unmarked: { functions: unmarked, tableFunctions: tables },
    });
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

await main();
