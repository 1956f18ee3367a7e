/**
 * Git review (spec 03 `GET /api/git/diff`, "Schedules, delivery, signing, git"): the diff of one
 * project file against the current commit, the path matched literally; and what became of a
 * change sent for review (a commit on a review branch, and the review request's address).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

export const DIFF_QUERY = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: { path: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;
export type DiffQuery = FromSchema<typeof DIFF_QUERY>;

export const DIFF = {
  type: 'object',
  required: ['path', 'diff'],
  additionalProperties: false,
  properties: { path: { type: 'string' }, diff: { type: 'string' } },
} as const;
export type Diff = FromSchema<typeof DIFF>;

/** 403 PATH_REFUSED (whether or not the file exists), 409 GIT_REPOSITORY_MISSING. */
export const DIFF_ROUTE = { querystring: DIFF_QUERY, response: { 200: DIFF, ...errorResponses(400, 403, 409) } } as const;

/** A change sent for review: `status` says how far it went; `url` is the review request's address. */
export const REVIEW = {
  type: 'object',
  required: ['status', 'message'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['requested', 'committed', 'refused', 'not_committed'] },
    message: { type: 'string' },
    branch: { type: 'string' },
    base: { type: 'string' },
    commit: { type: 'string' },
    url: { type: 'string' },
    reference: { type: 'string' },
  },
} as const;
export type Review = FromSchema<typeof REVIEW>;
