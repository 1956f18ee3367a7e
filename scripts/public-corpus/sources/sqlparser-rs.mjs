/**
 * apache/datafusion-sqlparser-rs: tests/sqlparser_<dialect>.rs, the SQL given to the helpers that
 * parse and re-print a statement (`verified_stmt`, `verified_only_select`, `verified_query`,
 * `one_statement_parses_to`): a string literal, or a name bound just before by
 * `let sql = "...";` or `for sql in ["...", ...]`. Format strings and other expressions are left
 * out, as are parse-error tests (they call other helpers). sqlparser_common.rs runs on every
 * dialect at once and is not read.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';
import { callArgs, literalText, splitArgs } from './calls.mjs';
import { rustTokens } from './literals.mjs';

/** File dialect -> svc driver (Spark read as Databricks). */
export const SQLPARSER_DRIVERS = {
  bigquery: 'bigquery',
  clickhouse: 'clickhouse',
  databricks: 'databricks',
  duckdb: 'duckdb',
  mssql: 'mssql',
  mysql: 'mysql',
  postgres: 'postgresql',
  redshift: 'redshift',
  snowflake: 'snowflake',
  spark: 'databricks',
  sqlite: 'sqlite',
};
const HELPERS = new Set(['verified_stmt', 'verified_only_select', 'verified_query', 'one_statement_parses_to', 'verified_only_select_with_canonical']);

export function isSqlparserRs(gitDir) {
  return hasPath(gitDir, 'tests/sqlparser_common.rs');
}

/** Chunks `{ driver, dialect, path, line, text }`. */
export function sqlparserChunks(gitDir) {
  const paths = listFiles(gitDir, 'tests').filter((p) => SQLPARSER_DRIVERS[/^tests\/sqlparser_(\w+)\.rs$/.exec(p)?.[1]] !== undefined);
  const texts = readFiles(gitDir, paths);
  return paths.flatMap((path) => {
    const dialect = /sqlparser_(\w+)\.rs$/.exec(path)[1];
    return helperSql(texts.get(path) ?? '').map(({ line, text }) => ({ driver: SQLPARSER_DRIVERS[dialect], dialect, path, line, text }));
  });
}

/** `[{ line, text }]` of the SQL the helpers are given. */
export function helperSql(text) {
  const tokens = rustTokens(text);
  const bound = new Map();
  const out = [];
  tokens.forEach((t, i) => {
    if (t.k !== 'n') return;
    if ((t.v === 'let' || t.v === 'for') && tokens[i + 1]?.k === 'n') bind(tokens, i, bound);
    if (!HELPERS.has(t.v) || tokens[i - 1]?.v !== '.' || tokens[i + 1]?.v !== '(') return;
    for (const arg of callArgs(tokens, i + 1).positional.slice(0, 2)) out.push(...argSql(arg, bound));
  });
  return out;
}

function argSql(arg, bound) {
  const text = literalText(arg);
  if (text !== null) return [{ line: arg[0].line, text }];
  const name = arg.length === 1 ? arg[0] : arg.length === 2 && arg[0].v === '&' ? arg[1] : null;
  return name !== null && name.k === 'n' ? (bound.get(name.v) ?? []) : [];
}

/** `let x = "...";`, `let x = ["...", ...];`, `for x in ["...", ...]` (or `&[...]`). */
function bind(tokens, i, bound) {
  let j = i + 1;
  if (tokens[j]?.v === 'mut') j++;
  const name = tokens[j]?.v;
  const sep = tokens[j + 1]?.v;
  if (name === undefined || (sep !== '=' && sep !== 'in')) return;
  let k = j + 2;
  if (tokens[k]?.v === '&') k++;
  if (tokens[k]?.v === '[') {
    const { parts } = splitArgs(tokens, k);
    const texts = parts.map((p) => ({ line: p[0].line, text: literalText(p) }));
    bound.set(name, texts.every((x) => x.text !== null) ? texts : []);
    return;
  }
  let end = k;
  while (end < tokens.length && !(tokens[end].k === 'p' && (tokens[end].v === ';' || tokens[end].v === '{'))) end++;
  const text = literalText(tokens.slice(k, end));
  bound.set(name, text === null ? [] : [{ line: tokens[k].line, text }]);
}
