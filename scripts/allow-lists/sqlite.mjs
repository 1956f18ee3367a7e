#!/usr/bin/env node
/**
 * SQLite's allow-list catalog, read from the engine svc embeds (better-sqlite3, an in-memory
 * database): src/rules/statement-check/allow/sqlite.catalog.json.
 *
 * The catalog's mark: `pragma_function_list` gives each function's flags. SQLITE_INNOCUOUS is
 * SQLite's own word for "safe even when misused"; SQLITE_DIRECTONLY marks what must never run
 * from a view or trigger. A name is harmless when every row of it is a scalar, aggregate or
 * window function (type s/a/w), innocuous and not direct-only; the others go to `unmarked`.
 * Table-valued functions: `json_each`/`json_tree` (and `generate_series` when compiled in) read
 * only their arguments; the eponymous tables of pragma_module_list (pragma_*, dbstat,
 * sqlite_dbpage, ...) are pragmas or read pages and stay unmarked. Relations: sqlite_schema and
 * its old name sqlite_master, the schema of the database the read runs in.
 *
 * Usage: node scripts/allow-lists/sqlite.mjs
 */
import Database from 'better-sqlite3';
import { byName, distinct, writeCatalog } from './catalog-file.mjs';

const SQLITE_INNOCUOUS = 0x200000;
const SQLITE_DIRECTONLY = 0x80000;
const ROW_FUNCTIONS = ['json_each', 'json_tree', 'generate_series'];
/**
 * The schema tables of a database (main and temp), and the two bookkeeping tables SQLite creates
 * in it: sqlite_sequence (the largest rowid an AUTOINCREMENT table has used) and sqlite_stat1
 * (ANALYZE's row counts per index). None holds rows of a table or anything of the server.
 * sqlite_stat4 is left out: it keeps sample rows of indexed columns.
 */
const RELATIONS = ['sqlite_schema', 'sqlite_master', 'sqlite_temp_schema', 'sqlite_temp_master', 'sqlite_sequence', 'sqlite_stat1'];
/** What makes SQLite create its bookkeeping tables in the probe database. */
const BOOKKEEPING = 'CREATE TABLE svc_probe (a INTEGER PRIMARY KEY AUTOINCREMENT); INSERT INTO svc_probe DEFAULT VALUES; ANALYZE';

/** One row of pragma_function_list is harmless by SQLite's own flags. */
function innocuous(row) {
  return ['s', 'a', 'w'].includes(row.type) && (row.flags & SQLITE_INNOCUOUS) !== 0 && (row.flags & SQLITE_DIRECTONLY) === 0;
}

function entry(rows) {
  return { kind: distinct(rows, 'type'), builtin: distinct(rows, 'builtin'), narg: distinct(rows, 'narg'), flags: distinct(rows, 'flags') };
}

/** Whether `sql` prepares here (a table or table-valued function exists). */
function prepares(db, sql) {
  try {
    db.prepare(sql);
    return true;
  } catch {
    return false;
  }
}

function readFunctions(db) {
  const rows = db.prepare('SELECT name, builtin, type, narg, flags FROM pragma_function_list').all();
  const entries = byName(rows, (group) => ({ ...entry(group), harmless: group.every(innocuous) }));
  const strip = ({ harmless, ...rest }) => rest;
  return { functions: entries.filter((e) => e.harmless).map(strip), unmarked: entries.filter((e) => !e.harmless).map(strip) };
}

function readTableFunctions(db) {
  const present = ROW_FUNCTIONS.filter((name) => prepares(db, `SELECT * FROM ${name}('[]')`) || prepares(db, `SELECT * FROM ${name}(1, 2)`));
  const modules = db
    .prepare('SELECT name FROM pragma_module_list')
    .all()
    .map((r) => r.name.toLowerCase());
  return {
    tableFunctions: present.map((name) => ({ name, kind: 'eponymous-vtab' })),
    unmarked: modules.filter((name) => !present.includes(name)).map((name) => ({ name, kind: 'module' })),
  };
}

function readCatalog(db) {
  const { functions, unmarked } = readFunctions(db);
  const tables = readTableFunctions(db);
  db.exec(BOOKKEEPING);
  const relations = RELATIONS.filter((name) => prepares(db, `SELECT * FROM ${name}`)).map((name) => ({ name, kind: 'table' }));
  return { functions, tableFunctions: tables.tableFunctions, relations, unmarked: { functions: unmarked, tableFunctions: tables.unmarked } };
}

function main() {
  const db = new Database(':memory:');
  try {
    const version = db.prepare('SELECT sqlite_version() AS v').get().v;
    const rule = 'pragma_function_list: type s/a/w, SQLITE_INNOCUOUS set, SQLITE_DIRECTONLY clear, on every row of a name';
    writeCatalog({ engine: 'sqlite', version, generatedBy: 'node scripts/allow-lists/sqlite.mjs', rule, ...readCatalog(db) });
  } finally {
    db.close();
  }
}

main();
