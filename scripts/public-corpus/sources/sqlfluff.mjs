/**
 * sqlfluff/sqlfluff: test/fixtures/dialects/<dialect>/*.sql, one chunk per file. Each file's
 * parse fixture (<name>.yml) says how many top-level statements sqlfluff found; a file the splitter
 * reads as a different number of statements is dropped (T-SQL without separators, MySQL DELIMITER).
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';

/** sqlfluff dialect -> svc driver. ANSI fixtures are standard SQL, read as PostgreSQL. */
export const SQLFLUFF_DRIVERS = {
  ansi: 'postgresql',
  athena: 'athena',
  bigquery: 'bigquery',
  clickhouse: 'clickhouse',
  databricks: 'databricks',
  duckdb: 'duckdb',
  mariadb: 'mysql',
  mysql: 'mysql',
  postgres: 'postgresql',
  redshift: 'redshift',
  snowflake: 'snowflake',
  sparksql: 'databricks',
  sqlite: 'sqlite',
  trino: 'trino',
  tsql: 'mssql',
};

const ROOT = 'test/fixtures/dialects';

export function isSqlfluff(gitDir) {
  return hasPath(gitDir, `${ROOT}/ansi`);
}

/** Top-level statement types in a parse fixture, in order (the least indented `statement:` keys). */
export function fixtureStatements(yml) {
  const keys = [];
  const lines = yml.split('\n');
  lines.forEach((line, i) => {
    const m = /^(\s*(?:- )?)statement:\s*$/.exec(line);
    if (m !== null) keys.push({ col: m[1].length, type: /^\s*(?:- )?(\w+):/.exec(lines[i + 1] ?? '')?.[1] ?? '?' });
  });
  if (keys.length === 0) return [];
  const top = Math.min(...keys.map((k) => k.col));
  return keys.filter((k) => k.col === top).map((k) => k.type);
}

/** Chunks `{ driver, dialect, path, line, text, expect?, parsedAs? }`. */
export function sqlfluffChunks(gitDir) {
  const files = listFiles(gitDir, ROOT).filter((p) => /\.(sql|yml)$/.test(p));
  const sqlFiles = files.filter((p) => p.endsWith('.sql') && SQLFLUFF_DRIVERS[p.split('/')[3]] !== undefined);
  const texts = readFiles(gitDir, [...sqlFiles, ...sqlFiles.map((p) => p.replace(/\.sql$/, '.yml'))]);
  return sqlFiles.map((path) => {
    const dialect = path.split('/')[3];
    const yml = texts.get(path.replace(/\.sql$/, '.yml'));
    const parsedAs = yml === undefined ? undefined : fixtureStatements(yml);
    const text = texts.get(path) ?? '';
    const mysqlDelimiter = /^\s*delimiter\s/im.test(text);
    return { driver: SQLFLUFF_DRIVERS[dialect], dialect, path, line: 1, text, parsedAs, whole: mysqlDelimiter ? 'delimiter' : null };
  });
}
