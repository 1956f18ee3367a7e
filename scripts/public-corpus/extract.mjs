#!/usr/bin/env node
/**
 * Builds the public statement corpus: SQL from the test suites of public parsers and engines,
 * split into single statements and labelled by what they do, for scoring svc's statement check
 * (score.mjs). Nothing it reads or writes is committed: the repositories are local git
 * directories (mirrors or checkouts) and the output folder is git-ignored.
 *
 *   node scripts/public-corpus/extract.mjs <git-dir> [<git-dir> ...] [--out .svc-corpus/public]
 *
 * Each git directory is recognised by its files and read at HEAD:
 *   sqlfluff/sqlfluff                 sources/sqlfluff.mjs     per-dialect parse fixtures
 *   tobymao/sqlglot                   sources/sqlglot.mjs      fixtures and per-dialect tests
 *   duckdb/duckdb                     sources/duckdb.mjs       sqllogictest files
 *   apache/datafusion-sqlparser-rs    sources/sqlparser-rs.mjs per-dialect parser tests
 *   postgres/postgres                 sources/postgres.mjs     regression tests (psql scripts)
 *     (or a mirror of its master: hackorum-dev/postgres)
 *   ClickHouse/ClickHouse             sources/clickhouse.mjs   stateless tests (.sql only)
 *     (or ClickHouse/clickhouse-node-parser's copies of them)
 *   sqlite/sqlite                     sources/sqlite.mjs       Tcl tests: execsql bodies
 *     (or a copy of its source tree: wladmis/sqlite3)
 *   mysql/mysql-server                sources/mysql.mjs        mysqltest files: plain SQL only
 *     (or an older tree of it: facebookarchive/mysql-5.1)
 * Source dialects map to svc driver names in each source file (PostgreSQL for sqlfluff's ANSI,
 * Databricks for Spark SQL, MySQL for MariaDB, mssql for T-SQL, Trino for Presto, DuckDB for
 * sqlglot's dialect-neutral fixtures; the engines' own suites to their engine's driver:
 * postgresql, clickhouse, sqlite, mysql); dialects svc has no driver for are skipped.
 *
 * Splitting (split.mjs, with the tokenizer in lexer.mjs) drops, and counts, any piece it cannot
 * split cleanly; a sqlfluff file whose statement count differs from sqlfluff's own parse is
 * dropped whole. A source may drop more, counted by reason: psql meta-commands, psql variables,
 * COPY data, SQL inside psql's \if blocks or a query buffer a meta-command interrupts
 * (PostgreSQL); statements a ClickHouse or MySQL test expects to fail to parse; SQLite bodies whose
 * braces never balance; mysqltest's own commands, its if / while blocks and statements under
 * another delimiter than `;`. Duplicates (same driver and statement text up to spacing) are kept once.
 *
 * Labels (label.mjs has the full rules and label-tables.mjs the word lists), from each
 * statement's leading keywords and structure, conservative where unsure:
 *   read         SELECT, WITH ... SELECT, VALUES, TABLE, FROM-first and pipe syntax, PIVOT,
 *                UNPIVOT, SUMMARIZE; SHOW of tables / columns / schemas / views / functions /
 *                keys; DESCRIBE of a table or a read; EXPLAIN without ANALYZE of a read.
 *   read-effect  a read that also acts: side-effect functions (nextval, pg_sleep, sleep_ms,
 *                advisory locks, set_config, ...), file / URL / stage readers (read_csv, file(),
 *                FROM 'x.csv', @stage), other databases and models (dblink, remote(), ai_*),
 *                text run as a query (query(), IDENTIFIER()), variable assignment, query SETTINGS.
 *   read-udf     a read that calls a function or macro the same file creates (or, in SQLite's
 *                tests, registers from Tcl with `db func`; in MySQL's, a loadable function it
 *                creates): user-defined, so the check refuses
 *                it until the project allows the name (reported, not scored).
 *   read-system  a read of sessions, queries, users, privileges, settings, logs (pg_stat*,
 *                system.*, sys.dm_*, performance_schema, @@variables, duckdb_settings(),
 *                PostgreSQL's SHOW, ClickHouse's and MySQL's SHOW PROCESSLIST / GRANTS / ...).
 *   write        INSERT, UPDATE, DELETE, MERGE, DDL, COPY, GRANT, ...; a WITH list ending in
 *                one; a read holding a data change in parentheses, an INTO, or a row lock
 *                (FOR UPDATE / SHARE, LOCK IN SHARE MODE, T-SQL UPDLOCK / HOLDLOCK / ...).
 *   state        SET, USE, PRAGMA, ATTACH, INSTALL, LOAD, CALL, EXEC, PREPARE, BEGIN, COMMIT,
 *                ROLLBACK, DECLARE, LOCK, KILL, SYSTEM, ...
 *   other        anything unsure: other SHOW / DESCRIBE forms, EXPLAIN ANALYZE, control flow,
 *                MySQL executable comments, unknown heads, expressions that are not statements.
 *
 * Writes <out>/<owner>+<name>.jsonl, one record a line:
 *   { driver, sql, kind, why, dialect, source: { repo, commit, path, line }, parsedAs? }
 * (parsedAs: sqlfluff's statement type for the same statement) and <out>/<owner>+<name>.manifest.json
 * with the commit and the counts per driver and kind, and of what was dropped and why.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { headCommit, repoName } from './git.mjs';
import { label } from './label.mjs';
import { clickhouseChunks, isClickhouse } from './sources/clickhouse.mjs';
import { duckdbChunks, isDuckdb } from './sources/duckdb.mjs';
import { isMysql, mysqlChunks } from './sources/mysql.mjs';
import { isPostgres, postgresChunks } from './sources/postgres.mjs';
import { isSqlfluff, sqlfluffChunks } from './sources/sqlfluff.mjs';
import { isSqlglot, sqlglotChunks } from './sources/sqlglot.mjs';
import { isSqlite, sqliteChunks } from './sources/sqlite.mjs';
import { isSqlparserRs, sqlparserChunks } from './sources/sqlparser-rs.mjs';
import { splitStatements } from './split.mjs';

const SOURCES = [
  { name: 'sqlfluff', detect: isSqlfluff, chunks: sqlfluffChunks },
  { name: 'sqlglot', detect: isSqlglot, chunks: sqlglotChunks },
  { name: 'duckdb', detect: isDuckdb, chunks: duckdbChunks },
  { name: 'sqlparser-rs', detect: isSqlparserRs, chunks: sqlparserChunks },
  { name: 'postgres', detect: isPostgres, chunks: postgresChunks },
  { name: 'clickhouse', detect: isClickhouse, chunks: clickhouseChunks },
  { name: 'sqlite', detect: isSqlite, chunks: sqliteChunks },
  { name: 'mysql', detect: isMysql, chunks: mysqlChunks },
];

function parseArgs(argv) {
  const dirs = [];
  let out = '.svc-corpus/public';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i] === '--help' || argv[i] === '-h') usage(0);
    else if (argv[i].startsWith('--')) usage(2);
    else dirs.push(argv[i]);
  }
  if (dirs.length === 0 || out === undefined) usage(2);
  return { dirs, out };
}

function usage(code) {
  console.error('usage: node scripts/public-corpus/extract.mjs <git-dir> [<git-dir> ...] [--out .svc-corpus/public]');
  process.exit(code);
}

/** Counters for one repository. */
function newStats() {
  return { statements: 0, duplicates: 0, byDriver: {}, dropped: {} };
}

