/**
 * Apps (spec 01 "Apps: one trust state per page", spec 03 "Answers, figures and sources"):
 * - `GET /api/apps`: the library (no figures);
 * - `POST /api/apps/:appId/pages/:pageId/run`: a page's tiles run, with the page's one trust value;
 * - `GET /api/apps/:appId/pages/:pageId`: a page's tiles as this reader reads them;
 * - `POST /api/apps/:appId/pages/:pageId/answers`: one of the caller's answers added as a tile;
 * - `GET /api/app-answer-tiles`: the answer text App pages keep;
 * - `PUT /api/apps/:appId/audience`: the identity-provider groups an App opens for.
 * A page the project does not have is 404 PAGE_NOT_FOUND.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ROWS } from './blocks.js';
import { errorResponses } from './errors.js';

const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const TEXT = { type: 'string' } as const;

export const PAGE_PARAMS = { type: 'object', required: ['appId', 'pageId'], additionalProperties: false, properties: { appId: ID, pageId: ID } } as const;

export const LIBRARY = {
  type: 'object',
  required: ['apps'],
  additionalProperties: false,
  properties: {
    apps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'pages'],
        additionalProperties: false,
        properties: {
          id: TEXT,
          title: TEXT,
          owner: TEXT,
          /** draft, in_review or certified: the App's lifecycle, not data trust. */
          lifecycle: TEXT,
          pages: {
            type: 'array',
            items: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: TEXT, title: TEXT } },
          },
        },
      },
    },
  },
} as const;
export type Library = FromSchema<typeof LIBRARY>;
export type LibraryApp = Library['apps'][number];

export const LIBRARY_ROUTE = { response: { 200: LIBRARY, ...errorResponses() } } as const;

/** The page's one trust value: the badge label, `N of M tiles certified`, and the all-certified words only when the rules allow them. */
const PAGE_TRUST = {
  type: 'object',
  required: ['label', 'line', 'certified', 'total', 'allCertifiedVerified'],
  additionalProperties: false,
  properties: {
    label: TEXT,
    line: TEXT,
    text: TEXT,
    certified: { type: 'integer' },
    total: { type: 'integer' },
    allCertifiedVerified: { type: 'boolean' },
  },
} as const;

const TILE_RUN = {
  type: 'object',
  required: ['id', 'kind'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    title: TEXT,
    kind: TEXT,
    text: TEXT,
    placeholder: { type: 'boolean' },
    source: TEXT,
    /** `block`, or `answer` for a live answer tile. */
    sourceKind: TEXT,
    figuresWithheld: { type: 'boolean' },
    ok: { type: 'boolean' },
    columns: { type: 'array', items: TEXT },
    rows: ROWS,
    rowCount: { type: 'integer' },
    error: { type: 'object', additionalProperties: false, properties: { code: TEXT, message: TEXT } },
    /** The source block's declared chart: a tile charts what Ask charts for the same block. */
    visualization: { type: 'object', additionalProperties: true },
    /** The data tile's own trust label: Certified, Governed, Needs review or Blocked. */
    trust: TEXT,
  },
} as const;

export const PAGE_RUN = {
  type: 'object',
  required: ['appId', 'pageId', 'trust', 'filters', 'tiles'],
  additionalProperties: false,
  properties: {
    appId: TEXT,
    pageId: TEXT,
    title: TEXT,
    trust: PAGE_TRUST,
    /** The page's filter ids, in order. */
    filters: { type: 'array', items: TEXT },
    tiles: { type: 'array', items: TILE_RUN },
  },
} as const;
export type PageRun = FromSchema<typeof PAGE_RUN>;
export type TileRun = PageRun['tiles'][number];

/** `{ filters: { <filterId>: value } }`: each value bound to the parameter its binding names on each tile. */
export const PAGE_RUN_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filters: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] },
    },
  },
} as const;
export type PageRunRequest = FromSchema<typeof PAGE_RUN_BODY>;

/** 403 PERMISSION_DENIED when the App is not open to the person, or not published and theirs to run. */
export const PAGE_RUN_ROUTE = { params: PAGE_PARAMS, body: PAGE_RUN_BODY, response: { 200: PAGE_RUN, ...errorResponses(400, 403, 404) } } as const;

/** A page's tile as the page file holds it (open: the tile's own fields pass as written). */
const PAGE_TILE = {
  type: 'object',
  required: ['id', 'kind'],
  additionalProperties: true,
  properties: { id: TEXT, kind: TEXT, title: TEXT, text: TEXT, placeholder: { type: 'boolean' } },
} as const;

export const PAGE = {
  type: 'object',
  required: ['appId', 'pageId', 'tiles'],
  additionalProperties: false,
  properties: { appId: TEXT, pageId: TEXT, title: TEXT, tiles: { type: 'array', items: PAGE_TILE } },
} as const;
export type Page = FromSchema<typeof PAGE>;

export const PAGE_ROUTE = { params: PAGE_PARAMS, response: { 200: PAGE, ...errorResponses(400, 403, 404) } } as const;

export const ADD_ANSWER_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['runId', 'mode'],
  properties: { runId: ID, mode: { enum: ['text', 'live'] } },
} as const;
export type AddAnswerRequest = FromSchema<typeof ADD_ANSWER_BODY>;

export const ADDED_TILE = {
  type: 'object',
  required: ['appId', 'pageId', 'tile'],
  additionalProperties: false,
  properties: { appId: TEXT, pageId: TEXT, tile: PAGE_TILE },
} as const;
export type AddedTile = FromSchema<typeof ADDED_TILE>;

/** 404 PAGE_NOT_FOUND or RUN_NOT_FOUND; 409 ANSWER_FIGURES_DEPEND_ON_READER for text whose figures may differ by reader. */
export const ADD_ANSWER_ROUTE = { params: PAGE_PARAMS, body: ADD_ANSWER_BODY, response: { 200: ADDED_TILE, ...errorResponses(400, 404, 409) } } as const;

export const ANSWER_TEXT_TILES = {
  type: 'object',
  required: ['tiles'],
  additionalProperties: false,
  properties: {
    tiles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['appId', 'pageId', 'tileId', 'runId', 'question'],
        additionalProperties: false,
        properties: { appId: TEXT, pageId: TEXT, tileId: TEXT, runId: TEXT, question: TEXT },
      },
    },
  },
} as const;
export type AnswerTextTiles = FromSchema<typeof ANSWER_TEXT_TILES>;

export const ANSWER_TEXT_TILES_ROUTE = { response: { 200: ANSWER_TEXT_TILES, ...errorResponses() } } as const;

export const APP_PARAMS = { type: 'object', required: ['appId'], additionalProperties: false, properties: { appId: ID } } as const;

/** `{ groups, text? }`: the groups an App opens for (besides its owners, grantees and authors) and a note. */
export const AUDIENCE_BODY = {
  type: 'object',
  required: ['groups'],
  additionalProperties: false,
  properties: {
    groups: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 200 } },
    text: { type: 'string', maxLength: 500 },
  },
} as const;
export type AudienceRequest = FromSchema<typeof AUDIENCE_BODY>;

export const AUDIENCE = {
  type: 'object',
  required: ['appId', 'groups'],
  additionalProperties: false,
  properties: { appId: TEXT, groups: { type: 'array', items: TEXT }, text: TEXT },
} as const;
export type Audience = FromSchema<typeof AUDIENCE>;

/** 404 APP_NOT_FOUND for an App the project does not have. */
export const AUDIENCE_ROUTE = { params: APP_PARAMS, body: AUDIENCE_BODY, response: { 200: AUDIENCE, ...errorResponses(400, 403, 404) } } as const;
