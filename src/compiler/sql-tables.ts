/**
 * `statementTables(sql, driver)`: the deeper reading of the tables a statement reads, through
 * node-sql-parser's full parse. It costs about a millisecond per statement, so the compile hot
 * path uses the lexer reading (`readTables`) and this serves off-path checks; when the parser
 * cannot read the statement, the lexer reading stands in, and 'none' says neither could.
 *
 * The parser is loaded lazily, one dialect build at a time: the full bundle is several MB.
 */
import { createRequire } from 'node:module';
import { readTables } from '../../grammar/sql/index.js';

export interface StatementTables {
  tables: string[];
  from: 'parser' | 'lexer' | 'none';
}

interface ParseResult {
  tableList: string[];
  ast: unknown;
}

interface SqlParser {
  parse(sql: string, opt: { database: string }): ParseResult;
}

/** Driver -> [node-sql-parser build, database option]. Engines it lacks map to the nearest grammar. */
const PARSER_DIALECTS: Readonly<Record<string, readonly [string, string]>> = {
  athena: ['athena', 'Athena'],
  bigquery: ['bigquery', 'BigQuery'],
  clickhouse: ['mysql', 'MySQL'],
  databricks: ['hive', 'Hive'],
  duckdb: ['postgresql', 'PostgresQL'],
  fabric: ['transactsql', 'TransactSQL'],
  file: ['postgresql', 'PostgresQL'],
  mssql: ['transactsql', 'TransactSQL'],
  mysql: ['mysql', 'MySQL'],
  postgresql: ['postgresql', 'PostgresQL'],
  redshift: ['redshift', 'Redshift'],
  snowflake: ['snowflake', 'Snowflake'],
  sqlite: ['sqlite', 'Sqlite'],
  trino: ['trino', 'Trino'],
};

const require = createRequire(import.meta.url);
const parsers = new Map<string, SqlParser>();

function parserFor(build: string): SqlParser {
  let parser = parsers.get(build);
  if (parser === undefined) {
    const mod = require(`node-sql-parser/build/${build}.js`) as { Parser: new () => SqlParser };
    parser = new mod.Parser();
    parsers.set(build, parser);
  }
  return parser;
}

/** CTE names anywhere in a parsed statement (the parser lists them among the tables). */
function cteNames(node: unknown, into: Set<string>, depth = 0): Set<string> {
  if (depth > 200 || node === null || typeof node !== 'object') return into;
  if (Array.isArray(node)) {
    for (const item of node) cteNames(item, into, depth + 1);
    return into;
  }
  const record = node as Record<string, unknown>;
  if (Array.isArray(record['with'])) {
    for (const cte of record['with'] as Array<{ name?: unknown }>) {
      const name = typeof cte.name === 'string' ? cte.name : (cte.name as { value?: unknown } | undefined)?.value;
      if (typeof name === 'string') into.add(name.toLowerCase());
    }
  }
  for (const value of Object.values(record)) cteNames(value, into, depth + 1);
  return into;
}

/** `type::db::table` entries -> sorted, de-duplicated, lower-cased names without CTEs. */
function tablesOf(result: ParseResult): string[] {
  const ctes = cteNames(result.ast, new Set());
  const names = new Set<string>();
  for (const entry of result.tableList) {
    const [, db, table] = entry.split('::');
    if (table === undefined || table === '') continue;
    const name = (db === undefined || db === 'null' ? table : `${db}.${table}`).toLowerCase();
    if (db === 'null' && ctes.has(name)) continue;
    names.add(name);
  }
  return [...names].sort();
}

/** Tables `sql` reads: parser first, lexer when the parser fails, 'none' when both fail. */
export function statementTables(sql: string, driver: string): StatementTables {
  const dialect = PARSER_DIALECTS[driver];
  if (dialect !== undefined) {
    try {
      const [build, database] = dialect;
      return { tables: tablesOf(parserFor(build).parse(sql, { database })), from: 'parser' };
    } catch {
      // Fall through to the lexer reading.
    }
  }
  try {
    return { tables: readTables(sql, driver), from: 'lexer' };
  } catch {
    return { tables: [], from: 'none' };
  }
}

/** The tables a statement reads, or none when no reading can tell (never throws). */
export function tablesRead(sql: string, driver: string): string[] {
  try {
    const read = statementTables(sql, driver);
    return read.from === 'none' ? [] : read.tables;
  } catch {
    return [];
  }
}
