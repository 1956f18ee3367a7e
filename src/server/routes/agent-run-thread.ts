/**
 * `GET /api/agent-runs/:id/thread`: the conversation an Ask run belongs to, in order, for the
 * person whose thread it is (spec 03). Another person's run, an unknown run, or a server that
 * keeps no threads all answer 404 RUN_NOT_FOUND: whether someone else's run exists is not told.
 * Runs are their outcomes and compact trace references, never rows.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

const PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

const RUN = {
  type: 'object',
  required: ['runId', 'threadId', 'at', 'question', 'tier', 'trust', 'columns', 'rowCount', 'traceId'],
  properties: {
    runId: { type: 'string' },
    threadId: { type: 'string' },
    at: { type: 'string' },
    question: { type: 'string' },
    tier: { enum: [1, 2, 3] },
    trust: { enum: ['certified', 'review_required', 'refused'] },
    block: { type: 'string' },
    contract: { type: 'string' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
    columns: { type: 'array', items: { type: 'string' } },
    rowCount: { type: 'integer' },
    refusalCode: { type: 'string' },
    figuresWithheld: { type: 'boolean' },
    traceId: { type: 'string' },
  },
} as const;

/** The response schema: fastify serialises with it, so a field not listed never leaves. */
export const THREAD_RESPONSE_SCHEMA = {
  type: 'object',
  required: ['threadId', 'createdAt', 'runs'],
  properties: { threadId: { type: 'string' }, createdAt: { type: 'string' }, runs: { type: 'array', items: RUN } },
} as const;

function notFound(id: string): ApiError {
  return new ApiError(404, 'RUN_NOT_FOUND', `There is no Ask run ${id} of yours.`);
}

export const agentRunThreadRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { id: string } }>(
    '/api/agent-runs/:id/thread',
    { schema: { params: PARAMS, response: { 200: THREAD_RESPONSE_SCHEMA } } },
    async (request) => {
      const store = deps.threads;
      const id = request.params.id;
      const threadId = store === undefined ? undefined : await store.threadOf(id);
      const thread = threadId === undefined ? undefined : await store?.get(threadId);
      if (thread === undefined || thread.owner !== request.asker?.principal?.id) throw notFound(id);
      return { threadId: thread.id, createdAt: thread.createdAt, runs: thread.runs };
    },
  );
};
