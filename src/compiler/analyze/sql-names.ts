/**
 * The names a query uses, checked offline against the schema snapshot: the tables it reads
 * (`sql/unknown-table`) and the columns it names (`sql/unknown-column`), each at its place in
 * the query with the closest known name. Names are compared the way the connection's engine
 * compares them: SQLite and DuckDB ignore case, quoted or not; PostgreSQL folds unquoted names to
 * lower case and keeps quoted ones exact; ClickHouse keeps every name exact.
 *
 * Invariant: a name is reported only when the check is certain it cannot resolve. A statement
 * reading anything the snapshot cannot describe (a table function, a subquery's VALUES, a schema
 * other than the default, a lambda) has no column reported; CTE names, aliases and parameters
 * are never reported; one unknown table is the one finding of its statement.
 */
import { closest, distance } from 'fastest-levenshtein';
import { isNameToken, type RelationRef, readRelations, type SqlToken } from '../../../grammar/sql/index.js';
import type { SchemaSnapshot, SnapshotColumn, SnapshotConnection } from '../project/schema-snapshot.js';
import { SQL_KEYWORDS } from './sql-keywords.js';

export interface NameFinding {
  code: 'sql/unknown-table' | 'sql/unknown-column';
  offset: number;
  end: number;
  data: Record<string, string>;
}

interface Table {
  name: string;
  columns: Map<string, SnapshotColumn>;
}

/** One connection's tables keyed the way its engine compares names. */
export interface NameIndex {
  connection: string;
  driver: string;
  takenAt: string;
  truncated: boolean;
  tables: Map<string, Table>;
}

const CASE_BLIND = new Set(['sqlite', 'duckdb']);
const CHECKED = new Set(['sqlite', 'duckdb', 'postgresql', 'clickhouse']);
/** The schema a one-part name means when it is written with its schema (`main.sales`, `public.sales`). */
const DEFAULT_SCHEMA: Readonly<Record<string, string>> = { sqlite: 'main', duckdb: 'main', postgresql: 'public' };
/** Engine catalogs a query may read without the snapshot listing them. */
const SYSTEM_PREFIX: Readonly<Record<string, RegExp>> = { sqlite: /^sqlite_/, duckdb: /^(duckdb_|pg_|sqlite_)/, postgresql: /^pg_/, clickhouse: /^$/ };

/** Columns every table has without listing them (row ids, system columns, virtual columns). */
const PSEUDO_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  sqlite: new Set(['rowid', 'oid', '_rowid_']),
  duckdb: new Set(['rowid']),
  postgresql: new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid']),
  clickhouse: new Set([
    '_part',
    '_part_index',
    '_part_uuid',
    '_partition_id',
    '_partition_value',
    '_sample_factor',
    '_table',
    '_shard_num',
    '_row_exists',
    '_block_number',
  ]),
};

function isPseudoColumn(key: string, driver: string): boolean {
  return PSEUDO_COLUMNS[driver]?.has(CASE_BLIND.has(driver) ? key.toLowerCase() : key) === true;
}

function storedKey(name: string, driver: string): string {
  return CASE_BLIND.has(driver) ? name.toLowerCase() : name;
}

/** The key a name token has in `driver`'s catalog. */
function tokenKey(token: SqlToken, driver: string): string {
  if (CASE_BLIND.has(driver)) return token.value.toLowerCase();
  if (driver === 'clickhouse' && token.kind === 'word') return token.text;
  return token.value;
}

/** The index of one snapshot connection, or undefined for an engine whose names are not checked. */
export function nameIndex(connection: string, c: SnapshotConnection): NameIndex | undefined {
  if (!CHECKED.has(c.driver)) return undefined;
  const tables = new Map<string, Table>();
  for (const t of c.tables) {
    const columns = new Map(t.columns.map((col) => [storedKey(col.name, c.driver), col] as const));
    tables.set(storedKey(t.name, c.driver), { name: t.name, columns });
  }
  return { connection, driver: c.driver, takenAt: c.takenAt, truncated: c.truncated, tables };
}

/** The closest of `names` to `name`, when close enough to be a misspelling. */
export function suggestion(name: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  // Case never hides a misspelling: "REGION" is one step from region in every dialect's eyes.
  const lower = names.map((n) => n.toLowerCase());
  const best = closest(name.toLowerCase(), lower);
  return distance(name.toLowerCase(), best) <= Math.max(2, Math.floor(name.length / 3)) ? names[lower.indexOf(best)] : undefined;
}

interface Resolved {
  /** Relations the snapshot knows, by the names a query may qualify a column with. */
  byQualifier: Map<string, Table>;
  tables: Table[];
  unknown: NameFinding[];
  /** Indexes of the tokens that name relations (and their aliases): never columns. */
  relationTokens: Set<number>;
  cteNames: ReadonlySet<string>;
  /** True when a relation's columns cannot be known (a function, a path, another schema). */
  opaque: boolean;
}

