/**
 * Schedules (spec 03 Endpoints): `POST /api/apps/:appId/schedules/:scheduleId/run` (action
 * `schedule.manage`) runs one schedule now as its owner and answers what followed: whether
 * governed figures changed (a digest was written), the new page edition (never a figure), each
 * monitor and whether it fired, and each delivery (delivered or not, with a reference).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

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
