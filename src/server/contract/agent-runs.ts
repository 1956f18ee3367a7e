/**
 * Ask runs (spec 01, DESIGN.md section 7): `POST /api/agent-runs` runs the Ask cascade and
 * answers the run, as JSON or, asked with `Accept: text/event-stream`, as `progress` events then
 * one `answer` event (or an `error` event); `GET /api/agent-runs/:id/thread` reads the
 * conversation a run belongs to. A refusal is an answer (200, `trust: "refused"`), not an error.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ROWS } from './blocks.js';
import { errorResponses } from './errors.js';

const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;
const TEXT = { type: 'string' } as const;
const TEXT_LIST = { type: 'array', items: TEXT } as const;
const TIER = { type: 'integer', enum: [1, 2, 3] } as const;
const TRUST = { type: 'string', enum: ['certified', 'review_required', 'refused'] } as const;
const PARAM_VALUES = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } } as const;

/** Which project connection written SQL runs on: a named one, or the shared local workspace. */
export const EXECUTION_TARGET = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['target', 'connectionName'],
      properties: { target: { const: 'connection' }, connectionName: { type: 'string', minLength: 1, maxLength: 200 } },
    },
    { type: 'object', additionalProperties: false, required: ['target'], properties: { target: { const: 'local' } } },
  ],
} as const;
export type ExecutionTarget = FromSchema<typeof EXECUTION_TARGET>;

export const ASK_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['question'],
  properties: {
    question: { type: 'string', minLength: 1, maxLength: 4000 },
    /** SQL an agent already wrote: Tier 2 runs it instead of asking a model. */
    proposedSql: { type: 'string', minLength: 1, maxLength: 100_000 },
    proposedDomain: NAME,
    proposedEntity: NAME,
    upstreamRefs: { type: 'array', maxItems: 100, items: NAME },
    saveDraft: { type: 'boolean' },
    /** Takes the review-required exploration a BLOCK_CANNOT_ANSWER refusal offered; never implied. */
    explore: { type: 'boolean' },
    audience: { enum: ['stakeholder', 'analyst'] },
    reviewDraftCapture: { enum: ['on', 'off'] },
    /** The conversation this Ask continues (a follow-up). */
    threadId: { type: 'string', minLength: 1, maxLength: 200 },
    executionTarget: EXECUTION_TARGET,
    /** Where the question is asked from: Ask about an App opens only for people the App opens for. */
    workspaceContext: {
      type: 'object',
      additionalProperties: false,
      required: ['surface'],
      properties: { surface: { enum: ['apps', 'ask'] }, appId: { type: 'string', minLength: 1, maxLength: 200 } },
    },
    /** Accepted and never read: settings come from the project and the host only (spec 02 rule 11). */
    connection: {},
  },
} as const;
export type AskRequest = FromSchema<typeof ASK_REQUEST>;

/** One part of a question and the declaration of the block that gives it (`column:revenue`, `param:since`); no `by` when nothing does. */
const ROUTE_PART = {
  type: 'object',
  required: ['kind', 'text'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['example', 'measure', 'grouping', 'ranking', 'time', 'filter', 'period', 'limit', 'shape'] },
    text: TEXT,
    by: TEXT,
  },
} as const;
const CANDIDATE = {
  type: 'object',
  required: ['id', 'score', 'role'],
  additionalProperties: false,
  properties: { id: TEXT, score: { type: 'number' }, role: { type: 'string', enum: ['answer', 'named', 'alternative', 'refused', 'cannot-answer'] } },
} as const;

const TERM = {
  type: 'object',
  required: ['id', 'name', 'definition', 'related'],
  additionalProperties: false,
  properties: { id: TEXT, name: TEXT, definition: TEXT, owner: TEXT, related: TEXT_LIST },
} as const;

/** A business view beside a block answer: a certified view holding the block. */
const VIEW_REF = { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: TEXT, name: TEXT } } as const;

/** A certified business view answering a context question: only the blocks and terms the answer gate serves. */
const VIEW = {
  type: 'object',
  required: ['id', 'name', 'description', 'blocks', 'terms'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    name: TEXT,
    description: TEXT,
    owner: TEXT,
    blocks: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: TEXT, name: TEXT, description: TEXT } },
    },
    terms: { type: 'array', items: TERM },
  },
} as const;

