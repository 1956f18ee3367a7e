/**
 * Page follows (spec 02 `follows`, spec 03 "Follow"): the person's follows (`GET /api/follows`)
 * and following or unfollowing one App page (`PUT /api/follows/:appId/:pageId`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PAGE_PARAMS } from './apps.js';
import { errorResponses } from './errors.js';

export const FOLLOW = {
  type: 'object',
  required: ['pageId', 'following'],
  additionalProperties: false,
  properties: { pageId: { type: 'string' }, following: { type: 'boolean' } },
} as const;
export type Follow = FromSchema<typeof FOLLOW>;

export const FOLLOWS = {
  type: 'object',
  required: ['follows'],
  additionalProperties: false,
  properties: { follows: { type: 'array', items: FOLLOW } },
} as const;
export type Follows = FromSchema<typeof FOLLOWS>;

/** 503 STORE_UNAVAILABLE (with a reference) when the store fails. */
export const FOLLOWS_ROUTE = { response: { 200: FOLLOWS, ...errorResponses(503) } } as const;

export const FOLLOW_BODY = { type: 'object', additionalProperties: false, required: ['following'], properties: { following: { type: 'boolean' } } } as const;
export type FollowRequest = FromSchema<typeof FOLLOW_BODY>;

/** 404 PAGE_NOT_FOUND for a page the project does not have. */
export const FOLLOW_ROUTE = { params: PAGE_PARAMS, body: FOLLOW_BODY, response: { 200: FOLLOW, ...errorResponses(400, 403, 404, 503) } } as const;
