/**
 * `GET /api/agent-runs/:id/thread`: the conversation an Ask run belongs to, in order, for the
 * person whose thread it is (spec 03). Another person's run, an unknown run, or a server that
 * keeps no threads all answer 404 RUN_NOT_FOUND: whether someone else's run exists is not told.
 * Runs are their outcomes and compact trace references, never rows.
 */
import type { FastifyPluginAsync } from 'fastify';
import { THREAD_ROUTE, type Thread } from '../contract/agent-runs.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

function notFound(id: string): ApiError {
  return new ApiError(404, 'RUN_NOT_FOUND', `There is no Ask run ${id} of yours.`);
}

export const agentRunThreadRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { id: string }; Reply: Thread }>('/api/agent-runs/:id/thread', { schema: THREAD_ROUTE }, async (request) => {
    const store = deps.threads;
    const id = request.params.id;
    const threadId = store === undefined ? undefined : await store.threadOf(id);
    const thread = threadId === undefined ? undefined : await store?.get(threadId);
    if (thread === undefined || thread.owner !== request.asker?.principal?.id) throw notFound(id);
    return { threadId: thread.id, createdAt: thread.createdAt, runs: thread.runs };
  });
};
