/**
 * POST /api/host/answer-status `{ runIds }` (spec 02 `answerStatus`): the host's review status
 * beside each of the caller's own answers. Ids of runs that are not the caller's (someone
 * else's, unknown ones) are dropped before the host is asked, so the host is never told of
 * another person's run and the caller learns nothing of it. Without the hook no answer has a
 * status; when the hook fails, `available` is false.
 */
import type { Asker } from '../../hooks/context/request-context.js';
import type { FastifyPluginAsync } from 'fastify';
import { ANSWER_STATES, answerStatuses } from '../../hooks/answer-status.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { RouteOptions } from '../deps.js';

const BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['runIds'],
  properties: { runIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 200 } } },
} as const;
const STATUS = {
  type: 'object',
  required: ['state', 'label', 'href'],
  properties: { state: { enum: [...ANSWER_STATES] }, label: { type: 'string' }, detail: { type: 'string' }, href: { type: 'string' } },
} as const;
const RESPONSE = {
  type: 'object',
  required: ['available', 'statuses'],
  properties: { available: { type: 'boolean' }, statuses: { type: 'object', additionalProperties: STATUS } },
} as const;

/** The ids among `runIds` whose run the caller asked. */
async function ownRuns(store: RunStore | undefined, runIds: string[], who: Asker): Promise<string[]> {
  const asker = who?.principal?.id;
  if (store === undefined || asker === undefined) return [];
  const records = await Promise.all(runIds.map((id) => store.get(id)));
  return runIds.filter((_id, i) => records[i]?.owner === asker);
}

export const hostAnswerStatusRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Body: { runIds: string[] } }>('/api/host/answer-status', { schema: { body: BODY, response: { 200: RESPONSE } } }, async (request) => {
    return answerStatuses(request.asker, await ownRuns(deps.runs, request.body.runIds, request.asker));
  });
};
