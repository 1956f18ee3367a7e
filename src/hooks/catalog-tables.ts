/**
 * The tables values came from, named as the engine's catalog resolves them, for the hooks told
 * `relations` (spec 02 `isInBoundary`, `figuresDependOnReader`): each statement the values were
 * read by goes through the executor's one resolver, the one the row policy, `columnsVisible` and
 * `sourceAccess` hear names from (a search_path's schema filled in, quoting and case as the
 * engine reads them, a view replaced by the tables it reads). An executor without that resolver
 * names them by the connection's dialect alone. When any statement cannot be read (the catalog
 * fails, the statement is not readable) there are no names: callers then refuse as the hook's
 * refusal would (values stay from the model, figures depend on the reader), so a name the host
 * could not have judged never passes as one it did.
 */
import type { CompiledBlock } from '../compiler/types.js';
import type { Asker } from './context/request-context.js';
import { type RelationName, relationNames } from './relation-names.js';

/** A statement values were read by, on its connection (absent: the project's default). */
export interface SourceStatement {
  sql: string;
  connection?: string;
}

/** What names a statement's relations: the executor's catalog resolver, else its dialect. */
export interface RelationResolver {
  resolveRelations?(sql: string, request: { asker: Asker; connection?: string }): Promise<{ relations: RelationName[] }>;
  driverOf(connection?: string): string;
}

/** A block's query as it runs: each `${param}` is a bound placeholder. */
export function runnableQuery(query: string): string {
  return query.replace(/\$\{[^}]*\}/g, '?');
}

/** The statement a certified block runs, on its own connection. */
export function blockStatement(block: Pick<CompiledBlock, 'query' | 'connection'>): SourceStatement {
  return { sql: runnableQuery(block.query), connection: block.connection };
}

async function namesOf(resolver: RelationResolver, asker: Asker, statement: SourceStatement): Promise<RelationName[]> {
  const connection = statement.connection !== undefined ? { connection: statement.connection } : {};
  if (resolver.resolveRelations === undefined) return relationNames(statement.sql, resolver.driverOf(statement.connection));
  return (await resolver.resolveRelations(statement.sql, { asker, ...connection })).relations;
}

/** The catalog's names of every table `statements` read, sorted and once each; undefined when one cannot be read. */
export async function catalogTables(resolver: RelationResolver, asker: Asker, statements: readonly SourceStatement[]): Promise<string[] | undefined> {
  try {
    const read = await Promise.all(statements.map((s) => namesOf(resolver, asker, s)));
    return [...new Set(read.flatMap((relations) => relations.map((r) => r.name)))].sort();
  } catch {
    return undefined;
  }
}
