/**
 * `buildServer(deps)`: the fastify app without listening, so tests use `inject` and
 * startLocalServer listens. Routes are plugins, one per file under ./routes; each receives the
 * deps. Request validation uses JSON Schema with coercion, defaults and property removal off:
 * a body that does not match is refused with 400, never silently reshaped.
 */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { newRequestId } from '../../hooks/context/request-context.js';
import { closePromptly } from '../close-promptly.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { installErrorHandlers } from '../errors.js';
import { KnownPrincipals } from '../known-principals.js';
import { Operations } from '../operations.js';
import { installOriginCheck } from '../origin-check.js';
import { PersonaSlots } from '../persona-slots.js';
import { buildSnapshot, fixedSource, type SnapshotParts } from '../project-snapshot.js';
import { installRequestContext } from '../request-context-hook.js';
import { agentRunThreadRoute } from '../routes/agent-run-thread.js';
import { agentRunsRoute } from '../routes/agent-runs.js';
import { agentToolsRoute } from '../routes/agent-tools.js';
import { appAnswersRoute } from '../routes/app-answers.js';
import { appAudienceRoute } from '../routes/app-audience.js';
import { appBuildAutopilotRoute } from '../routes/app-build-autopilot.js';
import { appBuildPublishRoute } from '../routes/app-build-publish.js';
import { appBuildsRoute } from '../routes/app-builds.js';
import { appsRoute } from '../routes/apps.js';
import { askTraceRoutes } from '../routes/ask-traces.js';
import { blockRoute } from '../routes/block.js';
import { blockRunRoute } from '../routes/block-run.js';
import { blocksRoute } from '../routes/blocks.js';
import { certificationsRoute } from '../routes/certifications.js';
import { describeTableRoute } from '../routes/describe-table.js';
import { exportsRoute } from '../routes/exports.js';
import { followsRoute } from '../routes/follows.js';
import { gitRoute } from '../routes/git.js';
import { healthRoute } from '../routes/health.js';
import { homeRoute } from '../routes/home.js';
import { hostAnswerStatusRoute } from '../routes/host-answer-status.js';
import { hostAnswersRoute } from '../routes/host-answers.js';
import { hostListsRoute } from '../routes/host-lists.js';
import { hostUiRoute } from '../routes/host-ui.js';
import { identityRoute } from '../routes/identity.js';
import { keysRoutes } from '../routes/keys.js';
import { modelingRelationshipsRoute } from '../routes/modeling-relationships.js';
import { operationsRoute } from '../routes/operations.js';
import { ownerSessionRoute } from '../routes/owner-session.js';
import { personaRoute } from '../routes/persona.js';
import { schedulesRoute } from '../routes/schedules.js';
import { schemaRoute } from '../routes/schema.js';
import { semanticCertificationsRoute } from '../routes/semantic-certifications.js';
import { shareLinksRoute } from '../routes/share-links.js';
import { webAppRoute } from '../routes/web-app.js';
import { SchedulePasses } from '../schedule-passes.js';
import { loopbackUrl } from '../schedule-run.js';
import { defaultLog } from '../server-logger.js';
import { installSharedToken } from '../shared-token.js';
import { installSnapshots } from '../snapshot-hook.js';

/** Route plugins in registration order; a new route is one file and one line here. */
const ROUTES: ReadonlyArray<FastifyPluginAsync<RouteOptions>> = [
  healthRoute,
  identityRoute,
  hostUiRoute,
  hostListsRoute,
  blocksRoute,
  blockRoute,
  blockRunRoute,
  agentRunsRoute,
  agentRunThreadRoute,
  schemaRoute,
  describeTableRoute,
  certificationsRoute,
  semanticCertificationsRoute,
  agentToolsRoute,
  hostAnswersRoute,
  hostAnswerStatusRoute,
  followsRoute,
  homeRoute,
  appAnswersRoute,
  appsRoute,
  appAudienceRoute,
  schedulesRoute,
  shareLinksRoute,
  ownerSessionRoute,
  personaRoute,
  gitRoute,
  appBuildsRoute,
  appBuildPublishRoute,
  appBuildAutopilotRoute,
  operationsRoute,
  exportsRoute,
  keysRoutes,
  modelingRelationshipsRoute,
  webAppRoute,
];

