#!/usr/bin/env node
/**
 * ClickHouse's allow-list catalog, read from a throwaway server (Debian's clickhouse-server,
 * 18.16, installed when missing; see servers.mjs): src/rules/statement-check/allow/clickhouse.catalog.json.
 *
 * ClickHouse's catalog has no side-effect flag: `system.functions` lists every function with
 * is_aggregate, case_insensitive and alias_to only, so every name it lists is written, and the
 * review (sleep, dictGet, hostName, ...) is LEFT_OUT in clickhouse.ts. `system.table_functions`
 * says nothing about what a table function reaches, so all of them go to `unmarked`. Relations:
 * the system tables that describe the engine and the database's own tables (one, numbers,
 * zeros, tables, columns, functions, ...) that exist here; never processes, query_log, users,
 * settings, clusters, macros, zookeeper or parts. `combinators` lists the aggregate function
 * combinators (sumIf is sum with If): names the catalog does not list one by one.
 *
 * Usage: node scripts/allow-lists/clickhouse.mjs
 */
import { byName, distinct, writeCatalog } from './catalog-file.mjs';
import { startClickHouse } from './servers.mjs';

const RELATIONS = [
  'aggregate_function_combinators',
  'collations',
  'columns',
  'data_type_families',
  'formats',
  'functions',
  'numbers',
  'numbers_mt',
  'one',
  'table_engines',
  'table_functions',
  'tables',
  'zeros',
  'zeros_mt',
];

async function readFunctions(query) {
  const rows = await query('SELECT name, is_aggregate, case_insensitive, alias_to FROM system.functions');
  return byName(rows, (group) => ({
    kind: group.some((r) => r.is_aggregate === 1) ? 'aggregate' : 'function',
    case_insensitive: distinct(group, 'case_insensitive'),
    ...(group[0].alias_to === '' ? {} : { alias_to: group[0].alias_to.toLowerCase() }),
  }));
}

async function readCombinators(query) {
  try {
    return (await query('SELECT name, is_internal FROM system.aggregate_function_combinators')).map((r) => r.name).sort();
  } catch {
    return [];
  }
}

async function main() {
  const { query, stop } = await startClickHouse();
  try {
    const [{ v: version }] = await query('SELECT version() AS v');
    const functions = await readFunctions(query);
    const tableFunctions = (await query('SELECT name FROM system.table_functions')).map((r) => ({ name: r.name.toLowerCase(), kind: 'table function' }));
    const present = new Set((await query("SELECT name FROM system.tables WHERE database = 'system'")).map((r) => r.name));
    const relations = RELATIONS.filter((name) => present.has(name)).map((name) => ({ name: `system.${name}`, kind: 'system table' }));
    const rule = 'system.functions has no side-effect flag: every function it lists (the review is LEFT_OUT); table functions all unmarked';
    const generatedBy = 'node scripts/allow-lists/clickhouse.mjs';
    const combinators = await readCombinators(query);
    writeCatalog({
      engine: 'clickhouse',
      version,
      generatedBy,
      rule,
      combinators,
      functions,
      tableFunctions: [],
      relations,
      unmarked: { functions: [], tableFunctions },
    });
  } finally {
    await stop();
  }
}

await main();
