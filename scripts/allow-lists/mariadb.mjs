#!/usr/bin/env node
/**
 * MariaDB's allow-list catalog (the `mysql` driver), read from a throwaway server (Debian's
 * mariadb-server, 10.11, installed when missing; see servers.mjs):
 * src/rules/statement-check/allow/mariadb.catalog.json.
 *
 * MariaDB's catalog has no side-effect flag. `information_schema.SQL_FUNCTIONS` lists the
 * functions of its native registry, but not those the parser knows by keyword (IF, LEFT,
 * DATE, ROW_NUMBER, ST_*, ...); those come from the server's own help (mysql.help_topic in a
 * function category, one word, "IF Function" read as IF). Every name either lists is written,
 * and the review (sleep, get_lock, load_file, ...) is LEFT_OUT in mariadb.ts. JSON_TABLE, the
 * one table function, goes to `unmarked`. Relations: the information_schema tables about the
 * database's own objects; never privileges, roles, statistics, variables, status, processes,
 * plugins, files or InnoDB internals.
 *
 * Usage: node scripts/allow-lists/mariadb.mjs
 */
import { byName, distinct, writeCatalog } from './catalog-file.mjs';
import { startMariaDb } from './servers.mjs';

const RELATIONS = [
  'character_sets',
  'check_constraints',
  'collation_character_set_applicability',
  'collations',
  'columns',
  'engines',
  'events',
  'geometry_columns',
  'key_column_usage',
  'keywords',
  'parameters',
  'partitions',
  'referential_constraints',
  'routines',
  'schemata',
  'spatial_ref_sys',
  'sql_functions',
  'statistics',
  'table_constraints',
  'tables',
  'triggers',
  'views',
];
const TABLE_FUNCTIONS = ['json_table'];
/** Help topics in a function category that name no function. */
const NOT_FUNCTIONS = ['parentheses', '_rowid'];
const FUNCTION_CATEGORY = /Functions|GROUP BY|GeoJSON|Geometry|Properties|MBR|WKB|WKT|Sequences/;

const HELP_SQL = `SELECT t.name AS topic, c.name AS category FROM mysql.help_topic t
JOIN mysql.help_category c ON c.help_category_id = t.help_category_id`;

/** A help topic's function name ("IF Function" -> if), or undefined when it names none. */
function topicFunction(topic) {
  const name = topic.replace(/ function$/i, '').toLowerCase();
  return /^[a-z][a-z0-9_]*$/.test(name) && !NOT_FUNCTIONS.includes(name) ? name : undefined;
}

async function readFunctions(query) {
  const native = (await query('SELECT FUNCTION AS name FROM information_schema.SQL_FUNCTIONS')).map((r) => ({ name: r.name, source: 'SQL_FUNCTIONS' }));
  const help = (await query(HELP_SQL))
    .filter((r) => FUNCTION_CATEGORY.test(r.category))
    .map((r) => ({ name: topicFunction(r.topic), source: 'help', category: r.category }))
    .filter((r) => r.name !== undefined);
  const entries = byName([...native, ...help], (group) => {
    const categories = group.filter((r) => r.category !== undefined);
    return { kind: distinct(group, 'source'), ...(categories.length === 0 ? {} : { category: distinct(categories, 'category') }) };
  });
  return {
    functions: entries.filter((e) => !TABLE_FUNCTIONS.includes(e.name)),
    unmarked: entries.filter((e) => TABLE_FUNCTIONS.includes(e.name)),
  };
}

async function readRelations(query) {
  const rows = await query("SELECT LOWER(table_name) AS name FROM information_schema.tables WHERE table_schema = 'information_schema'");
  const present = new Set(rows.map((r) => r.name));
  return RELATIONS.filter((name) => present.has(name)).map((name) => ({ name: `information_schema.${name}`, kind: 'system view' }));
}

async function main() {
  const { query, stop } = await startMariaDb();
  try {
    const [{ v: version }] = await query('SELECT version() AS v');
    const { functions, unmarked } = await readFunctions(query);
    const relations = await readRelations(query);
    const rule = 'no side-effect flag: every name SQL_FUNCTIONS or a function category of mysql.help_topic lists (the review is LEFT_OUT)';
    const generatedBy = 'node scripts/allow-lists/mariadb.mjs';
    writeCatalog({
      engine: 'mariadb',
      version,
      generatedBy,
      rule,
      functions,
      tableFunctions: [],
      relations,
      unmarked: { functions: [], tableFunctions: unmarked },
    });
  } finally {
    await stop();
  }
}

await main();
