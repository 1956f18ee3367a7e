/**
 * App builds (spec 01 "Build with AI (App Builder orchestrator)", Endpoints and Limits; spec 03
 * `POST /api/app-builds/:id/ask-results`):
 * - `POST /api/app-builds`: start a build (revision 1), optionally from chosen sources;
 * - `GET /api/app-builds/:id`: the newest revision (a version 2 draft is migrated on this read);
 * - `GET /api/app-builds/:id/source-candidates`: the catalog searched (`query`, `facet`,
 *   `cursor`, `limit`: default 50, at most 100), each source labelled and marked addable or not;
 * - `POST /api/app-builds/:id/source-candidates`: exact ids resolved against the current snapshot;
 * - `GET /api/app-builds/:id/filter-candidates`: per data tile, the parameters its source
 *   declares and the columns this revision's settled preview proved, with its stored bindings;
 * - `POST /api/app-builds/:id/plan`: a planner proposal, the next revision (with `answers` to
 *   the previous proposal's clarifications, a new proposal revision that heard them);
 * - `POST /api/app-builds/:id/compose`: allow-listed operations, the next revision;
 * - `POST /api/app-builds/:id/ask-results`: one of the caller's Ask answers added (409
 *   ANSWER_FIGURES_DEPEND_ON_READER for text whose figures depend on the reader);
 * - `POST /api/app-builds/:id/preview`: the revision's data tiles run, in order;
 * - `POST /api/app-builds/:id/preflight` and `/publish`: the publication check and the
 *   all-or-nothing write of the App's files.
 * Every change names the revision it was made against (`baseRevision`); another is 409
 * APP_BUILD_REVISION_CONFLICT. With a host a build is its starter's: for anyone else every
 * route answers 404 APP_BUILD_NOT_FOUND (server/own-build.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';
import { REVIEW } from './git.js';

const ID = { type: 'string', minLength: 1, maxLength: 600 } as const;
const TEXT = { type: 'string' } as const;
const SHORT = { type: 'string', minLength: 1, maxLength: 200 } as const;
const REVISION = { type: 'integer', minimum: 1 } as const;
const TRUST_MODE = { enum: ['governed_only', 'include_review_required'] } as const;
const OPEN = { type: 'object', additionalProperties: true } as const;

export const BUILD_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const BUILD_DRAFT = {
  type: 'object',
  required: ['version', 'id', 'revision', 'title', 'trustMode', 'snapshot', 'createdAt', 'sources', 'pages', 'reviewTasks'],
  additionalProperties: false,
  properties: {
    version: { const: 3 },
    id: TEXT,
    revision: REVISION,
    title: TEXT,
    trustMode: TRUST_MODE,
    snapshot: TEXT,
    createdAt: TEXT,
    sources: { type: 'array', items: OPEN },
    pages: { type: 'array', items: OPEN },
    reviewTasks: { type: 'array', items: OPEN },
    proposal: OPEN,
    publishedAs: TEXT,
    owner: TEXT,
  },
} as const;
export type BuildDraft = FromSchema<typeof BUILD_DRAFT>;

const CREATE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { title: SHORT, trustMode: TRUST_MODE, sourceIds: { type: 'array', maxItems: 100, items: ID } },
} as const;
export type CreateBuild = FromSchema<typeof CREATE_BODY>;

export const CREATE_BUILD_ROUTE = { body: CREATE_BODY, response: { 200: BUILD_DRAFT, ...errorResponses(400, 409, 503) } } as const;
export const READ_BUILD_ROUTE = { params: BUILD_PARAMS, response: { 200: BUILD_DRAFT, ...errorResponses(400, 404) } } as const;

const SOURCE = {
  type: 'object',
  required: ['id', 'blockId', 'path', 'name', 'domain', 'lifecycle', 'label', 'tags', 'fields', 'parameters', 'visualizations', 'revision', 'fingerprint'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    blockId: TEXT,
    path: TEXT,
    name: TEXT,
    domain: TEXT,
    lifecycle: { enum: ['certified', 'review', 'draft', 'pending_recertification', 'deprecated'] },
    label: TEXT,
    description: TEXT,
    tags: { type: 'array', items: TEXT },
    fields: { type: 'array', items: TEXT },
    parameters: { type: 'array', items: OPEN },
    grain: {},
    visualizations: { type: 'array', items: TEXT },
    revision: TEXT,
    fingerprint: TEXT,
    addable: { type: 'boolean' },
    addDisabledReason: TEXT,
  },
} as const;

const CANDIDATES_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    query: { type: 'string', maxLength: 500 },
    facet: { type: 'string', maxLength: 500 },
    cursor: { type: 'string', maxLength: 100 },
    limit: { type: 'string', pattern: '^([1-9][0-9]?|100)$' },
    includeDeprecated: { enum: ['0', '1'] },
  },
} as const;
export type CandidatesQuery = FromSchema<typeof CANDIDATES_QUERY>;

const CANDIDATES = {
  type: 'object',
  required: ['sources', 'total', 'trustMode', 'snapshot'],
  additionalProperties: false,
  properties: { sources: { type: 'array', items: SOURCE }, total: { type: 'integer' }, nextCursor: TEXT, trustMode: TRUST_MODE, snapshot: TEXT },
} as const;
export type Candidates = FromSchema<typeof CANDIDATES>;

export const CANDIDATES_ROUTE = { params: BUILD_PARAMS, querystring: CANDIDATES_QUERY, response: { 200: CANDIDATES, ...errorResponses(400, 404) } } as const;

const RESOLVE_BODY = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: ID } },
} as const;
export type ResolveSources = FromSchema<typeof RESOLVE_BODY>;
const RESOLVED = {
  type: 'object',
  required: ['sources', 'missing', 'snapshot'],
  additionalProperties: false,
  properties: { sources: { type: 'array', items: SOURCE }, missing: { type: 'array', items: TEXT }, snapshot: TEXT },
} as const;
export const RESOLVE_ROUTE = { params: BUILD_PARAMS, body: RESOLVE_BODY, response: { 200: RESOLVED, ...errorResponses(400, 404) } } as const;

const TILE_FILTERS = {
  type: 'object',
  required: ['pageId', 'tileId', 'sourceId', 'parameters', 'columns', 'bound'],
  additionalProperties: false,
  properties: {
    pageId: TEXT,
    tileId: TEXT,
    sourceId: TEXT,
    parameters: { type: 'array', items: OPEN },
    columns: { type: 'array', items: TEXT },
    bound: { type: 'object', additionalProperties: TEXT },
  },
} as const;
const FILTER_CANDIDATES = {
  type: 'object',
  required: ['revision', 'tiles'],
  additionalProperties: false,
  properties: { revision: REVISION, tiles: { type: 'array', items: TILE_FILTERS } },
} as const;
export type FilterCandidates = FromSchema<typeof FILTER_CANDIDATES>;
/** Per data tile: its source's declared parameters, the columns the settled preview proved, and its stored bindings. */
export const FILTER_CANDIDATES_ROUTE = { params: BUILD_PARAMS, response: { 200: FILTER_CANDIDATES, ...errorResponses(400, 404) } } as const;

