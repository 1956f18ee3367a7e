/**
 * The request context: who makes a request, its id, the action it was authorized as and where
 * its statement results go. It travels as an explicit parameter (`asker`) of every Ask and every
 * statement request, so each signature that acts for someone says for whom; `undefined` means
 * outside any request (the command line, svc's own work). Request-scoped storage is read only at
 * the HTTP edge (src/server/request-scope.ts). Without a host the principal is the local owner
 * (spec 02, "Defaults without a hook").
 */
import { randomUUID } from 'node:crypto';
import type { HostHooks } from '../hooks.js';

export interface Principal {
  id: string;
  kind: 'person' | 'service';
  displayName?: string;
  email?: string;
  groups?: string[];
  /** Values row rules read as `{user.<name>}` (region, cost centre, ...). */
  attributes?: Record<string, string | number | boolean | string[]>;
  /** Per App: `read` opens it, `execute` also runs its tiles. */
  appGrants?: Record<string, 'read' | 'execute'>;
  /** `host` when a hook named the principal, `link` for a read-only page link, `local` for the local owner. */
  source: 'local' | 'host' | 'link';
}

/**
 * A persona (View as, spec 02 rules 7-8): the groups a person chose to see Apps as. While one is
 * set, App policies check its groups instead of the person's own, and it only narrows: what the
 * person may not open themselves stays closed (src/hooks/app-access.ts).
 */
export interface Persona {
  id: string;
  label?: string;
  groups: string[];
}

/** The persona's part of a cache key: '' for none, so people without one share keys as before. */
export function personaKey(persona: Persona | undefined): string {
  return persona === undefined ? '' : JSON.stringify(['persona', persona.id, [...new Set(persona.groups)].sort()]);
}

export type Destination = 'person' | 'model' | 'delivery' | 'export';

/** The hooks of the server a request arrived at, with their time limit and log (one process may run several servers). */
export interface ContextHooks {
  hooks: HostHooks;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface RequestContext {
  /** Absent when no one is placed for the request: nothing personal is read or kept. */
  principal?: Principal;
  /** The host's hooks, when the request arrived at a hosted server. */
  host?: ContextHooks;
  requestId: string;
  /** The route action the request runs as (spec 02 action vocabulary). */
  action: string;
  destination?: Destination;
  /** The persona the person views Apps as on this server (src/server/persona-slots.ts); absent: their own groups. */
  persona?: Persona;
  /**
   * Fires when the work of this request is no longer wanted: its client went away or the person
   * cancelled it (`POST /api/operations/:id/cancel`). Every statement the request runs is then
   * stopped in the engine.
   */
  signal?: AbortSignal;
  /** Set when the request came under a schedule pass: the schedule it runs for (its runs are scheduled runs, not looks). */
  schedule?: { appId: string; scheduleId: string };
}

/** Who asks and for what: a request's context, or undefined outside any request. */
export type Asker = RequestContext | undefined;

/** A fresh request id. */
export function newRequestId(): string {
  return randomUUID();
}

/** The principal of a single-user install: the local owner. */
export function localPrincipal(owner: string): Principal {
  return { id: owner, kind: 'person', source: 'local', ...(owner.includes('@') ? { email: owner } : {}) };
}

/**
 * The key a record is kept under for its owner: '' for the local owner (what records made before
 * owners were kept read as), the host's id for a person a host named, null for no one (a record
 * of no one is shown to no one).
 */
export function ownerKey(principal: Principal | undefined): string | null {
  if (principal === undefined) return null;
  return principal.source === 'local' ? '' : principal.id;
}