function isPunct(t: SqlToken | undefined, v: string): boolean {
  return t !== undefined && t.kind === 'punctuation' && t.value === v;
}

function isWord(t: SqlToken | undefined, v: string): boolean {
  return t !== undefined && t.kind === 'word' && t.value === v;
}

/** The alias after a relation (`sales s`, `sales AS s`), if any. */
function aliasAfter(tokens: readonly SqlToken[], last: number): SqlToken | undefined {
  let at = last + 1;
  if (isWord(tokens[at], 'as')) at++;
  const t = tokens[at];
  if (!isNameToken(t) || (t?.kind === 'word' && SQL_KEYWORDS.has(t.value))) return undefined;
  return t;
}

/** The name parts of a relation that mean a table of the default schema, or undefined. */
function tableToken(tokens: readonly SqlToken[], ref: RelationRef, driver: string): SqlToken | undefined {
  if (ref.parts.length === 1) return tokens[ref.first];
  const schema = DEFAULT_SCHEMA[driver];
  if (ref.parts.length === 2 && schema !== undefined && ref.parts[0] === schema) return tokens[ref.last];
  return undefined;
}

function unknownTable(token: SqlToken, index: NameIndex): NameFinding {
  const known = [...index.tables.values()].map((t) => t.name);
  const near = suggestion(token.value, known);
  const data: Record<string, string> = { table: token.text, connection: index.connection, takenAt: index.takenAt };
  data['hint'] = near !== undefined ? `Did you mean ${near}?` : 'Check the table name, or refresh the snapshot with svc doctor if the table is new.';
  return { code: 'sql/unknown-table', offset: token.start, end: token.end, data };
}

/** The relations of a statement resolved against the snapshot. */
function resolveRelations(tokens: readonly SqlToken[], index: NameIndex): Resolved {
  const { refs, cteNames } = readRelations(tokens);
  const out: Resolved = { byQualifier: new Map(), tables: [], unknown: [], relationTokens: new Set(), cteNames, opaque: false };
  for (const ref of refs) {
    for (let i = ref.first; i <= ref.last; i++) out.relationTokens.add(i);
    if (ref.kind !== 'name') {
      out.opaque = true;
      continue;
    }
    if (ref.shadowed === true || (ref.parts.length === 1 && cteNames.has(ref.parts[0] as string))) continue;
    const token = tableToken(tokens, ref, index.driver);
    const table = token === undefined ? undefined : index.tables.get(tokenKey(token, index.driver));
    if (token === undefined || (table === undefined && (index.truncated || SYSTEM_PREFIX[index.driver]?.test(token.value) === true))) {
      out.opaque = true;
      continue;
    }
    if (table === undefined) {
      out.unknown.push(unknownTable(token, index));
      continue;
    }
    out.tables.push(table);
    out.byQualifier.set(tokenKey(token, index.driver), table);
    const alias = aliasAfter(tokens, ref.last);
    if (alias !== undefined) out.byQualifier.set(tokenKey(alias, index.driver), table);
  }
  return out;
}

/** Tables and columns of one statement (its tokens, parameters already read as parameters). */
export function nameFindings(tokens: readonly SqlToken[], index: NameIndex): NameFinding[] {
  const resolved = resolveRelations(tokens, index);
  if (resolved.unknown.length > 0) return resolved.unknown;
  if (resolved.opaque || resolved.tables.length === 0 || hasOpaqueSyntax(tokens)) return [];
  return columnFindings(tokens, index, resolved);
}

/** VALUES lists and lambdas (`x -> x + 1`) make names the snapshot cannot know. */
function hasOpaqueSyntax(tokens: readonly SqlToken[]): boolean {
  return tokens.some((t, i) => isWord(t, 'values') || (t.kind === 'operator' && (t.value === '->' || (t.value === '-' && tokens[i + 1]?.value === '>'))));
}

/** Words after which an expression (and so a column reference) may begin. */
const STARTS = new Set(['select', 'where', 'and', 'or', 'not', 'by', 'on', 'having', 'when', 'then', 'else', 'distinct', 'case', 'between', 'qualify']);

function mayStartExpression(prev: SqlToken | undefined): boolean {
  if (prev === undefined) return false;
  if (prev.kind === 'word') return STARTS.has(prev.value);
  if (prev.kind === 'punctuation') return prev.value === ',' || prev.value === '(';
  return prev.kind === 'operator' && prev.value !== '::' && prev.value !== ':' && prev.value !== '.';
}

/** True when the token after a name makes it something other than a column (a call, a qualifier, a typed literal, a named argument). */
function notAColumn(next: SqlToken | undefined): boolean {
  if (next === undefined) return false;
  if (next.kind === 'string') return true;
  if (next.kind === 'punctuation') return next.value === '(' || next.value === '.';
  return next.kind === 'operator' && (next.value === ':=' || next.value === '=>' || next.value === ':');
}

