/**
 * Gives every request the project snapshot it is answered from (project-snapshot.ts), taken when
 * the request arrives and held until its response is sent or it is aborted: a reload in between
 * never changes what one request reads, and an executor a reload replaced stays open for it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProjectSnapshot, SnapshotSource } from './project-snapshot.js';

const taken = new WeakMap<FastifyRequest, { snapshot: ProjectSnapshot; release: () => void }>();

/** The snapshot of a request (set by the onRequest hook before any route runs). */
export function snapshotOf(request: FastifyRequest): ProjectSnapshot {
  const entry = taken.get(request);
  if (entry === undefined) throw new Error('no project snapshot was taken for this request');
  return entry.snapshot;
}

function release(request: FastifyRequest): void {
  const entry = taken.get(request);
  if (entry === undefined) return;
  taken.delete(request);
  entry.release();
}

/** Installs the hooks that take and release each request's snapshot. */
export function installSnapshots(app: FastifyInstance, source: SnapshotSource): void {
  app.addHook('onRequest', async (request) => {
    // Read from the network: the request may share its turn's check of the project's files.
    const snapshot = await source.current('turn');
    taken.set(request, { snapshot, release: source.hold(snapshot) });
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', async (request) => release(request));
}
