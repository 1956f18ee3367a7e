/**
 * Local Ask traces (spec 01 "Endpoints"): the store's status, summaries newest first, one
 * detailed trace by trace or run id, and the strict export bundle. Errors have their own
 * vocabulary: `{ error: { code, message, reason? } }` with TRACE_REQUEST_INVALID 400,
 * TRACE_NOT_FOUND 404, TRACE_DETAIL_EXPIRED 410 (with the surviving `summary` beside the error),
 * TRACE_EXPORT_REDACTION_FAILED 422, TRACE_STORE_UNAVAILABLE and TRACE_SCHEMA_UNSUPPORTED 503.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { EDGE_ERRORS } from './errors.js';

const TEXT = { type: 'string' } as const;
const COUNT = { type: 'integer' } as const;
const MS = { type: 'number' } as const;
const TIER = { type: 'integer', enum: [1, 2, 3] } as const;
const TRUST = { type: 'string', enum: ['certified', 'review_required', 'refused'] } as const;
const UNAVAILABLE_REASON = { type: 'string', enum: ['missing', 'locked', 'full', 'corrupt', 'readonly', 'io', 'closed'] } as const;

const HEADER_PROPERTIES = {
  traceId: TEXT,
  runId: TEXT,
  kind: { type: 'string', enum: ['ask', 'conversation', 'research', 'autopilot'] },
  status: { type: 'string', enum: ['recording', 'complete', 'failed', 'abandoned'] },
  startedAt: TEXT,
  finishedAt: TEXT,
  durationMs: MS,
} as const;
const HEADER_REQUIRED = ['traceId', 'runId', 'kind', 'status', 'startedAt'] as const;

export const TRACE_SUMMARY = {
  type: 'object',
  required: [...HEADER_REQUIRED, 'counts', 'detail'],
  additionalProperties: false,
  properties: {
    ...HEADER_PROPERTIES,
    tier: TIER,
    trust: TRUST,
    refusalCode: TEXT,
    counts: {
      type: 'object',
      required: ['phases', 'candidates', 'attempts', 'sources'],
      additionalProperties: false,
      properties: { phases: COUNT, candidates: COUNT, attempts: COUNT, sources: COUNT },
    },
    /** `expired` once retention removed the detailed evidence. */
    detail: { type: 'string', enum: ['present', 'expired'] },
  },
} as const;
export type TraceSummary = FromSchema<typeof TRACE_SUMMARY>;

const PHASE = {
  type: 'object',
  required: ['code', 'startMs', 'durationMs', 'counts'],
  additionalProperties: false,
  properties: { code: TEXT, startMs: MS, durationMs: MS, counts: { type: 'object', additionalProperties: COUNT }, reasonCode: TEXT },
} as const;
const CANDIDATE = {
  type: 'object',
  required: ['id', 'role'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    role: TEXT,
    reasonCode: TEXT,
    score: { type: 'number' },
    phase: TEXT,
    /** Each asked part the block gives, as `kind=declaration` (never the question's words). */
    matched: { type: 'array', items: TEXT },
    /** Kinds of asked parts the block does not give. */
    unmatched: { type: 'array', items: TEXT },
  },
} as const;
const ATTEMPT = {
  type: 'object',
  required: ['tier', 'outcome', 'startMs'],
  additionalProperties: false,
  properties: {
    tier: TIER,
    outcome: { type: 'string', enum: ['answered', 'no_match', 'refused', 'failed', 'skipped'] },
    reasonCode: TEXT,
    startMs: MS,
    durationMs: MS,
  },
} as const;

/** A detailed trace: codes, counts, timings and fingerprints only, never a question, SQL or a row. */
export const TRACE_DETAIL = {
  type: 'object',
  required: [...HEADER_REQUIRED, 'format', 'version', 'phases', 'candidates', 'attempts', 'outcome', 'sources', 'fingerprints', 'dropped'],
  additionalProperties: false,
  properties: {
    ...HEADER_PROPERTIES,
    format: { type: 'string', const: 'svc.ask-trace' },
    version: { type: 'integer', const: 1 },
    phases: { type: 'array', items: PHASE },
    candidates: { type: 'array', items: CANDIDATE },
    attempts: { type: 'array', items: ATTEMPT },
    outcome: {
      type: 'object',
      additionalProperties: false,
      properties: { tier: TIER, trust: TRUST, refusalCode: TEXT, block: TEXT, contract: TEXT, errorCode: TEXT },
    },
    sources: {
      type: 'object',
      required: ['used', 'considered', 'eligible'],
      additionalProperties: false,
      properties: { used: { type: 'array', items: TEXT }, considered: COUNT, eligible: COUNT },
    },
    /** `hmac-sha256:<hex>` of the normalised question, keyed per project (or with the host's traceSalt). */
    fingerprints: { type: 'object', additionalProperties: false, properties: { question: TEXT } },
    /** Values the content gate refused, counted. */
    dropped: COUNT,
  },
} as const;
export type TraceDetail = FromSchema<typeof TRACE_DETAIL>;

