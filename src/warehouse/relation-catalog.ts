/**
 * What the engine's catalog said of each relation a hosted statement named (views and their
 * definitions, the name a PostgreSQL search_path resolves to), kept per snapshot: one catalog
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

export class RelationCatalog {
  /** Answers read, for everyone with the same sign-in. */
  private readonly kept = new Map<string, RelationFacts>();
  /** Lookups under way, per caller: one person's lookup queued behind their own work never holds another's. */
  private readonly asking = new Map<string, Promise<RelationFacts>>();

  /** The catalog's answer for `lookup` through `connector`, from the kept ones while they hold. */
  async describe(connector: Connector, scope: CatalogScope, lookup: RelationLookup): Promise<RelationFacts> {
    const describe = connector.describeRelation;
    if (describe === undefined) throw new Error(`the ${connector.driver} connector cannot read views`);
    const era = Math.floor(Date.now() / LAPSE_MS);
    const key = JSON.stringify([scope.connection, scope.credentialId, fileStamp(scope.file), era, lookup.parts, lookup.qualified]);
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    const mine = JSON.stringify([scope.caller ?? '', key]);
    const pending = this.asking.get(mine);
    if (pending !== undefined) return pending;
    const who = { ...(scope.caller !== undefined ? { caller: scope.caller } : {}), ...(scope.signal !== undefined ? { signal: scope.signal } : {}) };
    const asked = describe.call(connector, lookup, scope.deadlineMs, who);
    this.asking.set(mine, asked);
    try {
      const facts = await asked;
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, facts);
      return facts;
    } finally {
      this.asking.delete(mine);
    }
  }
}