const PLAN_BODY = {
  type: 'object',
  required: ['baseRevision', 'prompt'],
  additionalProperties: false,
  properties: {
    baseRevision: REVISION,
    prompt: { type: 'string', minLength: 1, maxLength: 2000 },
    /** Answers to the previous proposal's clarifications: the next proposal revision hears them. */
    answers: { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 500 } },
  },
} as const;
export type PlanBuild = FromSchema<typeof PLAN_BODY>;
export const PLAN_ROUTE = { params: BUILD_PARAMS, body: PLAN_BODY, response: { 200: BUILD_DRAFT, ...errorResponses(400, 404, 409, 502) } } as const;

const op = <const N extends string, const R extends readonly string[], const P extends Record<string, unknown>>(name: N, required: R, properties: P) =>
  ({ type: 'object', required: ['op', ...required], additionalProperties: false, properties: { op: { const: name }, ...properties } }) as const;

const OPERATION = {
  anyOf: [
    op('set_title', ['title'], { title: SHORT }),
    op('set_trust_mode', ['mode'], { mode: TRUST_MODE }),
    op('add_page', ['title'], { title: SHORT }),
    op('remove_page', ['pageId'], { pageId: SHORT }),
    op('move_page', ['pageId', 'to'], { pageId: SHORT, to: { type: 'integer', minimum: 0 } }),
    op('add_source', ['sourceId'], { sourceId: ID }),
    op('add_tile', ['sourceId'], { sourceId: ID, pageId: SHORT, title: SHORT, kind: { enum: ['table', 'chart', 'kpi'] } }),
    op('add_text', ['text'], { text: { type: 'string', maxLength: 20000 }, pageId: SHORT, title: SHORT }),
    op('remove_tile', ['pageId', 'tileId'], { pageId: SHORT, tileId: SHORT }),
    op('move_tile', ['pageId', 'tileId', 'to'], { pageId: SHORT, tileId: SHORT, to: { type: 'integer', minimum: 0 } }),
    op('bind_filter', ['pageId', 'filterId', 'tileId', 'parameter'], { pageId: SHORT, filterId: SHORT, tileId: SHORT, parameter: SHORT }),
    op('unbind_filter', ['pageId', 'filterId', 'tileId'], { pageId: SHORT, filterId: SHORT, tileId: SHORT }),
    op('refresh_source', ['sourceId'], { sourceId: ID }),
    op('resolve_task', ['taskId'], { taskId: SHORT, sourceId: ID }),
    op('set_tile_kind', ['pageId', 'tileId', 'kind'], { pageId: SHORT, tileId: SHORT, kind: { enum: ['table', 'chart', 'kpi'] } }),
    op('set_tile_grouping', ['pageId', 'tileId', 'field'], { pageId: SHORT, tileId: SHORT, field: SHORT }),
    op('arrange_tiles', ['pageId', 'order'], { pageId: SHORT, order: { type: 'array', maxItems: 200, items: SHORT } }),
    op('set_cross_filter', ['pageId', 'fromTileId', 'field', 'targets'], {
      pageId: SHORT,
      fromTileId: SHORT,
      field: SHORT,
      targets: { type: 'object', maxProperties: 50, additionalProperties: SHORT },
    }),
    op('set_navigation', ['pageId', 'tileId', 'toPageId'], { pageId: SHORT, tileId: SHORT, toPageId: SHORT }),
    op('set_detail_drill', ['pageId', 'tileId', 'sourceId', 'parameter'], { pageId: SHORT, tileId: SHORT, sourceId: ID, parameter: SHORT }),
  ],
} as const;

