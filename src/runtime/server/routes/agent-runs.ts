/**
 * `POST /api/agent-runs` with an Ask request: runs the Ask cascade (Tier 1 certified, Tier 2
 * review required with draft capture, Tier 3 refused) and answers the AskRun. A refusal is an
 * answer (200 with `trust: "refused"` and `refusal { code, reason }`), not an HTTP error; only a
 * request that does not match the schema is a 400.
 *
 * The Ask service is the request's project snapshot's: its manifest, Tier-1 router and the drafts
 * its own Asks capture (so the next Ask sees them); a reload carries those drafts over. The model
 * provider comes from `svc.config.json` `ask.provider`; without one, Tier 2 runs only on an
 * agent's `proposedSql`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AskRequest } from '../../agent-runs/types.js';
import type { RouteOptions } from '../deps.js';
import { snapshotOf } from '../snapshot-hook.js';
import { EXECUTION_TARGET_SCHEMA, resolveExecutionTarget, type ExecutionTarget } from '../execution-target.js';

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
    audience: { enum: ['stakeholder', 'analyst'] },
    reviewDraftCapture: { enum: ['on', 'off'] },
    threadId: { type: 'string', minLength: 1, maxLength: 200 },
    executionTarget: EXECUTION_TARGET_SCHEMA,
    // Accepted and never read: settings come from the project and the host only (spec 02 rule 11).
    connection: {},
  },
} as const;

type Body = Omit<AskRequest, 'connection'> & { executionTarget?: ExecutionTarget; connection?: unknown };

export const agentRunsRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.post<{ Body: Body }>('/api/agent-runs', { schema: { body: ASK_REQUEST_SCHEMA } }, async (request) => {
    const snapshot = snapshotOf(request);
    const { executionTarget, connection: _ignored, ...ask } = request.body;
    const chosen = resolveExecutionTarget(executionTarget, snapshot.config);
    return snapshot.ask.ask({ ...ask, ...(chosen !== undefined ? { connection: chosen } : {}) });
  });
};
