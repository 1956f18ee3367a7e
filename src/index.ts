/**
 * The public API of svc (`import { ... } from 'svc-toolchain'`). The embedding-host surface is the
 * `svc-toolchain/host` export (src/host.ts).
 */

/** Who a request runs as: a person or service, placed locally, by a host or by a link. */
/** What travels with each request: who asks, the request id, its action and destination, the host's hooks. */
export type { Principal, RequestContext } from './hooks/context/request-context.js';
/** Runs one Ask through the three tiers (certified block, review-required SQL with a draft, refusal). */
export { runAsk } from './runtime/agent-runs/run-ask.js';
/** Thrown by `startLocalServer` when the project has errors; carries the diagnostics. */
export { ProjectNotReadyError } from './runtime/project/project-not-ready.js';
/** What `buildServer` is built from: root, manifest, executor, config and an optional log. */
export type { ServerDeps } from './server/deps.js';
/** The person or service the current request runs as (from the request context), or undefined. */
/** The whole context of the current request: principal, request id, action, destination. */
export { currentContext, currentPrincipal } from './server/request-scope.js';
/** Builds the HTTP app (fastify) over a manifest and an executor, without listening. */
export { buildServer } from './server/start/build-server.js';
/** Options and handle of `startLocalServer`. */
export type { LocalServer, LocalServerOptions } from './server/start/start-local-server.js';
/** Compiles a project and serves it on loopback; resolves to `{ url, close() }`. */
export { startLocalServer } from './server/start/start-local-server.js';