const COMPOSE_BODY = {
  type: 'object',
  required: ['baseRevision', 'operations'],
  additionalProperties: false,
  properties: { baseRevision: REVISION, operations: { type: 'array', maxItems: 200, items: OPERATION } },
} as const;
export type ComposeBuild = FromSchema<typeof COMPOSE_BODY>;
export const COMPOSE_ROUTE = { params: BUILD_PARAMS, body: COMPOSE_BODY, response: { 200: BUILD_DRAFT, ...errorResponses(400, 404, 409) } } as const;

const ASK_RESULT_BODY = {
  type: 'object',
  required: ['baseRevision', 'runId', 'mode'],
  additionalProperties: false,
  properties: { baseRevision: REVISION, runId: SHORT, mode: { enum: ['live', 'text'] }, pageId: SHORT },
} as const;
export type AddAskResult = FromSchema<typeof ASK_RESULT_BODY>;
export const ASK_RESULT_ROUTE = { params: BUILD_PARAMS, body: ASK_RESULT_BODY, response: { 200: BUILD_DRAFT, ...errorResponses(400, 404, 409) } } as const;

const REVISION_BODY = { type: 'object', required: ['revision'], additionalProperties: false, properties: { revision: REVISION } } as const;
export type RevisionRequest = FromSchema<typeof REVISION_BODY>;

