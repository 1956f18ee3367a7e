/**
 * Errors of the HTTP API. Every error body is `{ error: { code, message } }` with a stable
 * code; an unexpected failure is a 500 with a plain sentence and an eight-letter reference
 * (the stack goes to the server log under that reference, never into the answer).
 */

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../hooks/store-failure.js';
import type { ApiErrorCode } from './codes.js';

/** Every code the API answers with: the server's code table (codes.ts). */
export type { ApiErrorCode };

export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; [k: string]: unknown };
}

/** A failure a route answers on purpose, with its status and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export { errorReference } from '../hooks/context/error-reference.js';

import { errorReference } from '../hooks/context/error-reference.js';

/** Framework errors of the request itself (bad JSON, wrong media type, too large). */
function requestErrorCode(status: number): ApiErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return 'BAD_REQUEST';
}
/** Sends an error body `{ error: { code, message, ...extra } }` with its status. */

export function send(reply: FastifyReply, status: number, code: ApiErrorCode, message: string, extra: Record<string, unknown> = {}): FastifyReply {
  const body: ErrorBody = { error: { code, message, ...extra } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Installs the error and not-found handlers on the root instance (inherited by every route). */
export function installErrorHandlers(app: FastifyInstance, log: (line: string) => void): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return send(reply, error.status, error.code, error.message, error.extra);
    // The store's own words were logged under the reference when it failed.
    if (error instanceof StoreUnavailableError) return send(reply, 503, error.code, error.message, { reference: error.reference });
    const status = (error as FastifyError).statusCode;
    if ((error as FastifyError).validation !== undefined) return send(reply, 400, 'BAD_REQUEST', `The request is not valid: ${error.message}.`);
    if (typeof status === 'number' && status >= 400 && status < 500) return send(reply, status, requestErrorCode(status), error.message);
    const reference = errorReference();
    log(`[${reference}] ${request.method} ${request.routeOptions.url ?? request.url}: ${error.stack ?? error.message}`);
    return send(reply, 500, 'INTERNAL_ERROR', `Something went wrong on the server; the administrator can find it under reference ${reference}.`, { reference });
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, 'NOT_FOUND', `There is no ${request.method} ${request.url.split('?')[0]} here.`));
}
