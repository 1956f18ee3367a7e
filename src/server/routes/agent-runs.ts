/**
 * `POST /api/agent-runs` with an Ask request: runs the Ask cascade (Tier 1 certified, Tier 2
 * review required with draft capture, Tier 3 refused) and answers the AskRun. A refusal is an
 * answer (200 with `trust: "refused"` and `refusal { code, reason }`), not an HTTP error; only a
 * request that does not match the schema is a 400.
 *
 * Asked with `Accept: text/event-stream`, the answer is a stream of server-sent events:
 * `progress` events while the run works, each carrying only the run, a compact trace reference
 * and the route taken (spec 01 "Events"), then one `answer` event with the AskRun, then the
 * stream ends. Closing the server ends every open stream.
 *
 * The Ask service is the request's project snapshot's: its manifest, Tier-1 router and the drafts
 * its own Asks capture (so the next Ask sees them); a reload carries those drafts over. The model
 * provider comes from `svc.config.json` `ask.provider`; without one, Tier 2 runs only on an
 * agent's `proposedSql`.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AskRun } from '../../runtime/agent-runs/types.js';
import { requireApp } from '../app-gate.js';
import { AGENT_RUNS_ROUTE, type AskRequest, type AskRun as AskRunBody } from '../contract/agent-runs.js';
import type { RouteOptions } from '../deps.js';
import { ApiError, errorReference } from '../errors.js';
import { resolveExecutionTarget } from '../execution-target.js';
import { defaultLog } from '../server-logger.js';
import { snapshotOf } from '../snapshot-hook.js';

const wantsStream = (accept: string | undefined) => accept !== undefined && accept.split(',').some((part) => part.trim().startsWith('text/event-stream'));

function event(res: ServerResponse, name: string, data: unknown): void {
  if (!res.writableEnded) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Answers `run` as a stream of events; `streams` holds it until it ends. */
async function streamed(
  reply: FastifyReply,
  streams: Set<ServerResponse>,
  log: (line: string) => void,
  run: (progress: (e: unknown) => void) => Promise<AskRun>,
): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  // Headers the hooks set (X-SVC-Hosted, CORS) go out with the stream's own.
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  streams.add(res);
  try {
    const answer = await run((e) => event(res, 'progress', e));
    event(res, 'answer', answer);
  } catch (error) {
    // As for any unexpected failure: a plain sentence and a reference; the stack only in the log.
    const reference = errorReference();
    log(`[${reference}] Ask stream failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    event(res, 'error', { code: 'INTERNAL_ERROR', message: `The Ask failed unexpectedly; the operator can find it under reference ${reference}.`, reference });
  } finally {
    streams.delete(res);
    res.end();
  }
}

export const agentRunsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const log = deps.log ?? defaultLog;
  const streams = new Set<ServerResponse>();
  // Before the server waits for open connections: a stream would otherwise hold the close.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
  app.post<{ Body: AskRequest; Reply: AskRunBody }>('/api/agent-runs', { schema: AGENT_RUNS_ROUTE }, async (request, reply) => {
    const snapshot = snapshotOf(request);
    const { executionTarget, connection: _ignored, workspaceContext, ...ask } = request.body;
    // Ask about an App reads the App decision the library and its pages read (spec 03 Apps 9).
    if (workspaceContext?.surface === 'apps' && workspaceContext.appId !== undefined) {
      const app = snapshot.manifest.apps?.[workspaceContext.appId];
      if (app === undefined) throw new ApiError(404, 'APP_NOT_FOUND', 'This project has no such App.');
      await requireApp(request.asker, deps.root, app, 'read');
    }
    const chosen = resolveExecutionTarget(executionTarget, snapshot.config, request.asker);
    const asked = { ...ask, ...(chosen !== undefined ? { connection: chosen } : {}) };
    if (!wantsStream(request.headers.accept)) return snapshot.ask.ask(asked, request.asker);
    await streamed(reply, streams, log, (progress) => snapshot.ask.ask(asked, request.asker, progress));
    return reply;
  });
};
