/**
 * Local trace endpoints (spec 01 "Endpoints"), as a fastify plugin the local runtime registers:
 *
 *   GET /api/ask-traces/status                    store availability and schema state (always 200)
 *   GET /api/ask-traces?limit=&cursor=            summaries, newest first; limit 1..100 (default
 *                                                 50); `nextCursor` is opaque, pass it back as is
 *   GET /api/ask-traces/by-run/:runId             one detailed trace, by Ask run id
 *   GET /api/ask-traces/:traceId                  one detailed trace
 *   GET /api/ask-traces/:traceId/export?profile=strict
 *                                                 the strict bundle: `{ profile, traceId, files }`
 *                                                 with each file's exact text (checksums hold)
 *
 * Errors are `{ error: { code, message } }`: TRACE_NOT_FOUND 404, TRACE_DETAIL_EXPIRED 410
 * (with the surviving `summary`), TRACE_STORE_UNAVAILABLE 503, TRACE_SCHEMA_UNSUPPORTED 503,
 * TRACE_EXPORT_REDACTION_FAILED 422, TRACE_REQUEST_INVALID 400. Only strict exports are served
 * over HTTP; the support profile needs a reviewer at the command line.
 */

import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ownerKey } from '../../hooks/context/request-context.js';
import { buildBundle } from '../../traces/bundle-export.js';
import { errorBody, TRACE_HTTP_STATUS, TraceError } from '../../traces/errors.js';
import { resolveSalt } from '../../traces/salt.js';
import type { TraceStore } from '../../traces/trace-store.js';
import { TRACE_BY_RUN_ROUTE, TRACE_EXPORT_ROUTE, TRACE_LIST_ROUTE, TRACE_ROUTE, TRACE_STATUS_ROUTE } from '../contract/traces.js';

export interface AskTraceRouteOptions {
  /** The host's traceSalt; used only when non-empty text. */
  traceSalt?: unknown;
  now?: () => number;
}

function send(reply: FastifyReply, fn: () => unknown): unknown {
  void reply.header('cache-control', 'no-store');
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof TraceError)) throw error;
    return reply.code(TRACE_HTTP_STATUS[error.code]).send(errorBody(error));
  }
}

function parseLimit(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new TraceError('TRACE_REQUEST_INVALID', { message: 'limit must be an integer from 1 to 100.' });
  return n;
}

/** Whose traces the request may read (spec 02 rule 10): its own asker's only. */
function viewer(req: FastifyRequest): string | null {
  const context = req.asker;
  return context === undefined ? '' : ownerKey(context.principal);
}

function exportStrict(store: TraceStore, traceId: string, opts: AskTraceRouteOptions, reader: string | null): unknown {
  const detail = store.detail(traceId, reader);
  const salt = resolveSalt(store.root, opts.traceSalt);
  if (salt === undefined)
    throw new TraceError('TRACE_EXPORT_REDACTION_FAILED', { message: 'No key is available to pseudonymise identifiers; nothing was exported.' });
  const files = buildBundle(detail, { profile: 'strict', salt, ...(opts.now !== undefined ? { now: opts.now } : {}) });
  const manifest = JSON.parse(files['manifest.json']) as { traceId: string };
  return { profile: 'strict', traceId: manifest.traceId, files };
}

/** A request the route schemas refuse answers in the trace vocabulary: 400 TRACE_REQUEST_INVALID. */
function invalidRequest(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): unknown {
  if (error.validation === undefined) throw error;
  void reply.header('cache-control', 'no-store');
  return reply.code(400).send(errorBody(new TraceError('TRACE_REQUEST_INVALID')));
}

/** The plugin: `app.register(askTraceRoutes(recorder.store, { traceSalt }))`. */
export function askTraceRoutes(store: TraceStore, opts: AskTraceRouteOptions = {}): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.setErrorHandler(invalidRequest);
    app.get('/api/ask-traces/status', { schema: TRACE_STATUS_ROUTE }, async (_req, reply) => send(reply, () => store.status()));

    app.get<{ Querystring: { limit?: string; cursor?: string } }>('/api/ask-traces', { schema: TRACE_LIST_ROUTE }, async (req, reply) =>
      send(reply, () => {
        const limit = parseLimit(req.query.limit);
        const cursor = req.query.cursor;
        return store.list({ ...(limit !== undefined ? { limit } : {}), ...(typeof cursor === 'string' ? { cursor } : {}), viewer: viewer(req) });
      }),
    );

    app.get<{ Params: { runId: string } }>('/api/ask-traces/by-run/:runId', { schema: TRACE_BY_RUN_ROUTE }, async (req, reply) =>
      send(reply, () => store.detail(store.traceIdOfRun(req.params.runId, viewer(req)), viewer(req))),
    );

    app.get<{ Params: { traceId: string } }>('/api/ask-traces/:traceId', { schema: TRACE_ROUTE }, async (req, reply) =>
      send(reply, () => store.detail(req.params.traceId, viewer(req))),
    );

    app.get<{ Params: { traceId: string }; Querystring: { profile?: string } }>(
      '/api/ask-traces/:traceId/export',
      { schema: TRACE_EXPORT_ROUTE },
      async (req, reply) =>
        send(reply, () => {
          const profile = req.query.profile ?? 'strict';
          if (profile !== 'strict')
            throw new TraceError('TRACE_REQUEST_INVALID', {
              message: 'Only the strict profile is exported over HTTP; use svc agent trace export for support bundles.',
            });
          return exportStrict(store, req.params.traceId, opts, viewer(req));
        }),
    );
  };
}