/** The parts a snapshot needs besides the files, from the server's deps. */
function snapshotParts(deps: ServerDeps): SnapshotParts {
  return {
    root: deps.root,
    openExecutor: () => deps.executor,
    ...(deps.recorder !== undefined ? { recorder: deps.recorder } : {}),
    ...(deps.threads !== undefined ? { threads: deps.threads } : {}),
    ...(deps.runs !== undefined ? { runs: deps.runs } : {}),
  };
}

/** What a server is built from, its registries made where not given. */
function serverDeps(given: ServerDeps, self: () => FastifyInstance | undefined): ServerDeps {
  // Schedule runs call this server over loopback once it listens (schedule-run.ts).
  const selfUrl =
    given.selfUrl ??
    (() => {
      const bound = self();
      return bound?.server.listening === true ? loopbackUrl(bound.server.address()) : undefined;
    });
  return {
    ...given,
    operations: given.operations ?? new Operations(),
    passes: given.passes ?? new SchedulePasses(),
    known: given.known ?? new KnownPrincipals(),
    selfUrl,
    personas: given.personas ?? new PersonaSlots(),
  };
}

/** The hooks every request passes before its route: its id, the hosted mark, origins, its context and snapshot, the shared token. */
function installGuards(app: FastifyInstance, deps: ServerDeps): void {
  // Every answer names its request, so a caller's report finds the log records (reqId).
  // Callback hooks where nothing is awaited: an async one costs each request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  if (deps.hooks !== undefined) {
    // First of all, so every answer of a hosted server says so (refusals and failures too).
    app.addHook('onRequest', async (_request, reply) => {
      void reply.header('X-SVC-Hosted', '1');
    });
    // Before any hook: a foreign page's request is refused before the host is asked anything.
    installOriginCheck(app, deps.allowedOrigins ?? []);
  }
  installRequestContext(app, deps);
  installSnapshots(app, deps.source ?? fixedSource(buildSnapshot(snapshotParts(deps), deps.manifest, deps.config, deps.executor, 1)));
  // After the context and the snapshot: a viewer link replaces the local owner and is checked against the project as it is.
  if (deps.sharedToken !== undefined)
    installSharedToken(app, deps.sharedToken, {
      ...(deps.hooks !== undefined ? { hooks: deps.hooks } : {}),
      ...(deps.now !== undefined ? { now: deps.now } : {}),
    });
}

/** Builds the HTTP app over `deps`; call `listen` (or `inject` in tests) on the result. */
export function buildServer(given: ServerDeps): FastifyInstance {
  let bound: FastifyInstance | undefined;
  const deps = serverDeps(given, () => bound);
  const app = Fastify({
    ...(deps.logger !== undefined ? { loggerInstance: deps.logger } : { logger: false }),
    // One id per request, the one the request context and the host hooks see (request.id).
    genReqId: () => newRequestId(),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
  });
  bound = app;
  installErrorHandlers(app, deps.log ?? defaultLog);
  closePromptly(app);
  installGuards(app, deps);
  // Not awaited: fastify loads plugins in order before the first inject or listen.
  // Before the routes, so each route's answer (the app's script and stylesheet, JSON) is
  // compressed for a client that accepts it; request bodies stay as sent (no decompression),
  // and the event stream of agent runs is written raw, so it is never held back for compression.
  void app.register(fastifyCompress, { globalDecompression: false, encodings: ['br', 'gzip', 'deflate'] });
  for (const route of ROUTES) void app.register(route, { deps });
  // The trace routes belong to the local runtime and exist only where traces are recorded.
  // Exports key their question fingerprints with the host's salt, as the sink does.
  if (deps.recorder !== undefined)
    void app.register(askTraceRoutes(deps.recorder.store, deps.hooks?.traceSalt !== undefined ? { traceSalt: deps.hooks.traceSalt } : {}));
  return app;
}
