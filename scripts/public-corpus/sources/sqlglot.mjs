/**
 * tobymao/sqlglot: tests/fixtures/identity.sql (one statement a line) and pretty.sql (blocks
 * between blank lines) in sqlglot's own dialect-neutral SQL, read as DuckDB (the engine whose
 * syntax sqlglot's default dialect is closest to: `::` casts, lambdas, STRUCT, LIST, EXCEPT);
 * and tests/dialects/test_<dialect>.py: the string literals given to `validate_identity(sql,
 * expected)` (both in the test class's dialect) and to `validate_all(sql, read={...},
 * write={...})` (the first in the class's dialect, dict entries in their key's dialect). Calls
 * inside `with self.assertRaises(...)` are left out. Expressions that are not statements (`1 + 1`)
 * come out labelled `other` and are not scored.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';
import { callArgs, dictLiterals, literalText } from './calls.mjs';
import { pythonTokens } from './literals.mjs';

/** sqlglot dialect -> svc driver (Spark is read as Databricks, Presto as Trino). */
export const SQLGLOT_DRIVERS = {
  athena: 'athena',
  bigquery: 'bigquery',
  clickhouse: 'clickhouse',
  databricks: 'databricks',
  duckdb: 'duckdb',
  fabric: 'fabric',
  mysql: 'mysql',
  postgres: 'postgresql',
  presto: 'trino',
  redshift: 'redshift',
  snowflake: 'snowflake',
  spark: 'databricks',
  sqlite: 'sqlite',
  trino: 'trino',
  tsql: 'mssql',
};
/** Test files whose class names no dialect: pipe syntax follows BigQuery's. */
const FILE_DIALECT = { 'tests/dialects/test_pipe_syntax.py': 'bigquery' };

export function isSqlglot(gitDir) {
  return hasPath(gitDir, 'tests/fixtures/identity.sql');
}

/** Chunks `{ driver, dialect, path, line, text }`. */
export function sqlglotChunks(gitDir) {
  const tests = listFiles(gitDir, 'tests/dialects').filter((p) => /\/test_\w+\.py$/.test(p));
  const fixtures = ['tests/fixtures/identity.sql', 'tests/fixtures/pretty.sql'];
  const texts = readFiles(gitDir, [...fixtures, ...tests]);
  const generic = (path, line, text) => ({ driver: 'duckdb', dialect: 'sqlglot-generic', path, line, text });
  const identity = (texts.get(fixtures[0]) ?? '').split('\n').map((text, i) => generic(fixtures[0], i + 1, text));
  const pretty = blankLineBlocks(texts.get(fixtures[1]) ?? '').map((b) => generic(fixtures[1], b.line, b.text));
  const dialects = tests.flatMap((path) => testFileChunks(path, texts.get(path) ?? ''));
  return [...identity, ...pretty, ...dialects].filter((c) => c.text.trim() !== '');
}

function blankLineBlocks(text) {
  const blocks = [];
  let start = 0;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() !== '') return;
    if (i > start) blocks.push({ line: start + 1, text: lines.slice(start, i).join('\n') });
    start = i + 1;
  });
  if (start < lines.length) blocks.push({ line: start + 1, text: lines.slice(start).join('\n') });
  return blocks;
}

/** The class dialect in force at each line (`dialect = "x"` under a `class`). */
function dialectAt(text, path) {
  const marks = [];
  text.split('\n').forEach((line, i) => {
    if (/^class\s/.test(line)) marks.push([i + 1, FILE_DIALECT[path] ?? null]);
    const m = /^\s{4}dialect\s*=\s*"(\w+)"/.exec(line);
    if (m !== null) marks.push([i + 1, m[1]]);
  });
  return (line) => marks.filter(([at]) => at <= line).pop()?.[1] ?? null;
}

/** Lines inside `with self.assertRaises(...)` blocks. */
function raisingLines(text) {
  const inside = new Set();
  let indent = -1;
  text.split('\n').forEach((line, i) => {
    const lead = /^\s*/.exec(line)[0].length;
    if (indent >= 0 && line.trim() !== '' && lead <= indent) indent = -1;
    if (indent >= 0) inside.add(i + 1);
    if (indent < 0 && /^\s*with\s+self\.assertRaises/.test(line)) indent = lead;
  });
  return inside;
}

function testFileChunks(path, text) {
  const tokens = pythonTokens(text);
  const dialectOf = dialectAt(text, path);
  const raising = raisingLines(text);
  const chunks = [];
  const add = (dialect, line, sql) => {
    const driver = SQLGLOT_DRIVERS[dialect];
    if (driver !== undefined && sql !== null) chunks.push({ driver, dialect, path, line, text: sql });
  };
  tokens.forEach((t, i) => {
    if (t.k !== 'n' || !/^validate_(identity|all)$/.test(t.v) || tokens[i - 1]?.v !== '.' || tokens[i + 1]?.v !== '(') return;
    if (raising.has(t.line)) return;
    const { positional, keyword } = callArgs(tokens, i + 1);
    const own = dialectOf(t.line);
    const count = t.v === 'validate_identity' ? 2 : 1;
    for (const arg of positional.slice(0, count)) add(own, arg[0].line, literalText(arg));
    for (const key of ['read', 'write']) {
      for (const [dialect, sql] of dictLiterals(keyword[key] ?? [])) add(dialect, t.line, sql);
    }
  });
  return chunks;
}
