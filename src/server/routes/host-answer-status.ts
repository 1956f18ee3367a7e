/**
 * POST /api/host/answer-status `{ runIds }` (spec 02 `answerStatus`): the host's review status
 * beside each of the caller's own answers. Ids of runs that are not the caller's (someone
 * else's, unknown ones) are dropped before the host is asked, so the host is never told of
 * another person's run and the caller learns nothing of it. Without the hook no answer has a
 * status; when the hook fails, `available` is false.
 */

import type { FastifyPluginAsync } from 'fastify';
import { answerStatuses } from '../../hooks/answer-status.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import { ANSWER_STATUS_ROUTE, type AnswerStatuses, type AnswerStatusRequest } from '../contract/host.js';
import type { RouteOptions } from '../deps.js';

/** The ids among `runIds` whose run the caller asked. */
async function ownRuns(store: RunStore | undefined, runIds: string[], who: Asker): Promise<string[]> {
  const asker = who?.principal?.id;
  if (store === undefined || asker === undefined) return [];
  const records = await Promise.all(runIds.map((id) => store.get(id)));
  return runIds.filter((_id, i) => records[i]?.owner === asker);
}

export const hostAnswerStatusRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Body: AnswerStatusRequest; Reply: AnswerStatuses }>('/api/host/answer-status', { schema: ANSWER_STATUS_ROUTE }, async (request) => {
    return answerStatuses(request.asker, await ownRuns(deps.runs, request.body.runIds, request.asker));
  });
};
