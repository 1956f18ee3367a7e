/**
 * GET /api/host/answers/:runId (spec 03 "Answer facts"): the facts of one of the caller's own
 * answers: question, status, trust, the SQL and where it came from, its fingerprint and sha256,
 * the tables read, the trace id and the sources (`block:<domain>.<name>`). Never the rows or
 * values, unless `?values=1` (then the first table of at most 500 rows, for the answer's owner
 * only; the written text with them). A needs-review answer whose figures this reader is not
 * shown reads `figuresWithheld: true` and never has values. Someone else's run, an unknown one and one recorded for no one read as not found.
 */
import type { Asker } from '../../hooks/context/request-context.js';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.js';
import type { RouteOptions } from '../deps.js';
import type { RunRecord } from '../../hooks/stores/run-store.js';
import { figuresAtStake, reviewFiguresShown } from '../../hooks/answer-figures.js';

/** The record as this reader may read it: withholding is decided again on every read. */
async function asRead(record: RunRecord, asker: Asker): Promise<RunRecord> {
  if (!figuresAtStake(record.trust) || record.figuresWithheld === true || (await reviewFiguresShown(asker))) return record;
  const { values: _values, ...rest } = record;
  return { ...rest, figuresWithheld: true };
}

const PARAMS = { type: 'object', required: ['runId'], properties: { runId: { type: 'string', minLength: 1, maxLength: 200 } } } as const;
const QUERY = { type: 'object', additionalProperties: false, properties: { values: { enum: ['0', '1'] } } } as const;
const RESPONSE = {
  type: 'object',
  required: ['runId', 'question', 'status', 'trust', 'tables', 'traceId', 'sources'],
  properties: {
    runId: { type: 'string' },
    question: { type: 'string' },
    status: { type: 'string' },
    tier: { type: 'integer' },
    trust: { type: 'string' },
    at: { type: 'string' },
    sql: { type: 'string' },
    sqlFrom: { type: 'string' },
    sqlFingerprint: { type: 'string' },
    sqlSha256: { type: 'string' },
    tables: { type: 'array', items: { type: 'string' } },
    traceId: { type: 'string' },
    sources: { type: 'array', items: { type: 'string' } },
    refusalCode: { type: 'string' },
    figuresWithheld: { type: 'boolean' },
    values: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        columns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', maxItems: 500, items: { type: 'object', additionalProperties: true } },
        rowCount: { type: 'integer' },
      },
    },
  },
} as const;

export const hostAnswersRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { runId: string }; Querystring: { values?: '0' | '1' } }>(
    '/api/host/answers/:runId',
    { schema: { params: PARAMS, querystring: QUERY, response: { 200: RESPONSE } } },
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
