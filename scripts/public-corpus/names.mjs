#!/usr/bin/env node
/**
 * Every plain read of the public corpus the built check refuses, grouped by driver, reason and
 * name, each group with why it is refused (run `npm run build` first; corpus from extract.mjs):
 *
 *   node scripts/public-corpus/names.mjs [--corpus .svc-corpus/public] [--markdown]
 *
 * Classes of a refusal:
 * - `user-defined`: a schema-qualified call outside the engine's own namespaces (`ds.udf(x)`,
 *   `dbo.fn(x)`, `ML.PREDICT`): the project allows it in `statementCheck.allow`, or it stays refused.
 * - `not the engine's`: for the engines whose list is generated from their catalog (SQLite,
 *   DuckDB, PostgreSQL, ClickHouse, MariaDB), a name the catalog does not have at all: a function
 *   the test defined, another dialect's (sqlglot's transpiling tests), an extension not installed,
 *   or a newer release's.
 * - `left out`: the engine's catalog has the name, but it is not marked harmless or the review
 *   left it out (LEFT_OUT, with its reason).
 * - `not on the reference list`: for the engines whose list is built from the vendor's reference,
 *   a name the list does not hold.
 * - For those engines a name is `not the engine's` only when it is in NOT_VENDOR below: looked up
 *   in the vendor's function reference and not found there (a test's own function, another
 *   dialect's function in a transpiling test). A schema-qualified or `model!method` call is
 *   `user-defined`.
 * - `reading`: any other reason: how the check reads the statement (lexing, statement heads,
 *   the deny families).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = join(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const corpus = args.includes('--corpus') ? args[args.indexOf('--corpus') + 1] : '.svc-corpus/public';
const markdown = args.includes('--markdown');

const { hostedStatementRefusal } = await import(pathToFileURL(join(REPO, 'dist/src/rules/statement-check/index.js')).href);

/**
 * Every name an engine's catalog lists (marked harmless or not), lower case, last part: its
 * functions and its relations apart (DuckDB has the table function duckdb_functions() but no
 * relation of that name).
 */
function catalogNames(engine) {
  const file = join(REPO, 'src/rules/statement-check/allow', `${engine}.catalog.json`);
  const c = JSON.parse(readFileSync(file, 'utf8'));
  const last = (n) => n.toLowerCase().slice(n.lastIndexOf('.') + 1);
  return {
    functions: new Set([...c.functions, ...c.tableFunctions, ...c.unmarked.functions, ...c.unmarked.tableFunctions].map((e) => last(e.name))),
    relations: new Set(c.relations.map((e) => last(e.name))),
  };
}
const CATALOG_ENGINE = { sqlite: 'sqlite', duckdb: 'duckdb', file: 'duckdb', postgresql: 'postgresql', clickhouse: 'clickhouse', mysql: 'mariadb' };
const catalogs = Object.fromEntries(Object.entries(CATALOG_ENGINE).map(([driver, engine]) => [driver, catalogNames(engine)]));
/**
 * Names looked up in each vendor's function reference (the pages the allow list cites) and not
 * found there: what a refusal of them says about the check is nothing. Reviewed by hand; a name
 * the vendor has goes on the allow list or stays `not on the reference list` with its reason.
 */
const TEST_OWN = [
  'myfun',
  'myfunc',
  'my_function',
  'func',
  'foo',
  'test',
  'testfunction',
  'tvftest',
  'myudf',
  'speed_of_light',
  'some_other_function',
  'u',
  'bucket_id',
];
const NOT_VENDOR = {
  // bucket_id: `SELECT bucket_id (...)`, a missing comma that BigQuery too reads as a call; SOME_VIEW is no INFORMATION_SCHEMA view.
  bigquery: [...TEST_OWN, 'information_schema.some_view', 'array_contains', 'group_concat', 'st_asewkt', 'now'],
  // u: `from u (a,b)` reads as a call of u; UNNEST and LOGICAL_OR are BigQuery's (Spark has explode and bool_or).
  databricks: [...TEST_OWN, 'unnest', 'logical_or'],
  // COUNT_IF and SPLIT_PART are in no T-SQL reference page (sqlglot's transpiling tests).
  mssql: [...TEST_OWN, 'count_if', 'split_part'],
  // approximate(foo): APPROXIMATE is a keyword before COUNT(DISTINCT); COSH, DATE_DIFF, DATE_ADD are Trino's.
  redshift: [...TEST_OWN, 'approximate', 'cosh', 'date_diff', 'date_add'],
  // {fn CONVERT(...)} and {fn CEILING(...)} are ODBC escapes a driver rewrites; PARSE_DATETIME is BigQuery's,
  // STAR sqlglot's, UNNEST not Snowflake's (FLATTEN is).
  snowflake: [...TEST_OWN, 'convert', 'ceiling', 'parse_datetime', 'star', 'unnest'],
  trino: TEST_OWN,
  athena: TEST_OWN,
  fabric: TEST_OWN,
};
const ALLOW_REASONS = new Set(['function-not-allowed', 'table-function-not-allowed', 'relation-not-allowed']);