const COMPONENT = {
  type: 'object',
  required: ['pageId', 'tileId', 'sourceId', 'sourceRevision', 'ok', 'rowCount', 'columns', 'reviewRequired', 'filterCandidates'],
  additionalProperties: false,
  properties: {
    pageId: TEXT,
    tileId: TEXT,
    sourceId: TEXT,
    sourceRevision: TEXT,
    ok: { type: 'boolean' },
    rowCount: { type: 'integer' },
    columns: { type: 'array', items: TEXT },
    error: TEXT,
    reviewRequired: { type: 'boolean' },
    repaired: { type: 'boolean' },
    filterCandidates: OPEN,
  },
} as const;
const PREVIEW = {
  type: 'object',
  required: ['build', 'previewId', 'revision', 'components'],
  additionalProperties: false,
  properties: { build: TEXT, previewId: TEXT, revision: REVISION, components: { type: 'array', items: COMPONENT } },
} as const;
export type Preview = FromSchema<typeof PREVIEW>;
export const PREVIEW_ROUTE = { params: BUILD_PARAMS, body: REVISION_BODY, response: { 200: PREVIEW, ...errorResponses(400, 404, 409) } } as const;

const TRUST = {
  type: 'object',
  required: ['label', 'line', 'certified', 'total', 'allCertifiedVerified'],
  additionalProperties: false,
  properties: { label: TEXT, line: TEXT, text: TEXT, certified: { type: 'integer' }, total: { type: 'integer' }, allCertifiedVerified: { type: 'boolean' } },
} as const;
const BLOCKER = {
  type: 'object',
  required: ['rule', 'message'],
  additionalProperties: false,
  properties: { rule: TEXT, message: TEXT, page: TEXT, tile: TEXT },
} as const;

const PUBLISH_BODY = {
  type: 'object',
  required: ['revision', 'appId'],
  additionalProperties: false,
  properties: { revision: REVISION, appId: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' } },
} as const;
export type PublishRequest = FromSchema<typeof PUBLISH_BODY>;

/** Publication may also be sent for review: committed as the signed-in person on a review branch (action `git.review`). */
const PUBLISH_ONLY_BODY = { ...PUBLISH_BODY, properties: { ...PUBLISH_BODY.properties, review: { type: 'boolean' } } } as const;
export type PublishOnlyRequest = FromSchema<typeof PUBLISH_ONLY_BODY>;

const PREFLIGHT = {
  type: 'object',
  required: ['ready', 'revision', 'blockers', 'trust'],
  additionalProperties: false,
  properties: { ready: { type: 'boolean' }, revision: REVISION, blockers: { type: 'array', items: BLOCKER }, trust: TRUST },
} as const;
export type PreflightReport = FromSchema<typeof PREFLIGHT>;
export const PREFLIGHT_ROUTE = { params: BUILD_PARAMS, body: PUBLISH_BODY, response: { 200: PREFLIGHT, ...errorResponses(400, 404, 409) } } as const;

const PUBLISHED = {
  type: 'object',
  required: ['app', 'files', 'revision', 'trust'],
  additionalProperties: false,
  properties: { app: TEXT, files: { type: 'array', items: TEXT }, revision: REVISION, trust: TRUST, review: REVIEW },
} as const;
export type PublishedApp = FromSchema<typeof PUBLISHED>;
export const PUBLISH_ROUTE = {
  params: BUILD_PARAMS,
  body: PUBLISH_ONLY_BODY,
  response: { 200: PUBLISHED, ...errorResponses(400, 403, 404, 409, 500) },
} as const;
