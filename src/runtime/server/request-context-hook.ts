/**
 * Places every request in its context before any route runs: the principal (the local owner
 * without a host), a request id, and the action and destination routeAction maps it to. The
 * rest of the request's lifecycle runs inside runWithContext, so handlers and everything they
 * await read the same context.
 */
import type { FastifyInstance } from 'fastify';
import { localOwner } from '../certify/local-owner.js';
import { localPrincipal, newRequestId, runWithContext, type Principal } from '../context/request-context.js';
import { routeAction } from '../context/route-action.js';
import type { ServerDeps } from './deps.js';

/** Installs the onRequest hook that opens each request's context. */
export function installRequestContext(app: FastifyInstance, deps: ServerDeps): void {
  let principal: Principal | undefined = deps.principal;
  const resolve = (): Principal => {
    // Resolved on first use, once per server: git may be asked for the owner's address.
    principal ??= localPrincipal(localOwner(deps.root, deps.config).owner);
    return principal;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const { action, destination } = routeAction(request.method, request.url);
    runWithContext({ principal: resolve(), requestId: newRequestId(), action, destination }, done);
  });
}