const KNOWLEDGE = {
  type: 'object',
  required: ['citations', 'contextOnly'],
  additionalProperties: false,
  properties: {
    note: TEXT,
    citations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sourceId', 'source', 'pageId', 'title'],
        additionalProperties: false,
        properties: { sourceId: TEXT, source: TEXT, pageId: TEXT, title: TEXT, url: TEXT },
      },
    },
    contextOnly: { type: 'boolean', const: true },
  },
} as const;

/** The run an Ask answers (AskRun of src/runtime/agent-runs/types.ts). */
export const ASK_RUN = {
  type: 'object',
  required: ['runId', 'traceId', 'tier', 'trust', 'question', 'columns', 'rows', 'rowCount', 'truncated', 'candidates', 'durationMs'],
  additionalProperties: false,
  properties: {
    runId: TEXT,
    traceId: TEXT,
    tier: TIER,
    trust: TRUST,
    question: TEXT,
    /** `<domain>.<name>` of the certified block that answered (Tier 1) or was refused. */
    block: TEXT,
    /** `<contract id>@<version>` of the answering block, when it declares one. */
    contract: TEXT,
    params: PARAM_VALUES,
    paramsApplied: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'value', 'default'],
        additionalProperties: false,
        properties: { name: TEXT, value: { type: ['string', 'number', 'boolean', 'null'] }, default: { type: 'boolean' } },
      },
    },
    within: {
      type: 'object',
      required: ['column', 'end'],
      additionalProperties: false,
      properties: { column: TEXT, start: TEXT, end: TEXT },
    },
    /** The rows kept by the asked values of a field the result is broken down by ("at AMS01"). */
    keep: {
      type: 'array',
      items: { type: 'object', required: ['column', 'values'], additionalProperties: false, properties: { column: TEXT, values: TEXT_LIST } },
    },
    columns: TEXT_LIST,
    rows: ROWS,
    rowCount: { type: 'integer' },
    truncated: { type: 'boolean' },
    /** Tier 2: the answer is not certified; shown unchanged. */
    uncertified: { type: 'boolean', const: true },
    /** Tier 2: the SQL that ran. */
    sql: TEXT,
    reviewDraft: {
      type: 'object',
      required: ['path', 'askedTimes', 'created'],
      additionalProperties: false,
      properties: { path: TEXT, askedTimes: { type: 'integer' }, created: { type: 'boolean' } },
    },
    draftBlockPath: TEXT,
    refusal: {
      type: 'object',
      required: ['code', 'reason'],
      additionalProperties: false,
      properties: {
        code: TEXT,
        reason: TEXT,
        checkReason: TEXT,
        block: TEXT,
        /** Spec 03's name of the failure: HostModelUnavailableError or WarehouseStatementError. */
        name: { type: 'string', enum: ['HostModelUnavailableError', 'WarehouseStatementError'] },
        /** POLICY_DENIED for a row-policy or statement-check refusal. */
        classification: { const: 'POLICY_DENIED' },
        reference: TEXT,
      },
    },
    /** What to do next, in words. */
    next: TEXT,
    nextAction: TEXT,
    /** Ranked Tier-1 candidates: the evidence route, never rows. */
    candidates: { type: 'array', items: CANDIDATE },
    /** How the route matched: each part of the question with the block's declaration that gives it (`by`), if any. */
    route: {
      type: 'object',
      required: ['block', 'score', 'covered', 'uncovered', 'parts'],
      additionalProperties: false,
      properties: {
        block: TEXT,
        score: { type: 'number' },
        covered: TEXT_LIST,
        uncovered: TEXT_LIST,
        parts: { type: 'array', items: ROUTE_PART },
        /** The owner's example question the question said again, when that chose the block. */
        example: TEXT,
      },
    },
    /** Why a Tier-2 answer was not saved as a draft. */
    capture: { type: 'object', required: ['saved', 'code'], additionalProperties: false, properties: { saved: { type: 'boolean', const: false }, code: TEXT } },
    definition: TERM,
    terms: { type: 'array', items: TERM },
    view: VIEW,
    views: { type: 'array', items: VIEW_REF },
    threadId: TEXT,
    followUp: {
      type: 'object',
      required: ['of', 'mode', 'from'],
      additionalProperties: false,
      properties: { of: TEXT, mode: { type: 'string', enum: ['held', 'drilldown'] }, from: TEXT },
    },
    drilldown: {
      type: 'object',
      required: ['of', 'from', 'filters', 'dimensions', 'question'],
      additionalProperties: false,
      properties: { of: TEXT, from: TEXT, filters: TEXT_LIST, dimensions: TEXT_LIST, question: TEXT },
    },
    audience: { type: 'string', enum: ['stakeholder', 'analyst'] },
    /** The written answer: a heading and plain text. */
    answer: { type: 'object', required: ['heading', 'text'], additionalProperties: false, properties: { heading: TEXT, text: TEXT } },
    /** Team documents read after a governed answer: context only. */
    knowledge: KNOWLEDGE,
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'title', 'detail'],
        additionalProperties: false,
        properties: { kind: { type: 'string', enum: ['knowledge', 'documents_not_read'] }, title: TEXT, detail: TEXT },
      },
    },
    /** The person is not shown this needs-review answer's values. */
    figuresWithheld: { type: 'boolean', const: true },
    durationMs: { type: 'number' },
  },
} as const;
export type AskRun = FromSchema<typeof ASK_RUN>;