function classOf(driver, refusal) {
  if (!ALLOW_REASONS.has(refusal.reason)) return 'reading';
  const name = refusal.name ?? '';
  if (refusal.reason !== 'relation-not-allowed' && (name.includes('.') || name.includes('!'))) return 'user-defined';
  const catalog = catalogs[driver];
  const names = catalog === undefined ? undefined : refusal.reason === 'relation-not-allowed' ? catalog.relations : catalog.functions;
  if (names === undefined) return NOT_VENDOR[driver]?.includes(name) === true ? "not the engine's" : 'not on the reference list';
  const last = name.slice(name.lastIndexOf('.') + 1);
  return names.has(last) ? 'left out' : "not the engine's";
}

if (!existsSync(corpus)) throw new Error(`${corpus}: no corpus; build it with scripts/public-corpus/extract.mjs`);
const seen = new Set();
const drivers = {};
for (const f of readdirSync(corpus)
  .filter((n) => n.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(join(corpus, f), 'utf8').split('\n')) {
    if (line === '') continue;
    const r = JSON.parse(line);
    if (r.kind !== 'read') continue;
    const key = `${r.driver}\0${r.sql.replace(/\s+/g, ' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const d = (drivers[r.driver] ??= { reads: 0, refused: 0, classes: {}, groups: new Map() });
    d.reads++;
    const refusal = hostedStatementRefusal(r.sql, r.driver, [], { readOnly: true });
    if (refusal === null) continue;
    d.refused++;
    const cls = classOf(r.driver, refusal);
    d.classes[cls] = (d.classes[cls] ?? 0) + 1;
    const g = `${cls}\0${refusal.reason}\0${refusal.name ?? ''}`;
    const entry = d.groups.get(g) ?? {
      cls,
      reason: refusal.reason,
      name: refusal.name ?? '',
      count: 0,
      example: r.sql.replace(/\s+/g, ' ').slice(0, 120),
      where: `${r.source.repo}:${r.source.path}:${r.source.line}`,
    };
    entry.count++;
    d.groups.set(g, entry);
  }
}

const pct = (n, t) => (t === 0 ? '-' : `${((100 * n) / t).toFixed(2)}%`);
const CLASSES = ['reading', 'left out', 'not on the reference list', "not the engine's", 'user-defined'];
if (markdown) {
  console.log(`| driver | reads | refused | ${CLASSES.join(' | ')} | refused, not counting names the engine does not have or user-defined |`);
  console.log(`|---|---:|---:|${CLASSES.map(() => '---:').join('|')}|---:|`);
  for (const [driver, d] of Object.entries(drivers).sort()) {
    const own = (d.classes.reading ?? 0) + (d.classes['left out'] ?? 0) + (d.classes['not on the reference list'] ?? 0);
    console.log(
      `| ${driver} | ${d.reads} | ${d.refused} (${pct(d.refused, d.reads)}) | ${CLASSES.map((c) => d.classes[c] ?? 0).join(' | ')} | ${own} (${pct(own, d.reads)}) |`,
    );
  }
  for (const [driver, d] of Object.entries(drivers).sort()) {
    if (d.groups.size === 0) continue;
    console.log(`\n#### ${driver}\n`);
    console.log('| class | reason | name | reads | example |');
    console.log('|---|---|---|---:|---|');
    for (const g of [...d.groups.values()].sort((a, b) => CLASSES.indexOf(a.cls) - CLASSES.indexOf(b.cls) || b.count - a.count))
      console.log(
        `| ${g.cls} | ${g.reason} | ${g.name === '' ? '' : `\`${g.name}\``} | ${g.count} | \`${g.example.replace(/\|/g, '\\|').replace(/`/g, "'")}\` |`,
      );
  }
} else {
  for (const [driver, d] of Object.entries(drivers).sort()) {
    console.log(
      `${driver}: ${d.reads} reads, ${d.refused} refused (${pct(d.refused, d.reads)}): ${Object.entries(d.classes)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}`,
    );
  }
}
