/**
 * The work a server is doing, each request's own (spec 02 rule 10; spec 03 `GET /api/operations`):
 * every request that runs statements is an operation from its start until its answer is sent,
 * kept under its asker's owner key with the signal that stops its statements. A person lists and
 * cancels only their own; someone else's reads as not found, and work nobody asked for (no one
 * placed) belongs to no one and is shown to no one. When the client goes away before its answer
 * is sent, the operation is cancelled, so its statements stop in the engine.
 */
import type { FastifyReply } from 'fastify';
import { ownerKey, type RequestContext } from '../hooks/context/request-context.js';

export interface Operation {
  id: string;
  /** The route it runs (`POST /api/agent-runs`). */
  route: string;
  startedAt: string;
}

interface Running extends Operation {
  owner: string | null;
  stop: AbortController;
}

export class Operations {
  private readonly running = new Map<string, Running>();

  /**
   * Opens `context`'s operation for `route`: its `signal` now stops its statements when the
   * person cancels it or the client goes away; it ends when the answer is sent.
   */
  open(context: RequestContext, route: string, reply: FastifyReply): void {
    const stop = new AbortController();
    context.signal = stop.signal;
    this.running.set(context.requestId, { id: context.requestId, route, startedAt: new Date().toISOString(), owner: ownerKey(context.principal), stop });
    reply.raw.once('close', () => {
      // Closed before the answer was all sent: the client went away.
      if (!reply.raw.writableFinished) stop.abort();
      this.running.delete(context.requestId);
    });
  }

  /** The operations of the person `context` names, oldest first. */
  listOf(context: RequestContext | undefined): Operation[] {
    const owner = ownerKey(context?.principal);
    if (owner === null) return [];
    return [...this.running.values()].filter((r) => r.owner === owner).map(({ id, route, startedAt }) => ({ id, route, startedAt }));
  }

  /** Cancels `id` when it is the person's own; false when there is no such operation of theirs. */
  cancel(context: RequestContext | undefined, id: string): boolean {
    const owner = ownerKey(context?.principal);
    const running = this.running.get(id);
    if (owner === null || running === undefined || running.owner !== owner) return false;
    running.stop.abort();
    return true;
  }
}
