/**
 * The request context: who makes a request, its id, the action it was authorized as and where
 * its statement results go. It travels in AsyncLocalStorage, so a route passes nothing extra
 * and code far below it (the executor, the trace recorder) reads it with currentContext().
 * Without a host the principal is the local owner (spec 02, "Defaults without a hook").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` inside `context`; everything it starts, awaited or not, sees the same context. */
export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The context of the request being served, or undefined outside any request. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The person or service the current request runs as, or undefined. */
export function currentPrincipal(): Principal | undefined {
  return storage.getStore()?.principal;
}

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