function countDrop(stats, reason, n = 1) {
  stats.dropped[reason] = (stats.dropped[reason] ?? 0) + n;
}

const ROUTINE_WORDS = new Set(['function', 'macro', 'aggregate', 'procedure']);
const CREATE_SKIP = new Set(['or', 'replace', 'temp', 'temporary', 'if', 'not', 'exists', 'table', 'scalar', 'secure', 'external', 'remote']);

/** Names of the functions and macros a chunk's statements create (`CREATE [OR REPLACE] [TEMP] MACRO s.f`), lower case. */
function definedRoutines(statements) {
  const names = new Set();
  for (const { tokens } of statements) {
    if (tokens[0]?.k !== 'w' || tokens[0].v !== 'create') continue;
    let i = 1;
    while (tokens[i]?.k === 'w' && CREATE_SKIP.has(tokens[i].v)) i++;
    if (tokens[i]?.k !== 'w' || !ROUTINE_WORDS.has(tokens[i].v)) continue;
    i++;
    while (tokens[i]?.k === 'w' && CREATE_SKIP.has(tokens[i].v)) i++;
    // The last part of a dotted name.
    while ((tokens[i]?.k === 'w' || tokens[i]?.k === 'q') && tokens[i + 1]?.v === '.') i += 2;
    const t = tokens[i];
    if (t?.k === 'w' || t?.k === 'q') names.add(t.v.toLowerCase());
  }
  return names;
}

/** The first name in `defined` that the statement calls (`name(`), or undefined. */
function callsDefined(tokens, defined) {
  if (defined.size === 0) return undefined;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if ((t.k === 'w' || t.k === 'q') && tokens[i + 1].v === '(' && defined.has(t.v.toLowerCase())) return t.v.toLowerCase();
  }
  return undefined;
}

