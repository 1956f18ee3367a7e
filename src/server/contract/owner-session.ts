/**
 * `POST /api/owner-session` `{ token }`: on a server guarded by SVC_SERVER_TOKEN without a host,
 * the owner's browser signs in with the server token once and keeps a signed session cookie
 * (HttpOnly, SameSite=Strict), never the token. 401 UNAUTHORIZED for a wrong token; 409
 * OWNER_SESSION_UNAVAILABLE on a server without a token or with a host.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

export const OWNER_SESSION_BODY = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } },
} as const;
export type OwnerSessionRequest = FromSchema<typeof OWNER_SESSION_BODY>;

export const OWNER_SESSION = {
  type: 'object',
  required: ['signedIn', 'expiresAt'],
  additionalProperties: false,
  properties: { signedIn: { type: 'boolean' }, expiresAt: { type: 'string' } },
} as const;
export type OwnerSession = FromSchema<typeof OWNER_SESSION>;

export const OWNER_SESSION_ROUTE = { body: OWNER_SESSION_BODY, response: { 200: OWNER_SESSION, ...errorResponses(400, 401, 409) } } as const;
