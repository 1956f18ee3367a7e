/** A closing server lets a request in flight finish, then lets go of its keep-alive connection at once. */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { closePromptly } from '../../src/server/close-promptly.js';

/** A server whose /slow answers after `ms`, with or without the sweep. */
async function slowServer(sweep: boolean, ms: number): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  if (sweep) closePromptly(app);
  app.get('/slow', async () => {
    await new Promise((done) => setTimeout(done, ms));
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, base: `http://127.0.0.1:${address.port}` };
}

/** Starts a request, closes the server while it runs; what the request got and whether the close ended within `withinMs`. */
async function closeDuring(sweep: boolean, withinMs: number): Promise<{ body: unknown; closedInTime: boolean }> {
  const { app, base } = await slowServer(sweep, 300);
  const answer = fetch(`${base}/slow`).then((r) => r.json());
  await new Promise((done) => setTimeout(done, 100));
  const closed = app.close().then(() => true);
  const late = new Promise<boolean>((done) => setTimeout(() => done(false), withinMs).unref());
  const body = await answer;
  const closedInTime = await Promise.race([closed, late]);
  if (!closedInTime) app.server.closeAllConnections();
  await closed;
  return { body, closedInTime };
}

describe('closePromptly', () => {
  it('finishes the request in flight and closes without waiting out its keep-alive', async () => {
    expect(await closeDuring(true, 5_000)).toEqual({ body: { ok: true }, closedInTime: true });
  });

  it('is what makes the difference: without it the close waits on the connection the request used', async () => {
    expect(await closeDuring(false, 2_000)).toEqual({ body: { ok: true }, closedInTime: false });
  });
});