/** Whether the chunk's source leaves the statement out (a psql variable, an expected syntax error); counted. */
function rejected(chunk, statement, stats) {
  const reason = chunk.reject(statement.tokens);
  if (reason !== null) countDrop(stats, reason);
  return reason !== null;
}

/** Records of one chunk, after splitting and labelling; drops are counted in `stats`. */
function chunkRecords(chunk, meta, stats, definedInFile) {
  if (chunk.whole) {
    countDrop(stats, chunk.whole);
    return [];
  }
  const { statements, dropped } = splitStatements(chunk.text, chunk.driver, chunk.line);
  const pieces = statements.length + dropped.length;
  if (chunk.parsedAs !== undefined && pieces !== chunk.parsedAs.length) {
    countDrop(stats, 'statement count differs from the parser', Math.max(pieces, chunk.parsedAs.length));
    return [];
  }
  for (const d of dropped) countDrop(stats, d.reason);
  const kept = chunk.reject === undefined ? statements : statements.filter((s) => !rejected(chunk, s, stats));
  for (const name of [...definedRoutines(kept), ...(chunk.defines ?? [])]) definedInFile.add(name);
  const defined = definedInFile;
  return kept.map((s) => {
    const labelled = label(s.tokens, chunk.driver);
    const udf = labelled.kind === 'read' ? callsDefined(s.tokens, defined) : undefined;
    const { kind, why } =
      udf === undefined
        ? labelled
        : { kind: 'read-udf', why: `calls ${udf}, a function or macro the same file defines (CREATE FUNCTION / MACRO, or the test harness)` };
    const source = { repo: meta.repo, commit: meta.commit, path: chunk.path, line: s.line };
    const record = { driver: chunk.driver, sql: s.sql, kind, why, dialect: chunk.dialect, source };
    return chunk.parsedAs === undefined ? record : { ...record, parsedAs: chunk.parsedAs[s.n] };
  });
}

/** Records of one repository, duplicates removed. */
function repoRecords(gitDir, source, meta, stats) {
  const seen = new Set();
  const records = [];
  // Functions and macros each file defines, for the reads after them (duckdb's tests are one chunk a block).
  const defined = new Map();
  for (const chunk of source.chunks(gitDir)) {
    if (!defined.has(chunk.path)) defined.set(chunk.path, new Set());
    for (const r of chunkRecords(chunk, meta, stats, defined.get(chunk.path))) {
      const key = `${r.driver}\0${r.sql.replace(/\s+/g, ' ')}`;
      if (seen.has(key)) {
        stats.duplicates++;
        continue;
      }
      seen.add(key);
      records.push(r);
      stats.statements++;
      const perKind = (stats.byDriver[r.driver] ??= {});
      perKind[r.kind] = (perKind[r.kind] ?? 0) + 1;
    }
  }
  return records;
}

function extractRepo(dir, out) {
  const gitDir = resolve(dir);
  const source = SOURCES.find((s) => s.detect(gitDir));
  if (source === undefined) throw new Error(`${dir}: not a repository this script knows (${SOURCES.map((s) => s.name).join(', ')})`);
  const meta = { repo: repoName(gitDir), commit: headCommit(gitDir) };
  const stats = newStats();
  const records = repoRecords(gitDir, source, meta, stats);
  const base = join(out, meta.repo.replace('/', '+'));
  writeFileSync(`${base}.jsonl`, records.map((r) => JSON.stringify(r)).join('\n') + (records.length > 0 ? '\n' : ''));
  const manifest = { ...meta, source: source.name, extractedAt: new Date().toISOString(), ...stats };
  writeFileSync(`${base}.manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

const KINDS = ['read', 'read-udf', 'read-effect', 'read-system', 'write', 'state', 'other'];

function printManifest(m) {
  console.log(`\n${m.repo} @ ${m.commit} (${m.source}): ${m.statements} statements, ${m.duplicates} duplicates left out`);
  console.log(`  ${'driver'.padEnd(11)}${KINDS.map((k) => k.padStart(12)).join('')}`);
  for (const [driver, kinds] of Object.entries(m.byDriver).sort()) {
    console.log(`  ${driver.padEnd(11)}${KINDS.map((k) => String(kinds[k] ?? 0).padStart(12)).join('')}`);
  }
  const drops = Object.entries(m.dropped).sort((a, b) => b[1] - a[1]);
  console.log(`  dropped: ${drops.map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);
}

function main() {
  const { dirs, out } = parseArgs(process.argv.slice(2));
  mkdirSync(out, { recursive: true });
  for (const dir of dirs) printManifest(extractRepo(dir, out));
}

main();
