/** `GET /api/health`: the server is up, for which project and snapshot, and each connection's state. */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

/** A connection as health sees it without running anything: `ok` with `checked`, or why it cannot serve. */
const CONNECTION_STATE = {
  type: 'object',
  required: ['driver', 'ok'],
  additionalProperties: false,
  properties: {
    driver: { type: 'string' },
    ok: { type: 'boolean' },
    checked: { type: 'boolean' },
    code: { type: 'string', enum: ['DATABASE_MISSING', 'CONNECTION_INVALID'] },
  },
} as const;

export const HEALTH = {
  type: 'object',
  required: ['ok', 'project', 'blocks', 'connections', 'snapshot'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean' },
    project: { type: 'string' },
    blocks: { type: 'integer' },
    connections: { type: 'object', additionalProperties: CONNECTION_STATE },
    snapshot: {
      type: 'object',
      required: ['generation', 'loadedAt'],
      additionalProperties: false,
      properties: { generation: { type: 'integer' }, loadedAt: { type: 'string' }, reloadError: { type: 'string' } },
    },
  },
} as const;
export type Health = FromSchema<typeof HEALTH>;

export const HEALTH_ROUTE = { response: { 200: HEALTH, ...errorResponses() } } as const;
