/**
 * One's own running work (spec 03 Endpoints): `GET /api/operations` lists the caller's operations
 * (requests still running statements); `POST /api/operations/:id/cancel` stops one of them, its
 * statements stopped in the engine. Someone else's operation is 404 OPERATION_NOT_FOUND.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const TEXT = { type: 'string' } as const;

export const OPERATION = {
  type: 'object',
  required: ['id', 'route', 'startedAt'],
  additionalProperties: false,
  properties: { id: TEXT, route: TEXT, startedAt: TEXT },
} as const;

export const OPERATIONS = {
  type: 'object',
  required: ['operations'],
  additionalProperties: false,
  properties: { operations: { type: 'array', items: OPERATION } },
} as const;
export type OperationList = FromSchema<typeof OPERATIONS>;

export const OPERATIONS_ROUTE = { response: { 200: OPERATIONS, ...errorResponses() } } as const;

const OPERATION_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
/** No body is read; an empty object may be sent. */
const CANCEL_BODY = { type: 'object', additionalProperties: false, properties: {} } as const;

export const CANCELLED = {
  type: 'object',
  required: ['id', 'cancelled'],
  additionalProperties: false,
  properties: { id: TEXT, cancelled: { const: true } },
} as const;
export type Cancelled = FromSchema<typeof CANCELLED>;

export const CANCEL_ROUTE = { params: OPERATION_PARAMS, body: CANCEL_BODY, response: { 200: CANCELLED, ...errorResponses(400, 404) } } as const;