/** The names a statement gives things other than columns: aliases (`AS x`, `expr x`) and CTE column lists. */
function givenNames(tokens: readonly SqlToken[], driver: string): Set<string> {
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if (!isNameToken(t) || (t.kind === 'word' && SQL_KEYWORDS.has(t.value))) return;
    const prev = tokens[i - 1];
    const implicit =
      prev !== undefined &&
      (prev.kind === 'number' ||
        prev.kind === 'string' ||
        isPunct(prev, ')') ||
        (isNameToken(prev) && !(prev.kind === 'word' && SQL_KEYWORDS.has(prev.value))));
    if (isWord(prev, 'as') || (implicit && !isPunct(tokens[i - 2], '.'))) out.add(tokenKey(t, driver));
  });
  for (let i = 1; i < tokens.length; i++) if (isPunct(tokens[i], '(') && isNameToken(tokens[i - 1])) addColumnList(tokens, i, driver, out);
  return out;
}

/** `name (a, b) AS (`: the column list a CTE gives its result. */
function addColumnList(tokens: readonly SqlToken[], open: number, driver: string, out: Set<string>): void {
  let j = open + 1;
  const names: SqlToken[] = [];
  while (isNameToken(tokens[j]) || isPunct(tokens[j], ',')) {
    if (isNameToken(tokens[j])) names.push(tokens[j] as SqlToken);
    j++;
  }
  if (isPunct(tokens[j], ')') && isWord(tokens[j + 1], 'as')) for (const n of names) out.add(tokenKey(n, driver));
}

function unknownColumn(token: SqlToken, tables: readonly Table[], index: NameIndex): NameFinding {
  const known = [...new Set(tables.flatMap((t) => [...t.columns.values()].map((c) => c.name)))];
  const near = suggestion(token.value, known);
  const where = tables.map((t) => t.name).join(', ');
  const data: Record<string, string> = { column: token.text, tables: where, connection: index.connection, takenAt: index.takenAt };
  data['hint'] = near !== undefined ? `Did you mean ${near}?` : `Columns of ${where}: ${known.slice(0, 12).join(', ')}.`;
  return { code: 'sql/unknown-column', offset: token.start, end: token.end, data };
}

/** The column a `qualifier.column` pair at `i` names, checked when the qualifier is a table of the snapshot. */
function qualifiedFinding(tokens: readonly SqlToken[], i: number, index: NameIndex, r: Resolved): NameFinding | undefined {
  const table = r.byQualifier.get(tokenKey(tokens[i] as SqlToken, index.driver));
  const column = tokens[i + 2];
  if (table === undefined || !isNameToken(column) || column?.kind === 'string-or-name' || notAColumn(tokens[i + 3])) return undefined;
  const key = tokenKey(column as SqlToken, index.driver);
  if (table.columns.has(key) || isPseudoColumn(key, index.driver)) return undefined;
  return unknownColumn(column as SqlToken, [table], index);
}

/** True when the name at `i` stands where a column reference may, and is not one of the statement's other names. */
function isColumnPlace(tokens: readonly SqlToken[], i: number, given: Set<string>, r: Resolved, driver: string): boolean {
  const t = tokens[i] as SqlToken;
  if (t.kind === 'string-or-name' || r.relationTokens.has(i) || (t.kind === 'word' && SQL_KEYWORDS.has(t.value))) return false;
  if (!mayStartExpression(tokens[i - 1]) || notAColumn(tokens[i + 1])) return false;
  const key = tokenKey(t, driver);
  return !given.has(key) && !r.cteNames.has(t.value.toLowerCase()) && !isPseudoColumn(key, driver);
}

/** Every column the statement names that no table it reads has. */
function columnFindings(tokens: readonly SqlToken[], index: NameIndex, r: Resolved): NameFinding[] {
  const given = givenNames(tokens, index.driver);
  const out: NameFinding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (!isNameToken(t) || isPunct(tokens[i - 1], '.')) continue;
    if (isPunct(tokens[i + 1], '.')) {
      if (!r.relationTokens.has(i) && !isPunct(tokens[i + 3], '.')) {
        const found = qualifiedFinding(tokens, i, index, r);
        if (found !== undefined) out.push(found);
      }
      continue;
    }
    if (!isColumnPlace(tokens, i, given, r, index.driver)) continue;
    if (!r.tables.some((table) => table.columns.has(tokenKey(t, index.driver)))) out.push(unknownColumn(t, r.tables, index));
  }
  return out;
}

/** Each connection's name index from a snapshot, built on first use (undefined without a snapshot entry). */
export function snapshotNames(snapshot: SchemaSnapshot | undefined): ((connection: string) => NameIndex | undefined) | undefined {
  if (snapshot === undefined) return undefined;
  const built = new Map<string, NameIndex | undefined>();
  return (connection) => {
    if (!built.has(connection)) {
      const c = snapshot.connections[connection];
      built.set(connection, c === undefined ? undefined : nameIndex(connection, c));
    }
    return built.get(connection);
  };
}
