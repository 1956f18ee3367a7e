/**
 * The principals a host last named on this server, by id, for work that runs as someone who is
 * not asking: a schedule runs as its owner (spec 03 Authentication 4), and the host's row policy
 * may read the owner's groups and attributes, which an id alone does not carry. Kept in memory
 * for at most 5,000 people, least recently seen dropped first; an owner not seen since the
 * server started runs as their id alone, so a row policy that needs more refuses or narrows
 * rather than widening.
 */
import type { Principal } from '../hooks/context/request-context.js';

export const KNOWN_LIMIT = 5_000;

export class KnownPrincipals {
  private readonly byId = new Map<string, Principal>();
  constructor(private readonly limit = KNOWN_LIMIT) {}

  /** Keeps `principal` as the latest the host named under its id. */
  remember(principal: Principal): void {
    this.byId.delete(principal.id);
    this.byId.set(principal.id, principal);
    if (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value as string);
  }

  get(id: string): Principal | undefined {
    return this.byId.get(id);
  }
}
