/**
 * `startHostedServer(options)`: the server for one project as an embedding platform runs it:
 * the host's hooks are required, `allowedOrigins` names the platform's pages that may call it,
 * and `hostConnection` lays the platform's own connection settings over the project's. Everything
 * else is `startLocalServer`.
 */
import type { HostHooks } from '../../hooks/hooks.js';
import type { StartErrorCode } from '../codes.js';
import { type LocalServer, type LocalServerOptions, startLocalServer } from './start-local-server.js';

export interface HostedServerOptions extends Omit<LocalServerOptions, 'hostHooks'> {
  hostHooks: HostHooks;
}

/** Thrown when `hostHooks` is missing: a hosted server never falls back to single-user behaviour. */
export class HostHooksRequiredError extends Error {
  readonly code = 'HOST_HOOKS_REQUIRED' satisfies StartErrorCode;
  constructor() {
    super('startHostedServer needs hostHooks (at least resolvePrincipal); use startLocalServer for a single-user server.');
    this.name = 'HostHooksRequiredError';
  }
}

/** Thrown when `hostHooks` has no `resolvePrincipal`: without it no one could ever be placed, and nothing would be answered as anyone. */
export class HostResolverRequiredError extends Error {
  readonly code = 'HOST_RESOLVER_REQUIRED' satisfies StartErrorCode;
  constructor() {
    super('startHostedServer needs hostHooks.resolvePrincipal to name the person of each request (null for no one).');
    this.name = 'HostResolverRequiredError';
  }
}

/** Starts the hosted server; resolves to `{ url, close() }`. */
export async function startHostedServer(options: HostedServerOptions): Promise<LocalServer> {
  if (options === null || typeof options !== 'object' || options.hostHooks === null || typeof options.hostHooks !== 'object')
    throw new HostHooksRequiredError();
  if (typeof options.hostHooks.resolvePrincipal !== 'function') throw new HostResolverRequiredError();
  return startLocalServer(options);
}
