/**
 * The HTTP edge's request scope: the request-context hook opens each request inside its context,
 * and routes read it here to pass it on as an explicit `asker`. Nothing below the server reads
 * this storage; a host's own hook code may (spec 02: `currentPrincipal()`), since every hook is
 * called within the request that asked.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Asker, Principal, RequestContext } from '../hooks/context/request-context.js';

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

declare module 'fastify' {
  interface FastifyRequest {
    /** Who asks and for what, placed by the request-context hook before any route runs. */
    asker: Asker;
  }
}
