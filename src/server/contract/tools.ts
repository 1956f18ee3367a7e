/**
 * `POST /api/tools/:name` with `{ args }`: an agent tool of `svc mcp` over HTTP. Its answer is
 * `{ ok: true, value }`; its refusal is an answer too, `{ ok: false, code, message, ...details }`.
 * 404 TOOL_NOT_FOUND, 400 arguments the tool's own schema refuses, 403 TOOL_REFUSED by the host's gate.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

export const TOOL_PARAMS = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' } },
} as const;
export const TOOL_BODY = { type: 'object', additionalProperties: false, properties: { args: { type: 'object' } } } as const;
export type ToolRequest = FromSchema<typeof TOOL_BODY>;

/** A tool's outcome; a refusal's details (a draft's path, a gate's code, ...) are the tool's own. */
export const TOOL_OUTCOME = {
  type: 'object',
  required: ['ok'],
  additionalProperties: true,
  properties: { ok: { type: 'boolean' }, value: {}, code: { type: 'string' }, message: { type: 'string' } },
} as const;
export type ToolOutcome = FromSchema<typeof TOOL_OUTCOME>;

export const TOOL_ROUTE = { params: TOOL_PARAMS, body: TOOL_BODY, response: { 200: TOOL_OUTCOME, ...errorResponses(400, 403, 404) } } as const;