/** 400 a request that does not match (or CONNECTION_UNKNOWN), 403 LOCAL_TARGET_REFUSED. */
export const AGENT_RUNS_ROUTE = { body: ASK_REQUEST, response: { 200: ASK_RUN, ...errorResponses(400, 403, 404) } } as const;

const TRACE_REF = {
  type: 'object',
  required: ['traceId', 'status'],
  additionalProperties: false,
  properties: { traceId: TEXT, status: { type: 'string', const: 'recording' } },
} as const;

/** The data of a `progress` event of a streamed Ask: the run, a compact trace reference and the route taken; never a figure. */
export const ASK_PROGRESS = {
  type: 'object',
  required: ['kind', 'runId', 'trace'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['started', 'routed'] },
    runId: TEXT,
    trace: TRACE_REF,
    route: { type: 'string', enum: ['tier1', 'tier2', 'refused'] },
  },
} as const;
export type AskProgress = FromSchema<typeof ASK_PROGRESS>;

/** The data of a stream's `error` event: a plain sentence and a reference, as for any unexpected failure. */
export const ASK_STREAM_ERROR = {
  type: 'object',
  required: ['code', 'message', 'reference'],
  additionalProperties: false,
  properties: { code: { type: 'string', const: 'INTERNAL_ERROR' }, message: TEXT, reference: TEXT },
} as const;
export type AskStreamError = FromSchema<typeof ASK_STREAM_ERROR>;

export const THREAD_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

const THREAD_RUN = {
  type: 'object',
  required: ['runId', 'threadId', 'at', 'question', 'tier', 'trust', 'columns', 'rowCount', 'traceId'],
  additionalProperties: false,
  properties: {
    runId: TEXT,
    threadId: TEXT,
    at: TEXT,
    question: TEXT,
    tier: TIER,
    trust: TRUST,
    block: TEXT,
    contract: TEXT,
    params: PARAM_VALUES,
    columns: TEXT_LIST,
    rowCount: { type: 'integer' },
    refusalCode: TEXT,
    figuresWithheld: { type: 'boolean' },
    traceId: TEXT,
  },
} as const;

/** A conversation in order: runs are their outcomes and compact trace references, never rows. */
export const THREAD = {
  type: 'object',
  required: ['threadId', 'createdAt', 'runs'],
  additionalProperties: false,
  properties: { threadId: TEXT, createdAt: TEXT, runs: { type: 'array', items: THREAD_RUN } },
} as const;
export type Thread = FromSchema<typeof THREAD>;

/** 404 RUN_NOT_FOUND for another person's run, an unknown one, or a server that keeps no threads. */
export const THREAD_ROUTE = { params: THREAD_PARAMS, response: { 200: THREAD, ...errorResponses(400, 404) } } as const;