export const TRACE_STORE_STATUS = {
  type: 'object',
  required: ['available', 'mode', 'schema', 'limits', 'failures'],
  additionalProperties: false,
  properties: {
    available: { type: 'boolean' },
    mode: { type: 'string', enum: ['readwrite', 'readonly'] },
    code: { type: 'string', enum: ['TRACE_STORE_UNAVAILABLE', 'TRACE_SCHEMA_UNSUPPORTED'] },
    reason: UNAVAILABLE_REASON,
    schema: {
      type: 'object',
      required: ['version', 'supported', 'state'],
      additionalProperties: false,
      properties: {
        version: { type: ['integer', 'null'] },
        supported: COUNT,
        state: { type: 'string', enum: ['current', 'outdated', 'newer', 'empty', 'unknown'] },
      },
    },
    counts: { type: 'object', required: ['summaries', 'details'], additionalProperties: false, properties: { summaries: COUNT, details: COUNT } },
    bytes: COUNT,
    limits: {
      type: 'object',
      required: ['detailMax', 'detailMaxAgeMs', 'summaryMax', 'summaryMaxAgeMs', 'maxBytes', 'abandonAfterMs'],
      additionalProperties: false,
      properties: { detailMax: COUNT, detailMaxAgeMs: MS, summaryMax: COUNT, summaryMaxAgeMs: MS, maxBytes: COUNT, abandonAfterMs: MS },
    },
    /** Failed operations since this process opened the store. */
    failures: COUNT,
  },
} as const;
export type TraceStoreStatus = FromSchema<typeof TRACE_STORE_STATUS>;

export const TRACE_LIST_QUERY = { type: 'object', properties: { limit: TEXT, cursor: TEXT } } as const;

/** Summaries newest first; `nextCursor` (opaque, passed back as is) when more follow. */
export const TRACE_LIST = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: TRACE_SUMMARY }, nextCursor: TEXT },
} as const;
export type TraceList = FromSchema<typeof TRACE_LIST>;

export const TRACE_PARAMS = { type: 'object', required: ['traceId'], additionalProperties: false, properties: { traceId: TEXT } } as const;
export const TRACE_BY_RUN_PARAMS = { type: 'object', required: ['runId'], additionalProperties: false, properties: { runId: TEXT } } as const;
export const TRACE_EXPORT_QUERY = { type: 'object', properties: { profile: TEXT } } as const;

/** The strict bundle: each file's exact text (its checksums hold). */
export const TRACE_EXPORT = {
  type: 'object',
  required: ['profile', 'traceId', 'files'],
  additionalProperties: false,
  properties: { profile: { type: 'string', const: 'strict' }, traceId: TEXT, files: { type: 'object', additionalProperties: TEXT } },
} as const;
export type TraceExport = FromSchema<typeof TRACE_EXPORT>;

export const TRACE_ERROR_BODY = {
  type: 'object',
  required: ['error'],
  additionalProperties: true,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: true,
      properties: { code: TEXT, message: TEXT, reason: UNAVAILABLE_REASON },
    },
    /** TRACE_DETAIL_EXPIRED: the summary that survives. */
    summary: TRACE_SUMMARY,
  },
} as const;
export type TraceErrorBody = FromSchema<typeof TRACE_ERROR_BODY>;

const TRACE_ERRORS = { ...EDGE_ERRORS, 400: TRACE_ERROR_BODY, 404: TRACE_ERROR_BODY, 410: TRACE_ERROR_BODY, 503: TRACE_ERROR_BODY } as const;

export const TRACE_STATUS_ROUTE = { response: { 200: TRACE_STORE_STATUS, ...EDGE_ERRORS } } as const;
export const TRACE_LIST_ROUTE = { querystring: TRACE_LIST_QUERY, response: { 200: TRACE_LIST, ...TRACE_ERRORS } } as const;
export const TRACE_BY_RUN_ROUTE = { params: TRACE_BY_RUN_PARAMS, response: { 200: TRACE_DETAIL, ...TRACE_ERRORS } } as const;
export const TRACE_ROUTE = { params: TRACE_PARAMS, response: { 200: TRACE_DETAIL, ...TRACE_ERRORS } } as const;
export const TRACE_EXPORT_ROUTE = {
  querystring: TRACE_EXPORT_QUERY,
  params: TRACE_PARAMS,
  response: { 200: TRACE_EXPORT, ...TRACE_ERRORS, 422: TRACE_ERROR_BODY },
} as const;
