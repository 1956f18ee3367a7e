/**
 * The App Autopilot (spec 01 "App Autopilot (right-side assistant for a saved draft)"):
 * - `POST /api/app-builds/:id/autopilot`: one run on the saved draft; the body is the request's
 *   words and only opaque page, tile and preview ids (no SQL, rows, source identity or
 *   operations: any other field is a 400). The answer is the run: a proposal with its review
 *   artifact (operations, proposal hash, readable diff), an answer (explanation or repair
 *   guidance), or a refusal with its typed recovery reason;
 * - `GET /api/app-builds/:id/autopilot/:artifactId`: the caller's review artifact, with whether
 *   it was applied or discarded;
 * - `POST /api/app-builds/:id/autopilot/:artifactId/apply` `{ proposalHash, baseRevision }`: the
 *   next draft revision, only while everything the proposal relies on still matches (409 with
 *   the recovery reason otherwise); a repeated Apply answers the same revision;
 * - `POST /api/app-builds/:id/autopilot/:artifactId/discard`.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { BUILD_DRAFT } from './app-builds.js';
import { errorResponses } from './errors.js';

const TEXT = { type: 'string' } as const;
const OPAQUE = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const OPEN = { type: 'object', additionalProperties: true } as const;

const PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const ARTIFACT_PARAMS = {
  type: 'object',
  required: ['id', 'artifactId'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, artifactId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const RUN_BODY = {
  type: 'object',
  required: ['request'],
  additionalProperties: false,
  properties: { request: { type: 'string', minLength: 1, maxLength: 2000 }, pageId: OPAQUE, tileId: OPAQUE, previewId: OPAQUE },
} as const;
export type AutopilotRequestBody = FromSchema<typeof RUN_BODY>;

const DIFF_LINE = {
  type: 'object',
  required: ['change', 'at', 'what'],
  additionalProperties: false,
  properties: { change: { enum: ['added', 'removed', 'changed'] }, at: TEXT, what: TEXT },
} as const;
const EVIDENCE = {
  type: 'object',
  required: ['required', 'status'],
  additionalProperties: false,
  properties: { required: { enum: ['none', 'result', 'failure'] }, status: { enum: ['current', 'stale', 'missing', 'not_needed'] } },
} as const;
const RECOVERY = {
  type: 'object',
  required: ['code', 'message', 'hint'],
  additionalProperties: false,
  properties: { code: TEXT, message: TEXT, hint: TEXT },
} as const;

const AUTOPILOT_RUN = {
  type: 'object',
  required: ['runId', 'traceId', 'build', 'baseRevision', 'outcome', 'requestClass', 'evidence'],
  additionalProperties: false,
  properties: {
    runId: TEXT,
    traceId: TEXT,
    build: TEXT,
    baseRevision: { type: 'integer' },
    outcome: { enum: ['proposal', 'answer', 'refused'] },
    requestClass: { enum: ['result', 'failure', 'structure'] },
    evidence: EVIDENCE,
    artifact: {
      type: 'object',
      required: ['id', 'proposalHash', 'operations', 'diff', 'intent'],
      additionalProperties: false,
      properties: { id: TEXT, proposalHash: TEXT, operations: { type: 'array', items: OPEN }, diff: { type: 'array', items: DIFF_LINE }, intent: OPEN },
    },
    answer: TEXT,
    figuresWithheld: { const: true },
    recovery: RECOVERY,
  },
} as const;
export type AutopilotRunBody = FromSchema<typeof AUTOPILOT_RUN>;
export const AUTOPILOT_ROUTE = { params: PARAMS, body: RUN_BODY, response: { 200: AUTOPILOT_RUN, ...errorResponses(400, 404) } } as const;

const ARTIFACT = {
  type: 'object',
  required: ['id', 'runId', 'traceId', 'build', 'baseRevision', 'createdAt', 'kind', 'intent', 'operations', 'proposalHash', 'diff', 'sources', 'evidence'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    runId: TEXT,
    traceId: TEXT,
    build: TEXT,
    baseRevision: { type: 'integer' },
    owner: { type: ['string', 'null'] },
    createdAt: TEXT,
    kind: { enum: ['proposal', 'answer'] },
    intent: OPEN,
    operations: { type: 'array', items: OPEN },
    proposalHash: TEXT,
    diff: { type: 'array', items: DIFF_LINE },
    sources: { type: 'array', items: OPEN },
    answer: TEXT,
    figuresWithheld: { const: true },
    evidence: EVIDENCE,
    applied: OPEN,
    discarded: OPEN,
  },
} as const;
export type ReviewArtifactBody = FromSchema<typeof ARTIFACT>;
export const ARTIFACT_ROUTE = { params: ARTIFACT_PARAMS, response: { 200: ARTIFACT, ...errorResponses(400, 404) } } as const;

const APPLY_BODY = {
  type: 'object',
  required: ['proposalHash', 'baseRevision'],
  additionalProperties: false,
  properties: { proposalHash: { type: 'string', minLength: 1, maxLength: 100 }, baseRevision: { type: 'integer', minimum: 1 } },
} as const;
export type ApplyBody = FromSchema<typeof APPLY_BODY>;
const APPLIED = {
  type: 'object',
  required: ['draft', 'repeated'],
  additionalProperties: false,
  properties: { draft: BUILD_DRAFT, repeated: { type: 'boolean' } },
} as const;
export type AppliedBody = FromSchema<typeof APPLIED>;
export const APPLY_ROUTE = { params: ARTIFACT_PARAMS, body: APPLY_BODY, response: { 200: APPLIED, ...errorResponses(400, 404, 409) } } as const;

const DISCARD_BODY = { type: 'object', additionalProperties: false, properties: {} } as const;
const DISCARDED = { type: 'object', required: ['discarded'], additionalProperties: false, properties: { discarded: { type: 'boolean' } } } as const;
export const DISCARD_ROUTE = { params: ARTIFACT_PARAMS, body: DISCARD_BODY, response: { 200: DISCARDED, ...errorResponses(400, 404) } } as const;
