/**
 * `POST /api/persona` (spec 03 Endpoints): switches the persona of the caller's own slot on this
 * server. `{ persona: { id, label?, groups } }` views Apps as those groups; `{ persona: null }`
 * returns to the person's own. Answers the persona now in use.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const PERSONA = {
  type: 'object',
  required: ['id', 'groups'],
  additionalProperties: false,
  properties: { id: NAME, label: NAME, groups: { type: 'array', maxItems: 100, items: NAME } },
} as const;

export const PERSONA_BODY = {
  type: 'object',
  required: ['persona'],
  additionalProperties: false,
  properties: { persona: { anyOf: [PERSONA, { type: 'null' }] } },
} as const;
export type PersonaRequest = FromSchema<typeof PERSONA_BODY>;
export type PersonaAnswer = PersonaRequest;

/** 401 when no one is placed for the request (a persona belongs to a person). */
export const PERSONA_ROUTE = { body: PERSONA_BODY, response: { 200: PERSONA_BODY, ...errorResponses(400, 401) } } as const;

/** `GET /api/persona`: the caller's own persona on this server now (null: as themselves), so the app shows it after a reload. */
export const PERSONA_READ_ROUTE = { response: { 200: PERSONA_BODY, ...errorResponses() } } as const;
