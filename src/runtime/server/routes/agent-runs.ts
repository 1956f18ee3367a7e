/**
 * `POST /api/agent-runs` with an Ask request: runs the Ask cascade (Tier 1 certified, Tier 2
 * review required with draft capture, Tier 3 refused) and answers the AskRun. A refusal is an
 * answer (200 with `trust: "refused"` and `refusal { code, reason }`), not an HTTP error; only a
 * request that does not match the schema is a 400.
 *
 * The route keeps one Ask service per server: the manifest it was given, the Tier-1 router, and
 * the drafts its own Asks capture (so the next Ask sees them). The model provider comes from
 * `svc.config.json` `ask.provider`; without one, Tier 2 runs only on an agent's `proposedSql`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createAskService } from '../../agent-runs/ask-service.js';
import { dataAwareRouter } from '../../agent-runs/data-values.js';
import { configuredProvider } from '../../agent-runs/model-provider.js';
import type { AskRequest } from '../../agent-runs/types.js';
import type { RouteOptions } from '../deps.js';

const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const ASK_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['question'],
  properties: {
    question: { type: 'string', minLength: 1, maxLength: 4000 },
    proposedSql: { type: 'string', minLength: 1, maxLength: 100_000 },
    proposedDomain: NAME,
    proposedEntity: NAME,
    upstreamRefs: { type: 'array', maxItems: 100, items: NAME },
    saveDraft: { type: 'boolean' },
    reviewDraftCapture: { enum: ['on', 'off'] },
    threadId: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

export const agentRunsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const provider = configuredProvider(deps.config);
  const { router, values } = await dataAwareRouter(deps.manifest, deps.config, deps.executor);
  const service = createAskService({
    router,
    values,
    root: deps.root,
    config: deps.config,
    manifest: deps.manifest,
    executor: deps.executor,
    ...(provider !== undefined ? { provider } : {}),
    ...(deps.recorder !== undefined ? { recorder: deps.recorder } : {}),
    ...(deps.threads !== undefined ? { threads: deps.threads } : {}),
  });
  app.post<{ Body: AskRequest }>('/api/agent-runs', { schema: { body: ASK_REQUEST_SCHEMA } }, async (request) => service.ask(request.body));
};
