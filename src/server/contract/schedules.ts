/**
 * Schedules (spec 03 Endpoints): `POST /api/apps/:appId/schedules/:scheduleId/run` (action
 * `schedule.manage`) runs one schedule now as its owner and answers what followed: whether
 * governed figures changed (a digest was written), the new page edition (never a figure), each
 * monitor and whether it fired, and each delivery (delivered or not, with a reference).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';
import { REVIEW } from './git.js';

const TEXT = { type: 'string' } as const;
const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const SCHEDULE_PARAMS = {
  type: 'object',
  required: ['appId', 'scheduleId'],
  additionalProperties: false,
  properties: { appId: ID, scheduleId: ID },
} as const;

export const SCHEDULE_RUN = {
  type: 'object',
  required: ['appId', 'scheduleId', 'pageId', 'runId', 'at', 'changed', 'monitors', 'deliveries'],
  additionalProperties: false,
  properties: {
    appId: TEXT,
    scheduleId: TEXT,
    pageId: TEXT,
    runId: TEXT,
    at: TEXT,
    changed: { type: 'boolean' },
    edition: {
      type: 'object',
      required: ['appId', 'pageId', 'href', 'runId', 'at', 'scheduleId'],
      additionalProperties: false,
      properties: { appId: TEXT, pageId: TEXT, appTitle: TEXT, pageTitle: TEXT, href: TEXT, runId: TEXT, at: TEXT, scheduleId: TEXT },
    },
    monitors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'tile', 'fired'],
        additionalProperties: false,
        properties: { id: TEXT, tile: TEXT, fired: { type: 'boolean' } },
      },
    },
    deliveries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'to', 'delivered'],
        additionalProperties: false,
        properties: { kind: TEXT, to: TEXT, delivered: { type: 'boolean' }, reference: TEXT },
      },
    },
  },
} as const;
export type ScheduleRun = FromSchema<typeof SCHEDULE_RUN>;

/** The schedule run needs no body; 404 APP_NOT_FOUND or SCHEDULE_NOT_FOUND; 502 SCHEDULE_RUN_FAILED. */
export const SCHEDULE_RUN_ROUTE = {
  params: SCHEDULE_PARAMS,
  body: { type: 'object', additionalProperties: false, properties: {} },
  response: { 200: SCHEDULE_RUN, ...errorResponses(400, 404, 502) },
} as const;

const RECIPIENT = {
  anyOf: [
    {
      type: 'object',
      required: ['kind', 'address'],
      additionalProperties: false,
      properties: { kind: { const: 'email' }, address: { type: 'string', maxLength: 320 } },
    },
    {
      type: 'object',
      required: ['kind', 'url'],
      additionalProperties: false,
      properties: { kind: { const: 'webhook' }, url: { type: 'string', maxLength: 2000 }, secretEnv: { type: 'string', maxLength: 200 } },
    },
  ],
} as const;

const RUN_RECORD = {
  type: 'object',
  required: ['runId', 'at', 'ran', 'changed', 'deliveries', 'fired', 'reason'],
  additionalProperties: false,
  properties: {
    runId: TEXT,
    at: TEXT,
    ran: { type: 'boolean' },
    changed: { type: 'boolean' },
    deliveries: SCHEDULE_RUN.properties.deliveries,
    fired: { type: 'array', items: TEXT },
    reason: TEXT,
  },
} as const;

/** One schedule as the editor shows it, with its run history (newest first, no figure). */
export const SCHEDULE_VIEW = {
  type: 'object',
  required: ['id', 'page', 'cron', 'recipients', 'monitors', 'runs'],
  additionalProperties: false,
  properties: {
    id: TEXT,
    page: TEXT,
    cron: TEXT,
    owner: TEXT,
    recipients: { type: 'array', items: RECIPIENT },
    monitors: { type: 'integer' },
    runs: { type: 'array', items: RUN_RECORD },
  },
} as const;
export type ScheduleView = FromSchema<typeof SCHEDULE_VIEW>;

/** `GET /api/apps/:appId/schedules`: the App's pages and schedules (action `schedule.manage`). */
export const SCHEDULE_LIST = {
  type: 'object',
  required: ['appId', 'pages', 'schedules'],
  additionalProperties: false,
  properties: {
    appId: TEXT,
    pages: { type: 'array', items: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: TEXT, title: TEXT } } },
    schedules: { type: 'array', items: SCHEDULE_VIEW },
  },
} as const;
export type ScheduleList = FromSchema<typeof SCHEDULE_LIST>;

export const SCHEDULE_LIST_ROUTE = {
  params: { type: 'object', required: ['appId'], additionalProperties: false, properties: { appId: ID } },
  response: { 200: SCHEDULE_LIST, ...errorResponses(404) },
} as const;

/** `PUT /api/apps/:appId/schedules/:scheduleId`: a schedule made or replaced; 422 SCHEDULE_INVALID lists `problems`. */
export const SCHEDULE_EDIT = {
  type: 'object',
  required: ['page', 'cron', 'recipients'],
  additionalProperties: false,
  properties: {
    page: { type: 'string', maxLength: 200 },
    cron: { type: 'string', maxLength: 200 },
    recipients: { type: 'array', maxItems: 100, items: RECIPIENT },
    /** Send the change for review (action `git.review`): committed on a review branch, `svc.app.json` left as it is. */
    review: { type: 'boolean' },
  },
} as const;
export type ScheduleEditRequest = FromSchema<typeof SCHEDULE_EDIT>;

export const SCHEDULE_SAVED = {
  type: 'object',
  required: ['appId', 'scheduleId', 'created'],
  additionalProperties: false,
  properties: { appId: TEXT, scheduleId: TEXT, created: { type: 'boolean' }, review: REVIEW },
} as const;
export type ScheduleSaved = FromSchema<typeof SCHEDULE_SAVED>;

export const SCHEDULE_EDIT_ROUTE = {
  params: SCHEDULE_PARAMS,
  body: SCHEDULE_EDIT,
  response: { 200: SCHEDULE_SAVED, ...errorResponses(400, 403, 404, 422) },
} as const;

export const SCHEDULE_DELETED = {
  type: 'object',
  required: ['appId', 'scheduleId', 'deleted'],
  additionalProperties: false,
  /** `deleted` false with `review`: the removal waits on its branch for review. */
  properties: { appId: TEXT, scheduleId: TEXT, deleted: { type: 'boolean' }, review: REVIEW },
} as const;
export type ScheduleDeleted = FromSchema<typeof SCHEDULE_DELETED>;

/** `?review=1` sends the removal for review (action `git.review`) instead of removing it from `svc.app.json`. */
export const SCHEDULE_DELETE_QUERY = { type: 'object', additionalProperties: false, properties: { review: { enum: ['0', '1'] } } } as const;
export type ScheduleDeleteQuery = FromSchema<typeof SCHEDULE_DELETE_QUERY>;

/** `DELETE /api/apps/:appId/schedules/:scheduleId`; 404 SCHEDULE_NOT_FOUND. */
export const SCHEDULE_DELETE_ROUTE = {
  params: SCHEDULE_PARAMS,
  querystring: SCHEDULE_DELETE_QUERY,
  response: { 200: SCHEDULE_DELETED, ...errorResponses(400, 403, 404) },
} as const;
