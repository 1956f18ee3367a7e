/**
 * Home (spec 03 "Home", Endpoints): `GET /api/home` answers `myApps` (the Apps the person may
 * open, followed first, then most recently opened) and `whatMoved` (single Certified or Governed
 * figures that moved between the person's own last two complete runs of a page, or a notice
 * without figures when a scheduled run is newer than their last look). `POST
 * /api/apps/:appId/follow { pageId, following }` follows or unfollows one page of the App.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';
import { FOLLOW } from './follows.js';

const TEXT = { type: 'string' } as const;
const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;

const HOME_APP = {
  type: 'object',
  required: ['id', 'following', 'pages'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    title: TEXT,
    following: { type: 'boolean' },
    openedAt: TEXT,
    pages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'following'],
        additionalProperties: false,
        properties: { id: TEXT, title: TEXT, following: { type: 'boolean' } },
      },
    },
  },
} as const;

const MOVED_FIGURE = {
  type: 'object',
  required: ['tileId', 'value', 'previous', 'trust'],
  additionalProperties: false,
  properties: { tileId: TEXT, title: TEXT, value: { type: 'number' }, previous: { type: 'number' }, trust: TEXT },
} as const;

const MOVED_PAGE = {
  type: 'object',
  required: ['appId', 'pageId', 'href', 'at'],
  additionalProperties: false,
  properties: {
    appId: TEXT,
    pageId: TEXT,
    appTitle: TEXT,
    pageTitle: TEXT,
    href: TEXT,
    at: TEXT,
    figures: { type: 'array', items: MOVED_FIGURE },
    /** Said instead of figures when a scheduled run is newer than the person's last look. */
    notice: TEXT,
  },
} as const;

export const HOME = {
  type: 'object',
  required: ['myApps', 'whatMoved'],
  additionalProperties: false,
  properties: { myApps: { type: 'array', items: HOME_APP }, whatMoved: { type: 'array', items: MOVED_PAGE } },
} as const;
export type Home = FromSchema<typeof HOME>;

/** 503 STORE_UNAVAILABLE (with a reference) when the person's Home state or follows cannot be read. */
export const HOME_ROUTE = { response: { 200: HOME, ...errorResponses(503) } } as const;

export const APP_FOLLOW_PARAMS = { type: 'object', required: ['appId'], additionalProperties: false, properties: { appId: ID } } as const;
export const APP_FOLLOW_BODY = {
  type: 'object',
  required: ['pageId', 'following'],
  additionalProperties: false,
  properties: { pageId: ID, following: { type: 'boolean' } },
} as const;
export type AppFollowRequest = FromSchema<typeof APP_FOLLOW_BODY>;

/** 404 PAGE_NOT_FOUND for a page the App does not have; 403 when the App is not open to the person. */
export const APP_FOLLOW_ROUTE = {
  params: APP_FOLLOW_PARAMS,
  body: APP_FOLLOW_BODY,
  response: { 200: FOLLOW, ...errorResponses(400, 403, 404, 503) },
} as const;
