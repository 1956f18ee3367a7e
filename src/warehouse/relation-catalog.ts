/**
 * What the engine's catalog said of each relation a hosted statement named (views and their
 * definitions, the name a PostgreSQL search_path resolves to, a table's column names), kept per snapshot: one catalog
 * per executor, and an executor lives as long as the project snapshot it serves. Keyed by the
 * connection, the person's credential id (a person's own sign-in may see another catalog) and
 * the name as read. An entry also lapses after a minute and, for an embedded database file, when
 * the file changes, so a table later replaced by a view is read again soon; a lookup that fails
 * is not kept.
 */
import { statSync } from 'node:fs';
import type { Connector, RelationFacts, RelationLookup } from './connectors/connector.js';

/** Entries kept at most; the oldest goes first. */
const KEPT = 5_000;
/** How long an entry is trusted. */
const LAPSE_MS = 60_000;

/**
 * Where a statement's names are looked up: its connection, whose sign-in, the database file
 * when it has one, and who asks (a lookup waits in that caller's share of the pool, and is kept
 * for that caller: one person's lookup queued behind their own heavy work never holds another's).
 */
export interface CatalogScope {
  connection: string;
  credentialId: string;
  file?: string;
  deadlineMs: number;
  caller?: string;
  signal?: AbortSignal;
}

function fileStamp(file: string | undefined): string {
  if (file === undefined) return '';
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'missing';
  }
}

type Who = { caller?: string; signal?: AbortSignal };

export class RelationCatalog {
  /** Answers read, for everyone with the same sign-in. */
  private readonly kept = new Map<string, unknown>();
  /** Lookups under way, per caller: one person's lookup queued behind their own work never holds another's. */
  private readonly asking = new Map<string, Promise<unknown>>();

  /** The catalog's answer for `lookup` through `connector`, from the kept ones while they hold. */
  describe(connector: Connector, scope: CatalogScope, lookup: RelationLookup): Promise<RelationFacts> {
    const describe = connector.describeRelation;
    if (describe === undefined) throw new Error(`the ${connector.driver} connector cannot read views`);
    return this.read(scope, ['relation', lookup.parts, lookup.qualified], (who) => describe.call(connector, lookup, scope.deadlineMs, who));
  }

  /** The column names of the table `parts` names (catalog-qualified), kept like `describe`'s answers. */
  columns(connector: Connector, scope: CatalogScope, parts: readonly string[]): Promise<string[]> {
    const read = connector.relationColumns;
    if (read === undefined) throw new Error(`the ${connector.driver} connector cannot read a table's columns`);
    return this.read(scope, ['columns', parts], (who) => read.call(connector, parts, scope.deadlineMs, who));
  }

  private async read<T>(scope: CatalogScope, what: unknown[], ask: (who: Who) => Promise<T>): Promise<T> {
    const era = Math.floor(Date.now() / LAPSE_MS);
    const key = JSON.stringify([scope.connection, scope.credentialId, fileStamp(scope.file), era, ...what]);
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const mine = JSON.stringify([scope.caller ?? '', key]);
    const pending = this.asking.get(mine);
    if (pending !== undefined) return pending as Promise<T>;
    const asked = ask({ ...(scope.caller !== undefined ? { caller: scope.caller } : {}), ...(scope.signal !== undefined ? { signal: scope.signal } : {}) });
    this.asking.set(mine, asked);
    try {
      const answer = await asked;
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, answer);
      return answer;
    } finally {
      this.asking.delete(mine);
    }
  }
}
