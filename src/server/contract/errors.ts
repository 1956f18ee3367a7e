/**
 * The error body every API route answers a failure with: `{ error: { code, message, ...extra } }`
 * (src/server/errors.ts sends it). `extra` is open: a route adds what its error needs
 * (`reference`, `param`, `reason`, `gate`, `status`, `action`, `next`).
 *
 * Contract modules are data and types only: they import nothing of svc but one another, so the
 * web app can `import type` them and fastify can register them as route schemas.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: true,
      properties: { code: { type: 'string' }, message: { type: 'string' }, reference: { type: 'string' } },
    },
  },
} as const;
export type ErrorBody = FromSchema<typeof ERROR_BODY>;

/**
 * What any route may answer besides its own statuses: a request the framework refuses (bad JSON,
 * too large, wrong media type), a host's refusals before the route runs (401 sign in, 403 origin
 * or permission, 503 identity or a store unavailable), and an unexpected failure (500, with a
 * reference).
 */
export const EDGE_ERRORS = { '4xx': ERROR_BODY, '5xx': ERROR_BODY } as const;

/** Error bodies for `statuses`, beside the edge errors: `response: { 200: X, ...errorResponses(404) }`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof ERROR_BODY } & typeof EDGE_ERRORS {
  const out: Record<string, typeof ERROR_BODY> = { ...EDGE_ERRORS };
  for (const status of statuses) out[status] = ERROR_BODY;
  return out as { [K in S[number]]: typeof ERROR_BODY } & typeof EDGE_ERRORS;
}
