/** `GET /api/identity`: who the server answers as (without a host, the local owner). */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

/**
 * A principal as the request carries it. A host's principal is its own record: fields beyond
 * these are passed on as the host gave them.
 */
export const PRINCIPAL = {
  type: 'object',
  required: ['id', 'kind', 'source'],
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['person', 'service'] },
    displayName: { type: 'string' },
    email: { type: 'string' },
    groups: { type: 'array', items: { type: 'string' } },
    attributes: {
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }] },
    },
    appGrants: { type: 'object', additionalProperties: { type: 'string', enum: ['read', 'execute'] } },
    source: { type: 'string', enum: ['local', 'host', 'link'] },
  },
} as const;

export const IDENTITY = {
  type: 'object',
  required: ['owner', 'principal', 'requestId'],
  additionalProperties: false,
  properties: {
    owner: { type: 'string' },
    principal: { anyOf: [PRINCIPAL, { type: 'null' }] },
    requestId: { type: ['string', 'null'] },
  },
} as const;
export type Identity = FromSchema<typeof IDENTITY>;

export const IDENTITY_ROUTE = { response: { 200: IDENTITY, ...errorResponses() } } as const;
