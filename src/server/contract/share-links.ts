/**
 * Viewer links (spec 02 Authentication 4): `POST /api/apps/:appId/share-link` makes a signed
 * viewer token for one published App on a network-shared server without a host. The answer's
 * `href` is a same-origin path that opens the App's home page with the link; API calls send the
 * token as `Authorization: Bearer <token>`.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { APP_PARAMS } from './apps.js';
import { errorResponses } from './errors.js';

export const SHARE_LINK_BODY = { type: 'object', additionalProperties: false, properties: {} } as const;
export type ShareLinkRequest = FromSchema<typeof SHARE_LINK_BODY>;

export const SHARE_LINK = {
  type: 'object',
  required: ['appId', 'token', 'href', 'expiresAt'],
  additionalProperties: false,
  properties: {
    appId: { type: 'string' },
    token: { type: 'string' },
    href: { type: 'string' },
    /** ISO time the link stops opening the App. */
    expiresAt: { type: 'string' },
  },
} as const;
export type ShareLink = FromSchema<typeof SHARE_LINK>;

/** 403 APP_NOT_SHAREABLE, 404 APP_NOT_FOUND, 409 SHARE_LINK_UNAVAILABLE. */
export const SHARE_LINK_ROUTE = { params: APP_PARAMS, body: SHARE_LINK_BODY, response: { 200: SHARE_LINK, ...errorResponses(400, 403, 404, 409) } } as const;
