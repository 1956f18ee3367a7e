/**
 * GET /api/host/answers/:runId (spec 03 "Answer facts"): the facts of one of the caller's own
 * answers: question, status, trust, the SQL and where it came from, its fingerprint and sha256,
 * the tables read, the trace id and the sources (`block:<domain>.<name>`). Never the rows or
 * values, unless `?values=1` (then the first table of at most 500 rows, for the answer's owner
 * only; the written text with them). A needs-review answer whose figures this reader is not
 * shown reads `figuresWithheld: true` and never has values. Someone else's run, an unknown one and one recorded for no one read as not found.
 */

import type { FastifyPluginAsync } from 'fastify';
import { figuresAtStake, reviewFiguresShown } from '../../hooks/answer-figures.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { RunRecord } from '../../hooks/stores/run-store.js';
import { ANSWER_FACTS_ROUTE, type AnswerFacts } from '../contract/host.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

/** The record as this reader may read it: withholding is decided again on every read. */
async function asRead(record: RunRecord, asker: Asker): Promise<RunRecord> {
  if (!figuresAtStake(record.trust) || record.figuresWithheld === true || (await reviewFiguresShown(asker))) return record;
  const { values: _values, ...rest } = record;
  return { ...rest, figuresWithheld: true };
}

export const hostAnswersRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { runId: string }; Querystring: { values?: '0' | '1' }; Reply: AnswerFacts }>(
    '/api/host/answers/:runId',
    { schema: ANSWER_FACTS_ROUTE },
    async (request) => {
      const { runId } = request.params;
      const record = deps.runs === undefined ? undefined : await deps.runs.get(runId);
      const asker = request.asker?.principal?.id;
      if (record === undefined || record.owner === undefined || record.owner !== asker)
        throw new ApiError(404, 'RUN_NOT_FOUND', `There is no Ask run ${runId} of yours.`);
      const { values, owner: _owner, ...facts } = await asRead(record, request.asker);
      return request.query.values === '1' && values !== undefined ? { ...facts, values } : facts;
    },
  );
};
